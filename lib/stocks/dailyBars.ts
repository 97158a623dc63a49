import type { OhlcvBar } from '../markets/timeSeries';
import { addDays, weekday } from '../time/calendarDate';
import { zonedDate, zonedTime } from '../time/zoned';
import { isNyseSession, US_EASTERN } from './tradingCalendar';

/**
 * Daily stock bar publication (spec part 3), as pure functions of a session date and a clock.
 * All times are on the US clock (America/New_York), for US and non-US listings alike:
 *
 * | state | trigger | next |
 * |---|---|---|
 * | no bar (session in progress) | clock reaches 17:00 ET on the session day | provisional (`provisional: true`; OHLC final, volume may still rise) |
 * | provisional | a re-read from the source from 04:00 ET the next day on (settle runs are scheduled before 14:00 ET) | settled (field omitted) |
 *
 * - Before 17:00 ET on the session day there is no bar for that session: the newest bar is the most recent
 *   completed session's. A session that has closed (16:00) but not reached 17:00 has no bar yet either.
 * - The state is set by reading the source: a bar read between 17:00 ET and 04:00 ET the next day is stored
 *   provisional; a read from 04:00 ET the next day on stores it settled (the next pre-market opens at 04:00 ET,
 *   when the previous session's consolidated volume is final). A bar is never settled without such a re-read:
 *   a provisional bar stays provisional until the source is read again. A first read after 14:00 ET the next
 *   day (an on-demand fetch, or a run after an outage) stores the bar settled at once.
 * - No session, no bar: a US listing's bar on a date the NYSE does not trade (weekend, holiday) is dropped;
 *   a non-US listing has sessions on its exchange's weekdays (its holidays simply have no bar at the source).
 * - A session's date is its exchange-local date (7203.T trades on a Tokyo date, SAP.DE on a Frankfurt date);
 *   its bar is published at 17:00 ET on that date.
 */
export const PUBLISH_HOUR_ET = 17;
/** the next day's hour (ET) from which a re-read settles a provisional bar */
export const SETTLE_FROM_HOUR_ET = 4;
/** the next day's hour (ET) by which the settle re-read is scheduled */
export const SETTLE_BY_HOUR_ET = 14;

export type DailyBarState = 'none' | 'provisional' | 'settled';

/** A daily bar as stored and served: `provisional` present only when true. */
export interface DailyBar {
  /** the session's regular open, Unix seconds */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
  /** YYYY-MM-DD, exchange-local */
  session: string;
  provisional?: true;
}

export type SourceBar = OhlcvBar;

/** How a listing's sessions are dated: its exchange's time zone and regular open (minutes after local midnight). */
export interface ListingClock {
  /** IANA zone of the exchange (Yahoo's exchangeTimezoneName) */
  timeZone: string;
  /** the regular session's open, minutes after local midnight (US: 570 = 09:30) */
  openMinute: number;
}

export const isUsListing = (timeZone: string) => timeZone === US_EASTERN;

/** The moment a session's bar becomes visible: 17:00 ET on the session date. */
export function publishTime(session: string): number {
  return zonedTime(session, PUBLISH_HOUR_ET, 0, US_EASTERN);
}

/** From this moment a re-read settles the session's bar: 04:00 ET the next day. */
export function settleFromTime(session: string): number {
  return zonedTime(addDays(session, 1), SETTLE_FROM_HOUR_ET, 0, US_EASTERN);
}

/** The settle re-read is due by this moment: 14:00 ET the next day. */
export function settleDeadline(session: string): number {
  return zonedTime(addDays(session, 1), SETTLE_BY_HOUR_ET, 0, US_EASTERN);
}

/** The state a bar of `session` gets when the source is read at `readAt` (Unix seconds). */
export function dailyBarState(session: string, readAt: number): DailyBarState {
  if (readAt < publishTime(session)) return 'none';
  return readAt < settleFromTime(session) ? 'provisional' : 'settled';
}

/** True when the listing's exchange held a session on the date (US: the NYSE calendar; others: weekdays). */
export function hasSession(session: string, timeZone: string): boolean {
  if (isUsListing(timeZone)) return isNyseSession(session);
  const day = weekday(session);
  return day !== 0 && day !== 6;
}

/**
 * The bars of one read of the source at `readAt`, as they are stored: one per session (the last row
 * wins when the source repeats a session), stamped at the session's regular open (the source stamps the
 * current session's row with its last trade time), without the sessions that have no bar yet or had no
 * session at all, and with `provisional` set by the state machine. Oldest first.
 */
export function dailyBarsFromRead(bars: readonly SourceBar[], clock: ListingClock, readAt: number): DailyBar[] {
  const bySession = new Map<string, DailyBar>();
  for (const bar of bars) {
    const session = zonedDate(bar.time, clock.timeZone);
    if (!hasSession(session, clock.timeZone)) continue;
    const state = dailyBarState(session, readAt);
    if (state === 'none') continue;
    bySession.set(session, {
      time: zonedTime(session, Math.floor(clock.openMinute / 60), clock.openMinute % 60, clock.timeZone),
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
      session,
      ...(state === 'provisional' ? { provisional: true as const } : {}),
    });
  }
  return [...bySession.values()].sort((a, b) => a.time - b.time);
}

/** True when a session's bar may be served at `now` (never before the session's 17:00 ET). */
export function isPublished(session: string, now: number): boolean {
  return publishTime(session) <= now;
}

/**
 * The latest moment at or before `now` when a stored daily series may have changed state at the source
 * (a 17:00 ET publication or a 04:00 ET settle): data read since then are current.
 */
export function latestDailyTransition(now: number): number {
  const today = zonedDate(now, US_EASTERN);
  const candidates = [0, -1].flatMap((days) => {
    const date = addDays(today, days);
    return [zonedTime(date, PUBLISH_HOUR_ET, 0, US_EASTERN), zonedTime(date, SETTLE_FROM_HOUR_ET, 0, US_EASTERN)];
  });
  return Math.max(...candidates.filter((t) => t <= now));
}

/** The session date of a moment (e.g. a live price's time) in the listing's exchange calendar. */
export function sessionDateOf(seconds: number, timeZone: string): string {
  return zonedDate(seconds, timeZone);
}
