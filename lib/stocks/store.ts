import { barCollection, recordCollection, type WriteContext } from '../store/collections';
import { INTRADAY_HISTORY_SECONDS, type IntradayBar, type StockSnapshot, type StoredIntradayPeriod } from './chartRead';
import type { DailyBar } from './dailyBars';
import type { TickerRecord } from './tickers';

/**
 * The stocks family's data in the `market` table:
 *
 * | what | where |
 * |---|---|
 * | ticker list (SEC + indices) | collection `stock-tickers`, id = ticker |
 * | the same list in pages of 500 for /v1/stockpricelist | collection `stock-ticker-pages`, id = page number (5 digits) |
 * | snapshot per ticker: name, exchange, currency, clock, live price | collection `stock-quotes`, id = ticker |
 * | daily coverage: the store holds every daily bar the source had from `from` to `read_at` | collection `stock-daily-coverage`, id = ticker |
 * | bars | series `stocks|<ticker>|<period>`: 1d (kept), 1m … 1h (TTL = the source's own history depth) |
 */
export interface DailyCoverage {
  /** Unix seconds: the earliest instant whose bars are all stored */
  from: number;
  /** Unix seconds of the read that brought the series up to date */
  read_at: number;
}

/** What one read of a ticker writes. */
export interface TickerRead {
  snapshot: StockSnapshot;
  daily?: { bars: DailyBar[]; coverage: DailyCoverage };
  intraday?: { period: StoredIntradayPeriod; bars: IntradayBar[] };
}

export const stockTickers = recordCollection<TickerRecord>('stock-tickers', { id: (record) => record.ticker });

/**
 * The ticker list (about 10k entries) in pages, so a /v1/stockpricelist call reads the one to three pages its
 * window touches instead of the whole list; each page is kept per container for 5 minutes (the list changes
 * daily). Every page repeats the list's length. Written after the records, by the same job run.
 */
export const TICKER_PAGE_SIZE = 500;

export interface TickerPage {
  page: number;
  /** entries in the whole list */
  total: number;
  entries: [ticker: string, name: string][];
}

export const tickerPages = recordCollection<TickerPage>('stock-ticker-pages', {
  id: (page) => String(page.page),
  key: (id) => id.padStart(5, '0'),
  cacheSeconds: { get: 300 },
});

/** The list (in ticker order) cut into pages. */
export function pagesOf(records: readonly TickerRecord[]): TickerPage[] {
  const pages: TickerPage[] = [];
  for (let start = 0; start < records.length; start += TICKER_PAGE_SIZE) {
    const entries = records.slice(start, start + TICKER_PAGE_SIZE).map((r): [string, string] => [r.ticker, r.name]);
    pages.push({ page: pages.length, total: records.length, entries });
  }
  return pages;
}

export const stockSnapshots = recordCollection<StockSnapshot>('stock-quotes', { id: (snapshot) => snapshot.ticker });
export const dailyCoverage = recordCollection<DailyCoverage & { ticker: string }>('stock-daily-coverage', { id: (coverage) => coverage.ticker });
export const dailyBars = barCollection<DailyBar, '1d'>('stocks');
/** intraday bars expire when the source no longer serves them */
export const intradayBars = barCollection<IntradayBar, StoredIntradayPeriod>('stocks', { retentionSeconds: INTRADAY_HISTORY_SECONDS });

/** Writes reads (bars first, then coverage and snapshot, so a reader never sees coverage ahead of its bars). */
export async function writeReads(reads: readonly TickerRead[], context: WriteContext): Promise<number> {
  let written = 0;
  for (const read of reads) {
    const ticker = read.snapshot.ticker;
    if (read.daily?.bars.length) {
      await dailyBars.put(ticker, '1d', read.daily.bars, context);
      written += read.daily.bars.length;
    }
    if (read.intraday?.bars.length) {
      await intradayBars.put(ticker, read.intraday.period, read.intraday.bars, context);
      written += read.intraday.bars.length;
    }
  }
  const coverages = reads.flatMap((read) => (read.daily ? [{ ...read.daily.coverage, ticker: read.snapshot.ticker }] : []));
  if (coverages.length) await dailyCoverage.put(coverages, context);
  await stockSnapshots.put(reads.map((read) => read.snapshot), context);
  return written + coverages.length + reads.length;
}
