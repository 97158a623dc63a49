import type { JobSummary } from '../ingest/job';
import { PERIODS, type Period } from '../markets/timeSeries';
import { BinanceUnknownSymbol, MAX_KLINES_PER_REQUEST, type BinanceClient } from '../sources/binance';
import type { WriteContext } from '../store/marketData';
import { closedBars, isDue, nextFetchStart, unexpiredBars, type CryptoBar } from './bars';
import { cryptoBars, latestPrices, listedSymbols, priceSnapshot, symbolList } from './store';
import { tradingSymbols, type Watchlist } from './symbols';

/**
 * The three crypto ingestion runs. Each fetches and validates everything first and writes only then, so
 * a failing upstream leaves the stored data as they were; re-running writes the same items.
 */

/** exchangeInfo → the TRADING spot symbols, replacing the stored list and its one-record copy (an empty list is refused). */
export async function ingestSymbols(client: BinanceClient, context: WriteContext): Promise<JobSummary> {
  const { items: exchange, skipped } = await client.exchangeInfo();
  const symbols = tradingSymbols(exchange);
  if (symbols.length === 0) throw new Error(`Binance exchangeInfo lists no TRADING spot symbol (${exchange.length} symbols in all); stored list kept`);
  await listedSymbols.replaceAll(symbols, context);
  await symbolList.put([{ symbols: symbols.map((s) => s.symbol) }], context);
  return { written: symbols.length, notes: [`${exchange.length - symbols.length} symbols not trading on spot left out`, ...skippedNote(skipped)] };
}

/** The count of malformed items a list payload had (logged with the run's notes). */
const skippedNote = (skipped: number) => (skipped > 0 ? [`${skipped} malformed item${skipped === 1 ? '' : 's'} skipped`] : []);

/**
 * ticker/price for all symbols → one snapshot of the last prices, stamped with the run's clock (the fetch
 * time). A snapshot never replaces a newer one (a retried run of an earlier minute, or a seed over live data).
 */
export async function ingestPrices(client: BinanceClient, context: WriteContext): Promise<JobSummary> {
  const { items: tickers, skipped } = await client.tickerPrices();
  if (tickers.length === 0) throw new Error('Binance ticker/price returned no prices; stored prices kept');
  const timestamp = Math.floor(context.now.getTime() / 1000);
  const stored = await priceSnapshot(context.now);
  if (stored && stored.value.timestamp > timestamp) {
    return { written: 0, notes: [`stored prices are newer (${stored.value.timestamp} > ${timestamp}); kept`] };
  }
  const prices: Record<string, string> = {};
  for (const { symbol, price } of tickers) prices[symbol] = price;
  await latestPrices.put([{ timestamp, prices }], context);
  return { written: tickers.length, notes: skippedNote(skipped) };
}

/** Runs `task` over `items`, at most `concurrency` at a time; results in input order. */
async function mapConcurrently<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Parallel Binance requests of one bars run (about 140 requests in the first run; weight 2 each). */
const FETCH_CONCURRENCY = 8;

interface SeriesFetch {
  symbol: string;
  period: Period;
  bars: CryptoBar[];
}

/**
 * The watchlist's symbols that may be fetched: those on the stored symbol list, or all of them while the
 * list has not been ingested yet.
 */
async function fetchableSymbols(watchlist: Watchlist, now: Date): Promise<{ symbols: string[]; unlisted: string[] }> {
  const listed = await listedSymbols.getMany(watchlist.symbols, now);
  if (listed.size === 0) return { symbols: watchlist.symbols, unlisted: [] };
  return {
    symbols: watchlist.symbols.filter((s) => listed.has(s)),
    unlisted: watchlist.symbols.filter((s) => !listed.has(s)),
  };
}

/**
 * Klines of every watchlist symbol at every interval, from the bar after the last stored one (first run:
 * a bounded backfill), closed candles only. A series is fetched only when a bar has closed since its
 * last stored one. A symbol Binance does not know is skipped (noted); any other failure fails the run
 * before anything is written.
 */
export async function ingestBars(client: BinanceClient, watchlist: Watchlist, context: WriteContext): Promise<JobSummary> {
  const { now } = context;
  const notes: string[] = [];
  if (watchlist.ignored.length > 0) notes.push(`not symbols, ignored: ${watchlist.ignored.join(', ')}`);
  const { symbols, unlisted } = await fetchableSymbols(watchlist, now);
  if (unlisted.length > 0) notes.push(`not on the symbol list, skipped: ${unlisted.join(', ')}`);

  const series = symbols.flatMap((symbol) => PERIODS.map((period) => ({ symbol, period })));
  const unknown = new Set<string>();
  const fetched = await mapConcurrently(series, FETCH_CONCURRENCY, async ({ symbol, period }): Promise<SeriesFetch | undefined> => {
    const latest = await cryptoBars.newest(symbol, period, now);
    const start = nextFetchStart(latest?.value.time, period, now);
    if (!isDue(start, period, now) || unknown.has(symbol)) return undefined;
    try {
      const klines = await client.klines(symbol, period, { startTime: start * 1000, limit: MAX_KLINES_PER_REQUEST });
      const bars = unexpiredBars(closedBars(klines, now), period, now).filter((bar) => bar.time >= start);
      return { symbol, period, bars };
    } catch (error) {
      if (!(error instanceof BinanceUnknownSymbol)) throw error;
      unknown.add(symbol);
      return undefined;
    }
  });
  if (unknown.size > 0) notes.push(`unknown to Binance, skipped: ${[...unknown].join(', ')}`);

  const writes = fetched.filter((f): f is SeriesFetch => f !== undefined && f.bars.length > 0);
  await mapConcurrently(writes, FETCH_CONCURRENCY, ({ symbol, period, bars }) => cryptoBars.put(symbol, period, bars, context));
  const written = writes.reduce((sum, w) => sum + w.bars.length, 0);
  notes.push(`${fetched.filter(Boolean).length} of ${series.length} series fetched, ${writes.length} with new bars`);
  return { written, notes };
}
