import { needsPlan, NoDataError, PlanRequiredError } from '../http/errors';
import { ACCESS, type Plan } from '../http/plans';
import { sampleMark } from '../http/sample';
import { MAX_BARS, PERIOD_SECONDS, periodStart, timeWindow, windowNotStored, type Period, type TimeWindow } from '../markets/timeSeries';
import type { Stored } from '../store/marketData';
import { fourHourBars, type IntradayBar, type IntradayPeriod, type StoredIntradayPeriod } from './chartRead';
import { latestDailyTransition, isPublished, type DailyBar } from './dailyBars';
import { isOnWatchlist, readThrough, requestPathClient, type ReadOutcome } from './readThrough';
import { intradayRequest, readDaily, readIntraday, readQuote } from './sourceRead';
import { dailyBars, dailyCoverage, intradayBars, stockSnapshots } from './store';

/**
 * /v1/stockpricehistorical: bars newest first, at most 1000, in [start, end] (CONTRACT default window:
 * `start` = `end` − 100 periods).
 *
 * - Daily bars follow the publication schedule (lib/stocks/dailyBars.ts): never a bar for a session that
 *   has not reached 17:00 ET, `provisional: true` only while the stored bar is provisional.
 * - History depth: paid tiers below Business (and not annual) get the last 5 years (from the same UTC day
 *   and time 5 years ago); a `start` or `end` before that is 403 plan_required. Business and above and
 *   annual plans get the full archive. An omitted `start` is clamped to the 5-year floor.
 * - Daily history is read through: when the stored series does not reach back to `start` (or, outside
 *   the watchlist, is out of date), or when no bar is stored in the window and the window reaches past
 *   the last read or the newest stored bar, the window up to now is read from the source and stored.
 * - Intraday bars (1m … 4h) are read on demand for every ticker, within the source's depth (1m: 7 days,
 *   5m–30m: 60 days, 1h/4h: 730 days), stored with that retention, and served from the store when the
 *   source fails. Only bars whose period has ended are served; 4h bars are built from 1h bars.
 * - The source answering no bars for the window (a weekend) is 200 []; the source failing with no bar
 *   stored in the window is 502 naming the stored range (lib/markets/timeSeries.ts).
 */
export const HISTORY_YEARS_BELOW_BUSINESS = 5;

export interface StockBar {
  open: number;
  low: number;
  high: number;
  close: number;
  volume: number | null;
  time: number;
  provisional?: true;
  sample?: true;
}

export interface HistoryQuery {
  ticker: string;
  period: Period;
  start?: number;
  end?: number;
}

/** The earliest Unix second a plan may read, or undefined for the full archive. */
export function historyFloor(plan: Plan, now: Date): number | undefined {
  if (ACCESS.businessOrAnnual.allows(plan)) return undefined;
  const floor = new Date(now.getTime());
  floor.setUTCFullYear(floor.getUTCFullYear() - HISTORY_YEARS_BELOW_BUSINESS);
  return Math.floor(floor.getTime() / 1000);
}

/** The window a plan may read; 403 for an explicit bound before the plan's floor. */
export function historyWindow(query: HistoryQuery, plan: Plan, now: Date): TimeWindow {
  const floor = historyFloor(plan, now);
  if (floor !== undefined) {
    for (const param of ['start', 'end'] as const) {
      const value = query[param];
      if (value !== undefined && value < floor) {
        throw new PlanRequiredError(
          'parameter',
          'businessOrAnnual',
          needsPlan(`Stock history older than ${HISTORY_YEARS_BELOW_BUSINESS} years (before ${new Date(floor * 1000).toISOString().slice(0, 10)})`, 'businessOrAnnual', plan.tier),
          param,
        );
      }
    }
  }
  const window = timeWindow(query, query.period, now);
  return floor !== undefined && query.start === undefined ? { ...window, from: Math.max(window.from, floor) } : window;
}

const barOf = (stored: Stored<DailyBar | IntradayBar>, extra: { sample?: true } = {}): StockBar => {
  const bar = stored.value;
  return {
    open: bar.open,
    low: bar.low,
    high: bar.high,
    close: bar.close,
    volume: bar.volume,
    time: bar.time,
    ...('provisional' in bar && bar.provisional ? { provisional: true as const } : {}),
    ...extra,
    ...sampleMark(stored),
  };
};

