import { binanceClient, BinancePayloadError, parseExchangeInfo, parseKlines } from '../../lib/sources/binance';
import { UpstreamFailure } from '../../lib/sources/http';
import { tradingSymbols } from '../../lib/crypto/symbols';
import { jsonReply, recordingJson, recordingReply, recordingText, startFakeUpstream, type FakeUpstream } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

/**
 * The Binance client on REAL responses (../shared/recordings/binance, README there): exchangeInfo of
 * 2023-09-08 (2,292 symbols), 500 spot 1m klines of 2024-11-16, and the 451 geo-block body. Binance's
 * non-ASCII symbols (documented, e.g. `币安人生USDT`) are in no recording: the tests add one to the real list.
 */
const EXCHANGE_INFO = 'binance/exchangeInfo-2023-09-08.json';
const KLINES_1M = 'binance/klines-spot-1m-2024-11-16.json';
const GEO_BLOCK = 'binance/error-451-restricted-location.json';

type RawSymbol = { symbol: string; status: string; baseAsset: string; quoteAsset: string; isSpotTradingAllowed: boolean };
const exchangeInfo = () => recordingJson<{ serverTime: number; symbols: RawSymbol[] }>(EXCHANGE_INFO);

/** The real list plus a pair named in Chinese (as Binance lists 币安人生USDT since 2025) and one entry without a status. */
function withUnicodePair() {
  const info = exchangeInfo();
  const template = info.symbols.find((s) => s.symbol === 'BNBUSDT')!;
  const unicode = { ...template, symbol: '币安人生USDT', baseAsset: '币安人生' };
  const odd = { ...template, symbol: 'ODDUSDT', status: undefined };
  return { ...info, symbols: [...info.symbols, unicode, odd] };
}

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

const client = () => binanceClient({ baseUrl: upstream.url, sleep: async () => undefined, random: () => 0 });

describe('exchangeInfo recorded 2023-09-08', () => {
  test('the client reads all 2,292 symbols with status, assets and spot permission, none skipped', async () => {
    // Prepare
    upstream.on('/api/v3/exchangeInfo', recordingReply(EXCHANGE_INFO));

    // Act
    const { items, skipped } = await client().exchangeInfo();

    // Assess
    expect(items).toHaveLength(2292);
    expect(skipped).toBe(0);
    expect(items[0]).toEqual({ symbol: 'ETHBTC', status: 'TRADING', baseAsset: 'ETH', quoteAsset: 'BTC', isSpotTradingAllowed: true });
    expect(new Set(items.map((s) => s.status))).toEqual(new Set(exchangeInfo().symbols.map((s) => s.status)));
  });

  test('the TRADING spot pairs are the recording\'s, sorted', () => {
    // Act
    const listed = tradingSymbols(parseExchangeInfo(exchangeInfo()).items);

    // Assess
    const expected = exchangeInfo().symbols.filter((s) => s.status === 'TRADING' && s.isSpotTradingAllowed).map((s) => s.symbol).sort();
    expect(listed.map((s) => s.symbol)).toEqual(expected);
    expect(listed.map((s) => s.symbol)).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHUSDT', '1INCHUSDT']));
  });

  test('accepts a symbol with non-ASCII letters and skips and counts a malformed entry instead of rejecting the list', () => {
    // Act
    const { items, skipped } = parseExchangeInfo(withUnicodePair());

    // Assess
    expect(items).toHaveLength(2293);
    expect(skipped).toBe(1);
    expect(items).toContainEqual({ symbol: '币安人生USDT', status: 'TRADING', baseAsset: '币安人生', quoteAsset: 'USDT', isSpotTradingAllowed: true });
    expect(items.map((s) => s.symbol)).not.toContain('ODDUSDT');
  });

  test('rejects a list where more than half the entries are malformed (a changed format)', () => {
    // Prepare
    const info = exchangeInfo();
    const broken = { ...info, symbols: info.symbols.map(({ status: _status, ...rest }, i) => (i % 3 === 0 ? { ...rest, status: 'TRADING' } : rest)) };

    // Act
    const error = thrown(BinancePayloadError, () => parseExchangeInfo(broken));

    // Assess
    expect(error.message).toMatch(/1528 of 2292 items malformed/);
  });
});

describe('klines recorded 2024-11-16 (spot, 1m)', () => {
  test('the client reads the 500 one-minute klines, each closing 1 ms before the next opens', async () => {
    // Prepare
    upstream.on('/api/v3/klines', recordingReply(KLINES_1M));

    // Act
    // the recording does not name its pair (a USDT pair near 0.72 USDT)
    const klines = await client().klines('PAIRUSDT', '1m', { limit: 500 });

    // Assess
    expect(klines).toHaveLength(500);
    expect(klines[0]).toEqual({
      openTime: 1731748020000,
      open: 0.7227,
      high: 0.7256,
      low: 0.7227,
      close: 0.7244,
      volume: 574761.5,
      closeTime: 1731748079999,
      quoteVolume: 416461.9994,
      trades: 1760,
      takerBuyBaseVolume: 343792.9,
      takerBuyQuoteVolume: 249110.96803,
    });
    for (let i = 1; i < klines.length; i++) {
      expect(klines[i]!.openTime).toBe(klines[i - 1]!.openTime + 60_000);
      expect(klines[i]!.openTime).toBe(klines[i - 1]!.closeTime + 1);
    }
  });

  test('a kline series stays all or nothing: one malformed row rejects it', () => {
    // Prepare
    const rows = recordingJson<unknown[][]>(KLINES_1M);
    rows[10] = rows[10]!.slice(0, 5);

    // Act
    const error = thrown(BinancePayloadError, () => parseKlines(rows));

    // Assess
    expect(error.message).toContain('kline 10');
  });
});

describe('the recorded 451 geo-block', () => {
  test('is a 451 failure naming the fix, not retried', async () => {
    // Prepare
    upstream.on('/api/v3/exchangeInfo', jsonReply(recordingText(GEO_BLOCK), 451));

    // Act
    const error = await client().exchangeInfo().then(
      () => undefined,
      (e: unknown) => e,
    );

    // Assess
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect((error as UpstreamFailure).status).toBe(451);
    expect((error as Error).message).toContain('BINANCE_BASE_URL');
    expect(upstream.requestsTo('/api/v3/exchangeInfo')).toHaveLength(1);
  });
});
