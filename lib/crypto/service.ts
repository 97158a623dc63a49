import { DataUnavailableError, NoDataError } from '../http/errors';
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

/**
 * What the crypto endpoints answer:
 * - /v1/cryptoprice: the last ingested price of a listed symbol (one ticker/price snapshot a minute);
 * - /v1/cryptosymbols: the stored list, sorted;
 * - /v1/cryptopricehistorical: stored bars when they cover the window; otherwise Binance is asked on
 *   demand (any listed symbol, any depth Binance has), the closed bars are stored with their TTL
 *   (read-through) and served. If that fetch fails, what is stored in the window is served; with nothing
 *   stored in it, 502 naming the stored range. A window Binance has no bars for is 200 [] (the rule every
 *   history endpoint follows, lib/markets/timeSeries.ts).
 * A symbol not on the list is 404 no_data; nothing ingested yet is 503 data_unavailable.
 */

const notIngested = (what: string) => new DataUnavailableError(`Crypto ${what} have not been ingested yet; try again in a few minutes.`);

async function requireListed(symbol: string, now: Date): Promise<void> {
  const listing = await listingOf(symbol, now);
  if (listing === 'not-ingested') throw notIngested('symbols');
  if (listing === 'unlisted') throw new NoDataError(`${symbol} is not a listed trading pair; see /v1/cryptosymbols.`);
}

export async function cryptoPrice(symbol: string, now: Date): Promise<{ symbol: string; price: number; timestamp: number; sample?: true }> {
  const [snapshot] = await Promise.all([priceSnapshot(now), requireListed(symbol, now)]);
  if (!snapshot) throw notIngested('prices');
  const price = snapshot.value.prices[symbol];
  if (price === undefined) throw new NoDataError(`No price has been ingested for ${symbol} yet.`);
  return { symbol, price, timestamp: snapshot.value.timestamp, ...sampleMark(snapshot) };
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

export async function cryptoPriceHistory(asked: HistoryQuery, now: Date, deps: HistoryDeps = {}): Promise<CryptoBarResponse[]> {
  const query = { ...asked, window: overlappingBars(asked.window, asked.interval) };
  const { symbol, interval, window, limit } = query;
  await requireListed(symbol, now);
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
