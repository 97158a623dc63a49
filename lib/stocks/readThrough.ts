import { logUpstreamFailure } from '../markets/timeSeries';
import { ON_DEMAND_CLIENT, UpstreamFailure } from '../sources/http';
import { yahooChartClient, type YahooChartClient } from '../sources/yahooChart';
import { writeReads, type TickerRead } from './store';
import { watchlist } from './tickers';

/**
 * The request path's on-demand reads (tickers outside the watchlist, or nothing stored yet): read the
 * source, write what was read (so the next call is served from the store), and report a failure instead
 * of throwing it, so the caller can fall back to what is stored (502 only when nothing is).
 */
export type ReadOutcome = { read: TickerRead } | { unknown: true } | { failure: UpstreamFailure };

/** Request-path client: short timeout and one retry, so a slow source costs a caller seconds, not tens. */
export function requestPathClient(): YahooChartClient {
  return yahooChartClient(ON_DEMAND_CLIENT);
}

export async function readThrough(read: () => Promise<TickerRead | undefined>, now: Date): Promise<ReadOutcome> {
  let result: TickerRead | undefined;
  try {
    result = await read();
  } catch (error) {
    if (error instanceof UpstreamFailure) {
      logUpstreamFailure('yahoo chart', error);
      return { failure: error };
    }
    throw error;
  }
  if (!result) return { unknown: true };
  await writeReads([result], { now, sample: false });
  return { read: result };
}

/** True when the ingestion jobs keep this ticker current (a malformed STOCK_WATCHLIST falls back to the default here; the jobs fail on it). */
export function isOnWatchlist(ticker: string): boolean {
  try {
    return watchlist().includes(ticker);
  } catch {
    return watchlist('').includes(ticker);
  }
}
