import { DataUnavailableError, NoDataError } from '../http/errors';
import { ACCESS, type Plan } from '../http/plans';
import { errorFacts, logger } from '../http/observability';
import { sampleMark } from '../http/sample';
import { logUpstreamFailure, windowNotStored, type Period, type TimeWindow } from '../markets/timeSeries';
import { binanceClient, type BinanceClient } from '../sources/binance';
import { ON_DEMAND_CLIENT, UpstreamFailure } from '../sources/http';
import type { Stored } from '../store/marketData';
import {
  barResponse,
  closedBars,
  coversWindow,
  expectedOpenTimes,
  INGESTION_LAG_SECONDS,
  newestInWindow,
  onDemandRange,
  overlappingBars,
  unexpiredBars,
  type CryptoBar,
  type CryptoBarResponse,
} from './bars';
import { cryptoBars, listedSymbolNames, listingOf, priceSnapshot } from './store';
import { DEFAULT_WATCHLIST, SYMBOL_LIST_ACCESS } from './symbols';

/**
 * What the crypto endpoints answer:
 * - /v1/cryptoprice: the last ingested price of a listed symbol (one ticker/price snapshot a minute);
 * - /v1/cryptosymbols: the stored list, sorted;
 * - /v1/cryptopricehistorical: stored bars when they cover the window; otherwise Binance is asked on
 *   demand (any listed symbol, any depth Binance has), the closed bars are stored with their TTL
 *   (read-through) and served. If that fetch fails, what is stored in the window is served; with nothing
 *   stored in it, 502 naming the stored range. A window Binance has no bars for is 200 [] (the rule every
 *   history endpoint follows, lib/markets/timeSeries.ts).
 * A symbol not on the list is 404 no_data naming a few listed pairs like it (and /v1/cryptosymbols where the
 * caller's plan may call it); nothing ingested yet is 503 data_unavailable.
 */

const notIngested = (what: string) => new DataUnavailableError(`Crypto ${what} have not been ingested yet; try again in a few minutes.`);

/** Pairs named in a 404, at most. */
const SUGGESTED_PAIRS = 5;
/** The quote assets most pairs are asked in, in the order suggestions prefer them. */
const COMMON_QUOTES = ['USDT', 'USDC', 'FDUSD', 'EUR', 'BTC', 'ETH', 'BNB'];
const quoteRank = (pair: string) => {
  const rank = COMMON_QUOTES.findIndex((quote) => pair.endsWith(quote));
  return rank < 0 ? COMMON_QUOTES.length : rank;
};

/**
 * Listed pairs like an unlisted `symbol`: those it begins (BTC → BTCUSDT, BTCUSDC, …) in the order of their
 * quote asset's use, else those of the watchlist of major pairs.
 */
function similarPairs(symbol: string, listed: readonly string[]): string[] {
  const starting = listed.filter((pair) => pair.startsWith(symbol)).sort((a, b) => quoteRank(a) - quoteRank(b));
  const pairs = starting.length > 0 ? starting : DEFAULT_WATCHLIST.filter((pair) => listed.includes(pair));
  return pairs.slice(0, SUGGESTED_PAIRS);
}

/**
 * 404 for a pair not on the list: the hint works for every plan (a free key cannot call the Premium
 * /v1/cryptosymbols, so it names pairs; paid keys are also pointed at the whole list).
 */
async function requireListed(symbol: string, plan: Plan, now: Date): Promise<void> {
  const listing = await listingOf(symbol, now);
  if (listing === 'not-ingested') throw notIngested('symbols');
  if (listing === 'listed') return;
  const pairs = similarPairs(symbol, (await listedSymbolNames(now))?.value.symbols ?? []);
  const list = ACCESS[SYMBOL_LIST_ACCESS].allows(plan) ? '; the full list is at /v1/cryptosymbols' : '';
  throw new NoDataError(
    `${symbol} is not a listed trading pair. Symbols are Binance spot pairs (base and quote asset), such as ${pairs.join(', ')}${list}.`,
  );
}

export async function cryptoPrice(symbol: string, plan: Plan, now: Date): Promise<{ symbol: string; price: string; timestamp: number; sample?: true }> {
  const [snapshot] = await Promise.all([priceSnapshot(now), requireListed(symbol, plan, now)]);
  if (!snapshot) throw notIngested('prices');
  const price = snapshot.value.prices[symbol];
  if (price === undefined) throw new NoDataError(`No price has been ingested for ${symbol} yet.`);
  // String(): snapshots stored before prices were kept as Binance quotes them held numbers
  return { symbol, price: String(price), timestamp: snapshot.value.timestamp, ...sampleMark(snapshot) };
}

export async function cryptoSymbols(now: Date): Promise<{ symbols: string[]; sample?: true }> {
  const list = await listedSymbolNames(now);
  if (!list) throw notIngested('symbols');
  return { symbols: list.value.symbols, ...sampleMark(list) };
}

export interface HistoryQuery {
  symbol: string;
  interval: Period;
  window: TimeWindow;
  limit: number;
}

export interface HistoryDeps {
  /** default: a Binance client on BINANCE_BASE_URL with ON_DEMAND_CLIENT settings */
  client?: BinanceClient;
}

/** Fetches the window from Binance and stores its closed bars (read-through); undefined when Binance failed. */
async function fetchOnDemand(query: HistoryQuery, now: Date, client: BinanceClient): Promise<CryptoBar[] | undefined> {
  const { symbol, interval, window, limit } = query;
  let bars: CryptoBar[];
  try {
    bars = closedBars(await client.klines(symbol, interval, onDemandRange(window, interval, limit)), now);
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    logUpstreamFailure('binance klines', error);
    return undefined;
  }
  try {
    await cryptoBars.put(symbol, interval, unexpiredBars(bars, interval, now), { now, sample: false });
  } catch (error) {
    logger.warn('crypto history: storing fetched bars failed', { ...errorFacts(error) });
  }
  return bars;
}

export async function cryptoPriceHistory(asked: HistoryQuery, plan: Plan, now: Date, deps: HistoryDeps = {}): Promise<CryptoBarResponse[]> {
  const query = { ...asked, window: overlappingBars(asked.window, asked.interval) };
  const { symbol, interval, window, limit } = query;
  await requireListed(symbol, plan, now);
  // a window that ends before Binance opened (2017-07-14) holds nothing (and DynamoDB refuses BETWEEN with from > to)
  if (window.from > window.to) return [];
  const stored = await cryptoBars.query(symbol, interval, { from: window.from, to: window.to, limit, order: 'newest' }, now);
  const closedBy = Math.floor(now.getTime() / 1000) - INGESTION_LAG_SECONDS;
  const expected = expectedOpenTimes(window, interval, closedBy, limit);
  let answer: Stored<CryptoBar>[] = stored;
  if (!coversWindow(stored.map((s) => s.value.time), expected, limit)) {
    const fetched = await fetchOnDemand(query, now, deps.client ?? binanceClient(ON_DEMAND_CLIENT));
    if (fetched === undefined && stored.length === 0) throw windowNotStored('Binance', symbol, interval, await cryptoBars.extent(symbol, interval, now));
    if (fetched !== undefined) {
      const live = fetched.map((value): Stored<CryptoBar> => ({ value, sample: false, storedAt: Math.floor(now.getTime() / 1000) }));
      answer = newestInWindow(live, stored, (s) => s.value.time, window, limit);
    }
  }
  return answer.map((s) => barResponse(s.value, s.sample));
}
