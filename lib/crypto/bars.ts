import { PERIOD_SECONDS, periodStart, type Period, type TimeWindow } from '../markets/timeSeries';
import type { Kline } from '../sources/binance';

/**
 * Crypto bar rules (pure): which Binance klines become stored bars, how long intraday bars are kept,
 * where the next incremental fetch starts, and when stored bars fully answer a history call.
 *
 * - Only closed candles are stored: a kline whose close time is not before the run's clock is the
 *   still-open candle and is dropped (it would change after we stored it).
 * - Retention (DynamoDB TTL, counted from a bar's open time), chosen so the default 24-hour window and
 *   a useful history stay available at every interval while the table stays bounded:
 *   1m 7 days, 5m 30 days, 15m 60 days, 30m 90 days, 1h 1 year, 4h 2 years, 1d kept.
 * - First run of a series: a bounded backfill of 1000 bars (one Binance request): 1m ≈ 16.7 h, 5m ≈ 3.5 d,
 *   15m ≈ 10.4 d, 30m ≈ 20.8 d, 1h ≈ 41.7 d, 4h ≈ 167 d, 1d ≈ 2.7 years. Later runs continue from the last
 *   stored bar; after a gap longer than the backfill they skip ahead to it (older bars come on demand).
 */
export const CRYPTO_DATASET = 'crypto';

/** The stored value of one bar: times as the API serves them. */
export interface CryptoBar {
  /** open time, Unix seconds */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** base-asset volume */
  volume: number;
  /** Unix milliseconds (Binance's close time: next open − 1 ms) */
  close_time: number;
}

/** One element of /v1/cryptopricehistorical (spec 2.6). */
export interface CryptoBarResponse {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  close_time: number;
  timestamp: number;
  price: number;
  sample?: true;
}

const DAY = 86_400;

/** TTL after a bar's open time; undefined = kept. */
export const RETENTION_SECONDS: Record<Period, number | undefined> = {
  '1m': 7 * DAY,
  '5m': 30 * DAY,
  '15m': 60 * DAY,
  '30m': 90 * DAY,
  '1h': 365 * DAY,
  '4h': 730 * DAY,
  '1d': undefined,
};

/** Bars fetched for a series that has none stored (one Binance request). */
export const BACKFILL_BARS = 1000;

/**
 * How long after a bar closes the store may still lack it without a live fetch: the bars job runs every
 * minute, so a bar closed in the last 90 s may simply not be ingested yet.
 */
export const INGESTION_LAG_SECONDS = 90;

const secondsOf = (now: Date) => Math.floor(now.getTime() / 1000);

export function barOfKline(kline: Kline): CryptoBar {
  return {
    time: Math.floor(kline.openTime / 1000),
    open: kline.open,
    high: kline.high,
    low: kline.low,
    close: kline.close,
    volume: kline.volume,
    close_time: kline.closeTime,
  };
}

/** The klines that had closed at `now`, as bars (the still-open candle is dropped). */
export function closedBars(klines: readonly Kline[], now: Date): CryptoBar[] {
  return klines.filter((kline) => kline.closeTime < now.getTime()).map(barOfKline);
}

/** The bars worth writing: those whose TTL lies in the future (an old intraday bar would be expired on arrival). */
export function unexpiredBars<B extends { time: number }>(bars: readonly B[], period: Period, now: Date): B[] {
  const retention = RETENTION_SECONDS[period];
  return retention === undefined ? [...bars] : bars.filter((bar) => bar.time + retention > secondsOf(now));
}

/**
 * Open time (Unix s) of the first bar an incremental run asks for: the bar after the last stored one, but
 * no earlier than the backfill window (first run, or a gap longer than the backfill).
 */
export function nextFetchStart(lastStoredOpen: number | undefined, period: Period, now: Date): number {
  const size = PERIOD_SECONDS[period];
  const backfillStart = periodStart(secondsOf(now), period) - BACKFILL_BARS * size;
  return lastStoredOpen === undefined ? backfillStart : Math.max(lastStoredOpen + size, backfillStart);
}

