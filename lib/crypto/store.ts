import { JOB_RUNS, type JobRun } from '../ingest/job';
import type { Period } from '../markets/timeSeries';
import {
  getRecord,
  listRecords,
  putBars,
  putRecords,
  queryBars,
  replaceCollection,
  type Stored,
  type WriteContext,
} from '../store/marketData';
import { CRYPTO_DATASET, RETENTION_SECONDS, type CryptoBar } from './bars';
import { SYMBOLS_JOB, type SymbolRecord } from './symbols';

/**
 * Crypto data in the `market` table (through lib/store/marketData):
 * - `crypto-symbols`: one record per listed symbol (id = symbol), replaced as a whole by the symbols job;
 * - `crypto-prices`: ONE record (`latest`) holding the last price of every symbol from one ticker/price
 *   call. One write of ~100 KB a minute instead of ~3,000 item writes a minute (a per-symbol record
 *   would cost ~4 million writes a day); a price lookup reads that one item;
 * - bars: dataset `crypto`, series per symbol and interval, intraday with TTL (bars.ts RETENTION_SECONDS).
 */
export const SYMBOLS_COLLECTION = 'crypto-symbols';
export const PRICES_COLLECTION = 'crypto-prices';
const LATEST_PRICES = 'latest';

export interface PriceSnapshot {
  /** Unix seconds of the ticker/price fetch */
  timestamp: number;
  /** symbol → last price */
  prices: Record<string, number>;
}

export function replaceSymbolList(symbols: readonly SymbolRecord[], context: WriteContext): Promise<void> {
  return replaceCollection(
    SYMBOLS_COLLECTION,
    symbols.map((value) => ({ id: value.symbol, value })),
    context,
  );
}

export function symbolList(now: Date): Promise<(Stored<SymbolRecord> & { id: string })[]> {
  return listRecords<SymbolRecord>(SYMBOLS_COLLECTION, now, 300); // the list changes at most every few hours
}

export type Listing = 'listed' | 'unlisted' | 'not-ingested';

/** Whether a symbol is on the stored list; `not-ingested` while the symbols job has never succeeded. */
export async function listingOf(symbol: string, now: Date): Promise<Listing> {
  if (await getRecord<SymbolRecord>(SYMBOLS_COLLECTION, symbol, now)) return 'listed';
  const run = await getRecord<JobRun>(JOB_RUNS, SYMBOLS_JOB, now);
  return run?.value.last_success ? 'unlisted' : 'not-ingested';
}

export function putPriceSnapshot(snapshot: PriceSnapshot, context: WriteContext): Promise<void> {
  return putRecords(PRICES_COLLECTION, [{ id: LATEST_PRICES, value: snapshot }], context);
}

/**
 * The latest prices of every pair (one record of ~100 KB): kept per container for 10 s, since prices are
 * fetched once a minute and each answer carries the snapshot's own fetch time as `timestamp`.
 */
export function priceSnapshot(now: Date): Promise<Stored<PriceSnapshot> | undefined> {
  return getRecord<PriceSnapshot>(PRICES_COLLECTION, LATEST_PRICES, now, 10);
}

const series = (symbol: string, period: Period) => ({ dataset: CRYPTO_DATASET, symbol, period });

/** Writes closed bars of one series with the interval's retention. */
export function putCryptoBars(symbol: string, period: Period, bars: readonly CryptoBar[], context: WriteContext): Promise<void> {
  return putBars(series(symbol, period), bars, context, RETENTION_SECONDS[period]);
}

/** The newest live (unexpired) bar of a series. */
export async function latestCryptoBar(symbol: string, period: Period, now: Date): Promise<Stored<CryptoBar> | undefined> {
  const [latest] = await queryBars<CryptoBar>(series(symbol, period), { limit: 1, order: 'newest' }, now);
  return latest;
}

/** Bars with open time in [from, to], newest first, at most `limit`. */
export function cryptoBarsBetween(symbol: string, period: Period, from: number, to: number, limit: number, now: Date): Promise<Stored<CryptoBar>[]> {
  return queryBars<CryptoBar>(series(symbol, period), { from, to, limit, order: 'newest' }, now);
}
