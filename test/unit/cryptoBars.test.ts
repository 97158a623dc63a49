import {
  BACKFILL_BARS,
  barResponse,
  closedBars,
  coversWindow,
  expectedOpenTimes,
  isDue,
  newestInWindow,
  nextFetchStart,
  onDemandRange,
  overlappingBars,
  RETENTION_SECONDS,
  unexpiredBars,
  type CryptoBar,
} from '../../lib/crypto/bars';
import { DEFAULT_WATCHLIST, tradingSymbols, watchlistFrom } from '../../lib/crypto/symbols';
import { parseExchangeInfo, parseKlines, type Kline } from '../../lib/sources/binance';
import { fixtureJson } from '../support/fakeUpstream';

const at = (iso: string) => new Date(iso);
const unix = (iso: string) => Date.parse(iso) / 1000;

/** A 1-minute kline opening at `iso`. */
function kline(iso: string, close = 100, seconds = 60): Kline {
  const openTime = Date.parse(iso);
  return { openTime, open: 100, high: 101, low: 99, close, volume: 2, closeTime: openTime + seconds * 1000 - 1, quoteVolume: 200, trades: 5, takerBuyBaseVolume: 1, takerBuyQuoteVolume: 100 };
}

const bar = (time: number): CryptoBar => ({ time, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3, close_time: time * 1000 + 59_999 });

describe('closedBars', () => {
  test('drops the still-open candle (close time not yet passed) and keeps the closed ones', () => {
    // Prepare
    const klines = [kline('2026-11-20T11:58:00Z'), kline('2026-11-20T11:59:00Z'), kline('2026-11-20T12:00:00Z')];

    // Act
    const bars = closedBars(klines, at('2026-11-20T12:00:30Z'));

    // Assess
    expect(bars.map((b) => b.time)).toEqual([unix('2026-11-20T11:58:00Z'), unix('2026-11-20T11:59:00Z')]);
  });

  test('keeps a candle whose close time lies exactly 1 ms before the clock', () => {
    expect(closedBars([kline('2026-11-20T11:59:00Z')], at('2026-11-20T12:00:00Z'))).toHaveLength(1);
  });

  test('drops the last kline of every recording at the recording time', () => {
    for (const interval of ['1m', '5m', '15m', '30m', '1h', '4h', '1d']) {
      // Prepare
      const klines = parseKlines(fixtureJson('binance', `klines-ETHUSDT-${interval}.json`));

      // Act
      const bars = closedBars(klines, at('2026-11-20T12:00:30Z'));

      // Assess
      expect(bars).toHaveLength(klines.length - 1);
    }
  });

  test('turns a kline into a bar with open time in seconds and close time in milliseconds', () => {
    // Act
    const [first] = closedBars([kline('2026-11-20T11:58:00Z', 100.5)], at('2026-11-20T12:00:00Z'));

    // Assess
    expect(first).toEqual({ time: unix('2026-11-20T11:58:00Z'), open: 100, high: 101, low: 99, close: 100.5, volume: 2, close_time: Date.parse('2026-11-20T11:58:59.999Z') });
  });
});

describe('retention', () => {
  test('keeps intraday bars for a time that grows with the interval, daily bars for good', () => {
    expect(RETENTION_SECONDS['1m']).toBe(7 * 86_400);
    expect(RETENTION_SECONDS['1h']).toBe(365 * 86_400);
    expect(RETENTION_SECONDS['1d']).toBeUndefined();
    const intraday = (['1m', '5m', '15m', '30m', '1h', '4h'] as const).map((p) => RETENTION_SECONDS[p]!);
    expect([...intraday].sort((a, b) => a - b)).toEqual(intraday);
  });

  test('writes only bars whose TTL lies in the future', () => {
    // Prepare
    const now = at('2026-11-20T12:00:00Z');
    const old = bar(unix('2026-11-13T11:59:00Z'));
    const recent = bar(unix('2026-11-13T12:01:00Z'));

    // Act
    const kept = unexpiredBars([old, recent], '1m', now);
    const daily = unexpiredBars([bar(unix('2019-01-01T00:00:00Z'))], '1d', now);

    // Assess
    expect(kept).toEqual([recent]);
    expect(daily).toHaveLength(1);
  });
});

