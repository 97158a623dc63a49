import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { integerParam } from '../http/params';
import { sampleField } from '../http/sample';
import { defineJob, jobFamily } from '../ingest/definition';
import { MAX_BARS, periodParam, timeWindow, unixSecondsParam } from '../markets/timeSeries';
import { BINANCE_URL_ENV } from '../sources/binance';
import { SYMBOL_LIST_ACCESS, SYMBOL_PATTERN, SYMBOLS_JOB } from '../crypto/symbols';
import { liveData } from '../http/caching';

/** The spec's default history window (4.5): the last 24 hours. */
export const CRYPTO_HISTORY_DEFAULT_SPAN_SECONDS = 86_400;

/** A trading-pair symbol, case-insensitive, served upper case. */
const symbolParam = () =>
  z
    .pipe(
      z.pipe(z.string(), z.transform((s: string) => s.toUpperCase())),
      z.string().check(z.regex(SYMBOL_PATTERN, 'must be a trading-pair symbol of 2 to 20 letters and digits, such as BTCUSDT')),
    )
    .check(
      z.meta({
        type: 'string',
        minLength: 2,
        maxLength: 20,
        description:
          'trading-pair symbol from /v1/cryptosymbols (e.g. BTCUSDT), case-insensitive: 2 to 20 letters (any script; Binance lists pairs such as 币安人生USDT) ' +
          'and digits, URL-encoded like any query value (币安人生USDT → %E5%B8%81%E5%AE%89%E4%BA%BA%E7%94%9FUSDT)',
      }),
    );

const cryptoBar = () => z.object({
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number().check(z.meta({ description: 'base-asset volume' })),
  close_time: z.int().check(z.meta({ description: 'Unix milliseconds: the bar closes 1 ms before the next one opens' })),
  timestamp: z.int().check(z.meta({ description: 'Unix seconds: open time of the bar' })),
  price: z.number().check(z.meta({ description: 'same value as close' })),
  sample: sampleField(),
});

const SOURCE = 'Source: Binance spot market data (public REST API, data-api.binance.vision).';

/** Crypto (spec 4.5, 2.6): last prices, bar history and the symbol list, from Binance spot. */
export const cryptoEndpoints = {
  cryptoPrice: defineEndpoint({
    path: '/v1/cryptoprice',
    method: 'GET',
    entry: 'functions/cryptoPrice.ts',
    summary: 'Last price of a crypto trading pair',
    description:
      'The last traded price of a Binance spot pair, refreshed every minute; timestamp is when it was fetched (Unix seconds). ' +
      'price is a decimal string exactly as Binance quotes it ("62886.03000000", 8 decimals for most pairs), as the live API Ninjas ' +
      'service sends it; parse it as a decimal (history bars are JSON numbers). symbol is upper-cased; a well-formed symbol that is not ' +
      'on /v1/cryptosymbols → 404 no_data whose message names a few listed pairs like it. ' +
      'Nothing ingested yet → 503 data_unavailable. ' + SOURCE,
    access: 'all',
    metering: 'quota',
    cache: liveData(60),
    params: () => z.object({ symbol: symbolParam() }),
    response: {
      json: () => z.object({
        symbol: z.string(),
        price: z.string().check(z.meta({ description: 'last price, a decimal string as Binance quotes it', examples: ['62886.03000000'] })),
        timestamp: z.int(),
        sample: sampleField(),
      }),
    },
    tables: { market: 'read' },
  }),
  cryptoPriceHistorical: defineEndpoint({
    path: '/v1/cryptopricehistorical',
    method: 'GET',
    entry: 'functions/cryptoPriceHistorical.ts',
    summary: 'OHLCV bars of a crypto trading pair, most recent first',
    description:
      'Closed bars only (the still-open bar is never returned), newest first: the newest `limit` bars that overlap [start, end] ' +
      '(open at or before end, close after start; so the default window holds yesterday\'s daily bar). start and end are Unix seconds (default: the last 24 hours; start after end → 400); limit 1 to 1000 (default 100; ' +
      'out of bounds → 400). timestamp is the open time (s), close_time is in milliseconds, price equals close, volume is in the base ' +
      'asset. Bars of a watchlist of major pairs are ingested every minute (kept 7 days at 1m, 30 days at 5m, 60 days at 15m, 90 days ' +
      'at 30m, 1 year at 1h, 2 years at 4h, daily bars kept); any other listed pair, or a window the store does not cover, is fetched ' +
      'from Binance on demand and kept for the same periods. A bar closed within the last 90 s may be missing until ingested. ' +
      'Unknown symbol → 404 no_data; a window without bars (Binance has none there, or it ends before Binance opened on 2017-07-14) → 200 []; ' +
      'Binance failing with no bar stored for the window → 502 upstream_error whose message names the range that is stored. ' +
      SOURCE,
    access: 'premium',
    metering: 'quota',
    reachesInternet: true,
    cache: liveData(60),
    params: () => z.object({
      symbol: symbolParam(),
      interval: z._default(periodParam('bar interval'), '5m'),
      start: z.optional(unixSecondsParam('window start: bars closing after it (default: end − 24 hours)')),
      end: z.optional(unixSecondsParam('window end: bars opening at or before it (default: now)')),
      limit: z._default(integerParam(1, MAX_BARS, `bars returned, 1 to ${MAX_BARS}`), 100),
    }),
    rules: (p, now) => void timeWindow(p, p.interval, now, CRYPTO_HISTORY_DEFAULT_SPAN_SECONDS),
    response: { json: () => z.array(cryptoBar()) },
    // stores the bars it fetches on demand (read-through)
    tables: { market: 'readWrite' },
    timeoutSeconds: 15,
  }),
  cryptoSymbols: defineEndpoint({
    path: '/v1/cryptosymbols',
    method: 'GET',
    entry: 'functions/cryptoSymbols.ts',
    summary: 'Crypto trading-pair symbols',
    description:
      'Every Binance spot pair currently TRADING (refreshed every 6 hours), sorted. These are the values /v1/cryptoprice and ' +
      '/v1/cryptopricehistorical accept. Nothing ingested yet → 503 data_unavailable. ' + SOURCE,
    access: SYMBOL_LIST_ACCESS,
    metering: 'quota',
    cache: liveData(6 * 3600),
    params: () => z.object({}),
    response: { json: () => z.object({ symbols: z.array(z.string()), sample: sampleField() }) },
    tables: { market: 'read' },
  }),
};