/** The answer when a read failed and no bar is stored in the window: 404 for a ticker the source does not know, else 502 naming what is stored. */
async function unavailable(ticker: string, series: StoredIntradayPeriod | '1d', outcome: ReadOutcome, period: Period, now: Date): Promise<never> {
  if ('unknown' in outcome) throw new NoDataError(`No stock or index with ticker '${ticker}' is known.`);
  const stored = series === '1d' ? await dailyBars.extent(ticker, '1d', now) : await intradayBars.extent(ticker, series, now);
  throw windowNotStored('The price source', ticker, period, stored);
}

export async function stockHistory(query: HistoryQuery, plan: Plan, now: Date): Promise<StockBar[]> {
  const window = historyWindow(query, plan, now);
  return query.period === '1d' ? dailyHistory(query.ticker, window, now) : intradayHistory(query.ticker, query.period, window, now);
}

async function dailyHistory(ticker: string, window: TimeWindow, now: Date): Promise<StockBar[]> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const storedIn = () => dailyBars.query(ticker, '1d', { from: window.from, to: window.to, limit: MAX_BARS + 2, order: 'newest' }, now);
  const [coverage, before] = await Promise.all([dailyCoverage.get(ticker, now), storedIn()]);
  const stale = coverage !== undefined && !isOnWatchlist(ticker) && coverage.value.read_at < Math.min(window.to, latestDailyTransition(nowSeconds));
  // nothing stored in the window, and the window reaches past what the store was brought up to: ask the source
  const beyond = coverage !== undefined && before.length === 0 && (coverage.value.read_at < window.to || (await newestBarBefore(ticker, window.from, now)));
  let stored = before;
  if (!coverage || coverage.value.from > window.from || stale || beyond) {
    const outcome = await readThrough(() => readDaily(requestPathClient(), ticker, nowSeconds, coverage?.value, window.from), now);
    if ('read' in outcome) stored = await storedIn();
    else if (!coverage || stored.length === 0) await unavailable(ticker, '1d', outcome, '1d', now);
  }
  return stored
    .filter((bar) => isPublished(bar.value.session, nowSeconds))
    .slice(0, MAX_BARS)
    .map((s) => barOf(s));
}

/** True when every stored daily bar opened before `time` (the window lies after the newest one). */
async function newestBarBefore(ticker: string, time: number, now: Date): Promise<boolean> {
  const newest = await dailyBars.newest(ticker, '1d', now);
  return newest !== undefined && newest.value.time < time;
}

async function intradayHistory(ticker: string, period: IntradayPeriod, window: TimeWindow, now: Date): Promise<StockBar[]> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const series: StoredIntradayPeriod = period === '4h' ? '1h' : period;
  // 4h bars are built from the whole 4-hour periods of 1h bars
  const from = period === '4h' ? periodStart(window.from, '4h') : window.from;
  const to = window.to;
  const client = requestPathClient();
  const request = intradayRequest(series, from, to, nowSeconds);
  const outcome = request
    ? await readThrough(() => readIntraday(client, ticker, series, request, nowSeconds), now)
    : (await stockSnapshots.get(ticker, now))
      ? undefined
      : await readThrough(() => readQuote(client, ticker, nowSeconds), now);
  const limit = period === '4h' ? MAX_BARS * 4 + 8 : MAX_BARS;
  const stored = await intradayBars.query(ticker, series, { from, to, limit, order: 'newest' }, now);
  if (outcome && !('read' in outcome) && stored.length === 0) await unavailable(ticker, series, outcome, period, now);
  const completed = stored.filter((s) => s.value.time + PERIOD_SECONDS[series] <= nowSeconds);
  if (period !== '4h') return completed.map((s) => barOf(s));
  const sample = completed.some((s) => s.sample);
  return fourHourBars(
    completed.map((s) => s.value),
    nowSeconds,
  )
    .filter((bar) => bar.time >= window.from && bar.time <= window.to)
    .reverse()
    .slice(0, MAX_BARS)
    .map((bar) => barOf({ value: bar, sample, storedAt: nowSeconds }));
}
