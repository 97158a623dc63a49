import type { OhlcvBar } from '../markets/timeSeries';
import { createHttpClient, createPacer, isJsonObject, UpstreamFailure, type HttpClient, type HttpClientOptions } from './http';

/**
 * The Yahoo Finance chart API v8 (unofficial; SOURCES.md §2): `GET /v8/finance/chart/{symbol}` with
 * `interval` and either `range` or `period1`/`period2` (Unix seconds). Used for stocks, indices, mutual fund
 * NAVs, futures (oil, commodities). No key; a declared User-Agent (cloud IPs without one get 429/403).
 *
 * The parser keeps the bars Yahoo gives (parallel arrays aligned to `timestamp`, any element may be null):
 * a bar whose open/high/low/close is null is dropped; a missing `timestamp` means no bars in the window;
 * a missing `volume` column means null volumes. `chart()` answers undefined for an unknown symbol, whether
 * Yahoo sends its not-found body with 404 or with 200.
 */
export const YAHOO_CHART_DEFAULT_URL = 'https://query1.finance.yahoo.com';
export const YAHOO_CHART_URL_ENV = 'YAHOO_CHART_BASE_URL';

export type ChartInterval = '1m' | '2m' | '5m' | '15m' | '30m' | '60m' | '90m' | '1h' | '1d' | '5d' | '1wk' | '1mo' | '3mo';

const DAY = 86_400;
/** How far back the chart API serves the intraday intervals (an older window answers an error, not bars). */
export const INTRADAY_DEPTH_SECONDS = { '1m': 7 * DAY, '5m': 60 * DAY, '15m': 60 * DAY, '30m': 60 * DAY, '60m': 730 * DAY } as const;

export interface ChartMeta {
  symbol: string;
  currency: string | null;
  exchangeName: string;
  fullExchangeName: string | null;
  instrumentType: string;
  /** Unix seconds; "now" even for a historical window */
  regularMarketTime: number | null;
  regularMarketPrice: number | null;
  regularMarketVolume: number | null;
  regularMarketDayHigh: number | null;
  regularMarketDayLow: number | null;
  fiftyTwoWeekHigh: number | null;
  fiftyTwoWeekLow: number | null;
  /** the close before the first bar of the window */
  chartPreviousClose: number | null;
  /** on intraday requests only */
  previousClose: number | null;
  longName: string | null;
  /** for futures: the front contract, e.g. "Crude Oil Oct 26" */
  shortName: string | null;
  gmtoffset: number;
  exchangeTimezoneName: string;
  /** the regular session of the current trading day (Unix seconds) */
  currentTradingPeriod: { start: number; end: number } | null;
  /** decimals the source quotes prices with (2 for most stocks, 4 for FX); optional for older callers */
  priceHint?: number | null;
}

/** bar open time: Unix seconds (daily bars: the session start); volume null for instruments without it (indices may report 0) */
export type ChartBar = OhlcvBar;

export interface Chart {
  meta: ChartMeta;
  bars: ChartBar[];
}

export class ChartPayloadError extends Error {}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function parseMeta(meta: unknown): ChartMeta {
  if (!isJsonObject(meta) || typeof meta.symbol !== 'string') throw new ChartPayloadError('chart meta without symbol');
  if (typeof meta.exchangeName !== 'string' || typeof meta.instrumentType !== 'string') {
    throw new ChartPayloadError('chart meta without exchangeName/instrumentType');
  }
  const regular = isJsonObject(meta.currentTradingPeriod) && isJsonObject(meta.currentTradingPeriod.regular) ? meta.currentTradingPeriod.regular : undefined;
  const start = num(regular?.start);
  const end = num(regular?.end);
  return {
    symbol: meta.symbol,
    currency: str(meta.currency),
    exchangeName: meta.exchangeName,
    fullExchangeName: str(meta.fullExchangeName),
    instrumentType: meta.instrumentType,
    regularMarketTime: num(meta.regularMarketTime),
    regularMarketPrice: num(meta.regularMarketPrice),
    regularMarketVolume: num(meta.regularMarketVolume),
    regularMarketDayHigh: num(meta.regularMarketDayHigh),
    regularMarketDayLow: num(meta.regularMarketDayLow),
    fiftyTwoWeekHigh: num(meta.fiftyTwoWeekHigh),
    fiftyTwoWeekLow: num(meta.fiftyTwoWeekLow),
    chartPreviousClose: num(meta.chartPreviousClose),
    previousClose: num(meta.previousClose),
    longName: str(meta.longName),
    shortName: str(meta.shortName),
    gmtoffset: num(meta.gmtoffset) ?? 0,
    exchangeTimezoneName: str(meta.exchangeTimezoneName) ?? 'UTC',
    currentTradingPeriod: start !== null && end !== null ? { start, end } : null,
    priceHint: num(meta.priceHint),
  };
}

/**
 * The decimals a listing is quoted in: Yahoo's `priceHint` when given, else 4 below 1.00 and 2 above. The chart's
 * prices come as float32 artefacts (1528.699951171875 for 1528.7), so every served price is rounded to these.
 */
