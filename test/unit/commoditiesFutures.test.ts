import { aggregateBars, intradayWindowStart, type FuturesBar } from '../../lib/commodities/bars';
import { quoteOf, QuoteError } from '../../lib/commodities/quotes';
import { zonedDate, zonedTime } from '../../lib/time/zoned';
import { parseChart } from '../../lib/sources/yahooChart';
import { dailyCloseTime, isProvisional, latestDailyClose, volumeFinalTime } from '../../lib/energy/dailyClose';
import { fixtureJson, recordingJson } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

const bar = (time: number, open: number, high: number, low: number, close: number, volume: number | null): FuturesBar => ({ time, open, high, low, close, volume });

describe('bar aggregation', () => {
  test('makes OHLCV buckets: first open, max high, min low, last close, summed volume', () => {
    const minutes = [bar(600, 10, 11, 9, 10.5, 5), bar(660, 10.5, 12, 10, 11, 7), bar(900, 11, 11.5, 8, 9, null)];
    expect(aggregateBars(minutes, '5m', 0)).toEqual([bar(600, 10, 12, 9, 11, 12), bar(900, 11, 11.5, 8, 9, null)]);
  });

  test('drops buckets that start before the fetched window', () => {
    const minutes = [bar(3540, 1, 1, 1, 1, 1), bar(3600, 2, 2, 2, 2, 1)];
    expect(aggregateBars(minutes, '1h', 3600)).toEqual([bar(3600, 2, 2, 2, 2, 1)]);
  });

  test('fetches 1m bars from a 4-hour boundary at least 4 hours back', () => {
    const now = Date.parse('2026-11-20T12:05:00Z') / 1000;
    expect(new Date(intradayWindowStart(now) * 1000).toISOString()).toBe('2026-11-20T08:00:00.000Z');
  });
});

describe('front-month quotes from a recorded chart', () => {
  test('take price, time, contract and previous close from the recording', () => {
    // Prepare
    const chart = parseChart(fixtureJson('yahoo-futures', 'front-CL_F-1d.json'));

    // Act
    const quote = quoteOf(chart, 'CL');

    // Assess
    expect(quote).toMatchObject({ symbol: 'CL=F', price: 62.48, futures_contract: 'CLF27', futures_contract_month: '2027-01', time_zone: 'America/New_York' });
    expect(quote.updated).toBe(Date.parse('2026-11-20T12:04:00Z') / 1000);
    expect(quote.previous_close).toBe(chart.bars[chart.bars.length - 2]!.close);
    expect(quote.daily).toHaveLength(10);
    expect(quote.daily.at(-1)!.date).toBe('2026-11-20');
    expect(quote.high_52w).toEqual(expect.any(Number));
  });

  test('date Chicago exchanges\' bars in Chicago time', () => {
    const quote = quoteOf(parseChart(fixtureJson('yahoo-futures', 'front-ZC_F-1d.json')), 'ZC');
    expect(quote.time_zone).toBe('America/Chicago');
    expect(quote.daily.at(-1)!.date).toBe('2026-11-20');
  });

  test('fall back to the chart\'s previous close when the window holds no earlier day', () => {
    const body = fixtureJson<any>('yahoo-futures', 'front-GC_F-1d.json');
    const result = body.chart.result[0];
    for (const key of ['open', 'high', 'low', 'close', 'volume']) result.indicators.quote[0][key] = result.indicators.quote[0][key].slice(-1);
    result.indicators.adjclose[0].adjclose = result.indicators.adjclose[0].adjclose.slice(-1);
    result.timestamp = result.timestamp.slice(-1);
    result.meta.chartPreviousClose = 4000.1;
    expect(quoteOf(parseChart(body), 'GC').previous_close).toBe(4000.1);
  });

  test('claim no previous close when the newest earlier bar is more than 14 days back (the real GC=F recording: 2020 bars, a 2025 quote)', () => {
    // Prepare: recorded in 2025-02 for the window 2020-01-01…03; its meta quotes 2025-02-20
    const chart = parseChart(recordingJson('yahoo/chart-GC=F-2020-01-01-to-2020-01-03.json'));

    // Act
    const quote = quoteOf(chart, 'GC');

    // Assess
    expect(chart.bars.length).toBeGreaterThan(0);
    expect(quote).toMatchObject({ price: 2952.5, updated: 1740051311, previous_close: null, day_high: 2973.4, day_low: 2949.1 });
  });

  test('refuse a chart with neither a price nor a bar', () => {
    const body = fixtureJson<any>('yahoo-futures', 'front-GC_F-1d.json');
    const result = body.chart.result[0];
    delete result.meta.regularMarketPrice;
    delete result.timestamp;
    result.indicators = { quote: [{}] };
    expect(thrown(QuoteError, () => quoteOf(parseChart(body), 'GC')).message).toMatch(/neither a price nor a bar/);
  });
});

describe('exchange time', () => {
  test('gives local dates and wall-clock instants across daylight-saving changes', () => {
    expect(zonedDate(Date.parse('2026-11-20T04:59:00Z') / 1000, 'America/New_York')).toBe('2026-11-19');
    expect(zonedDate(Date.parse('2026-11-20T05:00:00Z') / 1000, 'America/New_York')).toBe('2026-11-20');
    expect(zonedTime('2026-11-20', 17, 0, 'America/New_York')).toBe(Date.parse('2026-11-20T22:00:00Z') / 1000);
    expect(zonedTime('2026-07-20', 17, 0, 'America/New_York')).toBe(Date.parse('2026-07-20T21:00:00Z') / 1000);
    expect(zonedTime('2026-03-09', 0, 0, 'America/Chicago')).toBe(Date.parse('2026-03-09T05:00:00Z') / 1000);
  });
});

describe('oil daily closes', () => {
  const quote = quoteOf(parseChart(fixtureJson('yahoo-futures', 'front-CL_F-1d.json')), 'CL');
  const s = (iso: string) => Date.parse(iso) / 1000;

  test('serve the newest trading day whose 17:00 New York close has passed, with its close time', () => {
    const view = latestDailyClose(quote, new Date('2026-11-20T21:59:00Z'), s('2026-11-20T21:59:00Z'));
    expect(view).toEqual({ price: quote.daily.at(-2)!.close, previous_close: quote.daily.at(-3)!.close, updated: s('2026-11-19T22:00:00Z') });
    expect(latestDailyClose(quote, new Date('2026-11-20T22:00:00Z'), s('2026-11-20T22:00:00Z'))?.updated).toBe(s('2026-11-20T22:00:00Z'));
  });

  test('do not count a bar read before its close as closed', () => {
    const view = latestDailyClose(quote, new Date('2026-11-21T10:00:00Z'), s('2026-11-20T12:05:00Z'));
    expect(view?.updated).toBe(s('2026-11-19T22:00:00Z'));
    expect(latestDailyClose({ ...quote, daily: [] }, new Date(), s('2026-11-20T12:05:00Z'))).toBeUndefined();
  });

  test('keep a daily bar provisional until it is re-read after 12:00 New York time the next day', () => {
    expect(dailyCloseTime('2026-11-20')).toBe(s('2026-11-20T22:00:00Z'));
    expect(volumeFinalTime('2026-11-20')).toBe(s('2026-11-21T17:00:00Z'));
    expect(isProvisional('2026-11-20', s('2026-11-21T16:59:59Z'))).toBe(true);
    expect(isProvisional('2026-11-20', s('2026-11-21T17:00:00Z'))).toBe(false);
  });
});
