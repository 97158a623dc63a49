/**
 * DynamoDB read and write units as DynamoDB bills them (on-demand RRU/WRU, the same units as provisioned
 * RCU/WCU), for `npm run bench`: the bench sees every command the document client sends (warm.ts) and the
 * items they touch, and this module turns them into units. The rules, from the DynamoDB Developer Guide:
 *
 * - Item size ("DynamoDB item sizes and formats",
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html): the sum of
 *   the attribute names' UTF-8 bytes and the values' sizes: a string its UTF-8 bytes, a number 1 byte per two
 *   significant digits + 1, a binary its raw bytes, null and booleans 1, a list or map 3 bytes + its elements +
 *   1 byte per element (a map's names count as an item's do), a set its elements.
 * - Units ("DynamoDB read and write operations",
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html): a read unit per
 *   4 KB, rounded up per item for GetItem and BatchGetItem (each item its own), and for Query and Scan over the
 *   sum of the items read (before any filter); an eventually consistent read half of that; a write unit per
 *   1 KB, rounded up per item; PutItem and UpdateItem bill the larger of the item before and after the write,
 *   DeleteItem the item deleted, BatchWriteItem each put or delete as its own; a conditional write whose
 *   condition fails bills the item as it is (at least one unit); transactional reads and writes bill twice.
 *   An item that does not exist still bills the minimum (one write unit; one read unit, half when eventually
 *   consistent).
 */

/** A value as the document client gives or takes it. */
type Value = unknown;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Significant digits of a number as DynamoDB stores it (leading and trailing zeroes trimmed). */
function significantDigits(value: number | bigint | string): number {
  const digits = String(value)
    .replace(/^-/, '')
    .replace(/e[+-]?\d+$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.max(1, digits.length);
}

const isNumber = (value: Value): value is number | bigint => typeof value === 'number' || typeof value === 'bigint';

/** The size of one attribute value in bytes (without its name). */
export function valueSize(value: Value): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (isNumber(value)) return Math.ceil(significantDigits(value) / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  // the document client's NumberValue (wrapNumbers) carries the number as text
  if (typeof value === 'object' && 'value' in value && typeof (value as { value: unknown }).value === 'string' && Object.keys(value).length === 1) {
    return Math.ceil(significantDigits((value as { value: string }).value) / 2) + 1;
  }
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + valueSize(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + 1 + valueSize(element), 0);
  if (typeof value === 'object') return 3 + Object.entries(value).reduce((sum, [name, element]) => sum + 1 + utf8(name) + valueSize(element), 0);
  throw new Error(`no DynamoDB size for a ${typeof value}`);
}

/** The size of an item in bytes: its attribute names and values (undefined attributes are not stored). */
export function itemSize(item: Record<string, Value> | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce((sum, [name, value]) => (value === undefined ? sum : sum + utf8(name) + valueSize(value)), 0);
}

/** Write units of one item write: per 1 KB of the larger of the item before and after it, at least one. */
export function writeUnits(before: Record<string, Value> | undefined, after: Record<string, Value> | undefined): number {
  return Math.max(1, Math.ceil(Math.max(itemSize(before), itemSize(after)) / 1024));
}

/** Read units of reading `bytes` (one item, or the items of one Query page together): per 4 KB, at least one; half when eventually consistent. */
export function readUnits(bytes: number, consistent: boolean): number {
  return Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);
}

export interface Units {
  read: number;
  write: number;
}

/** The document client's command names this module prices. */
export type CommandName =
  | 'GetCommand'
  | 'BatchGetCommand'
  | 'QueryCommand'
  | 'ScanCommand'
  | 'PutCommand'
  | 'UpdateCommand'
  | 'DeleteCommand'
  | 'BatchWriteCommand'
  | 'TransactGetCommand'
  | 'TransactWriteCommand';

type Item = Record<string, Value>;

/** What the bench saw of one command: its input, and the items it read or the items it wrote before and after. */
export type SeenCommand =
  | { name: 'GetCommand'; consistent: boolean; item?: Item }
  | { name: 'BatchGetCommand'; consistent: boolean[]; items: (Item | undefined)[] }
  | { name: 'QueryCommand' | 'ScanCommand'; consistent: boolean; itemsRead: Item[] }
  | { name: 'PutCommand' | 'UpdateCommand' | 'DeleteCommand'; before?: Item; after?: Item }
  | { name: 'BatchWriteCommand'; writes: { before?: Item; after?: Item }[] }
  | { name: 'TransactGetCommand'; items: (Item | undefined)[] }
  | { name: 'TransactWriteCommand'; writes: { before?: Item; after?: Item }[] };

/** The units one command bills. */
export function unitsOf(command: SeenCommand): Units {
  switch (command.name) {
    case 'GetCommand':
      return { read: readUnits(itemSize(command.item), command.consistent), write: 0 };
    case 'BatchGetCommand':
      return { read: command.items.reduce((sum: number, item, i) => sum + readUnits(itemSize(item), command.consistent[i] ?? false), 0), write: 0 };
    case 'QueryCommand':
    case 'ScanCommand':
      return { read: readUnits(command.itemsRead.reduce((sum, item) => sum + itemSize(item), 0), command.consistent), write: 0 };
    case 'PutCommand':
    case 'UpdateCommand':
    case 'DeleteCommand':
      return { read: 0, write: writeUnits(command.before, command.after) };
    case 'BatchWriteCommand':
      return { read: 0, write: command.writes.reduce((sum, w) => sum + writeUnits(w.before, w.after), 0) };
    case 'TransactGetCommand':
      return { read: command.items.reduce((sum: number, item) => sum + 2 * readUnits(itemSize(item), true), 0), write: 0 };
    case 'TransactWriteCommand':
      return { read: 0, write: command.writes.reduce((sum, w) => sum + 2 * writeUnits(w.before, w.after), 0) };
  }
}
