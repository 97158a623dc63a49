import { parseChart } from '../../lib/sources/yahooChart';
import { dailyBarsOf, fourHourBars, intradayBarsOf, snapshotOf } from '../../lib/stocks/chartRead';
import { priceDecimals } from '../../lib/sources/yahooChart';
import { roundDecimal as roundTo } from '../../lib/numbers/round';
import { coverageAfter, intradayRequest } from '../../lib/stocks/sourceRead';
import { historyFloor, historyWindow } from '../../lib/stocks/stockHistory';
import { INDICES, isTicker, tickerList, watchlist, DEFAULT_WATCHLIST } from '../../lib/stocks/tickers';
import { parseCompanyTickersExchange } from '../../lib/sources/sec';
import { PlanRequiredError } from '../../lib/http/errors';
import { zonedTime } from '../../lib/time/zoned';
import { fixtureJson } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

const chart = (file: string) => parseChart(fixtureJson('yahoo-stocks', file));
const et = (date: string, hour: number, minute = 0) => zonedTime(date, hour, minute, 'America/New_York');

describe('snapshot of a read', () => {
  test('keeps name, exchange, currency, the exchange clock and the live price', () => {
    // Act
    const snapshot = snapshotOf('AAPL', chart('chart-AAPL-5d-1d.json'), et('2025-08-15', 17, 30));

    // Assess
    expect(snapshot).toEqual({
      ticker: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NasdaqGS',
      currency: 'USD',
      instrument_type: 'EQUITY',
      time_zone: 'America/New_York',
      open_minute: 570,
      price_decimals: 2,
      price: 231.59,
      price_time: et('2025-08-15', 16),
      volume: 56038700,
      read_at: et('2025-08-15', 17, 30),
    });
  });

  test('takes a Tokyo listing\'s open (09:00 JST) from the current trading period', () => {
    expect(snapshotOf('7203.T', chart('chart-7203.T-5d-1d.json'), 0)).toMatchObject({ open_minute: 540, time_zone: 'Asia/Tokyo', currency: 'JPY', exchange: 'Tokyo' });
  });
});

describe('rounding', () => {
  test('rounds to the source\'s priceHint decimals, else 2 (4 below 1.00)', () => {
    expect(priceDecimals(2, 231.59)).toBe(2);
    expect(priceDecimals(4, 1.08)).toBe(4);
    expect(priceDecimals(null, 0.1234)).toBe(4);
    expect(priceDecimals(undefined, 45123.45)).toBe(2);
    expect(roundTo(187.44000244140625, 2)).toBe(187.44);
    expect(roundTo(45123.44921875, 2)).toBe(45123.45);
  });

  test('removes the float32 noise from stored daily bars', () => {
    // Act
    const c = chart('chart-AAPL-5d-1d.json');
    const bars = dailyBarsOf(c, snapshotOf('AAPL', c, et('2025-08-18', 12)), et('2025-08-18', 12));

    // Assess
    expect(bars.map((b) => b.close)).toEqual([227.18, 229.65, 233.33, 232.78, 231.59]);
    expect(bars.every((b) => b.provisional === undefined)).toBe(true);
  });
});

describe('daily bars of the recorded week read on Friday 17:30 ET', () => {
  const readAt = et('2025-08-15', 17, 30);

  test('AAPL: Monday to Thursday settled, Friday provisional, Friday stamped at its open despite the last-trade stamp', () => {
    const c = chart('chart-AAPL-5d-1d.json');
    const bars = dailyBarsOf(c, snapshotOf('AAPL', c, readAt), readAt);
    expect(bars.map((b) => [b.session, b.provisional ?? false])).toEqual([
      ['2025-08-11', false],
      ['2025-08-12', false],
      ['2025-08-13', false],
      ['2025-08-14', false],
      ['2025-08-15', true],
    ]);
    expect(bars.at(-1)!.time).toBe(et('2025-08-15', 9, 30));
  });

  test('7203.T: Tokyo sessions on Tokyo dates, Mountain Day absent', () => {
    const c = chart('chart-7203.T-5d-1d.json');
    const bars = dailyBarsOf(c, snapshotOf('7203.T', c, readAt), readAt);
    expect(bars.map((b) => b.session)).toEqual(['2025-08-08', '2025-08-12', '2025-08-13', '2025-08-14', '2025-08-15']);
    expect(bars.at(-1)!.provisional).toBe(true);
  });
});

describe('intraday bars', () => {
  test('keeps only hours that have ended at the read', () => {
    // Act: Friday 12:00 ET; rows up to 11:30 start, the 11:30 hour still running
    const bars = intradayBarsOf(chart('chart-AAPL-2d-60m.json'), '1h', 2, et('2025-08-15', 12));

    // Assess
    expect(bars.at(-1)!.time).toBe(et('2025-08-15', 10, 30));
    expect(bars).toHaveLength(9);
  });

  test('builds 4h bars from 1h bars on UTC 4-hour periods: first open, last close, extremes, summed volume', () => {
    // Prepare
    const hourly = intradayBarsOf(chart('chart-AAPL-2d-60m.json'), '1h', 2, et('2025-08-16', 12));

    // Act
    const bars = fourHourBars(hourly, et('2025-08-16', 12));

    // Assess: 13:30, 14:30, 15:30 UTC rows → 12:00 UTC period; 16:30 … 19:30 → 16:00 UTC period
    const thursday = hourly.filter((h) => h.time < et('2025-08-15', 0));
    const first = thursday.filter((h) => h.time < Date.parse('2025-08-14T16:00:00Z') / 1000);
    expect(bars).toHaveLength(4);
    expect(bars[0]).toEqual({
      time: Date.parse('2025-08-14T12:00:00Z') / 1000,
      open: first[0]!.open,
      close: first.at(-1)!.close,
      high: Math.max(...first.map((h) => h.high)),
      low: Math.min(...first.map((h) => h.low)),
      volume: first.reduce((sum, h) => sum + h.volume!, 0),
    });
  });

  test('clips the source window to the source\'s depth and skips a window wholly before it', () => {
    const now = Date.parse('2025-08-15T20:00:00Z') / 1000;
    expect(intradayRequest('1m', now - 30 * 86_400, now, now)!.period1).toBe(now - 7 * 86_400 + 3600);
    expect(intradayRequest('1m', now - 40 * 86_400, now - 35 * 86_400, now)).toBeNull();
  });
});

