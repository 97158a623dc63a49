import {
  getRecord,
  getRecords,
  listRecords,
  putBars,
  putRecords,
  queryBars,
  replaceCollection,
  type BarRange,
  type Stored,
  type WriteContext,
} from '../store/marketData';
import type { Period } from '../markets/timeSeries';
import type { StockSnapshot, IntradayBar } from './chartRead';
import type { DailyBar } from './dailyBars';
import type { TickerRecord } from './tickers';

/**
 * The stocks family's names in the `market` table (lib/store/marketData.ts):
 *
 * | what | where |
 * |---|---|
 * | ticker list (SEC + indices) | collection `stock-tickers`, id = ticker |
 * | snapshot per ticker: name, exchange, currency, clock, live price | collection `stock-quotes`, id = ticker |
 * | daily coverage: the store holds every daily bar the source had from `from` to `read_at` | collection `stock-daily-coverage`, id = ticker |
 * | bars | series `stocks|<ticker>|<period>`: 1d (kept), 1m … 1h (TTL = the source's own history depth) |
 */
export const TICKERS = 'stock-tickers';
export const SNAPSHOTS = 'stock-quotes';
export const DAILY_COVERAGE = 'stock-daily-coverage';
export const DATASET = 'stocks';

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
  intraday?: { period: Exclude<Period, '1d' | '4h'>; bars: IntradayBar[]; retentionSeconds: number };
}

export const replaceTickers = (records: readonly TickerRecord[], context: WriteContext) =>
  replaceCollection(
    TICKERS,
    records.map((value) => ({ id: value.ticker, value })),
    context,
  );

export const getTicker = (ticker: string, now: Date) => getRecord<TickerRecord>(TICKERS, ticker, now);
/** the whole list (about 10k tickers) is kept per container for 5 minutes; it changes daily */
export const listTickers = (now: Date) => listRecords<TickerRecord>(TICKERS, now, 300);

export const getSnapshot = (ticker: string, now: Date) => getRecord<StockSnapshot>(SNAPSHOTS, ticker, now);
export const getCoverage = (ticker: string, now: Date) => getRecord<DailyCoverage>(DAILY_COVERAGE, ticker, now);
export const getCoverages = (tickers: readonly string[], now: Date) => getRecords<DailyCoverage>(DAILY_COVERAGE, tickers, now);

/** Writes reads (bars first, then coverage and snapshot, so a reader never sees coverage ahead of its bars). */
export async function writeReads(reads: readonly TickerRead[], context: WriteContext): Promise<number> {
  let written = 0;
  for (const read of reads) {
    const ticker = read.snapshot.ticker;
    if (read.daily?.bars.length) {
      await putBars({ dataset: DATASET, symbol: ticker, period: '1d' }, read.daily.bars, context);
      written += read.daily.bars.length;
    }
    if (read.intraday?.bars.length) {
      await putBars({ dataset: DATASET, symbol: ticker, period: read.intraday.period }, read.intraday.bars, context, read.intraday.retentionSeconds);
      written += read.intraday.bars.length;
    }
  }
  const coverages = reads.flatMap((read) => (read.daily ? [{ id: read.snapshot.ticker, value: read.daily.coverage }] : []));
  if (coverages.length) await putRecords(DAILY_COVERAGE, coverages, context);
  await putRecords(
    SNAPSHOTS,
    reads.map((read) => ({ id: read.snapshot.ticker, value: read.snapshot })),
    context,
  );
  return written + coverages.length + reads.length;
}

export const queryDailyBars = (ticker: string, range: BarRange, now: Date): Promise<Stored<DailyBar>[]> =>
  queryBars<DailyBar>({ dataset: DATASET, symbol: ticker, period: '1d' }, range, now);

export const queryIntradayBars = (ticker: string, period: Exclude<Period, '1d' | '4h'>, range: BarRange, now: Date): Promise<Stored<IntradayBar>[]> =>
  queryBars<IntradayBar>({ dataset: DATASET, symbol: ticker, period }, range, now);
