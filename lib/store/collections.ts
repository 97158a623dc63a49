import {
  getRecord,
  getRecords,
  listRecords,
  putBars,
  putRecords,
  queryBars,
  replaceCollection,
  type Bar,
  type BarRange,
  type Stored,
  type WriteContext,
} from './marketData';

/**
 * Typed collections over the market table (key design and item codec in lib/store/marketData.ts). A family
 * declares what it stores in a line each and gets its reads and writes; it writes no store code:
 *
 *   export const futuresQuotes = recordCollection<FuturesQuote>('futures-quotes', { id: (quote) => quote.symbol });
 *   export const futuresBars = barCollection<FuturesBar, Period>('futures', { retentionSeconds: RETENTION_SECONDS });
 *
 * - Key scheme: a record collection keys each value by `id(value)`; `key` gives the spelling ids are stored
 *   under (e.g. SEC tickers, BRK.B → BRK-B) and is applied to every id read or written. A bar collection keys
 *   bars by symbol, period and open time.
 * - Codec: values are stored as JSON text with their write time and sample mark, read back as `Stored<T>`.
 * - TTL: `retentionSeconds` per period (from a bar's open time; absent = kept); readers skip expired items.
 * - Per-container read memo (`cacheSeconds`) for hot, rarely changing records; a write through the
 *   collection drops it.
 */

export type { Stored, WriteContext };
export type WithId<T> = Stored<T> & { id: string };

export interface RecordCollection<T> {
  readonly name: string;
  get(id: string, now: Date): Promise<Stored<T> | undefined>;
  /** the records with these ids that exist, by stored id */
  getMany(ids: readonly string[], now: Date): Promise<Map<string, Stored<T>>>;
  /** every record, in id order */
  list(now: Date): Promise<WithId<T>[]>;
  /** writes values (replacing records with the same id) */
  put(values: readonly T[], context: WriteContext): Promise<void>;
  /** makes the collection hold exactly `values` (deletes ids no longer present); only with a complete, validated list */
  replaceAll(values: readonly T[], context: WriteContext): Promise<void>;
}

export interface RecordCollectionOptions<T> {
  id: (value: T) => string;
  /** the spelling an id is stored under; default: as given */
  key?: (id: string) => string;
  /** keep reads in memory per container for this many seconds: single records (`get`), the whole list (`list`) */
  cacheSeconds?: { get?: number; list?: number };
}

export function recordCollection<T>(name: string, options: RecordCollectionOptions<T>): RecordCollection<T> {
  const key = options.key ?? ((id: string) => id);
  const entries = (values: readonly T[]) => values.map((value) => ({ id: key(options.id(value)), value }));
  return {
    name,
    get: (id, now) => getRecord<T>(name, key(id), now, options.cacheSeconds?.get),
    getMany: (ids, now) => getRecords<T>(name, ids.map(key), now),
    list: (now) => listRecords<T>(name, now, options.cacheSeconds?.list),
    put: (values, context) => putRecords(name, entries(values), context),
    replaceAll: (values, context) => replaceCollection(name, entries(values), context),
  };
}

export interface BarCollection<B extends Bar, P extends string> {
  readonly dataset: string;
  /** writes bars of one series (replacing bars with the same open time), with the period's retention */
  put(symbol: string, period: P, bars: readonly B[], context: WriteContext): Promise<void>;
  /** bars whose open time lies in [from, to], newest or oldest first, at most `limit` */
  query(symbol: string, period: P, range: BarRange, now: Date): Promise<Stored<B>[]>;
  /** the newest live bar of a series */
  newest(symbol: string, period: P, now: Date): Promise<Stored<B> | undefined>;
  /** the oldest and newest live bar of a series: the range it holds (undefined when it holds none) */
  extent(symbol: string, period: P, now: Date): Promise<BarExtent<B> | undefined>;
}

export interface BarExtent<B extends Bar> {
  oldest: Stored<B>;
  newest: Stored<B>;
}

export interface BarCollectionOptions<P extends string> {
  /** TTL from a bar's open time, per period; a period without one is kept */
  retentionSeconds?: Partial<Record<P, number | undefined>>;
}

export function barCollection<B extends Bar, P extends string = string>(dataset: string, options: BarCollectionOptions<P> = {}): BarCollection<B, P> {
  const series = (symbol: string, period: P) => ({ dataset, symbol, period });
  return {
    dataset,
    put: (symbol, period, bars, context) => putBars(series(symbol, period), bars, context, options.retentionSeconds?.[period]),
    query: (symbol, period, range, now) => queryBars<B>(series(symbol, period), range, now),
    newest: async (symbol, period, now) => (await queryBars<B>(series(symbol, period), { limit: 1, order: 'newest' }, now))[0],
    extent: async (symbol, period, now) => {
      const [[oldest], [newest]] = await Promise.all([
        queryBars<B>(series(symbol, period), { limit: 1, order: 'oldest' }, now),
        queryBars<B>(series(symbol, period), { limit: 1, order: 'newest' }, now),
      ]);
      return oldest && newest ? { oldest, newest } : undefined;
    },
  };
}
