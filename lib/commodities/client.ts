import { createPacer } from '../sources/http';
import { yahooChartClient, type YahooChartClient } from '../sources/yahooChart';

/**
 * The Yahoo chart client the futures jobs use: created inside each run (it reads YAHOO_CHART_BASE_URL
 * then), paced to YAHOO_FUTURES_REQUESTS_PER_SECOND (default 4: Yahoo publishes no limit and throttles
 * bursts from cloud IPs). YAHOO_FUTURES_BACKOFF_MS overrides the first retry backoff (tests).
 */
export const YAHOO_FUTURES_RATE_ENV = 'YAHOO_FUTURES_REQUESTS_PER_SECOND';
export const DEFAULT_REQUESTS_PER_SECOND = 4;

export function yahooFuturesClient(): YahooChartClient {
  const rate = Number(process.env[YAHOO_FUTURES_RATE_ENV]);
  const backoff = Number(process.env.YAHOO_FUTURES_BACKOFF_MS);
  return yahooChartClient({
    pacer: createPacer(rate > 0 ? rate : DEFAULT_REQUESTS_PER_SECOND),
    ...(backoff > 0 ? { backoffMs: backoff } : {}),
  });
}
