import { INTRADAY_DEPTH_SECONDS, priceDecimals, type Chart, type ChartBar } from '../sources/yahooChart';
import { roundDecimal } from '../numbers/round';
import { PERIOD_SECONDS, periodStart, type OhlcvBar, type Period } from '../markets/timeSeries';
import { dailyBarsFromRead, isUsListing, type DailyBar, type ListingClock } from './dailyBars';
import { zonedMinuteOfDay } from '../time/zoned';

/**
 * What one read of the chart source (lib/sources/yahooChart.ts) becomes in the store: the listing's
 * snapshot (name, exchange, currency, clock, live price) and its bars, rounded.
 *
 * Rounding: prices to the listing's quote precision — Yahoo's `priceHint` decimals when given, else
 * 2 decimals (4 below 1.00) — which also removes the float32 noise the source carries (187.44000244140625 →
 * 187.44); volumes to whole shares.
 *
 * Currency: prices are served in the currency's major unit. The London Stock Exchange quotes in pence, which
 * Yahoo reports as currency `GBp` (chart-OCDO.L recording: 305.3 GBp = £3.053): such a read is converted
 * once, before anything is stored, to `GBP` with every price divided by 100 and two more decimals, so
 * /v1/stockprice and /v1/stockpricehistorical agree.
 */

/** One stored record per ticker in the `stock-quotes` collection. */
export interface StockSnapshot {
  ticker: string;
  /** the source's long name (short name when there is none) */
  name: string | null;
  /** the source's full exchange name (e.g. NasdaqGS, Tokyo, XETRA) */
  exchange: string | null;
  currency: string | null;
  instrument_type: string;
  /** IANA zone of the listing's exchange */
  time_zone: string;
  /** the regular session's open, minutes after local midnight */
  open_minute: number;
  /** decimals prices are rounded to */
  price_decimals: number;
  /** the live (latest) price, its time (Unix seconds) and the day's volume so far */
  price: number | null;
  price_time: number | null;
  volume: number | null;
  /** Unix seconds of the read */
  read_at: number;
}

/** Quote units that are a hundredth of a currency: Yahoo's `GBp` for LSE pence (GBX, the other spelling of pence). */
const MINOR_UNITS: Record<string, string> = { GBp: 'GBP', GBX: 'GBP' };

/** A chart quoted in a minor unit (pence) in its major unit (pounds): prices ÷ 100, priceHint + 2; others as they are. */
export function inMajorUnit(chart: Chart): Chart {
  const major = chart.meta.currency === null ? undefined : MINOR_UNITS[chart.meta.currency];
  if (major === undefined) return chart;
  const scale = (value: number) => value / 100;
  const scaleOrNull = (value: number | null) => (value === null ? null : scale(value));
  const { meta } = chart;
  return {
    meta: {
      ...meta,
      currency: major,
      regularMarketPrice: scaleOrNull(meta.regularMarketPrice),
      regularMarketDayHigh: scaleOrNull(meta.regularMarketDayHigh),
      regularMarketDayLow: scaleOrNull(meta.regularMarketDayLow),
      fiftyTwoWeekHigh: scaleOrNull(meta.fiftyTwoWeekHigh),
      fiftyTwoWeekLow: scaleOrNull(meta.fiftyTwoWeekLow),
      chartPreviousClose: scaleOrNull(meta.chartPreviousClose),
      previousClose: scaleOrNull(meta.previousClose),
      priceHint: typeof meta.priceHint === 'number' ? meta.priceHint + 2 : meta.priceHint,
    },
    bars: chart.bars.map((bar) => ({ ...bar, open: scale(bar.open), high: scale(bar.high), low: scale(bar.low), close: scale(bar.close) })),
  };
}


const roundVolume = (volume: number | null) => (volume === null ? null : Math.round(volume));

export function clockOf(snapshot: Pick<StockSnapshot, 'time_zone' | 'open_minute'>): ListingClock {
  return { timeZone: snapshot.time_zone, openMinute: snapshot.open_minute };
}

