import { handler as barsJob } from '../../functions/ingest/cryptoBars';
import { handler as pricesJob } from '../../functions/ingest/cryptoPrices';
import { handler as symbolsJob } from '../../functions/ingest/cryptoSymbols';
import { fakeKlines } from '../support/cryptoFakeBinance';
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
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let upstream: FakeUpstream;
let keys: Record<'free' | 'developer' | 'business' | 'professional' | 'developerAnnual', string>;

const INFO = '/api/v3/exchangeInfo';
const TICKER = '/api/v3/ticker/price';
const KLINES = '/api/v3/klines';
const ENV = ['BINANCE_BASE_URL', 'CRYPTO_HISTORY_SYMBOLS'] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env.BINANCE_BASE_URL = upstream.url;
  process.env.CRYPTO_HISTORY_SYMBOLS = 'BTCUSDT,ETHUSDT,SOLUSDT,NOPEUSDT';
  server = await startTestServer();
  const demo = server.demoKeys;
  keys = { free: demo.free!, developer: demo.developer!, business: demo.business!, professional: demo.professional!, developerAnnual: demo.developer_annual! };
}, 120_000);
afterEach(() => upstream.reset());
afterAll(async () => {
  await server.close();
  await upstream.close();
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the job to fail');
}

const get = (path: string, key = keys.developer) => server.call(path, { key });
const body = async (path: string, key = keys.developer) => json(await get(path, key));
const history = (query: string, key = keys.developer) => get(`/v1/cryptopricehistorical?${query}`, key);

describe('before anything is ingested', () => {
  test('cryptoprice answers 503 data_unavailable', async () => {
    await expectError(await get('/v1/cryptoprice?symbol=BTCUSDT', keys.free), 503, 'data_unavailable');
  });

  test('cryptosymbols answers 503 data_unavailable', async () => {
    await expectError(await get('/v1/cryptosymbols'), 503, 'data_unavailable');
  });

  test('cryptopricehistorical answers 503 data_unavailable', async () => {
    await expectError(await history('symbol=BTCUSDT'), 503, 'data_unavailable');
  });
});

describe('parameters', () => {
  test('a missing symbol is 400 missing_parameter', async () => {
    await expectError(await get('/v1/cryptoprice'), 400, 'missing_parameter', 'symbol');
    await expectError(await history('interval=1h'), 400, 'missing_parameter', 'symbol');
  });

  test.each(['BTC-USDT', 'B', 'A'.repeat(21), 'BTC USDT'])('symbol %p is 400 invalid_parameter', async (symbol) => {
    await expectError(await get(`/v1/cryptoprice?symbol=${encodeURIComponent(symbol)}`), 400, 'invalid_parameter', 'symbol');
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['interval=2h', 'interval'],
    ['interval=1w', 'interval'],
    ['start=abc', 'start'],
    ['start=1795000000&end=1794000000', 'start'],
    ['end=1795000000000', 'end'],
  ])('cryptopricehistorical with %s is 400 invalid_parameter', async (query, param) => {
    await expectError(await history(`symbol=BTCUSDT&${query}`), 400, 'invalid_parameter', param);
  });

  test('free keys get 403 plan_required naming the plan on the Premium endpoints', async () => {
    const historical = await expectError(await history('symbol=BTCUSDT', keys.free), 403, 'plan_required');
    const symbols = await expectError(await get('/v1/cryptosymbols', keys.free), 403, 'plan_required');
    expect(historical.error).toMatch(/Premium/);
    expect(symbols.error).toMatch(/Premium/);
  });
});

describe('cryptoSymbols job', () => {
  test('waits out a 429 with Retry-After and stores the TRADING spot pairs, sorted', async () => {
    // Prepare
    upstream.on(INFO, tooManyRequests(1, { code: -1003, msg: 'Too much request weight used.' }), fixtureReply('binance', 'exchangeInfo.json'));

    // Act
    const summary = await symbolsJob({ time: new Date().toISOString() });
    const listed = await body('/v1/cryptosymbols');

    // Assess
    expect(upstream.requestsTo(INFO)).toHaveLength(2);
    expect(summary.written).toBe(34);
    expect(Object.keys(listed)).toEqual(['symbols']);
    expect(listed.symbols).toHaveLength(34);
    expect(listed.symbols).toEqual([...listed.symbols].sort());
    expect(listed.symbols).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHBTC', '1INCHUSDT']));
    expect(listed.symbols).not.toContain('MATICUSDT');
  });

  test.each([
    ['a 5xx', () => serverError(502)],
    ['a truncated payload', () => truncatedJson(fixtureText('binance', 'exchangeInfo.json'))],
    ['an empty symbol list', () => jsonReply({ ...fixtureJson<object>('binance', 'exchangeInfo.json'), symbols: [] })],
    ['a 418 IP ban', () => jsonReply({ code: -1003, msg: 'Way too much request weight used; IP banned.' }, 418)],
  ])('a run failing on %s leaves the stored list intact', async (_what, reply) => {
    // Prepare
    const before = await body('/v1/cryptosymbols');
    upstream.on(INFO, reply());

    // Act
    const error = await rejection(symbolsJob({ time: new Date().toISOString() }));

    // Assess
    expect(error.message).toEqual(expect.any(String));
    expect(await body('/v1/cryptosymbols')).toEqual(before);
  });

  test('drops a pair that stopped trading and lists it again when it is back', async () => {
    // Prepare
    const info = fixtureJson<{ symbols: { symbol: string; status: string }[] }>('binance', 'exchangeInfo.json');
    const halted = { ...info, symbols: info.symbols.map((s) => (s.symbol === 'ETCUSDT' ? { ...s, status: 'BREAK' } : s)) };
    upstream.on(INFO, jsonReply(halted));

    // Act
    await symbolsJob({ time: new Date().toISOString() });
    const during = await body('/v1/cryptosymbols');
    upstream.on(INFO, fixtureReply('binance', 'exchangeInfo.json'));
    await symbolsJob({ time: new Date().toISOString() });
    const after = await body('/v1/cryptosymbols');

    // Assess
    expect(during.symbols).not.toContain('ETCUSDT');
    expect(during.symbols).toHaveLength(33);
    expect(after.symbols).toContain('ETCUSDT');
  });
});

describe('cryptoPrices job', () => {
  const firstRun = new Date(Math.floor(Date.now() / 60_000) * 60_000);

  test('stores the last price of every pair, stamped with the fetch time', async () => {
    // Prepare
    upstream.on(TICKER, fixtureReply('binance', 'ticker-price.json'));

    // Act
    const summary = await pricesJob({ time: firstRun.toISOString() });
    const response = await get('/v1/cryptoprice?symbol=btcusdt', keys.free);

    // Assess
    expect(summary.written).toBe(37);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ symbol: 'BTCUSDT', price: '91850.01000000', timestamp: firstRun.getTime() / 1000 });
  });

  test('serves each price as the decimal string Binance quoted, as the live service does, small and digit-led pairs too', async () => {
    // Prepare: the quotes as Binance sent them
    const quoted = new Map(fixtureJson<{ symbol: string; price: string }[]>('binance', 'ticker-price.json').map((t) => [t.symbol, t.price]));

    // Act
    const pepe = await body('/v1/cryptoprice?symbol=PEPEUSDT', keys.free);
    const inch = await body('/v1/cryptoprice?symbol=1inchusdt', keys.free);

    // Assess
    expect(pepe).toMatchObject({ price: quoted.get('PEPEUSDT') });
    expect(inch).toMatchObject({ symbol: '1INCHUSDT', price: quoted.get('1INCHUSDT') });
    expect(typeof pepe.price).toBe('string');
  });

  test('a well-formed symbol that is not listed is 404 no_data, even when Binance still has a price for it', async () => {
    await expectError(await get('/v1/cryptoprice?symbol=NOPEUSDT', keys.free), 404, 'no_data');
    await expectError(await get('/v1/cryptoprice?symbol=MATICUSDT', keys.free), 404, 'no_data');
  });

  test('the 404 for an unlisted symbol names listed pairs like it, and points only paid keys at /v1/cryptosymbols', async () => {
    // Act: a free key asks for "btc", as a new user would
    const free = await expectError(await get('/v1/cryptoprice?symbol=btc', keys.free), 404, 'no_data');
    const paid = await expectError(await get('/v1/cryptoprice?symbol=btc', keys.developer), 404, 'no_data');
    const unlike = await expectError(await get('/v1/cryptoprice?symbol=ZZZZ', keys.free), 404, 'no_data');

    // Assess: pairs of the stored list that begin with BTC, USDT quotes first; the free key is not sent to a Premium endpoint
    const listed: string[] = (await body('/v1/cryptosymbols')).symbols;
    const btcPairs = listed.filter((pair) => pair.startsWith('BTC'));
    expect(btcPairs.length).toBeGreaterThan(1);
    expect(free.error).toMatch(/^BTC is not a listed trading pair\. Symbols are Binance spot pairs \(base and quote asset\), such as BTCUSDT[,.]/);
    for (const pair of btcPairs.slice(0, 5)) expect(free.error).toContain(pair);
    expect(free.error).not.toContain('/v1/cryptosymbols');
    expect(paid.error).toContain('the full list is at /v1/cryptosymbols');
    expect(unlike.error).toMatch(/such as BTCUSDT, ETHUSDT, /);
  });

  test.each([
    ['a 5xx', () => serverError(500)],
    ['a truncated payload', () => truncatedJson(fixtureText('binance', 'ticker-price.json'))],
    ['an empty price list', () => jsonReply([])],
    ['a malformed price', () => jsonReply([{ symbol: 'BTCUSDT', price: 'n/a' }])],
  ])('a run failing on %s leaves the stored prices intact', async (_what, reply) => {
    // Prepare
    upstream.on(TICKER, reply());

    // Act
    await rejection(pricesJob({ time: new Date(firstRun.getTime() + 60_000).toISOString() }));

    // Assess
    expect(await body('/v1/cryptoprice?symbol=BTCUSDT', keys.free)).toEqual({ symbol: 'BTCUSDT', price: '91850.01000000', timestamp: firstRun.getTime() / 1000 });
  });

  test('a later run replaces price and timestamp', async () => {
    // Prepare
    const later = new Date(firstRun.getTime() + 120_000);
    const tickers = fixtureJson<{ symbol: string; price: string }[]>('binance', 'ticker-price.json');
    upstream.on(TICKER, jsonReply(tickers.map((t) => (t.symbol === 'BTCUSDT' ? { ...t, price: '91901.50000000' } : t))));

    // Act
    await pricesJob({ time: later.toISOString() });

    // Assess
    expect(await body('/v1/cryptoprice?symbol=BTCUSDT', keys.free)).toEqual({ symbol: 'BTCUSDT', price: '91901.50000000', timestamp: later.getTime() / 1000 });
  });

  test('a run stamped earlier than the stored prices (a retried run) does not replace them', async () => {
    // Prepare
    const before = await body('/v1/cryptoprice?symbol=BTCUSDT', keys.free);
    upstream.on(TICKER, jsonReply([{ symbol: 'BTCUSDT', price: '1.00000000' }]));

    // Act
    const summary = await pricesJob({ time: firstRun.toISOString() });

    // Assess
    expect(summary.written).toBe(0);
    expect(await body('/v1/cryptoprice?symbol=BTCUSDT', keys.free)).toEqual(before);
  });
});

