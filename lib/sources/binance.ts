import { createHttpClient, isJsonObject, UpstreamFailure, type HttpClientOptions } from './http';

/**
 * Binance public spot market data (SOURCES.md §1): `exchangeInfo`, `ticker/price` and `klines` on the
 * market-data-only host `https://data-api.binance.vision` (no key). BINANCE_BASE_URL overrides the host
 * (tests and the seed point it at 127.0.0.1).
 *
 * Failures, on top of the shared client's retries (429 honouring Retry-After, 5xx with backoff):
 * - 418: the IP is auto-banned after ignored 429s. Never retried (retrying lengthens the ban); the
 *   failure says how long Binance asked us to stay away.
 * - 451: Binance refuses the caller's location (US IPs, including AWS us-east/us-west). A clear message
 *   naming the fix (a non-US region or another base URL); not retried.
 * - 400 with code -1121 ("Invalid symbol."): `BinanceUnknownSymbol`, so a job can skip the symbol.
 *
 * The parsers check every field they use, so a malformed or truncated payload never reaches the store:
 * in the per-symbol lists (exchangeInfo, ticker/price) a malformed item is skipped and counted (the jobs
 * log the count); a kline series is all or nothing (a skipped bar would be a silent gap). Numbers arrive
 * as strings ("0.01634790") and leave as numbers, except the last prices of ticker/price, which are served
 * as Binance quotes them (CONTRACT "Live-service parity": /v1/cryptoprice `price` is a decimal string).
 */
export const BINANCE_DEFAULT_URL = 'https://data-api.binance.vision';
export const BINANCE_URL_ENV = 'BINANCE_BASE_URL';

/** The kline intervals this service uses (Binance has more: 1s, 3m, 2h, 6h, 8h, 12h, 3d, 1w, 1M). */
export type KlineInterval = '1m' | '5m' | '15m' | '30m' | '1h' | '4h' | '1d';

/** At most this many klines per request (Binance's maximum `limit`). */
export const MAX_KLINES_PER_REQUEST = 1000;

export interface ExchangeSymbol {
  symbol: string;
  /** TRADING, BREAK, END_OF_DAY, HALT, ... */
  status: string;
  baseAsset: string;
  quoteAsset: string;
  isSpotTradingAllowed: boolean;
}

export interface TickerPrice {
  symbol: string;
  /** the decimal string Binance sent ("62886.03000000") */
  price: string;
}

/** One kline (candle); times are Unix milliseconds as Binance sends them. */
export interface Kline {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** base-asset volume */
  volume: number;
  /** the next open time minus 1 ms; in the future while the candle is still open */
  closeTime: number;
  quoteVolume: number;
  trades: number;
  takerBuyBaseVolume: number;
  takerBuyQuoteVolume: number;
}

export class BinancePayloadError extends Error {
  override readonly name = 'BinancePayloadError';
}

/** Binance does not list the symbol asked for (400, code -1121). */
export class BinanceUnknownSymbol extends UpstreamFailure {
  constructor(readonly symbol: string) {
    super('status', `Binance does not know the symbol ${symbol}`, 400);
  }
}

/**
 * A symbol as Binance spells it: 2 to 20 letters and digits, upper case where the script has case. Binance
 * documents that symbol and asset names may contain non-ASCII UTF-8 (the spot pair `币安人生USDT`), so
 * letters of any script count.
 */
export const SYMBOL_PATTERN = /^[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{N}]{2,20}$/u;

/** A decimal number sent as a string ("0.01634790"), finite and not negative: the string as sent. */
function decimalString(value: unknown, where: string): string {
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) throw new BinancePayloadError(`${where}: '${String(value)}' is not a decimal string`);
  if (!Number.isFinite(Number(value))) throw new BinancePayloadError(`${where}: '${value}' is out of range`);
  return value;
}

/** A decimal number sent as a string, as a number. */
const decimal = (value: unknown, where: string): number => Number(decimalString(value, where));

