/**
 * Paging of the history endpoints (/v2/interestratehistorical, /v1/liborhistorical): the one cursor and
 * page rule both use.
 *
 * - Bounds: `start_date`/`end_date` (YYYY-MM-DD, inclusive, UTC days) or `start_time`/`end_time` (Unix seconds,
 *   inclusive); a date and a time for the same side → 400; start after end → 400. Unbounded start: the whole
 *   history; unbounded end: now (frozen in the cursor, so later pages do not move the window).
 * - Pages: at most 100 points, oldest first; `next` is an opaque cursor, null on the last page. The cursor
 *   remembers the series, the bounds the caller gave and the last point served. A cursor that does not
 *   decode, or was made for another series or other bounds, → 400 on `page`.
 */
import { InvalidParameterError } from '../http/errors';

export const PAGE_SIZE = 100;

/** Earliest history served (1900-01-01): the "no start" bound. */
const EARLIEST = -2_208_988_800;
const DAY_SECONDS = 86_400;

export interface BoundParams {
  start_date?: string;
  end_date?: string;
  start_time?: number;
  end_time?: number;
}

/** The bounds the caller gave, as Unix seconds (undefined: open); throws the CONTRACT 400s. */
export function historyBounds(params: BoundParams): { from?: number; to?: number } {
  if (params.start_date !== undefined && params.start_time !== undefined) {
    throw new InvalidParameterError("Give either 'start_date' or 'start_time', not both.", 'start_time');
  }
  if (params.end_date !== undefined && params.end_time !== undefined) {
    throw new InvalidParameterError("Give either 'end_date' or 'end_time', not both.", 'end_time');
  }
  const from = params.start_date !== undefined ? Date.parse(`${params.start_date}T00:00:00Z`) / 1000 : params.start_time;
  const to = params.end_date !== undefined ? Date.parse(`${params.end_date}T00:00:00Z`) / 1000 + DAY_SECONDS - 1 : params.end_time;
  if (from !== undefined && to !== undefined && from > to) {
    const start = params.start_date !== undefined ? 'start_date' : 'start_time';
    throw new InvalidParameterError(`Parameter '${start}' must not be after the end of the range.`, start);
  }
  return { from, to };
}

interface Cursor {
  /** series */
  s: string;
  /** bounds the caller gave (null: open) */
  f: number | null;
  t: number | null;
  /** the end an open `to` was resolved to on the first page */
  e: number;
  /** time of the last point served */
  a: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(page: string): Cursor {
  const invalid = () => new InvalidParameterError("Parameter 'page' is not a cursor from the 'next' field of a previous response.", 'page');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(page)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = value as Partial<Cursor> | null;
  const isTime = (n: unknown) => typeof n === 'number' && Number.isInteger(n);
  if (!c || typeof c !== 'object' || typeof c.s !== 'string' || !isTime(c.e) || !isTime(c.a)) throw invalid();
  if (!(c.f === null || isTime(c.f)) || !(c.t === null || isTime(c.t))) throw invalid();
  return c as Cursor;
}

export interface PageRequest {
  /** what the cursor is bound to, e.g. the rate id or `libor:3_months` */
  series: string;
  from?: number;
  to?: number;
  page?: string;
  now: Date;
}

export interface Page<T> {
  data: T[];
  next: string | null;
}

/**
 * One page: `read(from, to, limit)` returns points with `time` in [from, to] oldest first (at most `limit`);
 * one more than a page is read to know whether another page follows.
 */
export async function historyPage<T extends { time: number }>(
  request: PageRequest,
  read: (from: number, to: number, limit: number) => Promise<T[]> | T[],
): Promise<Page<T>> {
  const given = { f: request.from ?? null, t: request.to ?? null };
  let end = request.to ?? Math.floor(request.now.getTime() / 1000);
  let from = request.from ?? EARLIEST;
  if (request.page !== undefined) {
    const cursor = decodeCursor(request.page);
    if (cursor.s !== request.series || cursor.f !== given.f || cursor.t !== given.t) {
      throw new InvalidParameterError("Parameter 'page' belongs to another query: repeat the query that returned it, with the same rate and bounds.", 'page');
    }
    end = cursor.t ?? cursor.e;
    from = Math.max(from, cursor.a + 1);
  }
  const points = from > end ? [] : await read(from, end, PAGE_SIZE + 1);
  const data = points.slice(0, PAGE_SIZE);
  const last = data[data.length - 1];
  const next = points.length > PAGE_SIZE && last ? encodeCursor({ s: request.series, ...given, e: end, a: last.time }) : null;
  return { data, next };
}