describe('cryptoBars job and /v1/cryptopricehistorical', () => {
  let clock: number;
  const klines = () => fakeKlines({ clock: () => clock, unknownSymbols: ['SOLUSDT'] });
  beforeAll(() => {
    clock = Date.now();
  });
  const newest = async (query: string) => ((await body(`/v1/cryptopricehistorical?${query}`)) as { timestamp: number }[])[0]!.timestamp;

  test('first run backfills every interval of the watchlist, skipping pairs that are not listed or unknown to Binance', async () => {
    // Prepare
    upstream.on(KLINES, klines());

    // Act
    const summary = await barsJob({ time: new Date(clock).toISOString() });

    // Assess
    expect(summary.written).toBeGreaterThan(3000);
    expect(summary.notes).toEqual(expect.arrayContaining([expect.stringContaining('NOPEUSDT'), expect.stringContaining('SOLUSDT')]));
    const btc1m = upstream.requestsTo(KLINES).find((r) => r.query.get('symbol') === 'BTCUSDT' && r.query.get('interval') === '1m')!;
    expect(Number(btc1m.query.get('startTime'))).toBe((Math.floor(clock / 60_000) - 1000) * 60_000);
    expect(btc1m.query.get('limit')).toBe('1000');
  }, 60_000);

  test('serves the default: 100 closed 5m bars of the last 24 hours, newest first, from the store', async () => {
    // Act
    const response = await history('symbol=BTCUSDT');
    const bars = await json<{ open: number; high: number; low: number; close: number; volume: number; close_time: number; timestamp: number; price: number }[]>(response);

    // Assess
    expect(response.status).toBe(200);
    expect(bars).toHaveLength(100);
    expect(Object.keys(bars[0]!).sort()).toEqual(['close', 'close_time', 'high', 'low', 'open', 'price', 'timestamp', 'volume']);
    for (let i = 1; i < bars.length; i++) expect(bars[i - 1]!.timestamp - bars[i]!.timestamp).toBe(300);
    for (const bar of bars) {
      expect(bar.price).toBe(bar.close);
      expect(bar.close_time).toBe((bar.timestamp + 300) * 1000 - 1);
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
    }
    expect(bars[0]!.close_time).toBeLessThan(Date.now());
    expect(bars.at(-1)!.timestamp).toBeGreaterThanOrEqual(Date.now() / 1000 - 86_400);
    expect(upstream.requestsTo(KLINES)).toHaveLength(0);
  });

  test('never serves the still-open candle', async () => {
    for (const interval of ['1m', '5m', '1h', '4h', '1d']) {
      // Act
      const response = await history(`symbol=ETHUSDT&interval=${interval}&limit=1`);
      const [bar] = await json(response);

      // Assess
      expect(response.status).toBe(200);
      expect(bar.close_time).toBeLessThan(clock);
    }
  });

  test('honours limit and the start/end window', async () => {
    // Prepare
    const end = Math.floor(clock / 1000) - 6 * 3600;
    const start = end - 10 * 3600;

    // Act
    const limited = await body('/v1/cryptopricehistorical?symbol=ETHUSDT&interval=1m&limit=1000');
    const window = (await body(`/v1/cryptopricehistorical?symbol=ETHUSDT&interval=1h&start=${start}&end=${end}`)) as { timestamp: number }[];

    // Assess
    expect(limited).toHaveLength(1000);
    expect(window).toHaveLength(11);
    for (const bar of window) expect(bar.timestamp + 3600 > start && bar.timestamp <= end).toBe(true);
    expect(upstream.requestsTo(KLINES)).toHaveLength(0);
  });

  test('a later run continues from the last stored bar and asks only for intervals with a newly closed bar', async () => {
    // Prepare
    const lastMinute = await newest('symbol=BTCUSDT&interval=1m&limit=1');
    clock += 6 * 60_000;
    upstream.on(KLINES, klines());

    // Act
    await barsJob({ time: new Date(clock).toISOString() });
    const end = Math.floor(clock / 1000);

    // Assess
    const requests = upstream.requestsTo(KLINES).filter((r) => r.query.get('symbol') === 'BTCUSDT');
    const oneMinute = requests.find((r) => r.query.get('interval') === '1m')!;
    expect(Number(oneMinute.query.get('startTime'))).toBe((lastMinute + 60) * 1000);
    expect(requests.map((r) => r.query.get('interval'))).not.toContain('1d');
    expect(await newest(`symbol=BTCUSDT&interval=1m&limit=1&end=${end}`)).toBe(Math.floor(clock / 60_000) * 60 - 60);
  }, 30_000);

  test.each([
    ['a 5xx', () => serverError(503)],
    ['a truncated payload', () => truncatedJson(JSON.stringify([[1, '1', '1', '1', '1', '1', 60000, '1', 1, '1', '1', '0']]))],
    ['a malformed kline', () => jsonReply([[1, '1', '1', '1', '1']])],
  ])('a run failing on %s writes nothing', async (_what, reply) => {
    // Prepare
    const end = Math.floor(clock / 1000) + 600;
    const before = await newest(`symbol=BTCUSDT&interval=1m&limit=1&end=${end}`);
    upstream.on(KLINES, reply());

    // Act
    await rejection(barsJob({ time: new Date(clock + 5 * 60_000).toISOString() }));

    // Assess
    expect(await newest(`symbol=BTCUSDT&interval=1m&limit=1&end=${end}`)).toBe(before);
  }, 30_000);

  test('waits out a 429 with Retry-After and then stores the new bars', async () => {
    // Prepare
    clock += 2 * 60_000;
    upstream.on(KLINES, tooManyRequests(1, { code: -1003, msg: 'Too much request weight used.' }), klines());

    // Act
    await barsJob({ time: new Date(clock).toISOString() });

    // Assess
    expect(await newest(`symbol=BTCUSDT&interval=1m&limit=1&end=${Math.floor(clock / 1000)}`)).toBe(Math.floor(clock / 60_000) * 60 - 60);
  }, 30_000);

  test('a run answered with no klines succeeds, writes nothing and keeps the stored bars', async () => {
    // Prepare
    const end = Math.floor(clock / 1000) + 600;
    const before = await newest(`symbol=BTCUSDT&interval=1m&limit=1&end=${end}`);
    upstream.on(KLINES, fixtureReply('binance', 'klines-empty.json'));

    // Act
    const summary = await barsJob({ time: new Date(clock + 3 * 60_000).toISOString() });

    // Assess
    expect(summary.written).toBe(0);
    expect(await newest(`symbol=BTCUSDT&interval=1m&limit=1&end=${end}`)).toBe(before);
  });

  test('the default window of daily bars holds yesterday\'s bar', async () => {
    // Act
    const bars = (await body('/v1/cryptopricehistorical?symbol=BTCUSDT&interval=1d')) as { timestamp: number }[];

    // Assess
    expect(bars.map((b) => b.timestamp)).toEqual([Math.floor(clock / 86_400_000) * 86_400 - 86_400]);
  });

  test('a window Binance has no bars for is 200 []', async () => {
    // Prepare: Binance has nothing that old for this pair
    upstream.on(KLINES, klines());

    // Act
    const response = await history('symbol=BTCUSDT&interval=1d&start=1500000000&end=1500864000');

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([]);
    expect(upstream.requestsTo(KLINES)).toHaveLength(1);
  });

  test('a window before Binance opened is 200 [] without asking Binance', async () => {
    // Act
    const response = await history('symbol=BTCUSDT&interval=1h&start=-86400&end=86400');

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([]);
    expect(upstream.requestsTo(KLINES)).toHaveLength(0);
  });

  test('an unlisted symbol is 404 no_data', async () => {
    await expectError(await history('symbol=NOPEUSDT'), 404, 'no_data');
  });
});