function count(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new BinancePayloadError(`${where}: '${String(value)}' is not a whole number`);
  return value;
}

function symbolOf(value: unknown, where: string): string {
  if (typeof value !== 'string' || !SYMBOL_PATTERN.test(value)) throw new BinancePayloadError(`${where}: '${String(value)}' is not a symbol`);
  return value;
}

/** The usable items of a list payload, and how many malformed ones were left out. */
export interface Listing<T> {
  items: T[];
  skipped: number;
}

/**
 * One item per symbol (exchangeInfo, ticker/price): a malformed item is left out and counted, so one odd
 * entry never sinks the payload. A list where more than half the items are malformed is a changed or
 * broken format and is rejected as a whole (a job must not replace the stored list with a fraction of it).
 */
function listOf<T>(entries: readonly unknown[], what: string, read: (entry: unknown, i: number) => T): Listing<T> {
  const items: T[] = [];
  let firstProblem: string | undefined;
  for (const [i, entry] of entries.entries()) {
    try {
      items.push(read(entry, i));
    } catch (error) {
      if (!(error instanceof BinancePayloadError)) throw error;
      firstProblem ??= error.message;
    }
  }
  const skipped = entries.length - items.length;
  if (skipped > 0 && skipped * 2 > entries.length) throw new BinancePayloadError(`${what}: ${skipped} of ${entries.length} items malformed, first: ${firstProblem}`);
  return { items, skipped };
}

/** `GET /api/v3/exchangeInfo`: every symbol with its status and assets (malformed entries skipped and counted). */
export function parseExchangeInfo(body: unknown): Listing<ExchangeSymbol> {
  if (!isJsonObject(body) || !Array.isArray(body.symbols)) throw new BinancePayloadError('exchangeInfo without a symbols array');
  return listOf(body.symbols, 'exchangeInfo', (entry, i) => {
    if (!isJsonObject(entry)) throw new BinancePayloadError(`symbols[${i}] is not an object`);
    const symbol = symbolOf(entry.symbol, `symbols[${i}].symbol`);
    const { status, baseAsset, quoteAsset, isSpotTradingAllowed } = entry;
    if (typeof status !== 'string' || status === '') throw new BinancePayloadError(`${symbol}: no status`);
    if (typeof baseAsset !== 'string' || typeof quoteAsset !== 'string' || baseAsset === '' || quoteAsset === '') {
      throw new BinancePayloadError(`${symbol}: no baseAsset/quoteAsset`);
    }
    if (typeof isSpotTradingAllowed !== 'boolean') throw new BinancePayloadError(`${symbol}: isSpotTradingAllowed is not a boolean`);
    return { symbol, status, baseAsset, quoteAsset, isSpotTradingAllowed };
  });
}

/** `GET /api/v3/ticker/price` without parameters: `[{"symbol": "LTCBTC", "price": "4.00000200"}, ...]` (malformed entries skipped and counted). */
export function parseTickerPrices(body: unknown): Listing<TickerPrice> {
  if (!Array.isArray(body)) throw new BinancePayloadError('ticker/price for all symbols is not an array');
  return listOf(body, 'ticker/price', (entry, i) => {
    if (!isJsonObject(entry)) throw new BinancePayloadError(`ticker[${i}] is not an object`);
    const symbol = symbolOf(entry.symbol, `ticker[${i}].symbol`);
    return { symbol, price: decimalString(entry.price, `${symbol} price`) };
  });
}

