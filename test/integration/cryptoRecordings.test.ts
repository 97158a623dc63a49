import { handler as pricesJob } from '../../functions/ingest/cryptoPrices';
import { handler as symbolsJob } from '../../functions/ingest/cryptoSymbols';
import { fixtureJson, jsonReply, recordingJson, startFakeUpstream, type FakeUpstream } from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

/**
 * The crypto jobs and endpoints on the REAL exchangeInfo of 2023-09-08 (../shared/recordings/binance), with a
 * pair named in non-ASCII letters added, as Binance lists them since 2025 (`币安人生USDT`), and one malformed entry.
 * No ticker/price recording exists: prices are the hand-written test/fixtures/binance/ticker-price.json plus that pair.
 */
let server: TestServer;
let upstream: FakeUpstream;
const saved = process.env.BINANCE_BASE_URL;

const UNICODE_PAIR = '币安人生USDT';
type RawSymbol = { symbol: string; status?: string; baseAsset: string };

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env.BINANCE_BASE_URL = upstream.url;
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server.close();
  await upstream.close();
  if (saved === undefined) delete process.env.BINANCE_BASE_URL;
  else process.env.BINANCE_BASE_URL = saved;
});

const get = (path: string) => server.call(path, { key: server.demoKeys.developer! });

test('the symbols job stores every TRADING pair of the real list, one with non-ASCII letters, and counts the malformed entry it skips', async () => {
  // Prepare
  const info = recordingJson<{ symbols: RawSymbol[] }>('binance/exchangeInfo-2023-09-08.json');
  const bnb = info.symbols.find((s) => s.symbol === 'BNBUSDT')!;
  const trading = info.symbols.filter((s) => s.status === 'TRADING' && (s as { isSpotTradingAllowed?: boolean }).isSpotTradingAllowed).length;
  upstream.on('/api/v3/exchangeInfo', jsonReply({ ...info, symbols: [...info.symbols, { ...bnb, symbol: UNICODE_PAIR, baseAsset: '币安人生' }, { ...bnb, symbol: 'ODDUSDT', status: undefined }] }));

  // Act
  const summary = await symbolsJob({ log: false });
  const listed = await json<{ symbols: string[] }>(await get('/v1/cryptosymbols'));

  // Assess
  expect(summary.written).toBe(trading + 1);
  expect(summary.notes).toContain('1 malformed item skipped');
  expect(listed.symbols).toHaveLength(trading + 1);
  expect(listed.symbols).toContain(UNICODE_PAIR);
  expect(listed.symbols).not.toContain('ODDUSDT');
});

test('the prices job keeps the non-ASCII pair, and /v1/cryptoprice answers it asked URL-encoded, in any case', async () => {
  // Prepare
  const tickers = fixtureJson<{ symbol: string; price: string }[]>('binance', 'ticker-price.json');
  upstream.on('/api/v3/ticker/price', jsonReply([...tickers, { symbol: UNICODE_PAIR, price: '0.12345600' }, { symbol: 'ODDUSDT', price: 'n/a' }]));
  const time = new Date(Math.floor(Date.now() / 60_000) * 60_000);

  // Act
  const summary = await pricesJob({ time: time.toISOString(), log: false });
  const upper = await get(`/v1/cryptoprice?symbol=${encodeURIComponent(UNICODE_PAIR)}`);
  const lower = await get(`/v1/cryptoprice?symbol=${encodeURIComponent('币安人生usdt')}`);

  // Assess
  expect(summary.notes).toContain('1 malformed item skipped');
  expect(upper.status).toBe(200);
  expect(await json(upper)).toEqual({ symbol: UNICODE_PAIR, price: '0.12345600', timestamp: time.getTime() / 1000 });
  expect(await json(lower)).toEqual({ symbol: UNICODE_PAIR, price: '0.12345600', timestamp: time.getTime() / 1000 });
});

test.each(['币安 人生USDT', 'BTC/USDT', '币'])('symbol %p is still 400 invalid_parameter', async (symbol) => {
  await expectError(await get(`/v1/cryptoprice?symbol=${encodeURIComponent(symbol)}`), 400, 'invalid_parameter', 'symbol');
});
