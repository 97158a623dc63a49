import {
  BINANCE_DEFAULT_URL,
  BinancePayloadError,
  BinanceUnknownSymbol,
  binanceClient,
  parseExchangeInfo,
  parseKlines,
  parseTickerPrices,
} from '../../lib/sources/binance';
import { UpstreamFailure } from '../../lib/sources/http';
import {
  fixtureJson,
  fixtureReply,
  fixtureText,
  jsonReply,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeUpstream,
} from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

const KLINES = '/api/v3/klines';
const TICKER = '/api/v3/ticker/price';
const INFO = '/api/v3/exchangeInfo';

/** The client on the fake upstream, with waits recorded instead of slept. */
function client(waits: number[] = []) {
  return binanceClient({ baseUrl: upstream.url, sleep: async (ms) => void waits.push(ms), random: () => 0 });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

type RawKline = [number, string, string, string, string, string, number, string, number, string, string, string];
const KLINE: RawKline = [1499040000000, '0.01634790', '0.80000000', '0.01575800', '0.01577100', '148976.11427815', 1499644799999, '2434.19055334', 308, '1756.87402397', '28.46694368', '0'];

describe('parseKlines', () => {
  test('reads the 12-element arrays of the documented example into numbers', () => {
    // Act
    const [kline] = parseKlines([KLINE]);

    // Assess
    expect(kline).toEqual({
      openTime: 1499040000000,
      open: 0.0163479,
      high: 0.8,
      low: 0.015758,
      close: 0.015771,
      volume: 148976.11427815,
      closeTime: 1499644799999,
      quoteVolume: 2434.19055334,
      trades: 308,
      takerBuyBaseVolume: 1756.87402397,
      takerBuyQuoteVolume: 28.46694368,
    });
  });

  test('reads every recorded interval, oldest first, each close time 1 ms before the next open', () => {
    for (const interval of ['1m', '5m', '15m', '30m', '1h', '4h', '1d']) {
      // Act
      const klines = parseKlines(fixtureJson('binance', `klines-BTCUSDT-${interval}.json`));

      // Assess
      expect(klines.length).toBeGreaterThan(20);
      for (let i = 1; i < klines.length; i++) expect(klines[i]!.openTime).toBe(klines[i - 1]!.closeTime + 1);
    }
  });

  test('accepts an empty array (no bars in the window)', () => {
    expect(parseKlines([])).toEqual([]);
  });

  test.each([
    ['an object instead of an array', { code: -1121, msg: 'Invalid symbol.' }],
    ['a row of 11 elements', [KLINE.slice(0, 11)]],
    ['a price sent as a number', [[...KLINE.slice(0, 1), 0.0163479, ...KLINE.slice(2)]]],
    ['a price that is not a decimal', [[...KLINE.slice(0, 4), 'NaN', ...KLINE.slice(5)]]],
    ['a negative volume', [[...KLINE.slice(0, 5), '-1.0', ...KLINE.slice(6)]]],
    ['an open time sent as a string', [['1499040000000', ...KLINE.slice(1)]]],
    ['a close time before the open time', [[...KLINE.slice(0, 6), 1499039999999, ...KLINE.slice(7)]]],
    ['a high below the close', [[...KLINE.slice(0, 2), '0.01500000', ...KLINE.slice(3)]]],
    ['a fractional trade count', [[...KLINE.slice(0, 8), 30.5, ...KLINE.slice(9)]]],
  ])('rejects %s', (_what, body) => {
    // Act
    const error = thrown(BinancePayloadError, () => parseKlines(body));

    // Assess
    expect(error.message).toEqual(expect.any(String));
  });
});

describe('parseTickerPrices', () => {
  test('reads every symbol of the recording with its price as the decimal string Binance sent', () => {
    // Act
    const { items: prices, skipped } = parseTickerPrices(fixtureJson('binance', 'ticker-price.json'));

    // Assess
    expect(skipped).toBe(0);
    expect(prices).toHaveLength(37);
    expect(prices).toContainEqual({ symbol: 'BTCUSDT', price: '91850.01000000' });
    expect(prices).toContainEqual({ symbol: 'PEPEUSDT', price: '0.00000511' });
  });

  test.each([
    ['one ticker object (the single-symbol form)', { symbol: 'LTCBTC', price: '4.00000200' }],
    ['a ticker without price', [{ symbol: 'LTCBTC' }]],
    ['a price sent as a number', [{ symbol: 'LTCBTC', price: 4.000002 }]],
    ['a lower-case symbol', [{ symbol: 'ltcbtc', price: '4.00000200' }]],
    ['an error body', { code: -1003, msg: 'Too much request weight used.' }],
  ])('rejects %s', (_what, body) => {
    thrown(BinancePayloadError, () => parseTickerPrices(body));
  });

  test('skips and counts a malformed ticker instead of rejecting the payload', () => {
    // Prepare: the recording plus one entry without a price
    const body = [...fixtureJson<unknown[]>('binance', 'ticker-price.json'), { symbol: 'ODDUSDT' }];

    // Act
    const { items, skipped } = parseTickerPrices(body);

    // Assess
    expect(items).toHaveLength(37);
    expect(skipped).toBe(1);
  });

  test('rejects a list where more than half the tickers are malformed', () => {
    // Prepare
    const body = [{ symbol: 'BTCUSDT', price: '1.0' }, { symbol: 'ETHUSDT' }, { symbol: 'SOLUSDT', price: 2 }];

    // Act
    const error = thrown(BinancePayloadError, () => parseTickerPrices(body));

    // Assess
    expect(error.message).toContain('2 of 3 items malformed');
  });
});

describe('parseExchangeInfo', () => {
  test('reads every symbol of the recording with status, assets and spot permission', () => {
    // Act
    const { items: symbols } = parseExchangeInfo(fixtureJson('binance', 'exchangeInfo.json'));

    // Assess
    expect(symbols).toHaveLength(37);
    expect(symbols).toContainEqual({ symbol: 'ETHBTC', status: 'TRADING', baseAsset: 'ETH', quoteAsset: 'BTC', isSpotTradingAllowed: true });
    expect(symbols.filter((s) => s.status === 'BREAK').map((s) => s.symbol)).toEqual(['MATICUSDT', 'XMRUSDT', 'BUSDUSDT']);
  });

  test.each([
    ['a body without symbols', { timezone: 'UTC', serverTime: 1565246363776 }],
    ['a symbol without status', { symbols: [{ symbol: 'ETHBTC', baseAsset: 'ETH', quoteAsset: 'BTC', isSpotTradingAllowed: true }] }],
    ['a symbol without quote asset', { symbols: [{ symbol: 'ETHBTC', status: 'TRADING', baseAsset: 'ETH', isSpotTradingAllowed: true }] }],
    ['isSpotTradingAllowed as a string', { symbols: [{ symbol: 'ETHBTC', status: 'TRADING', baseAsset: 'ETH', quoteAsset: 'BTC', isSpotTradingAllowed: 'true' }] }],
    ['a malformed symbol', { symbols: [{ symbol: 'ETH/BTC', status: 'TRADING', baseAsset: 'ETH', quoteAsset: 'BTC', isSpotTradingAllowed: true }] }],
  ])('rejects %s', (_what, body) => {
    thrown(BinancePayloadError, () => parseExchangeInfo(body));
  });
});

describe('binanceClient', () => {
  test('uses data-api.binance.vision unless BINANCE_BASE_URL is set', () => {
    // Prepare
    const saved = process.env.BINANCE_BASE_URL;
    delete process.env.BINANCE_BASE_URL;

    // Act
    const fallback = binanceClient().baseUrl;
    process.env.BINANCE_BASE_URL = 'http://127.0.0.1:9';
    const configured = binanceClient().baseUrl;

    // Assess
    expect(fallback).toBe(BINANCE_DEFAULT_URL);
    expect(configured).toBe('http://127.0.0.1:9');
    if (saved === undefined) delete process.env.BINANCE_BASE_URL;
    else process.env.BINANCE_BASE_URL = saved;
  });

  test('asks klines with symbol, interval, times in milliseconds and limit', async () => {
    // Prepare
    upstream.on(KLINES, fixtureReply('binance', 'klines-ETHUSDT-1h.json'));

    // Act
    const klines = await client().klines('ETHUSDT', '1h', { startTime: 1_795_000_000_000, limit: 1000 });

    // Assess
    expect(klines.length).toBeGreaterThan(0);
    expect(Object.fromEntries(upstream.requestsTo(KLINES)[0]!.query)).toEqual({
      symbol: 'ETHUSDT',
      interval: '1h',
      startTime: '1795000000000',
      limit: '1000',
    });
  });

  test('waits out a 429 for the Retry-After seconds and answers', async () => {
    // Prepare
    const waits: number[] = [];
    upstream.on(TICKER, tooManyRequests(2, { code: -1003, msg: 'Too much request weight used.' }), fixtureReply('binance', 'ticker-price.json'));

    // Act
    const prices = await client(waits).tickerPrices();

    // Assess
    expect(prices.items).toHaveLength(37);
    expect(waits).toEqual([2000]);
    expect(upstream.requestsTo(TICKER)).toHaveLength(2);
  });

  test('retries a 5xx and fails after the last attempt', async () => {
    // Prepare
    upstream.on(INFO, serverError(503));

    // Act
    const error = await rejection(client().exchangeInfo());

    // Assess
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect((error as UpstreamFailure).status).toBe(503);
    expect(upstream.requestsTo(INFO)).toHaveLength(3);
  });

  test('treats a 418 IP ban as a failure without retrying', async () => {
    // Prepare
    upstream.on(TICKER, { ...jsonReply({ code: -1003, msg: 'Way too much request weight used; IP banned until 1795176000000.' }, 418), headers: { 'Retry-After': '120' } });

    // Act
    const error = await rejection(client().tickerPrices());

    // Assess
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect((error as UpstreamFailure).status).toBe(418);
    expect((error as Error).message).toMatch(/banned this IP/);
    expect(upstream.requestsTo(TICKER)).toHaveLength(1);
  });

  test('explains a 451 geo-block and does not retry it', async () => {
    // Prepare
    upstream.on(INFO, jsonReply({ code: 0, msg: "Service unavailable from a restricted location according to 'b. Eligibility'." }, 451));

    // Act
    const error = await rejection(client().exchangeInfo());

    // Assess
    expect((error as UpstreamFailure).status).toBe(451);
    expect((error as Error).message).toMatch(/restricted|location/i);
    expect((error as Error).message).toContain('BINANCE_BASE_URL');
    expect(upstream.requestsTo(INFO)).toHaveLength(1);
  });

  test('reports a symbol Binance does not know as BinanceUnknownSymbol', async () => {
    // Prepare
    upstream.on(KLINES, jsonReply({ code: -1121, msg: 'Invalid symbol.' }, 400));

    // Act
    const error = await rejection(client().klines('NOPEUSDT', '1m', { limit: 10 }));

    // Assess
    expect(error).toBeInstanceOf(BinanceUnknownSymbol);
    expect((error as BinanceUnknownSymbol).symbol).toBe('NOPEUSDT');
  });

  test('rejects a truncated payload as malformed without retrying', async () => {
    // Prepare
    upstream.on(TICKER, truncatedJson(fixtureText('binance', 'ticker-price.json')));

    // Act
    const error = await rejection(client().tickerPrices());

    // Assess
    expect((error as UpstreamFailure).kind).toBe('malformed');
    expect(upstream.requestsTo(TICKER)).toHaveLength(1);
  });
});
