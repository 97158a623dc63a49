import { InvalidParameterError, UpstreamError } from '../http/errors';
import { logger } from '../http/observability';
import { enumParam, integerParam } from '../http/params';
import type { UpstreamFailure } from '../sources/http';
import type { BarExtent } from '../store/collections';

/**
 * The time-series rules every history endpoint shares (CONTRACT "Time-series defaults"): the periods
 * 1m … 1d, Unix-second bounds, `start` defaulting to `end − 100 × period` unless the spec gives a window,
 * at most 1000 bars a call, newest first.
 *
 * And one way to answer a window (stocks, crypto, commodities, oil): bars stored in it are served; a window
 * the store does not hold is read from the upstream on demand. The upstream answering no bars (a weekend)
 * is `200 []`; the upstream failing with no bar stored in the window is `502 upstream_error` whose message
 * names the range that is stored (`windowNotStored`). Failures are logged with the upstream API's name and
 * the failure class only (`logUpstreamFailure`): never the symbol, the window or the upstream's text, which
 * may echo the caller's query.
 */
export const PERIODS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_SECONDS: Record<Period, number> = { '1m': 60, '5m': 300, '15m': 900, '30m': 1800, '1h': 3600, '4h': 14_400, '1d': 86_400 };

/**
 * The longest gap between a listing's consecutive sessions a market price accepts as "the session before"
 * (stocks, futures): no exchange closes longer in the normal course (the longest, Tokyo's Golden Week of
 * 2019, put 11 days between the sessions of 26 April and 7 May). A stored bar further back means the bars
 * between are missing, and a close from then is not the previous close, so previous_close and change are null.
 */
export const MAX_DAYS_BETWEEN_SESSIONS = 14;

/** The most bars one call returns. */
export const MAX_BARS = 1000;
/** Bars in the default window (`start` = `end` − 100 periods). */
export const DEFAULT_WINDOW_BARS = 100;

/** Latest accepted Unix time (year 2100): rejects milliseconds passed as seconds. */
const MAX_UNIX_SECONDS = 4_102_444_800;

export function periodParam(description: string) {
  return enumParam(PERIODS, description);
}

/** A Unix time in seconds (digits; negative values allowed for pre-1970 history). */
export function unixSecondsParam(description: string) {
  return integerParam(-2_208_988_800, MAX_UNIX_SECONDS, `${description} (Unix seconds)`);
}

/** An OHLCV bar as the chart-style sources give it and the stores keep it. */
export interface OhlcvBar {
  /** open time, Unix seconds */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** null where the source has none (indices, some futures) */
  volume: number | null;
}

export interface TimeWindow {
  /** inclusive, Unix seconds */
  from: number;
  /** inclusive, Unix seconds */
  to: number;
}

/**
 * The window a history call covers: `end` defaults to now, `start` to `end − defaultSpanSeconds`
 * (default 100 periods). `start` after `end` → 400.
 */
export function timeWindow(
  params: { start?: number; end?: number },
  period: Period,
  now: Date,
  defaultSpanSeconds = DEFAULT_WINDOW_BARS * PERIOD_SECONDS[period],
): TimeWindow {
  const to = params.end ?? Math.floor(now.getTime() / 1000);
  const from = params.start ?? to - defaultSpanSeconds;
  if (from > to) throw new InvalidParameterError(`Parameter 'start' (${from}) must not be after 'end' (${to}).`, 'start');
  return { from, to };
}

/** The open time of the period containing `time` (UTC-aligned, as Binance and Yahoo align intraday bars). */
export function periodStart(time: number, period: Period): number {
  const size = PERIOD_SECONDS[period];
  return Math.floor(time / size) * size;
}

/** A bar time as the message shows it: the date for daily bars, else date and UTC time. */
function shownTime(time: number, period: Period): string {
  const iso = new Date(time * 1000).toISOString();
  return period === '1d' ? iso.slice(0, 10) : `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * 502 for a window that is not stored when the upstream failed: names what IS stored (open times of the
 * oldest and newest bar, also as `start`/`end` values to ask for), marked sample data where it is.
 */
export function windowNotStored(source: string, series: string, period: Period, stored: BarExtent<{ time: number }> | undefined): UpstreamError {
  const unavailable = `${source} could not be reached and no ${series} ${period} bars are stored for this window`;
  if (!stored) return new UpstreamError(`${unavailable}, nor for any other; try again later.`);
  const from = stored.oldest.value.time;
  const to = stored.newest.value.time;
  const what = stored.oldest.sample || stored.newest.sample ? 'sample data' : 'stored bars';
  return new UpstreamError(
    `${unavailable}; ${what} cover ${shownTime(from, period)} to ${shownTime(to, period)} (start=${from}&end=${to}): ask for a window inside that range, or try again later.`,
  );
}

/** Logs an on-demand upstream failure: which upstream API and the failure class only. */
export function logUpstreamFailure(api: string, error: UpstreamFailure): void {
  logger.warn('on-demand upstream read failed', { api, failure: error.kind, ...(error.status !== undefined ? { status: error.status } : {}) });
}