export function snapshotOf(ticker: string, chart: Chart, readAt: number): StockSnapshot {
  const { meta } = chart;
  const timeZone = meta.exchangeTimezoneName;
  const openMinute = meta.currentTradingPeriod
    ? zonedMinuteOfDay(meta.currentTradingPeriod.start, timeZone)
    : isUsListing(timeZone)
      ? 9 * 60 + 30
      : chart.bars[0]
        ? zonedMinuteOfDay(chart.bars[0].time, timeZone)
        : 0;
  const decimals = priceDecimals(meta.priceHint, meta.regularMarketPrice ?? chart.bars.at(-1)?.close ?? null);
  return {
    ticker,
    name: meta.longName ?? meta.shortName,
    exchange: meta.fullExchangeName ?? meta.exchangeName,
    currency: meta.currency,
    instrument_type: meta.instrumentType,
    time_zone: timeZone,
    open_minute: openMinute,
    price_decimals: decimals,
    price: meta.regularMarketPrice === null ? null : roundDecimal(meta.regularMarketPrice, decimals),
    price_time: meta.regularMarketTime,
    volume: roundVolume(meta.regularMarketVolume),
    read_at: readAt,
  };
}

function roundBar<B extends ChartBar>(bar: B, decimals: number): B {
  return {
    ...bar,
    open: roundDecimal(bar.open, decimals),
    high: roundDecimal(bar.high, decimals),
    low: roundDecimal(bar.low, decimals),
    close: roundDecimal(bar.close, decimals),
    volume: roundVolume(bar.volume),
  };
}

/** The daily bars of a read, through the publication state machine (lib/stocks/dailyBars.ts). */
export function dailyBarsOf(chart: Chart, snapshot: StockSnapshot, readAt: number): DailyBar[] {
  return dailyBarsFromRead(
    chart.bars.map((bar) => roundBar(bar, snapshot.price_decimals)),
    clockOf(snapshot),
    readAt,
  );
}

/** An intraday bar as stored and served. */
export type IntradayBar = OhlcvBar;

/** The intraday rows of a read whose period has ended at `readAt` (the source's last row is still trading). */
export function intradayBarsOf(chart: Chart, period: IntradayPeriod, decimals: number, readAt: number): IntradayBar[] {
  const size = PERIOD_SECONDS[period];
  const byTime = new Map<number, IntradayBar>();
  for (const row of chart.bars) if (row.time + size <= readAt) byTime.set(row.time, roundBar(row, decimals));
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/**
 * 4h bars from 1h bars on UTC-aligned 4-hour periods (the alignment the other families use): open of the
 * first, close of the last, high/low extremes, summed volume. Only periods that have ended at `now`. Oldest first.
 */
export function fourHourBars(hourly: readonly IntradayBar[], now: number): IntradayBar[] {
  const groups = new Map<number, IntradayBar[]>();
  for (const bar of [...hourly].sort((a, b) => a.time - b.time)) {
    const start = periodStart(bar.time, '4h');
    if (start + PERIOD_SECONDS['4h'] > now) continue;
    groups.set(start, [...(groups.get(start) ?? []), bar]);
  }
  return [...groups.entries()].map(([start, group]) => {
    const volumes = group.map((g) => g.volume).filter((v): v is number => v !== null);
    return {
      time: start,
      open: group[0]!.open,
      high: Math.max(...group.map((g) => g.high)),
      low: Math.min(...group.map((g) => g.low)),
      close: group.at(-1)!.close,
      volume: volumes.length ? volumes.reduce((a, b) => a + b, 0) : null,
    };
  });
}

export type IntradayPeriod = Exclude<Period, '1d'>;
/** the periods stored as series (4h is built from 1h) */
export type StoredIntradayPeriod = Exclude<Period, '1d' | '4h'>;

/** The Yahoo interval read for a period (4h is built from 60m rows). */
export const SOURCE_INTERVAL: Record<IntradayPeriod, '1m' | '5m' | '15m' | '30m' | '60m'> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '60m',
  '4h': '60m',
};

/** How far back the source serves each intraday interval; also the stored bars' retention (TTL). */
export const INTRADAY_HISTORY_SECONDS = Object.fromEntries(
  Object.entries(SOURCE_INTERVAL).map(([period, interval]) => [period, INTRADAY_DEPTH_SECONDS[interval]]),
) as Record<IntradayPeriod, number>;
