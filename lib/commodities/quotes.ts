import type { Chart } from '../sources/yahooChart';
import { frontContractOf } from './contracts';

/**
 * The front-month quote of a futures symbol, built from one Yahoo chart answer (`interval=1d`, a few days
 * or more): what every commodity and oil endpoint serves as "the current price".
 *
 * - price / updated: `meta.regularMarketPrice` / `meta.regularMarketTime` (the last trade), else the last
 *   daily bar's close / open time.
 * - previous_close: the close of the newest daily bar of an earlier trading day than `updated` (trading
 *   days in the exchange's time zone, as Yahoo stamps daily bars at 00:00 exchange time); else
 *   `meta.chartPreviousClose` (the close before the window).
 * - day high/low, 52-week high/low, volume: the meta's regularMarketDayHigh/Low, fiftyTwoWeekHigh/Low,
 *   regularMarketVolume (null when Yahoo leaves them out).
 * - front contract: from `meta.shortName` ("Crude Oil Oct 26" → CLV26, 2026-10); null when the name has no month.
 * - daily: the last 10 daily bars of the answer (oldest first), kept for the free daily close of /v1/oilprice.
 *
 * A chart with neither a price nor a bar is not a quote: QuoteError (the job fails and writes nothing).
 */
export interface DailyClose {
  /** bar open time (00:00 exchange time of the trading day), Unix seconds */
  time: number;
  /** trading day YYYY-MM-DD */
  date: string;
  close: number;
  volume: number | null;
}

export interface FuturesQuote {
  /** Yahoo symbol, e.g. CL=F */
  symbol: string;
  price: number;
  previous_close: number | null;
  day_high: number | null;
  day_low: number | null;
  high_52w: number | null;
  low_52w: number | null;
  volume: number | null;
  /** last trade, Unix seconds */
  updated: number;
  futures_contract: string | null;
  futures_contract_month: string | null;
  /** IANA zone of the exchange (trading days) */
  time_zone: string;
  daily: DailyClose[];
}

export class QuoteError extends Error {}

/** daily bars kept in the quote */
export const RECENT_DAYS = 10;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of a Unix time in an IANA time zone. */
export function localDate(unixSeconds: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(new Date(unixSeconds * 1000));
}

/** The UTC instant of a wall-clock time (`date` YYYY-MM-DD, hour:minute) in an IANA time zone, Unix seconds. */
export function zonedTime(date: string, hour: number, minute: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute) / 1000;
  // the zone's offset at a guess, then once more at the corrected instant (DST changes)
  let instant = wall;
  for (let i = 0; i < 2; i += 1) instant = wall - offsetSeconds(instant, timeZone);
  return instant;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetSeconds(unixSeconds: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(unixSeconds * 1000)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round(asUtc / 1000 - unixSeconds);
}

export function quoteOf(chart: Chart, root: string): FuturesQuote {
  const { meta, bars } = chart;
  const last = bars[bars.length - 1];
  const price = meta.regularMarketPrice ?? last?.close;
  const updated = meta.regularMarketTime ?? last?.time;
  if (price === undefined || updated === undefined) throw new QuoteError(`${meta.symbol}: the chart has neither a price nor a bar`);
  const timeZone = meta.exchangeTimezoneName;
  const daily = bars.slice(-RECENT_DAYS).map((bar) => ({ time: bar.time, date: localDate(bar.time, timeZone), close: bar.close, volume: bar.volume }));
  const today = localDate(updated, timeZone);
  const earlier = daily.filter((bar) => bar.date < today);
  const contract = frontContractOf(meta.shortName, root);
  return {
    symbol: meta.symbol,
    price,
    previous_close: earlier[earlier.length - 1]?.close ?? meta.chartPreviousClose,
    day_high: meta.regularMarketDayHigh,
    day_low: meta.regularMarketDayLow,
    high_52w: meta.fiftyTwoWeekHigh,
    low_52w: meta.fiftyTwoWeekLow,
    volume: meta.regularMarketVolume,
    updated,
    futures_contract: contract?.symbol ?? null,
    futures_contract_month: contract?.contractMonth ?? null,
    time_zone: timeZone,
    daily,
  };
}