export function priceDecimals(priceHint: number | null | undefined, sample: number | null): number {
  if (typeof priceHint === 'number' && Number.isInteger(priceHint) && priceHint >= 0 && priceHint <= 8) return priceHint;
  return sample !== null && Math.abs(sample) < 1 ? 4 : 2;
}

/** True for Yahoo's unknown-symbol answer: `{"chart": {"result": null, "error": {"code": "Not Found", ...}}}`. */
export function isUnknownSymbolBody(body: unknown): boolean {
  return isJsonObject(body) && isJsonObject(body.chart) && isJsonObject(body.chart.error) && body.chart.error.code === 'Not Found';
}

/** Parses a chart response body; throws ChartPayloadError on a malformed one. */
export function parseChart(body: unknown): Chart {
  if (!isJsonObject(body) || !isJsonObject(body.chart)) throw new ChartPayloadError('no chart object');
  const result = body.chart.result;
  if (!Array.isArray(result) || result.length === 0) {
    const error = isJsonObject(body.chart.error) ? str(body.chart.error.description) : null;
    throw new ChartPayloadError(error ?? 'chart without result');
  }
  const first = result[0];
  if (!isJsonObject(first)) throw new ChartPayloadError('chart result is not an object');
  const meta = parseMeta(first.meta);
  const timestamps = first.timestamp;
  if (timestamps === undefined || timestamps === null) return { meta, bars: [] };
  if (!Array.isArray(timestamps)) throw new ChartPayloadError('timestamp is not an array');
  const indicators = isJsonObject(first.indicators) ? first.indicators : undefined;
  const quote = Array.isArray(indicators?.quote) && isJsonObject(indicators.quote[0]) ? indicators.quote[0] : undefined;
  if (!quote) throw new ChartPayloadError('indicators.quote missing');
  const column = (name: string): unknown[] => {
    const values = quote[name];
    // an instrument without volume may leave the column out: every bar's volume is then null
    if (values === undefined && name === 'volume') return timestamps.map(() => null);
    if (!Array.isArray(values) || values.length !== timestamps.length) throw new ChartPayloadError(`indicators.quote.${name} does not match timestamp`);
    return values;
  };
  const [open, high, low, close, volume] = ['open', 'high', 'low', 'close', 'volume'].map(column) as [unknown[], unknown[], unknown[], unknown[], unknown[]];
  const bars: ChartBar[] = [];
  timestamps.forEach((t, i) => {
    const time = num(t);
    if (time === null) throw new ChartPayloadError(`timestamp[${i}] is not a number`);
    const o = num(open[i]);
    const h = num(high[i]);
    const l = num(low[i]);
    const c = num(close[i]);
    if (o === null || h === null || l === null || c === null) return;
    bars.push({ time, open: o, high: h, low: l, close: c, volume: num(volume[i]) });
  });
  return { meta, bars };
}

export interface ChartRequest {
  interval: ChartInterval;
  /** a named window (1d, 5d, 1mo, ..., max), or period1/period2 */
  range?: string;
  /** Unix seconds */
  period1?: number;
  period2?: number;
  includePrePost?: boolean;
}

export interface YahooChartClient {
  /** the chart, or undefined when Yahoo does not know the symbol (404 "No data found") */
  chart(symbol: string, request: ChartRequest): Promise<Chart | undefined>;
}

export const YAHOO_CHART_RATE_ENV = 'YAHOO_CHART_REQUESTS_PER_SECOND';
const DEFAULT_REQUESTS_PER_SECOND = 4;

/**
 * One client per job run (or request): paced to YAHOO_CHART_REQUESTS_PER_SECOND (default 4; Yahoo publishes
 * no limit and throttles bursts from cloud IPs), so every job that reads many symbols stays polite.
 */
export function yahooChartClient(options: Partial<HttpClientOptions> = {}): YahooChartClient {
  const rate = Number(process.env.YAHOO_CHART_REQUESTS_PER_SECOND);
  const http: HttpClient = createHttpClient({
    baseUrl: process.env.YAHOO_CHART_BASE_URL ?? YAHOO_CHART_DEFAULT_URL,
    timeoutMs: 8000,
    retries: 3,
    pacer: createPacer(rate > 0 ? rate : DEFAULT_REQUESTS_PER_SECOND),
    headers: { 'User-Agent': process.env.UPSTREAM_USER_AGENT ?? 'Mozilla/5.0 (compatible; data-query-service/0.1)' },
    ...options,
  });
  return {
    async chart(symbol, request) {
      try {
        return await http.getJson(
          `/v8/finance/chart/${encodeURIComponent(symbol)}`,
          {
            interval: request.interval,
            range: request.range,
            period1: request.period1,
            period2: request.period2,
            includePrePost: request.includePrePost,
          },
          (body) => (isUnknownSymbolBody(body) ? undefined : parseChart(body)),
        );
      } catch (error) {
        if (error instanceof UpstreamFailure && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
