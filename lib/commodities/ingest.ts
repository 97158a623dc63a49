import type { JobSummary } from '../ingest/job';
import type { Period } from '../markets/timeSeries';
import type { WriteContext } from '../store/marketData';
import type { YahooChartClient } from '../sources/yahooChart';
import { COMMODITIES } from './catalog';
import { aggregateBars, barsOf, fourHourBarsOf, FROM_MINUTES, intradayWindowStart, type FuturesBar } from './bars';
import { listedContracts, yahooContractSymbol } from './contracts';
import { FRONT_MONTH_SYMBOLS } from './futuresSymbols';
import { quoteOf, type FuturesQuote } from './quotes';
import { futuresBars, futuresContracts, futuresQuotes, type ContractQuote } from './store';

/**
 * The three futures jobs (lib/api/commodities.ts), each fetching and validating everything before
 * writing anything, so a failing upstream (after the client's retries) leaves the stored data as they were:
 *
 * - quotes (every 5 minutes): each front-month symbol once, `interval=1d&range=5d` → the quote and the
 *   recent daily bars; `range=2y` instead while the symbol has no daily bar older than 30 days (backfill).
 * - intraday bars (every 5 minutes): `interval=1m` from a 4-hour boundary at least 4 hours back → 1m bars
 *   and the 5m … 4h aggregates; plus `interval=60m&range=1mo` (→ 1h and 4h) while the symbol has no 1h bar
 *   older than a day (backfill).
 * - contracts (every 30 minutes): the next 6 listed contract months of each commodity (GCZ26.CMX …) →
 *   last price and time. Yahoo's 404 (a month it does not carry) and a last trade older than 14 days
 *   (an expired month) skip the contract; no contract at all fails the run (nothing replaced).
 *
 * A symbol Yahoo does not know (404) is skipped with a note (none answering at all fails the run); any other
 * failure fails the run.
 */
export const CONTRACTS_PER_COMMODITY = 6;
export const STALE_CONTRACT_SECONDS = 14 * 86_400;
const DAILY_BACKFILL_AGE = 30 * 86_400;
const HOURLY_BACKFILL_AGE = 86_400;

const secondsOf = (now: Date) => Math.floor(now.getTime() / 1000);

async function hasBarOlderThan(symbol: string, period: Period, ageSeconds: number, now: Date): Promise<boolean> {
  const bars = await futuresBars.query(symbol, period, { to: secondsOf(now) - ageSeconds, limit: 1, order: 'newest' }, now);
  return bars.length > 0;
}

export async function ingestFrontMonthQuotes(client: YahooChartClient, context: WriteContext): Promise<JobSummary> {
  const quotes: FuturesQuote[] = [];
  const daily: { symbol: string; bars: FuturesBar[] }[] = [];
  const notes: string[] = [];
  for (const { symbol, root } of FRONT_MONTH_SYMBOLS) {
    const backfill = !(await hasBarOlderThan(symbol, '1d', DAILY_BACKFILL_AGE, context.now));
    const chart = await client.chart(symbol, { interval: '1d', range: backfill ? '2y' : '5d' });
    if (!chart) {
      notes.push(`${symbol}: unknown to the upstream, skipped`);
      continue;
    }
    quotes.push(quoteOf(chart, root));
    daily.push({ symbol, bars: barsOf(chart) });
  }
  if (quotes.length === 0) throw new Error('no front-month symbol answered; stored quotes kept');
  await futuresQuotes.put(quotes, context);
  for (const { symbol, bars } of daily) await futuresBars.put(symbol, '1d', bars, context);
  return { written: quotes.length + daily.reduce((n, d) => n + d.bars.length, 0), notes };
}

export async function ingestIntradayBars(client: YahooChartClient, context: WriteContext): Promise<JobSummary> {
  const nowSeconds = secondsOf(context.now);
  const windowStart = intradayWindowStart(nowSeconds);
  const series: { symbol: string; period: Period; bars: FuturesBar[] }[] = [];
  const notes: string[] = [];
  for (const { symbol } of FRONT_MONTH_SYMBOLS) {
    const minutes = await client.chart(symbol, { interval: '1m', period1: windowStart, period2: nowSeconds });
    if (!minutes) {
      notes.push(`${symbol}: unknown to the upstream, skipped`);
      continue;
    }
    const hourly: FuturesBar[] = [];
    if (!(await hasBarOlderThan(symbol, '1h', HOURLY_BACKFILL_AGE, context.now))) {
      const history = await client.chart(symbol, { interval: '60m', range: '1mo' });
      hourly.push(...(history ? barsOf(history) : []));
    }
    if (hourly.length > 0) series.push({ symbol, period: '1h', bars: hourly }, { symbol, period: '4h', bars: fourHourBarsOf(hourly) });
    const oneMinute = barsOf(minutes).filter((bar) => bar.time >= windowStart);
    series.push({ symbol, period: '1m', bars: oneMinute });
    for (const period of FROM_MINUTES) series.push({ symbol, period, bars: aggregateBars(oneMinute, period, windowStart) });
  }
  if (notes.length === FRONT_MONTH_SYMBOLS.length) throw new Error('no front-month symbol answered; stored bars kept');
  for (const { symbol, period, bars } of series) if (bars.length > 0) await futuresBars.put(symbol, period, bars, context);
  return { written: series.reduce((n, s) => n + s.bars.length, 0), notes };
}

export async function ingestContracts(client: YahooChartClient, context: WriteContext): Promise<JobSummary> {
  const nowSeconds = secondsOf(context.now);
  const contracts: ContractQuote[] = [];
  let skipped = 0;
  for (const commodity of COMMODITIES) {
    for (const contract of listedContracts(commodity, context.now, CONTRACTS_PER_COMMODITY)) {
      const chart = await client.chart(yahooContractSymbol(contract, commodity), { interval: '1d', range: '5d' });
      const last = chart?.bars[chart.bars.length - 1];
      const price = chart?.meta.regularMarketPrice ?? last?.close;
      const updated = chart?.meta.regularMarketTime ?? last?.time;
      if (price === undefined || updated === undefined || updated < nowSeconds - STALE_CONTRACT_SECONDS) {
        skipped += 1;
        continue;
      }
      contracts.push({ symbol: contract.symbol, commodity: commodity.name, contract_month: contract.contractMonth, last_price: price, last_updated: updated });
    }
  }
  if (contracts.length === 0) throw new Error('no contract month answered with a recent price; stored contracts kept');
  await futuresContracts.replaceAll(contracts, context);
  return { written: contracts.length, notes: skipped > 0 ? [`${skipped} contract months without a recent price skipped`] : [] };
}
