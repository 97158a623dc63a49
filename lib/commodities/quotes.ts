import type { Chart } from '../sources/yahooChart';
import { MAX_DAYS_BETWEEN_SESSIONS } from '../markets/timeSeries';
import { addDays } from '../time/calendarDate';
import { zonedDate } from '../time/zoned';
import { frontContractOf } from './contracts';

/**
 * The front-month quote of a futures symbol, built from one Yahoo chart answer (`interval=1d`, a few days
 * or more): what every commodity and oil endpoint serves as "the current price".
 *
 * - price / updated: `meta.regularMarketPrice` / `meta.regularMarketTime` (the last trade), else the last
 *   daily bar's close / open time.
 * - previous_close: the close of the newest daily bar of an earlier trading day than `updated` (trading
 *   days in the exchange's time zone, as Yahoo stamps daily bars at 00:00 exchange time), null when that bar
 *   is more than MAX_DAYS_BETWEEN_SESSIONS before (bars are missing between: a recording's old window beside
 *   its recording day's quote); with no earlier bar in the window, `meta.chartPreviousClose` (the close
 *   before the window), and null when the window holds no bar at all.
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

export function quoteOf(chart: Chart, root: string): FuturesQuote {
  const { meta, bars } = chart;
  const last = bars[bars.length - 1];
  const price = meta.regularMarketPrice ?? last?.close;
  const updated = meta.regularMarketTime ?? last?.time;
  if (price === undefined || updated === undefined) throw new QuoteError(`${meta.symbol}: the chart has neither a price nor a bar`);
  const timeZone = meta.exchangeTimezoneName;
  const daily = bars.slice(-RECENT_DAYS).map((bar) => ({ time: bar.time, date: zonedDate(bar.time, timeZone), close: bar.close, volume: bar.volume }));
  const today = zonedDate(updated, timeZone);
  const before = daily.filter((bar) => bar.date < today).at(-1);
  const previousClose = before
    ? before.date >= addDays(today, -MAX_DAYS_BETWEEN_SESSIONS) ? before.close : null
    : daily.length > 0 ? meta.chartPreviousClose : null;
  const contract = frontContractOf(meta.shortName, root);
  return {
    symbol: meta.symbol,
    price,
    previous_close: previousClose,
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
