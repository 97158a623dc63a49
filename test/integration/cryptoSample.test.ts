import { cryptoJobs } from '../../lib/api/crypto';
import { seedSampleData } from '../../infra/local/seed';
import { fixtureJson, recordingJson, startFakeUpstream, serverError, type FakeUpstream } from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

/**
 * `npm run seed` for the crypto family through the real jobs: the real exchangeInfo of 2023-09-08
 * (../shared/recordings/binance) and the hand-written prices and klines of test/fixtures/binance.
 */
let server: TestServer;
let deadUpstream: FakeUpstream;
let key: string;

const ENV = ['BINANCE_BASE_URL', 'CRYPTO_HISTORY_SYMBOLS'] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
const RECORDED_AT = Date.parse('2026-11-20T12:00:30Z') / 1000;

beforeAll(async () => {
  // the default watchlist; after the seed, on-demand fetches reach a Binance that fails
  delete process.env.CRYPTO_HISTORY_SYMBOLS;
  deadUpstream = (await startFakeUpstream()).on('/api/v3/klines', serverError(503));
  server = await startTestServer();
  key = server.demoKeys.developer!;
}, 120_000);
afterAll(async () => {
  await server.close();
  await deadUpstream.close();
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

const get = (path: string) => server.call(path, { key });

test('the seed runs every crypto job on the recordings', async () => {
  // Act
  const outcomes = await seedSampleData(Object.values(cryptoJobs));
  process.env.BINANCE_BASE_URL = deadUpstream.url;

  // Assess
  expect(outcomes.map((o) => [o.job, o.ok])).toEqual([
    ['cryptoSymbols', true],
    ['cryptoPrices', true],
    ['cryptoBars', true],
  ]);
  expect(outcomes.every((o) => o.written > 0)).toBe(true);
}, 60_000);

test('the symbol list is the real recording\'s TRADING spot pairs, marked sample', async () => {
  // Prepare
  const recorded = recordingJson<{ symbols: { symbol: string; status: string; isSpotTradingAllowed: boolean }[] }>('binance/exchangeInfo-2023-09-08.json');
  const trading = recorded.symbols.filter((s) => s.status === 'TRADING' && s.isSpotTradingAllowed).map((s) => s.symbol);

  // Act
  const body = await json(await get('/v1/cryptosymbols'));

  // Assess
  expect(body.sample).toBe(true);
  expect(body.symbols).toEqual([...trading].sort());
  expect(body.symbols).toHaveLength(1334);
});

test('prices from the recording carry the recording time and the sample mark', async () => {
  // Act
  const body = await json(await get('/v1/cryptoprice?symbol=ETHUSDT'));

  // Assess
  expect(body).toEqual({ symbol: 'ETHUSDT', price: '3040.37000000', timestamp: RECORDED_AT, sample: true });
});

test('recorded daily bars are served newest first, each marked sample, without the candle open at recording time', async () => {
  // Prepare
  const recorded = fixtureJson<[number, string, string, string, string, string, number][]>('binance', 'klines-ETHUSDT-1d.json');
  const closed = recorded.slice(0, -1);
  const start = closed[0]![0] / 1000;

  // Act
  const response = await get(`/v1/cryptopricehistorical?symbol=ETHUSDT&interval=1d&start=${start}&end=${RECORDED_AT}&limit=1000`);
  const bars = await json<{ timestamp: number; close: number; close_time: number; sample?: boolean }[]>(response);

  // Assess
  expect(response.status).toBe(200);
  expect(bars.map((b) => b.timestamp)).toEqual(closed.map((k) => k[0] / 1000).reverse());
  expect(bars[0]!.close).toBe(Number(closed.at(-1)![4]));
  expect(bars.every((b) => b.sample === true)).toBe(true);
  expect(bars.every((b) => b.close_time < RECORDED_AT * 1000)).toBe(true);
});

test('a watchlist pair without recorded klines has no invented history: 502 when Binance cannot be reached', async () => {
  await expectError(await get(`/v1/cryptopricehistorical?symbol=XRPUSDT&interval=1d&end=${RECORDED_AT}`), 502, 'upstream_error');
});