/**
 * What the seed serves: the real exchangeInfo recorded at Binance's serverTime 2023-09-08 15:06:01 UTC
 * (../shared/recordings/binance); ticker/price and the klines are hand-written (test/fixtures/binance/, made
 * for 2026-11-20 12:00:30 UTC), since no price recording exists and the one real kline recording is of a pair
 * it does not name, 1m bars long expired.
 */
const EXCHANGE_INFO_RECORDED_AT = '2023-09-08T15:06:01Z';
const HAND_WRITTEN_AT = '2026-11-20T12:00:30Z';
/** Watchlist symbols with hand-written klines; the others get Binance's answer for a window without bars ([]). */
const RECORDED_KLINE_SYMBOLS = new Set(['BTCUSDT', 'ETHUSDT']);
const binanceRecordings = (routes: Record<string, string | ((query: URLSearchParams) => string | undefined)>, recordedAt = HAND_WRITTEN_AT) => ({
  recordedAt,
  upstreams: [{ baseUrlEnv: BINANCE_URL_ENV, provider: 'binance', routes }],
});

/** Scheduled ingestion jobs of this family, in the order `npm run seed` runs them (the symbol list first). */
export const cryptoJobs = jobFamily('crypto', {
  cryptoSymbols: defineJob({
    name: SYMBOLS_JOB,
    entry: 'functions/ingest/cryptoSymbols.ts',
    schedule: 'rate(6 hours)',
    summary: 'Binance exchangeInfo: the spot trading pairs that are TRADING (replaces the stored list)',
    timeoutSeconds: 120,
    memoryMb: 512,
    sample: binanceRecordings({ '/api/v3/exchangeInfo': 'recordings:binance/exchangeInfo-2023-09-08.json' }, EXCHANGE_INFO_RECORDED_AT),
  }),
  cryptoPrices: defineJob({
    name: 'cryptoPrices',
    entry: 'functions/ingest/cryptoPrices.ts',
    schedule: 'rate(1 minute)',
    summary: 'Binance ticker/price for all symbols: the last price of every pair, stamped with the fetch time',
    timeoutSeconds: 50,
    sample: binanceRecordings({ '/api/v3/ticker/price': 'ticker-price.json' }),
  }),
  cryptoBars: defineJob({
    name: 'cryptoBars',
    entry: 'functions/ingest/cryptoBars.ts',
    schedule: 'rate(1 minute)',
    summary: 'Binance klines (1m … 1d) of the CRYPTO_HISTORY_SYMBOLS watchlist, from the last stored bar on, closed bars only',
    timeoutSeconds: 300,
    memoryMb: 512,
    sample: binanceRecordings({
      '/api/v3/klines': (query) => {
        const symbol = query.get('symbol') ?? '';
        return RECORDED_KLINE_SYMBOLS.has(symbol) ? `klines-${symbol}-${query.get('interval') ?? ''}.json` : 'klines-empty.json';
      },
    }),
  }),
});
