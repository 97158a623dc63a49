import type { DailyClose, FuturesQuote } from '../commodities/quotes';
import { addDays } from '../time/calendarDate';
import { zonedTime } from '../time/zoned';

/**
 * The trading-day rules of the NYMEX energy futures behind /v1/oilprice and /v1/oilpricehistorical
 * (all five benchmarks trade on CME Globex; times in America/New_York, the exchange's zone):
 *
 * - Daily close: the CME Globex energy session of a trading day ends at 17:00 New York time (the daily
 *   halt until 18:00). A trading day's close is the close of its daily bar, published at that instant:
 *   free keys get the newest daily close whose 17:00 has passed, with `updated` = that instant and
 *   `previous_close` = the trading day before it.
 * - Provisional daily bar: the exchange finalizes a trading day's cleared volume the next morning. A daily
 *   bar is `provisional` until it has been re-read from the source at or after 12:00 New York time of the
 *   calendar day after its trading day (the quotes job re-reads the last days every 5 minutes); until then
 *   its volume may still be revised. Intraday bars are never provisional.
 */
export const EXCHANGE_TIME_ZONE = 'America/New_York';
export const DAILY_CLOSE = { hour: 17, minute: 0 };
export const VOLUME_FINAL = { hour: 12, minute: 0 };

/** When a trading day's daily bar closes (Unix seconds). */
export function dailyCloseTime(date: string, timeZone = EXCHANGE_TIME_ZONE): number {
  return zonedTime(date, DAILY_CLOSE.hour, DAILY_CLOSE.minute, timeZone);
}

/** From when a trading day's volume counts as final (Unix seconds). */
export function volumeFinalTime(date: string, timeZone = EXCHANGE_TIME_ZONE): number {
  return zonedTime(addDays(date, 1), VOLUME_FINAL.hour, VOLUME_FINAL.minute, timeZone);
}

/** A daily bar stored at `storedAt` is provisional when it was last read before its volume was final. */
export function isProvisional(date: string, storedAt: number, timeZone = EXCHANGE_TIME_ZONE): boolean {
  return storedAt < volumeFinalTime(date, timeZone);
}

export interface DailyCloseView {
  price: number;
  previous_close: number | null;
  /** the close instant, Unix seconds */
  updated: number;
}

/**
 * The newest daily close, and the one before; undefined when the quote has none yet. A trading day counts
 * as closed when its close time had passed both now and when the quote was read (`readAt`, Unix seconds):
 * a bar read mid-session is not a close, even after its close time.
 */
export function latestDailyClose(quote: FuturesQuote, now: Date, readAt: number): DailyCloseView | undefined {
  const asOf = Math.min(Math.floor(now.getTime() / 1000), readAt);
  const closed: DailyClose[] = quote.daily.filter((bar) => dailyCloseTime(bar.date, quote.time_zone) <= asOf);
  const last = closed[closed.length - 1];
  if (!last) return undefined;
  return { price: last.close, previous_close: closed[closed.length - 2]?.close ?? null, updated: dailyCloseTime(last.date, quote.time_zone) };
}
