import { BatchGetCommand, BatchWriteCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './dynamo';
import { tableName } from './tables';

/**
 * Ingested market and filing data in the `market` table. Every item is
 * `{pk, sk, value: <JSON text>, stored_at: <Unix s>, sample?: true, expires_at?: <Unix s>}`.
 *
 * Key design (pk and sk are strings):
 *
 * | what | pk | sk | read by |
 * |---|---|---|---|
 * | OHLCV bars | `bar|<dataset>|<symbol>|<period>` | open time: Unix seconds + 10^11, 12 digits | one Query per time range: `sk BETWEEN`, newest first (ScanIndexForward false) with Limit |
 * | records | `rec|<collection>` | record id | GetItem / BatchGet by id; Query for the whole collection in id order |
 *
 * - One partition per bar series keeps a range read a single Query; the offset in the sort key keeps
 *   pre-1970 bars (old stock history) in time order.
 * - Records are everything keyed by an id: latest quotes per symbol (`crypto-quotes`), reference lists
 *   (`crypto-symbols`, `stock-tickers`), documents (a fund profile, a company's statements), job runs.
 * - Fine-grained intraday bars carry `expires_at` (DynamoDB TTL); readers skip expired items, since
 *   DynamoDB deletes them lazily.
 * - `sample: true` marks data fed from recordings by `npm run seed`, never from a live upstream; the
 *   endpoints pass the mark on to the caller.
 * - Writes are idempotent: the same input writes the same items under the same keys.
 */

export interface WriteContext {
  now: Date;
  /** the data come from recordings (npm run seed), not from a live upstream */
  sample: boolean;
}

export interface Stored<T> {
  value: T;
  sample: boolean;
  /** Unix seconds of the write */
  storedAt: number;
}

export interface SeriesKey {
  /** e.g. crypto, stocks */
  dataset: string;
  symbol: string;
  /** e.g. 1m, 1h, 1d */
  period: string;
}

export interface Bar {
  /** open time, Unix seconds */
  time: number;
}

const TIME_OFFSET = 1e11;
/** the sort key stays 12 digits for open times in [-10^11, 9·10^11) */
const MIN_TIME = -TIME_OFFSET;
const MAX_TIME = 9e11 - TIME_OFFSET - 1;
const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;

const seriesKey = ({ dataset, symbol, period }: SeriesKey) => `bar|${dataset}|${symbol}|${period}`;
const collectionKey = (collection: string) => `rec|${collection}`;
export const barSortKey = (time: number) => String(Math.min(MAX_TIME, Math.max(MIN_TIME, Math.trunc(time))) + TIME_OFFSET).padStart(12, '0');

type Item = Record<string, unknown>;

function itemOf(pk: string, sk: string, value: unknown, context: WriteContext, expiresAt?: number): Item {
  return {
    pk,
    sk,
    value: JSON.stringify(value),
    stored_at: Math.floor(context.now.getTime() / 1000),
    ...(context.sample ? { sample: true } : {}),
    ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}),
  };
}

function storedOf<T>(item: Item, nowSeconds: number): Stored<T> | undefined {
  if (typeof item.value !== 'string') return undefined;
  if (item.expires_at !== undefined && !(Number(item.expires_at) > nowSeconds)) return undefined;
  return { value: JSON.parse(item.value) as T, sample: item.sample === true, storedAt: Number(item.stored_at) };
}

const secondsOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** Batches written at the same time (BatchWriteItem takes 25 items). */
const WRITE_CONCURRENCY = 8;

async function writeBatch(table: string, batch: Record<string, unknown>[]): Promise<void> {
  let pending = batch;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((done) => setTimeout(done, Math.min(2000, 50 * 2 ** attempt)));
    if (attempt > 8) throw new Error(`market table: ${pending.length} writes stayed unprocessed`);
    const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (UnprocessedItems?.[table] ?? []) as Record<string, unknown>[];
  }
}

async function writeItems(requests: Record<string, unknown>[]): Promise<void> {
  const table = tableName('market');
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < requests.length; start += BATCH_WRITE_SIZE) batches.push(requests.slice(start, start + BATCH_WRITE_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await writeBatch(table, batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, batches.length) }, worker));
}

async function queryAll(input: Omit<QueryCommandInput, 'TableName'>, limit = Infinity): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName('market'),
        ...input,
        ...(Number.isFinite(limit) ? { Limit: limit - items.length } : {}),
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  return items;
}

// ---- bars ----

/**
 * Writes bars of one series (replacing bars with the same open time). `expiresAt` gives intraday
 * retention: a bar's TTL from its open time.
 */
export async function putBars<B extends Bar>(
  series: SeriesKey,
  bars: readonly B[],
  context: WriteContext,
  retentionSeconds?: number,
): Promise<void> {
  const pk = seriesKey(series);
  await writeItems(
    bars.map((bar) => ({
      PutRequest: {
        Item: itemOf(pk, barSortKey(bar.time), bar, context, retentionSeconds === undefined ? undefined : bar.time + retentionSeconds),
      },
    })),
  );
}