describe('daily coverage', () => {
  test('joins an overlapping earlier coverage and restarts after a gap', () => {
    expect(coverageAfter(100, 500, { from: 50, read_at: 200 })).toEqual({ from: 50, read_at: 500 });
    expect(coverageAfter(300, 500, { from: 50, read_at: 200 })).toEqual({ from: 300, read_at: 500 });
    expect(coverageAfter(10, 500, { from: 50, read_at: 200 })).toEqual({ from: 10, read_at: 500 });
    expect(coverageAfter(10, 500, undefined)).toEqual({ from: 10, read_at: 500 });
  });
});

describe('tickers', () => {
  test.each(['AAPL', 'BRK-B', '^GSPC', '7203.T', 'SAP.DE', 'EURUSD=X', 'GC=F', 'V'])('accepts %s', (t) => expect(isTicker(t)).toBe(true));
  test.each(['', 'aapl', 'AA PL', 'BRK--B', '.AAPL', 'AAPL.', '^', 'A'.repeat(21), 'AAPL;DROP', '^^GSPC'])('rejects %j', (t) => expect(isTicker(t)).toBe(false));

  test('builds the list from the SEC file plus the indices, in ticker order, CIKs padded', () => {
    // Prepare
    const entries = parseCompanyTickersExchange(fixtureJson('yahoo-stocks', 'company_tickers_exchange.json'));

    // Act
    const list = tickerList(entries);

    // Assess
    expect(list.map((r) => r.ticker)).toEqual([...list.map((r) => r.ticker)].sort());
    expect(list.find((r) => r.ticker === 'AAPL')).toEqual({ ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq', cik: '0000320193' });
    expect(list.find((r) => r.ticker === 'EXHC')!.exchange).toBeNull();
    expect(list.filter((r) => r.ticker.startsWith('^'))).toHaveLength(INDICES.length);
    expect(list.map((r) => r.ticker)).toEqual(expect.arrayContaining(['^GSPC', '^DJI', '^IXIC', '^RUT', '^VIX']));
  });

  test('reads STOCK_WATCHLIST (comma or space separated, upper-cased) and defaults to large caps, indices and two non-US listings', () => {
    expect(watchlist('aapl, ^gspc 7203.t,AAPL')).toEqual(['AAPL', '^GSPC', '7203.T']);
    expect(watchlist(undefined)).toEqual([...DEFAULT_WATCHLIST]);
    expect(DEFAULT_WATCHLIST.length).toBeGreaterThanOrEqual(35);
    expect(DEFAULT_WATCHLIST).toEqual(expect.arrayContaining(['^GSPC', '^DJI', '^IXIC', '^RUT', '^VIX', '7203.T', 'SAP.DE']));
    expect(() => watchlist('AAPL,BAD TICKER!')).toThrow(/STOCK_WATCHLIST/);
  });
});

describe('history depth by plan', () => {
  const now = new Date('2025-08-15T21:30:00Z');
  const floor = Date.parse('2020-08-15T21:30:00Z') / 1000;
  const developer = { tier: 'developer', period: 'month' } as const;

  test('gives paid tiers below Business the last 5 years and Business+/annual the full archive', () => {
    expect(historyFloor(developer, now)).toBe(floor);
    expect(historyFloor({ tier: 'developer', period: 'year' }, now)).toBeUndefined();
    expect(historyFloor({ tier: 'business', period: 'month' }, now)).toBeUndefined();
    expect(historyFloor({ tier: 'enterprise', period: 'month' }, now)).toBeUndefined();
  });

  test('refuses a start or an end before the 5-year floor with 403 naming the plan', () => {
    const error = thrown(PlanRequiredError, () => historyWindow({ ticker: 'AAPL', period: '1d', start: floor - 1 }, developer, now));
    expect(error).toMatchObject({ statusCode: 403, param: 'start' });
    expect(error.message).toMatch(/Business/);
    expect(thrown(PlanRequiredError, () => historyWindow({ ticker: 'AAPL', period: '1d', end: floor - 86_400 }, developer, now)).param).toBe('end');
  });

  test('accepts a start exactly at the floor and clamps an omitted start to it', () => {
    expect(historyWindow({ ticker: 'AAPL', period: '1d', start: floor }, developer, now).from).toBe(floor);
    expect(historyWindow({ ticker: 'AAPL', period: '1d', end: floor + 86_400 }, developer, now)).toEqual({ from: floor, to: floor + 86_400 });
    expect(historyWindow({ ticker: 'AAPL', period: '1d', start: 0 }, { tier: 'business', period: 'month' }, now).from).toBe(0);
  });
});