describe('/v1/cryptopricehistorical for a listed pair outside the watchlist (read-through)', () => {
  const clock = () => Date.now();

  test('fetches the bars from Binance, stores them and answers the next call from the store', async () => {
    // Prepare
    upstream.on(KLINES, fakeKlines({ clock }));

    // Act
    const first = await json<{ timestamp: number; close_time: number }[]>(await history('symbol=XRPUSDT&interval=1h&limit=24'));
    const second = await json<{ timestamp: number }[]>(await history('symbol=XRPUSDT&interval=1h&limit=24'));

    // Assess: the closed bars of the last 24 hours (24 only when the call falls exactly on the hour)
    expect([23, 24]).toContain(first.length);
    for (let i = 1; i < first.length; i++) expect(first[i - 1]!.timestamp - first[i]!.timestamp).toBe(3600);
    expect(first[0]!.close_time).toBeLessThan(Date.now());
    expect(second).toEqual(first);
    expect(upstream.requestsTo(KLINES)).toHaveLength(1);
    expect(upstream.requestsTo(KLINES)[0]!.query.get('symbol')).toBe('XRPUSDT');
  });

  test('serves what is stored when Binance fails', async () => {
    // Prepare
    upstream.on(KLINES, serverError(503));

    // Act
    const response = await history(`symbol=XRPUSDT&interval=1h&start=${Math.floor(Date.now() / 1000) - 48 * 3600}`);
    const bars = await json<unknown[]>(response);

    // Assess: the 23 or 24 bars the first call stored, though the window asks for 48
    expect(response.status).toBe(200);
    expect([23, 24]).toContain(bars.length);
    expect(upstream.requestsTo(KLINES).length).toBeGreaterThan(0);
  });

  test('answers 502 upstream_error when Binance fails and nothing is stored', async () => {
    // Prepare
    upstream.on(KLINES, serverError(503));

    // Act
    const response = await history('symbol=ADAUSDT&interval=15m');

    // Assess
    const error = await expectError(response, 502, 'upstream_error');
    expect(error.error).toMatch(/no ADAUSDT 15m bars are stored for this window, nor for any other/);
  });

  test('the 502 for a window not stored names the range that is', async () => {
    // Prepare: XRPUSDT 1h bars of the last day were stored by the read-through above
    upstream.on(KLINES, serverError(503));
    const weekAgo = Math.floor(Date.now() / 1000) - 7 * 86_400;
    const stored = await json<{ timestamp: number }[]>(await history('symbol=XRPUSDT&interval=1h&limit=1000'));
    const [newest, oldest] = [stored[0]!.timestamp, stored.at(-1)!.timestamp];

    // Act
    const response = await history(`symbol=XRPUSDT&interval=1h&start=${weekAgo - 86_400}&end=${weekAgo}`);

    // Assess
    const error = await expectError(response, 502, 'upstream_error');
    expect(error.error).toContain(`stored bars cover ${new Date(oldest * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    expect(error.error).toContain(`(start=${oldest}&end=${newest})`);
  });
});

describe('plans', () => {
  test.each(['developer', 'business', 'professional', 'developerAnnual'] as const)('a %s key gets history and the symbol list', async (plan) => {
    expect((await history('symbol=BTCUSDT&limit=2', keys[plan])).status).toBe(200);
    expect((await get('/v1/cryptosymbols', keys[plan])).status).toBe(200);
  });

  test('every plan gets the last price', async () => {
    for (const key of Object.values(keys)) expect((await get('/v1/cryptoprice?symbol=ETHUSDT', key)).status).toBe(200);
  });
});