describe('nextFetchStart and isDue', () => {
  const now = at('2026-11-20T12:00:30Z');

  test('starts a series with nothing stored at the bounded backfill', () => {
    expect(nextFetchStart(undefined, '1m', now)).toBe(unix('2026-11-20T12:00:00Z') - BACKFILL_BARS * 60);
    expect(nextFetchStart(undefined, '1d', now)).toBe(unix('2026-11-20T00:00:00Z') - BACKFILL_BARS * 86_400);
  });

  test('continues after the last stored bar', () => {
    expect(nextFetchStart(unix('2026-11-20T11:55:00Z'), '5m', now)).toBe(unix('2026-11-20T12:00:00Z'));
  });

  test('skips ahead to the backfill window after a longer gap', () => {
    expect(nextFetchStart(unix('2026-10-01T00:00:00Z'), '1m', now)).toBe(nextFetchStart(undefined, '1m', now));
  });

  test('is due only once the bar after the last stored one has closed', () => {
    expect(isDue(unix('2026-11-20T11:59:00Z'), '1m', now)).toBe(true);
    expect(isDue(unix('2026-11-20T12:00:00Z'), '1m', now)).toBe(false);
    expect(isDue(unix('2026-11-20T11:55:00Z'), '5m', at('2026-11-20T12:00:00Z'))).toBe(true);
    expect(isDue(unix('2026-11-20T08:00:00Z'), '4h', now)).toBe(true);
    expect(isDue(unix('2026-11-20T12:00:00Z'), '4h', now)).toBe(false);
  });
});

describe('overlappingBars', () => {
  test('takes in the bar in progress at start, but not the one closing exactly at an aligned start', () => {
    // Act
    const unaligned = overlappingBars({ from: unix('2026-11-20T10:30:00Z'), to: unix('2026-11-20T12:00:00Z') }, '1h');
    const aligned = overlappingBars({ from: unix('2026-11-20T10:00:00Z'), to: unix('2026-11-20T12:00:00Z') }, '1h');

    // Assess
    expect(expectedOpenTimes(unaligned, '1h', unix('2026-11-20T13:00:00Z'), 100)).toEqual([
      unix('2026-11-20T12:00:00Z'),
      unix('2026-11-20T11:00:00Z'),
      unix('2026-11-20T10:00:00Z'),
    ]);
    expect(expectedOpenTimes(aligned, '1h', unix('2026-11-20T13:00:00Z'), 100).at(-1)).toBe(unix('2026-11-20T10:00:00Z'));
  });

  test('starts no earlier than Binance\'s first day', () => {
    // Act
    const before = overlappingBars({ from: 0, to: unix('2017-01-01T00:00:00Z') }, '1d');
    const across = overlappingBars({ from: 0, to: unix('2018-01-01T00:00:00Z') }, '1d');

    // Assess
    expect(before.from).toBeGreaterThan(before.to);
    expect(across.from).toBe(unix('2017-07-14T00:00:00Z'));
  });

  test('makes the default 24-hour window hold yesterday\'s daily bar', () => {
    // Prepare
    const now = unix('2026-11-20T12:00:30Z');

    // Act
    const times = expectedOpenTimes(overlappingBars({ from: now - 86_400, to: now }, '1d'), '1d', now, 100);

    // Assess
    expect(times).toEqual([unix('2026-11-19T00:00:00Z')]);
  });
});

describe('expectedOpenTimes', () => {
  test('lists the aligned closed bars of the window, newest first', () => {
    // Act
    const times = expectedOpenTimes({ from: unix('2026-11-20T11:52:30Z'), to: unix('2026-11-20T12:10:00Z') }, '5m', unix('2026-11-20T12:03:00Z'), 100);

    // Assess
    expect(times).toEqual([unix('2026-11-20T11:55:00Z')]);
  });

  test('stops at limit', () => {
    // Act
    const times = expectedOpenTimes({ from: 0, to: unix('2026-11-20T12:00:00Z') }, '1m', unix('2026-11-20T12:00:00Z'), 3);

    // Assess
    expect(times).toEqual([unix('2026-11-20T11:59:00Z'), unix('2026-11-20T11:58:00Z'), unix('2026-11-20T11:57:00Z')]);
  });

  test('is empty for a window in the future', () => {
    expect(expectedOpenTimes({ from: unix('2026-11-21T00:00:00Z'), to: unix('2026-11-22T00:00:00Z') }, '1h', unix('2026-11-20T12:00:00Z'), 100)).toEqual([]);
  });
});

