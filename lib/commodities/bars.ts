import { PERIOD_SECONDS, periodStart, type OhlcvBar, type Period } from '../markets/timeSeries';
import { priceDecimals, type Chart } from '../sources/yahooChart';
import { roundDecimal } from '../numbers/round';

/**
 * Futures OHLCV bars as stored (dataset `futures`, symbol = the Yahoo symbol, one series per period) and
 * how the coarser periods are made from finer ones:
 *
 * - Yahoo serves 1m, 5m, 15m, 30m, 60m and 1d bars, but no 4h; and fetching every interval for 35 symbols
 *   every few minutes would multiply the requests. So the intraday job fetches 1m bars for a window that
 *   starts on a 4-hour boundary and aggregates them into 5m, 15m, 30m, 1h and 4h bars (UTC-aligned buckets,
 *   as Yahoo aligns its own intraday bars); the backfill of 1h history aggregates Yahoo's 60m bars into 4h.
 *   A bucket is open = first open, close = last close, high = max, low = min, volume = sum (null when
 *   no bar in it had a volume). A bucket cut off by the start of the fetched window is dropped (it would
 *   overwrite a complete stored bar with a partial one); the newest, still-running bucket is kept and
 *   rewritten by the next run.
 * - Retention (DynamoDB TTL from the bar's open time): 1m 7 days, 5m 30 days, 15m and 30m 60 days,
 *   1h and 4h 2 years; 1d bars are kept.
 */
export const FUTURES_DATASET = 'futures';

export type FuturesBar = OhlcvBar;

/** A chart's bars as futures bars, prices in the contract's quote precision (priceDecimals). */
export function barsOf(chart: Chart): FuturesBar[] {
  const decimals = priceDecimals(chart.meta.priceHint, chart.meta.regularMarketPrice ?? chart.bars.at(-1)?.close ?? null);
  const price = (value: number) => roundDecimal(value, decimals);
  return chart.bars.map(({ time, open, high, low, close, volume }) => ({ time, open: price(open), high: price(high), low: price(low), close: price(close), volume }));
}

const DAY = 86_400;
export const RETENTION_SECONDS: Record<Period, number | undefined> = {
  '1m': 7 * DAY,
  '5m': 30 * DAY,
  '15m': 60 * DAY,
  '30m': 60 * DAY,
  '1h': 730 * DAY,
  '4h': 730 * DAY,
  '1d': undefined,
};

/** Periods made from 1m bars by the intraday job. */
export const FROM_MINUTES: readonly Period[] = ['5m', '15m', '30m', '1h', '4h'];

/**
 * Bars (oldest first or any order) aggregated into `period` buckets, oldest first; buckets starting
 * before `windowStart` (partly outside the fetched window) are dropped.
 */
export function aggregateBars(bars: readonly FuturesBar[], period: Period, windowStart: number): FuturesBar[] {
  const sorted = [...bars].sort((a, b) => a.time - b.time);
  const buckets = new Map<number, FuturesBar>();
  for (const bar of sorted) {
    const start = periodStart(bar.time, period);
    if (start < windowStart) continue;
    const bucket = buckets.get(start);
    if (!bucket) {
      buckets.set(start, { ...bar, time: start });
      continue;
    }
    bucket.high = Math.max(bucket.high, bar.high);
    bucket.low = Math.min(bucket.low, bar.low);
    bucket.close = bar.close;
    bucket.volume = bar.volume === null ? bucket.volume : (bucket.volume ?? 0) + bar.volume;
  }
  return [...buckets.values()];
}

/** The start of the 1m window the intraday job fetches: a 4-hour boundary at least 4 hours before `now`. */
export function intradayWindowStart(nowSeconds: number): number {
  return periodStart(nowSeconds - PERIOD_SECONDS['4h'], '4h');
}

/** 4h bars from 60m bars, from the first 4-hour boundary on (the first bucket is partial unless the hours start on one). */
export function fourHourBarsOf(hourly: readonly FuturesBar[]): FuturesBar[] {
  if (hourly.length === 0) return [];
  const first = Math.ceil(hourly.reduce((t, b) => Math.min(t, b.time), Infinity) / PERIOD_SECONDS['4h']) * PERIOD_SECONDS['4h'];
  return aggregateBars(hourly, '4h', first);
}
