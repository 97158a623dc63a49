import type { ChartRequest, YahooChartClient } from '../sources/yahooChart';
import { PERIOD_SECONDS } from '../markets/timeSeries';
import { dailyBarsOf, inMajorUnit, intradayBarsOf, INTRADAY_HISTORY_SECONDS, snapshotOf, SOURCE_INTERVAL, type StoredIntradayPeriod } from './chartRead';
import type { DailyCoverage, TickerRead } from './store';

/**
 * Reads of one ticker from the chart source, turned into what the store keeps (nothing is written here):
 * jobs collect reads and write them after every fetch has succeeded; the request path writes its one read.
 * `undefined`: the source does not know the symbol.
 */

/** One chart read, in the currency's major unit (pence → pounds), or undefined for an unknown symbol. */
async function readChart(client: YahooChartClient, ticker: string, request: ChartRequest) {
  const chart = await client.chart(ticker, request);
  return chart && inMajorUnit(chart);
}

/** The recent daily window the jobs read (the last five sessions). */
export const RECENT_DAILY: ChartRequest = { interval: '1d', range: '5d' };
/** A quote-only read (the snapshot's live price, time and volume). */
export const QUOTE: ChartRequest = { interval: '1d', range: '1d' };

/**
 * Daily coverage after a read: a read from `period1` covers [period1, readAt]; a named range covers
 * [first bar, readAt]. It joins the stored coverage when the two overlap.
 */
export function coverageAfter(readFrom: number, readAt: number, previous: DailyCoverage | undefined): DailyCoverage {
  const joins = previous !== undefined && previous.read_at >= readFrom && previous.from <= readAt;
  return { from: joins ? Math.min(previous.from, readFrom) : readFrom, read_at: readAt };
}

/** Daily bars and snapshot: the recent window (jobs, stock price) or a window from `period1` to now (history). */
export async function readDaily(
  client: YahooChartClient,
  ticker: string,
  readAt: number,
  previous: DailyCoverage | undefined,
  period1?: number,
): Promise<TickerRead | undefined> {
  const request: ChartRequest = period1 === undefined ? RECENT_DAILY : { interval: '1d', period1, period2: readAt + 86_400 };
  const chart = await readChart(client, ticker, request);
  if (!chart) return undefined;
  const snapshot = snapshotOf(ticker, chart, readAt);
  const bars = dailyBarsOf(chart, snapshot, readAt);
  const readFrom = period1 ?? chart.bars[0]?.time ?? readAt;
  return { snapshot, daily: { bars, coverage: coverageAfter(readFrom, readAt, previous) } };
}

/** The snapshot alone (live price). */
export async function readQuote(client: YahooChartClient, ticker: string, readAt: number): Promise<TickerRead | undefined> {
  const chart = await readChart(client, ticker, QUOTE);
  return chart ? { snapshot: snapshotOf(ticker, chart, readAt) } : undefined;
}

/**
 * The source window for intraday bars of one stored period between `from` and `to`, clipped to the
 * source's history depth (1m: 7 days, 5m–30m: 60 days, 1h: 730 days); null when the window lies wholly
 * before that depth (nothing to read).
 */
export function intradayRequest(period: StoredIntradayPeriod, from: number, to: number, readAt: number): { period1: number; period2: number } | null {
  const period1 = Math.max(from, readAt - INTRADAY_HISTORY_SECONDS[period] + 3600);
  const period2 = Math.min(to + PERIOD_SECONDS[period], readAt);
  return period1 < period2 ? { period1, period2 } : null;
}

/** Intraday bars (completed periods only) and the snapshot. */
export async function readIntraday(
  client: YahooChartClient,
  ticker: string,
  period: StoredIntradayPeriod,
  window: { period1: number; period2: number },
  readAt: number,
): Promise<TickerRead | undefined> {
  const chart = await readChart(client, ticker, { interval: SOURCE_INTERVAL[period], ...window });
  if (!chart) return undefined;
  const snapshot = snapshotOf(ticker, chart, readAt);
  return {
    snapshot,
    intraday: {
      period,
      bars: intradayBarsOf(chart, period, snapshot.price_decimals, readAt),
    },
  };
}