/** True when the bar opening at `start` has closed by `now`, so a fetch can bring something new. */
export function isDue(start: number, period: Period, now: Date): boolean {
  return (start + PERIOD_SECONDS[period]) * 1000 <= now.getTime();
}

/** Binance opened on 2017-07-14: no pair has bars before (a window that ends earlier is answered without asking). */
export const BINANCE_FIRST_BAR = Date.UTC(2017, 6, 14) / 1000;

/**
 * The open times a call's [start, end] covers: bars that overlap it, i.e. open at or before `end` and close
 * after `start`. So the bar in progress at `start` counts, and the spec's default window (the last 24 hours)
 * holds yesterday's daily bar, not only today's still-open one. Nothing opens before BINANCE_FIRST_BAR.
 */
export function overlappingBars(window: TimeWindow, period: Period): TimeWindow {
  return { from: Math.max(window.from - PERIOD_SECONDS[period] + 1, BINANCE_FIRST_BAR), to: window.to };
}

/**
 * Open times (newest first, at most `limit`) of the bars a window must hold: aligned to the period, inside
 * [from, to], and closed by `closedBy` (Unix s). Crypto trades around the clock, so every slot has a bar
 * (apart from rare exchange outages and the days before a listing).
 */
export function expectedOpenTimes(window: TimeWindow, period: Period, closedBy: number, limit: number): number[] {
  const size = PERIOD_SECONDS[period];
  const firstOpen = Math.ceil(window.from / size) * size;
  // the newest slot whose bar closed by `closedBy` (open + size ≤ closedBy) and opened by `to`
  const newestOpen = Math.min(periodStart(window.to, period), Math.floor(closedBy / size) * size - size);
  const times: number[] = [];
  for (let time = newestOpen; time >= firstOpen && times.length < limit; time -= size) times.push(time);
  return times;
}

/**
 * Whether stored bars (newest first, at most `limit`, from one window query) answer the call as fully as
 * Binance would: every expected slot is there, except slots older than the oldest stored bar when the
 * stored bars already fill `limit` (newer bars, e.g. just ingested, pushed them out of the answer).
 */
export function coversWindow(storedOpens: readonly number[], expected: readonly number[], limit: number): boolean {
  const have = new Set(storedOpens);
  const full = storedOpens.length >= limit;
  const oldest = storedOpens[storedOpens.length - 1];
  return expected.every((time) => have.has(time) || (full && oldest !== undefined && time < oldest));
}

/** The klines request of an on-demand fetch for a window: its newest `limit` closed bars (plus the open one, dropped later). */
export function onDemandRange(window: TimeWindow, period: Period, limit: number): { startTime?: number; endTime: number; limit: number } {
  const size = PERIOD_SECONDS[period];
  const slots = Math.floor((periodStart(window.to, period) - Math.ceil(window.from / size) * size) / size) + 1;
  const asked = Math.min(limit + 1, 1000);
  // with startTime Binance answers the OLDEST `limit` bars from it: send it only when the whole window fits
  return slots <= asked ? { startTime: window.from * 1000, endTime: window.to * 1000, limit: asked } : { endTime: window.to * 1000, limit: asked };
}

/** Items of both lists whose time lies in the window, one per time (`preferred` wins), newest first, at most `limit`. */
export function newestInWindow<T>(preferred: readonly T[], others: readonly T[], timeOf: (item: T) => number, window: TimeWindow, limit: number): T[] {
  const byTime = new Map<number, T>();
  for (const item of others) byTime.set(timeOf(item), item);
  for (const item of preferred) byTime.set(timeOf(item), item);
  return [...byTime.entries()]
    .filter(([time]) => time >= window.from && time <= window.to)
    .sort(([a], [b]) => b - a)
    .slice(0, limit)
    .map(([, item]) => item);
}

/** A stored bar as the API serves it (spec 2.6: close_time in ms, timestamp = open time in s, price = close). */
export function barResponse(bar: CryptoBar, sample: boolean): CryptoBarResponse {
  return {
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    volume: bar.volume,
    close_time: bar.close_time,
    timestamp: bar.time,
    price: bar.close,
    ...(sample ? { sample: true as const } : {}),
  };
}
