import { readdirSync } from 'node:fs';
import { dailyBarsOf, inMajorUnit, snapshotOf } from '../../lib/stocks/chartRead';
import { parseChart, yahooChartClient } from '../../lib/sources/yahooChart';
import { recordingJson, recordingReply, recordingsDir, startFakeUpstream, type FakeUpstream } from '../support/fakeUpstream';

/**
 * The Yahoo chart client on all 44 REAL chart v8 responses (../shared/recordings/yahoo, recorded 2025-02 by
 * gadicc/node-yahoo-finance2; README there): equities on US and foreign exchanges, an ETF, FX, crypto, gold
 * futures, mutual funds (their meta has no day high/low), dividend and split windows, and a weekend 1m window
 * without a timestamp array. Each parse is checked against the raw arrays of the same file.
 */
type RawChart = {
  chart: {
    result: {
      meta: Record<string, unknown>;
      timestamp?: number[];
      indicators: { quote: Record<string, (number | null)[] | undefined>[] };
    }[];
  };
};

const FILES = readdirSync(`${recordingsDir()}/yahoo`).filter((f) => f.endsWith('.json')).sort();
const raw = (file: string) => recordingJson<RawChart>(`yahoo/${file}`).chart.result[0]!;

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

test('the recordings directory holds the 44 chart responses (its README says 43)', () => {
  expect(FILES).toHaveLength(44);
});

test.each(FILES)('%s: the client keeps every bar whose open/high/low/close are all numbers, with the meta as sent', async (file) => {
  // Prepare
  const { meta, timestamp = [], indicators } = raw(file);
  const quote = indicators.quote[0] ?? {};
  const complete = timestamp.flatMap((time, i) => {
    const [open, high, low, close] = ['open', 'high', 'low', 'close'].map((k) => quote[k]?.[i] ?? null);
    return open === null || high === null || low === null || close === null ? [] : [{ time, open, high, low, close, volume: quote.volume?.[i] ?? null }];
  });
  const symbol = String(meta.symbol);
  upstream.on(`/v8/finance/chart/${encodeURIComponent(symbol)}`, recordingReply(`yahoo/${file}`));

  // Act
  const chart = await yahooChartClient({ baseUrl: upstream.url, pacer: async () => undefined }).chart(symbol, { interval: '1d', period1: 0, period2: 1 });

  // Assess
  expect(chart!.bars).toEqual(complete);
  expect(chart!.meta).toMatchObject({
    symbol,
    currency: meta.currency ?? null,
    instrumentType: meta.instrumentType,
    exchangeTimezoneName: meta.exchangeTimezoneName,
    regularMarketPrice: meta.regularMarketPrice ?? null,
    regularMarketTime: meta.regularMarketTime ?? null,
    regularMarketDayHigh: meta.regularMarketDayHigh ?? null,
  });
});

test('mutual-fund meta comes without day high/low: read as null, as the recording has them', () => {
  // Act
  const { meta } = parseChart(recordingJson('yahoo/chart-0P000071W8.TO-2020-01-01-to-2020-01-03.json'));

  // Assess
  expect(meta).toMatchObject({ instrumentType: 'MUTUALFUND', currency: 'CAD', regularMarketDayHigh: null, regularMarketDayLow: null, regularMarketPrice: 153.9 });
});

test('a weekend 1m window has no timestamp and an empty quote: no bars, not an error', () => {
  // Act
  const chart = parseChart(recordingJson('yahoo/chart-AAPL-2025-02-01-to-2025-02-02-includePrePost-false-interval-1m.json'));

  // Assess
  expect(chart.bars).toEqual([]);
  expect(chart.meta.previousClose).toBe(244.47);
});

test('a daily read of Apple becomes the 2020-01-02 session bar at the 09:30 ET open, rounded to the price hint', () => {
  // Prepare
  const chart = parseChart(recordingJson('yahoo/chart-AAPL-2020-01-01-to-2020-01-03.json'));
  const readAt = Date.UTC(2025, 1, 21, 23) / 1000;

  // Act
  const snapshot = snapshotOf('AAPL', chart, readAt);
  const bars = dailyBarsOf(chart, snapshot, readAt);

  // Assess
  expect(snapshot).toMatchObject({ name: 'Apple Inc.', exchange: 'NasdaqGS', currency: 'USD', time_zone: 'America/New_York', open_minute: 570, price: 244.87, price_time: 1739998801 });
  expect(bars).toEqual([{ time: 1577975400, open: 74.06, high: 75.15, low: 73.8, close: 75.09, volume: 135480400, session: '2020-01-02' }]);
});

test('a London listing quoted in pence (GBp) reads in pounds: currency GBP, every price ÷ 100, two more decimals', () => {
  // Prepare
  const pence = parseChart(recordingJson('yahoo/chart-OCDO.L-2020-01-01-to-2020-01-03.json'));
  const readAt = Date.UTC(2025, 1, 21, 23) / 1000;

  // Act
  const pounds = inMajorUnit(pence);
  const snapshot = snapshotOf('OCDO.L', pounds, readAt);

  // Assess
  expect(pence.meta.currency).toBe('GBp');
  expect(pounds.meta).toMatchObject({ currency: 'GBP', regularMarketPrice: 3.053, chartPreviousClose: 12.79, priceHint: 4 });
  expect(pounds.bars).toEqual([{ time: 1577952000, open: 12.795, high: 12.865699462890625, low: 12.58, close: 12.595, volume: 728520 }]);
  expect(snapshot).toMatchObject({ currency: 'GBP', price: 3.053, price_decimals: 4 });
  expect(dailyBarsOf(pounds, snapshot, readAt)).toEqual([{ time: 1577952000, open: 12.795, high: 12.8657, low: 12.58, close: 12.595, volume: 728520, session: '2020-01-02' }]);
});

test('charts in a major unit are left as they are', () => {
  const chart = parseChart(recordingJson('yahoo/chart-ORSTED.CO-2020-01-01-to-2020-01-03.json'));
  expect(inMajorUnit(chart)).toBe(chart);
});