describe('coversWindow', () => {
  test('is true when every expected bar is stored', () => {
    expect(coversWindow([300, 240, 180], [300, 240, 180], 100)).toBe(true);
  });

  test('is false when a bar is missing in the middle or at the newest end', () => {
    expect(coversWindow([300, 180], [300, 240, 180], 100)).toBe(false);
    expect(coversWindow([240, 180], [300, 240, 180], 100)).toBe(false);
  });

  test('is true when newer stored bars fill the limit and push older expected ones out', () => {
    expect(coversWindow([360, 300, 240], [300, 240, 180], 3)).toBe(true);
  });

  test('is false for nothing stored when bars are expected, true when none are', () => {
    expect(coversWindow([], [60], 10)).toBe(false);
    expect(coversWindow([], [], 10)).toBe(true);
  });
});

describe('onDemandRange', () => {
  test('sends startTime when the whole window fits in one answer', () => {
    expect(onDemandRange({ from: 3600, to: 7200 }, '5m', 100)).toEqual({ startTime: 3_600_000, endTime: 7_200_000, limit: 101 });
  });

  test('sends only endTime (the newest bars up to it) when the window holds more bars than asked', () => {
    expect(onDemandRange({ from: 0, to: 86_400 }, '1m', 100)).toEqual({ endTime: 86_400_000, limit: 101 });
  });

  test('asks at most 1000 klines', () => {
    expect(onDemandRange({ from: 0, to: 10_000_000 }, '1m', 1000).limit).toBe(1000);
  });
});

describe('newestInWindow', () => {
  test('merges two lists by time, preferring the first, newest first, inside the window and limit', () => {
    // Prepare
    const fetched = [{ time: 60, from: 'fetched' }, { time: 120, from: 'fetched' }];
    const stored = [{ time: 120, from: 'stored' }, { time: 0, from: 'stored' }, { time: 600, from: 'stored' }];

    // Act
    const merged = newestInWindow(fetched, stored, (x) => x.time, { from: 0, to: 300 }, 2);

    // Assess
    expect(merged).toEqual([{ time: 120, from: 'fetched' }, { time: 60, from: 'fetched' }]);
  });
});

describe('barResponse', () => {
  test('serves timestamp = open time in seconds, close_time in ms, price = close, the sample mark only on sample data', () => {
    // Prepare
    const stored = bar(1_795_000_000);

    // Act
    const live = barResponse(stored, false);
    const sample = barResponse(stored, true);

    // Assess
    expect(live).toEqual({ open: 1, high: 2, low: 0.5, close: 1.5, volume: 3, close_time: 1_795_000_059_999, timestamp: 1_795_000_000, price: 1.5 });
    expect(sample.sample).toBe(true);
  });
});

describe('symbols', () => {
  test('lists the TRADING spot pairs of exchangeInfo, sorted, without the BREAK ones', () => {
    // Act
    const symbols = tradingSymbols(parseExchangeInfo(fixtureJson('binance', 'exchangeInfo.json')).items);

    // Assess
    expect(symbols).toHaveLength(34);
    expect(symbols[0]).toEqual({ symbol: '1INCHUSDT', base_asset: '1INCH', quote_asset: 'USDT' });
    expect(symbols.map((s) => s.symbol)).not.toContain('MATICUSDT');
    expect(symbols.map((s) => s.symbol)).toEqual([...symbols.map((s) => s.symbol)].sort());
  });

  test('leaves out a TRADING pair whose spot trading is not allowed', () => {
    // Act
    const symbols = tradingSymbols([{ symbol: 'ABCUSDT', status: 'TRADING', baseAsset: 'ABC', quoteAsset: 'USDT', isSpotTradingAllowed: false }]);

    // Assess
    expect(symbols).toEqual([]);
  });

  test('takes the watchlist from CRYPTO_HISTORY_SYMBOLS, upper-cased, ignoring entries that are not symbols', () => {
    // Act
    const watchlist = watchlistFrom(' btcusdt, ETHUSDT ETHUSDT,eth/usdt ');

    // Assess
    expect(watchlist).toEqual({ symbols: ['BTCUSDT', 'ETHUSDT'], ignored: ['ETH/USDT'] });
  });

  test('falls back to 20 major USDT pairs when CRYPTO_HISTORY_SYMBOLS is unset or empty', () => {
    expect(watchlistFrom(undefined).symbols).toEqual([...DEFAULT_WATCHLIST]);
    expect(watchlistFrom(' ').symbols).toHaveLength(20);
    expect(DEFAULT_WATCHLIST.every((s) => s.endsWith('USDT'))).toBe(true);
  });
});
