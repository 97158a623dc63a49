import { DataUnavailableError } from '../http/errors';
import { jobRuns } from '../ingest/job';
import { logUpstreamFailure, MAX_BARS, PERIOD_SECONDS, windowNotStored, type Period, type TimeWindow } from '../markets/timeSeries';
import { ON_DEMAND_CLIENT, UpstreamFailure } from '../sources/http';
import { INTRADAY_DEPTH_SECONDS, yahooChartClient, type YahooChartClient } from '../sources/yahooChart';
import type { Stored } from '../store/collections';
import { barsOf, fourHourBarsOf, RETENTION_SECONDS, type FuturesBar } from './bars';
import { futuresBars } from './store';

/**
 * Front-month bar history, shared by /v1/commoditypricehistorical and /v1/oilpricehistorical: the bars the
 * futures jobs keep, newest first, at most 1000. A window in which no bar is stored and which reaches
 * outside the stored range (before the oldest bar, or after both the newest bar and the last successful run
 * of the job that writes the period) is read from the chart source on demand and the bars are stored
 * (read-through); a window inside the stored range without bars had none (a weekend). As on every history
 * endpoint (lib/markets/timeSeries.ts): the source answering no bars is 200 [], the source failing is 502
 * naming the stored range. Nothing ingested yet is 503.
 */

/** The jobs that keep the front-month series current: daily bars come with the quotes, intraday bars on their own. */
export const FUTURES_JOBS = { quotes: 'commodityQuotes', intraday: 'commodityIntradayBars' } as const;

/** The chart interval read for each period (5m … 30m natively, 4h built from 60m). */
const INTERVAL: Record<Period, keyof typeof INTRADAY_DEPTH_SECONDS | '1d'> = { '1m': '1m', '5m': '5m', '15m': '15m', '30m': '30m', '1h': '60m', '4h': '60m', '1d': '1d' };

/** Bars of `symbol` (a Yahoo front-month symbol) in the window; `name` is how messages call it (wheat, wti). */
export async function frontMonthHistory(symbol: string, name: string, period: Period, window: TimeWindow, now: Date): Promise<Stored<FuturesBar>[]> {
  const stored = await futuresBars.query(symbol, period, { from: window.from, to: window.to, limit: MAX_BARS, order: 'newest' }, now);
  if (stored.length > 0) return stored;
  const extent = await futuresBars.extent(symbol, period, now);
  if (!extent) throw new DataUnavailableError(`No ${period} bars of ${name} have been ingested yet; try again later.`);
  const run = await jobRuns.get(period === '1d' ? FUTURES_JOBS.quotes : FUTURES_JOBS.intraday, now);
  const currentUntil = Math.max(extent.newest.value.time, run?.value.last_success ?? -Infinity);
  if (window.from >= extent.oldest.value.time && window.to <= currentUntil) return [];
  let bars: FuturesBar[];
  try {
    bars = await readWindow(yahooChartClient(ON_DEMAND_CLIENT), symbol, period, window, now);
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    logUpstreamFailure('yahoo chart', error);
    throw windowNotStored('The futures price source', name, period, extent);
  }
  const retention = RETENTION_SECONDS[period];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  await futuresBars.put(symbol, period, bars.filter((bar) => retention === undefined || bar.time + retention > nowSeconds), { now, sample: false });
  return bars
    .filter((bar) => bar.time >= window.from && bar.time <= window.to)
    .sort((a, b) => b.time - a.time)
    .slice(0, MAX_BARS)
    .map((value) => ({ value, sample: false, storedAt: nowSeconds }));
}

/** The source's bars for the window, as the period's bars (nothing to read for a window older than the source keeps). */
async function readWindow(client: YahooChartClient, symbol: string, period: Period, window: TimeWindow, now: Date): Promise<FuturesBar[]> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const interval = INTERVAL[period];
  // whole 4h buckets (from the boundary at or before the window's start), no further back than the source keeps
  const earliest = interval === '1d' ? -Infinity : nowSeconds - INTRADAY_DEPTH_SECONDS[interval] + 3600;
  const from = Math.max(period === '4h' ? window.from - (window.from % PERIOD_SECONDS['4h']) : window.from, earliest);
  const to = Math.min(window.to + PERIOD_SECONDS[period], nowSeconds);
  if (from >= to) return [];
  const chart = await client.chart(symbol, { interval, period1: from, period2: to });
  if (!chart) throw new UpstreamFailure('status', `the chart source does not know the front-month symbol ${symbol}`, 404);
  const bars = barsOf(chart);
  // as the intraday job's backfill stores them: 60m bars as 1h, and 4h built from them
  return period === '4h' ? fourHourBarsOf(bars) : bars;
}
