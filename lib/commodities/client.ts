import { yahooChartClient, type YahooChartClient } from '../sources/yahooChart';

/**
 * The Yahoo chart client the futures jobs use, created inside each run (it reads YAHOO_CHART_BASE_URL and
 * the shared pacing then). YAHOO_FUTURES_BACKOFF_MS overrides the first retry backoff (tests).
 */
export function yahooFuturesClient(): YahooChartClient {
  const backoff = Number(process.env.YAHOO_FUTURES_BACKOFF_MS);
  return yahooChartClient(backoff > 0 ? { backoffMs: backoff } : {});
}