/** `GET /api/v3/klines`: 12-element arrays (open time, OHLC, volume, close time, quote volume, trades, taker volumes, unused). */
export function parseKlines(body: unknown): Kline[] {
  if (!Array.isArray(body)) throw new BinancePayloadError('klines is not an array');
  return body.map((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== 12) throw new BinancePayloadError(`kline ${i} is not a 12-element array`);
    const where = `kline ${i}`;
    const kline: Kline = {
      openTime: count(row[0], `${where} open time`),
      open: decimal(row[1], `${where} open`),
      high: decimal(row[2], `${where} high`),
      low: decimal(row[3], `${where} low`),
      close: decimal(row[4], `${where} close`),
      volume: decimal(row[5], `${where} volume`),
      closeTime: count(row[6], `${where} close time`),
      quoteVolume: decimal(row[7], `${where} quote volume`),
      trades: count(row[8], `${where} trades`),
      takerBuyBaseVolume: decimal(row[9], `${where} taker buy base volume`),
      takerBuyQuoteVolume: decimal(row[10], `${where} taker buy quote volume`),
    };
    if (kline.closeTime <= kline.openTime) throw new BinancePayloadError(`${where}: close time before open time`);
    if (kline.high < kline.low || kline.high < Math.max(kline.open, kline.close) || kline.low > Math.min(kline.open, kline.close)) {
      throw new BinancePayloadError(`${where}: high/low do not bracket open and close`);
    }
    return kline;
  });
}

export interface KlineRange {
  /** Unix ms, inclusive (open time) */
  startTime?: number;
  /** Unix ms, inclusive (open time) */
  endTime?: number;
  /** 1 … 1000 (Binance's default is 500) */
  limit?: number;
}

export interface BinanceClient {
  readonly baseUrl: string;
  /** every symbol on the exchange, with its status */
  exchangeInfo(): Promise<Listing<ExchangeSymbol>>;
  /** the last price of every symbol */
  tickerPrices(): Promise<Listing<TickerPrice>>;
  /** klines oldest first; with only `endTime`, the latest `limit` up to it; with `startTime`, the first `limit` from it */
  klines(symbol: string, interval: KlineInterval, range: KlineRange): Promise<Kline[]>;
}

/** The shared client's failure in Binance's terms (418 ban, 451 geo-block, unknown symbol). */
function binanceFailure(error: unknown, symbol?: string): unknown {
  if (!(error instanceof UpstreamFailure) || error.kind !== 'status') return error;
  if (error.status === 418) {
    return new UpstreamFailure(
      'status',
      `Binance has banned this IP address for ignoring rate limits (HTTP 418; bans last 2 minutes to 3 days); not retried, the next scheduled run tries again`,
      418,
      error.attempts,
    );
  }
  if (error.status === 451) {
    return new UpstreamFailure(
      'status',
      `Binance refuses requests from this location (HTTP 451, geo-blocked; US IP addresses including AWS US regions are refused): ` +
        `run in a non-US region or set ${BINANCE_URL_ENV} to a reachable host`,
      451,
      error.attempts,
    );
  }
  if (error.status === 400 && symbol !== undefined && /-1121\b/.test(error.message)) return new BinanceUnknownSymbol(symbol);
  return error;
}

/** A Binance client on BINANCE_BASE_URL (default data-api.binance.vision); `options` override the shared client's settings. */
export function binanceClient(options: Partial<HttpClientOptions> = {}): BinanceClient {
  const http = createHttpClient({
    baseUrl: process.env.BINANCE_BASE_URL?.trim() || BINANCE_DEFAULT_URL,
    timeoutMs: 10_000,
    retries: 2,
    backoffMs: 500,
    ...options,
    // 418 and 451 must never be retried, whatever the caller adds
    retryStatuses: (options.retryStatuses ?? []).filter((status) => status !== 418 && status !== 451),
  });
  const call = async <T>(path: string, query: Record<string, string | number | undefined>, parse: (body: unknown) => T, symbol?: string) => {
    try {
      return await http.getJson(path, query, parse);
    } catch (error) {
      throw binanceFailure(error, symbol);
    }
  };
  return {
    baseUrl: http.baseUrl,
    exchangeInfo: () => call('/api/v3/exchangeInfo', {}, parseExchangeInfo),
    tickerPrices: () => call('/api/v3/ticker/price', {}, parseTickerPrices),
    klines: (symbol, interval, { startTime, endTime, limit }) =>
      call('/api/v3/klines', { symbol, interval, startTime, endTime, limit }, parseKlines, symbol),
  };
}
