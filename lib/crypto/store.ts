import { jobHasSucceeded } from '../ingest/job';
import type { Period } from '../markets/timeSeries';
import { barCollection, recordCollection, type Stored } from '../store/collections';
import { CRYPTO_DATASET, RETENTION_SECONDS, type CryptoBar } from './bars';
import { SYMBOLS_JOB, type SymbolRecord } from './symbols';

/**
 * Crypto data in the `market` table:
 * - `crypto-symbols`: one record per listed symbol (id = symbol), replaced as a whole by the symbols job;
 *   a price or history call looks its symbol up there;
 * - `crypto-symbol-list`: ONE record (`all`) holding the sorted symbols of that list, written by the same job
 *   run, for /v1/cryptosymbols: one read instead of a query over ~1,300 items (tens of ms of a cold start),
 *   kept per container for 5 minutes (the list changes at most every few hours);
 * - `crypto-prices`: ONE record (`latest`) holding the last price of every symbol from one ticker/price
 *   call. One write of ~100 KB a minute instead of ~3,000 item writes a minute (a per-symbol record
 *   would cost ~4 million writes a day); a price lookup reads that one item, kept per container for 10 s,
 *   since prices are fetched once a minute and each answer carries the snapshot's own fetch time;
 * - bars: dataset `crypto`, series per symbol and interval, intraday with TTL (bars.ts RETENTION_SECONDS).
 */
export interface PriceSnapshot {
  /** Unix seconds of the ticker/price fetch */
  timestamp: number;
  /** symbol → last price, the decimal string Binance quoted ("62886.03000000") */
  prices: Record<string, string>;
}

const LATEST_PRICES = 'latest';
const SYMBOL_LIST = 'all';

/** The listed symbols, sorted (one record). */
export const listedSymbolNames = (now: Date) => symbolList.get(SYMBOL_LIST, now);

export const listedSymbols = recordCollection<SymbolRecord>('crypto-symbols', { id: (record) => record.symbol });
export const symbolList = recordCollection<{ symbols: string[] }>('crypto-symbol-list', { id: () => SYMBOL_LIST, cacheSeconds: { get: 300 } });
export const latestPrices = recordCollection<PriceSnapshot>('crypto-prices', { id: () => LATEST_PRICES, cacheSeconds: { get: 10 } });
export const cryptoBars = barCollection<CryptoBar, Period>(CRYPTO_DATASET, { retentionSeconds: RETENTION_SECONDS });

/** The latest prices of every pair. */
export const priceSnapshot = (now: Date): Promise<Stored<PriceSnapshot> | undefined> => latestPrices.get(LATEST_PRICES, now);

export type Listing = 'listed' | 'unlisted' | 'not-ingested';

/** Whether a symbol is on the stored list; `not-ingested` while the symbols job has never succeeded. */
export async function listingOf(symbol: string, now: Date): Promise<Listing> {
  if (await listedSymbols.get(symbol, now)) return 'listed';
  return (await jobHasSucceeded(SYMBOLS_JOB, now)) ? 'unlisted' : 'not-ingested';
}