export interface BarRange {
  /** inclusive, Unix seconds */
  from?: number;
  /** inclusive, Unix seconds */
  to?: number;
  limit: number;
  order: 'newest' | 'oldest';
}

/** Bars of one series whose open time lies in [from, to], newest or oldest first, at most `limit`. */
export async function queryBars<B extends Bar>(series: SeriesKey, range: BarRange, now: Date): Promise<Stored<B>[]> {
  const from = barSortKey(range.from ?? MIN_TIME);
  const to = barSortKey(range.to ?? MAX_TIME);
  const nowSeconds = secondsOf(now);
  const result: Stored<B>[] = [];
  // expired items still count against Limit, so read on until enough live bars are found
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName('market'),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': seriesKey(series), ':from': from, ':to': to },
        ScanIndexForward: range.order === 'oldest',
        Limit: range.limit - result.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of (page.Items ?? []) as Item[]) {
      const stored = storedOf<B>(item, nowSeconds);
      if (stored) result.push(stored);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && result.length < range.limit);
  return result;
}

// ---- records ----

/**
 * Reads kept in memory per container for `cacheSeconds` (hot, rarely changing records: the stock ticker list,
 * crypto symbols, the crypto price snapshot). A write through this module drops the collection's copies, so
 * a job and an endpoint in one process never disagree; other containers see a write within `cacheSeconds`.
 */
const memo = new Map<string, Map<string, { until: number; value: unknown }>>();

async function remembered<T>(collection: string, key: string, cacheSeconds: number, read: () => Promise<T>): Promise<T> {
  if (cacheSeconds <= 0) return read();
  const kept = memo.get(collection)?.get(key);
  if (kept && kept.until > Date.now()) return kept.value as T;
  const value = await read();
  if (!memo.has(collection)) memo.set(collection, new Map());
  memo.get(collection)!.set(key, { until: Date.now() + cacheSeconds * 1000, value });
  return value;
}

export interface RecordInput<T> {
  id: string;
  value: T;
}

/** Writes records of a collection (replacing records with the same id). */
export async function putRecords<T>(collection: string, records: readonly RecordInput<T>[], context: WriteContext): Promise<void> {
  memo.delete(collection);
  const pk = collectionKey(collection);
  await writeItems(records.map((record) => ({ PutRequest: { Item: itemOf(pk, record.id, record.value, context) } })));
}

/** One record; `cacheSeconds` keeps it in memory (see `memo`). */
export function getRecord<T>(collection: string, id: string, now: Date, cacheSeconds = 0): Promise<Stored<T> | undefined> {
  return remembered(collection, `id:${id}`, cacheSeconds, async () => {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('market'), Key: { pk: collectionKey(collection), sk: id } }));
    return Item ? storedOf<T>(Item, secondsOf(now)) : undefined;
  });
}

/** The records with these ids that exist, by id. */
export async function getRecords<T>(collection: string, ids: readonly string[], now: Date): Promise<Map<string, Stored<T>>> {
  const table = tableName('market');
  const pk = collectionKey(collection);
  const found = new Map<string, Stored<T>>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += BATCH_GET_SIZE) {
    let keys: Record<string, unknown>[] = unique.slice(start, start + BATCH_GET_SIZE).map((sk) => ({ pk, sk }));
    for (let attempt = 0; keys.length > 0 && attempt < 8; attempt += 1) {
      const page = await dynamo().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys } } }));
      for (const item of (page.Responses?.[table] ?? []) as Item[]) {
        const stored = storedOf<T>(item, secondsOf(now));
        if (stored) found.set(String(item.sk), stored);
      }
      keys = (page.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
}

/** Every record of a collection, in id order; `cacheSeconds` keeps the list in memory (see `memo`). */
export function listRecords<T>(collection: string, now: Date, cacheSeconds = 0): Promise<(Stored<T> & { id: string })[]> {
  return remembered(collection, 'all', cacheSeconds, async () => {
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': collectionKey(collection) } });
    const nowSeconds = secondsOf(now);
    return items.flatMap((item) => {
      const stored = storedOf<T>(item, nowSeconds);
      return stored ? [{ ...stored, id: String(item.sk) }] : [];
    });
  });
}

/**
 * Makes the collection hold exactly `records`: writes them, then deletes the ids no longer present
 * (a delisted symbol). Call it only with a complete, validated list.
 */
export async function replaceCollection<T>(collection: string, records: readonly RecordInput<T>[], context: WriteContext): Promise<void> {
  const pk = collectionKey(collection);
  const keep = new Set(records.map((r) => r.id));
  const existing = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'sk',
  });
  await putRecords(collection, records, context);
  memo.delete(collection);
  await writeItems(existing.filter((item) => !keep.has(String(item.sk))).map((item) => ({ DeleteRequest: { Key: { pk, sk: item.sk } } })));
}
