import { handler as dailyBarsJob } from '../../functions/ingest/stockDailyBars';
import { handler as settleJob } from '../../functions/ingest/stockDailyBarsSettle';
import { handler as quotesJob } from '../../functions/ingest/stockQuotes';
import { handler as tickersJob } from '../../functions/ingest/stockTickers';
import { handler as fundTickersJob } from '../../functions/ingest/fundTickers';
import { stockJobs } from '../../lib/api/stocks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';
import { seedSampleData } from '../../infra/local/seed';
import { parseCompanyTickersExchange } from '../../lib/sources/sec';
import { TICKER_PAGE_SIZE } from '../../lib/stocks/store';
import { tickerList } from '../../lib/stocks/tickers';
import { stockPrice } from '../../lib/stocks/stockPrice';
import { zonedTime } from '../../lib/time/zoned';
import {
  fixtureJson,
  fixtureReply,
  fixtureText,
  jsonReply,
  recordingReply,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeUpstream,
} from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

const DIR = 'yahoo-stocks';
const ENV = ['YAHOO_CHART_BASE_URL', 'SEC_WWW_BASE_URL', 'STOCK_WATCHLIST'] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
const chartPath = (ticker: string) => `/v8/finance/chart/${encodeURIComponent(ticker)}`;
const TICKERS_PATH = '/files/company_tickers_exchange.json';

/** New York wall clock → ISO instant for a job's event time. */
const et = (date: string, hour: number, minute = 0) => zonedTime(date, hour, minute, 'America/New_York');
const at = (seconds: number) => new Date(seconds * 1000).toISOString();
const FRIDAY_EVENING = at(et('2025-08-15', 17, 30));
const SATURDAY_SETTLE = '2025-08-16T10:00:00Z';
/** The recorded week, from Monday's open (where a 5-day read's coverage starts, so no read-through is needed). */
const WEEK = `start=${et('2025-08-11', 9, 30)}&end=${et('2025-08-16', 0)}`;

let server: TestServer;
let upstream: FakeUpstream;
let free: string;
let developer: string;
let business: string;
let developerAnnual: string;

/** The watchlist of these tests and its recordings. */
function serveWatchlist() {
  upstream.on(chartPath('AAPL'), fixtureReply(DIR, 'chart-AAPL-5d-1d.json'));
  upstream.on(chartPath('^GSPC'), fixtureReply(DIR, 'chart-GSPC-5d-1d.json'));
  upstream.on(chartPath('7203.T'), fixtureReply(DIR, 'chart-7203.T-5d-1d.json'));
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env.YAHOO_CHART_BASE_URL = upstream.url;
  process.env.SEC_WWW_BASE_URL = upstream.url;
  process.env.STOCK_WATCHLIST = 'AAPL,^GSPC,7203.T';
  server = await startTestServer();
  free = server.demoKeys.free!;
  developer = server.demoKeys.developer!;
  business = server.demoKeys.business!;
  developerAnnual = server.demoKeys.developer_annual!;
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

describe('before anything is ingested', () => {
  test('/v1/stockpricelist answers 503 data_unavailable', async () => {
    await expectError(await server.call('/v1/stockpricelist', { key: developer }), 503, 'data_unavailable');
  });
});

describe('ticker list (stockTickers job, /v1/stockpricelist)', () => {
  beforeAll(async () => {
    upstream.on(TICKERS_PATH, fixtureReply(DIR, 'company_tickers_exchange.json'));
    await tickersJob({ time: FRIDAY_EVENING });
  });

  test('lists SEC tickers and the indices with their names, in ticker order', async () => {
    // Act
    const response = await server.call('/v1/stockpricelist?limit=1000', { key: developer });
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toContainEqual({ ticker: 'AAPL', name: 'Apple Inc.' });
    expect(body).toContainEqual({ ticker: '^GSPC', name: 'S&P 500' });
    expect(body.map((e: { ticker: string }) => e.ticker)).toEqual([...body.map((e: { ticker: string }) => e.ticker)].sort());
    expect(body).toHaveLength(11 + 7);
  });

  test('pages with offset and limit', async () => {
    const all = await json(await server.call('/v1/stockpricelist?limit=1000', { key: developer }));
    const page = await json(await server.call('/v1/stockpricelist?offset=3&limit=2', { key: developer }));
    expect(page).toEqual(all.slice(3, 5));
    expect(await json(await server.call('/v1/stockpricelist', { key: developer }))).toHaveLength(18);
  });

  test('refuses limit and offset out of bounds with 400 (not clamped)', async () => {
    await expectError(await server.call('/v1/stockpricelist?limit=0', { key: developer }), 400, 'invalid_parameter', 'limit');
    await expectError(await server.call('/v1/stockpricelist?limit=1001', { key: developer }), 400, 'invalid_parameter', 'limit');
    await expectError(await server.call('/v1/stockpricelist?offset=-1', { key: developer }), 400, 'invalid_parameter', 'offset');
    await expectError(await server.call('/v1/stockpricelist?offset=18', { key: developer }), 400, 'invalid_parameter', 'offset');
    expect((await server.call('/v1/stockpricelist?offset=17', { key: developer })).status).toBe(200);
  });

  test('is Premium only', async () => {
    await expectError(await server.call('/v1/stockpricelist', { key: free }), 403, 'plan_required');
  });

  test('keeps the stored list when the SEC answers with a server error', async () => {
    // Prepare
    upstream.on(TICKERS_PATH, serverError(503));

    // Act
    const failed = await tickersJob({ time: FRIDAY_EVENING, log: false }).catch((e: unknown) => e);

    // Assess
    expect(failed).toBeInstanceOf(Error);
    expect(await json(await server.call('/v1/stockpricelist?limit=1000', { key: developer }))).toHaveLength(18);
  }, 30_000);
});

describe('daily bars (stockDailyBars job) through the publication schedule', () => {
  test('stores nothing for Friday while its session is open, only the completed sessions', async () => {
    // Prepare: a ticker of its own, read at Friday 11:00 ET (the recording's last row is Friday's)
    process.env.STOCK_WATCHLIST = 'BRK-B';
    upstream.on(chartPath('BRK-B'), fixtureReply(DIR, 'chart-BRK-B-5d-1d.json'));

    // Act
    await dailyBarsJob({ time: at(et('2025-08-15', 11)) });
    upstream.reset();
    const bars = await json(await server.call(`/v1/stockpricehistorical?ticker=BRK-B&${WEEK}`, { key: developer }));

    // Assess
    expect(upstream.requests).toHaveLength(0);
    expect(bars.map((b: { time: number }) => b.time)).toEqual(['2025-08-14', '2025-08-13', '2025-08-12', '2025-08-11'].map((d) => et(d, 9, 30)));
    expect(bars.every((b: object) => !('provisional' in b))).toBe(true);
  });

  test('publishes Friday provisional at 17:00 ET and settles it on the Saturday settle run', async () => {
    // Prepare
    process.env.STOCK_WATCHLIST = 'NVDA';
    upstream.on(chartPath('NVDA'), fixtureReply(DIR, 'chart-NVDA-5d-1d.json'));

    // Act
    await dailyBarsJob({ time: at(et('2025-08-15', 16, 59)) });
    const before = await json(await server.call(`/v1/stockpricehistorical?ticker=NVDA&${WEEK}`, { key: developer }));
    await dailyBarsJob({ time: at(et('2025-08-15', 17, 0)) });
    const provisional = await json(await server.call(`/v1/stockpricehistorical?ticker=NVDA&${WEEK}`, { key: developer }));
    await settleJob({ time: SATURDAY_SETTLE });
    const settled = await json(await server.call(`/v1/stockpricehistorical?ticker=NVDA&${WEEK}`, { key: developer }));

    // Assess
    expect(before).toHaveLength(4);
    expect(provisional).toHaveLength(5);
    expect(provisional[0]).toMatchObject({ time: et('2025-08-15', 9, 30), close: 180.45, volume: 156494600, provisional: true });
    expect(provisional.slice(1).every((b: object) => !('provisional' in b))).toBe(true);
    expect(settled[0]).not.toHaveProperty('provisional');
    expect(settled[0]).toMatchObject({ close: 180.45, open: 181.88, high: 181.9, low: 178.04 });
  });

  test('reads the watchlist and writes every ticker, a non-US listing on its own dates', async () => {
    // Prepare
    process.env.STOCK_WATCHLIST = 'AAPL,^GSPC,7203.T';
    serveWatchlist();

    // Act
    const summary = await dailyBarsJob({ time: FRIDAY_EVENING });
    upstream.reset();
    const toyota = await json(await server.call(`/v1/stockpricehistorical?ticker=7203.T&start=${Date.parse('2025-08-08T00:00:00Z') / 1000}&end=${et('2025-08-16', 0)}`, { key: developer }));

    // Assess
    expect(summary.written).toBeGreaterThanOrEqual(15);
    expect(toyota).toHaveLength(5);
    expect(toyota.at(-1).time).toBe(Date.parse('2025-08-08T00:00:00Z') / 1000);
    expect(toyota[0]).toMatchObject({ close: 2741, provisional: true });
  });

  test('waits out a 429 with Retry-After and writes', async () => {
    process.env.STOCK_WATCHLIST = 'AAPL';
    upstream.on(chartPath('AAPL'), tooManyRequests(0), fixtureReply(DIR, 'chart-AAPL-5d-1d.json'));
    const summary = await dailyBarsJob({ time: FRIDAY_EVENING });
    expect(summary.written).toBeGreaterThan(0);
    expect(upstream.requestsTo(chartPath('AAPL'))).toHaveLength(2);
  });

  test('skips a ticker the source does not know, with a note', async () => {
    process.env.STOCK_WATCHLIST = 'AAPL,ZZZZZ';
    upstream.on(chartPath('AAPL'), fixtureReply(DIR, 'chart-AAPL-5d-1d.json'));
    upstream.on(chartPath('ZZZZZ'), jsonReply(fixtureText(DIR, 'chart-unknown-symbol.json'), 404));
    const summary = await dailyBarsJob({ time: FRIDAY_EVENING });
    expect(summary.notes).toContainEqual(expect.stringContaining('ZZZZZ'));
  });

  test.each([
    ['a server error', () => serverError(503)],
    ['truncated JSON', () => truncatedJson(fixtureText(DIR, 'chart-AAPL-5d-1d.json'))],
    ['an empty result', () => jsonReply({ chart: { result: [], error: null } })],
  ])('a failing upstream (%s) fails the run and leaves stored data intact', async (_, reply) => {
    // Prepare: stored state after a good run
    process.env.STOCK_WATCHLIST = 'AAPL';
    upstream.on(chartPath('AAPL'), fixtureReply(DIR, 'chart-AAPL-5d-1d.json'));
    await dailyBarsJob({ time: SATURDAY_SETTLE });
    const before = await json(await server.call(`/v1/stockpricehistorical?ticker=AAPL&${WEEK}`, { key: developer }));
    upstream.on(chartPath('AAPL'), reply());

    // Act
    const failed = await dailyBarsJob({ time: '2025-08-18T21:30:00Z', log: false }).catch((e: unknown) => e);
    const after = await json(await server.call(`/v1/stockpricehistorical?ticker=AAPL&${WEEK}`, { key: developer }));

    // Assess
    expect(failed).toBeInstanceOf(Error);
    expect(after).toEqual(before);
  }, 30_000);

  test('is idempotent: re-running at the same time writes the same bars', async () => {
    process.env.STOCK_WATCHLIST = 'AAPL';
    upstream.on(chartPath('AAPL'), fixtureReply(DIR, 'chart-AAPL-5d-1d.json'));
    await dailyBarsJob({ time: SATURDAY_SETTLE });
    const first = await json(await server.call(`/v1/stockpricehistorical?ticker=AAPL&${WEEK}`, { key: developer }));
    await dailyBarsJob({ time: SATURDAY_SETTLE });
    expect(await json(await server.call(`/v1/stockpricehistorical?ticker=AAPL&${WEEK}`, { key: developer }))).toEqual(first);
  });
});

describe('/v1/stockprice', () => {
  beforeAll(async () => {
    process.env.STOCK_WATCHLIST = 'AAPL,^GSPC,7203.T';
    serveWatchlist();
    await dailyBarsJob({ time: SATURDAY_SETTLE });
    upstream.reset();
  });

  test('gives free keys the last completed session\'s close, struck at its 16:00 ET close, with the session before it', async () => {
    // Act
    const response = await server.call('/v1/stockprice?ticker=AAPL', { key: free });
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toEqual({
      ticker: 'AAPL',
      name: 'Apple Inc.',
      price: 231.59,
      exchange: 'Nasdaq',
      updated: et('2025-08-15', 16),
      currency: 'USD',
      volume: 56038700,
      previous_close: 232.78,
      change: -1.19,
    });
    expect(upstream.requests).toHaveLength(0);
  });

  test('gives Premium keys the live price, its time and the day\'s volume; previous_close is the session before the live one', async () => {
    // Prepare: the quotes job reads Monday 18 August 10:15 ET
    process.env.STOCK_WATCHLIST = 'AAPL,^GSPC,7203.T';
    const live = fixtureJson<any>(DIR, 'chart-AAPL-5d-1d.json');
    Object.assign(live.chart.result[0].meta, { regularMarketPrice: 233.1, regularMarketTime: et('2025-08-18', 10, 15), regularMarketVolume: 12004500 });
    serveWatchlist();
    upstream.on(chartPath('AAPL'), jsonReply(live));
    await quotesJob({ time: at(et('2025-08-18', 10, 16)) });

    // Act
    const body = await json(await server.call('/v1/stockprice?ticker=aapl', { key: developer }));
    const freeBody = await json(await server.call('/v1/stockprice?ticker=AAPL', { key: free }));

    // Assess
    expect(body).toMatchObject({ ticker: 'AAPL', price: 233.1, updated: et('2025-08-18', 10, 15), volume: 12004500, previous_close: 231.59, change: 1.51 });
    expect(freeBody).toMatchObject({ price: 231.59, updated: et('2025-08-15', 16) });
  });

  test('gives previous_close and change null when the newest stored session before the price is more than 14 days back (bars missing)', async () => {
    // Prepare: live quotes 14 and 18 days after the last stored session (Friday 15 August, close 231.59)
    const liveOn = async (day: string) => {
      const live = fixtureJson<any>(DIR, 'chart-AAPL-5d-1d.json');
      Object.assign(live.chart.result[0].meta, { regularMarketPrice: 240, regularMarketTime: et(day, 10, 15), regularMarketVolume: 1000 });
      serveWatchlist();
      upstream.on(chartPath('AAPL'), jsonReply(live));
      await quotesJob({ time: at(et(day, 10, 16)) });
      return stockPrice('AAPL', true, new Date(et(day, 10, 20) * 1000));
    };

    // Act
    const within = await liveOn('2025-08-29');
    const beyond = await liveOn('2025-09-02');

    // Assess
    expect(within).toMatchObject({ price: 240, updated: et('2025-08-29', 10, 15), previous_close: 231.59, change: 8.41 });
    expect(beyond).toMatchObject({ price: 240, updated: et('2025-09-02', 10, 15), previous_close: null, change: null });
  });

  test('follows the schedule with an injected clock: before 17:00 ET the newest price is the previous session\'s', async () => {
    // Act
    const at1659 = await stockPrice('AAPL', false, new Date(et('2025-08-15', 16, 59) * 1000));
    const at1700 = await stockPrice('AAPL', false, new Date(et('2025-08-15', 17) * 1000));

    // Assess
    expect(at1659).toMatchObject({ price: 232.78, updated: et('2025-08-14', 16), previous_close: 233.33 });
    expect(at1700).toMatchObject({ price: 231.59, updated: et('2025-08-15', 16), previous_close: 232.78 });
  });

  test('serves an index and a non-US listing with their currencies and exchanges', async () => {
    const index = await json(await server.call('/v1/stockprice?ticker=%5EGSPC', { key: free }));
    const toyota = await json(await server.call('/v1/stockprice?ticker=7203.T', { key: free }));
    expect(index).toMatchObject({ ticker: '^GSPC', name: 'S&P 500', price: 6449.8, previous_close: 6468.54, change: -18.74 });
    expect(toyota).toMatchObject({ ticker: '7203.T', name: 'Toyota Motor Corporation', exchange: 'Tokyo', currency: 'JPY', price: 2741, previous_close: 2699.5, change: 41.5 });
  });

  test('reads a ticker outside the watchlist on demand, stores it and answers the next call from the store', async () => {
    // Prepare
    upstream.on(chartPath('MSFT'), fixtureReply(DIR, 'chart-MSFT-5d-1d.json'));

    // Act
    const first = await server.call('/v1/stockprice?ticker=MSFT', { key: free });
    const second = await server.call('/v1/stockprice?ticker=MSFT', { key: free });

    // Assess
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({ ticker: 'MSFT', name: 'MICROSOFT CORP', price: 520.17, previous_close: 522.48, exchange: 'Nasdaq' });
    expect(second.status).toBe(200);
    expect(upstream.requestsTo(chartPath('MSFT'))).toHaveLength(1);
  });

  test('answers 404 no_data for a ticker the source does not know', async () => {
    upstream.on(chartPath('QQQQX.L'), jsonReply(fixtureText(DIR, 'chart-unknown-symbol.json'), 404));
    await expectError(await server.call('/v1/stockprice?ticker=QQQQX.L', { key: free }), 404, 'no_data');
    expect(upstream.requestsTo(chartPath('QQQQX.L'))).toHaveLength(1);
  });

  test('answers 502 upstream_error when the on-demand read fails and nothing is stored', async () => {
    upstream.on(chartPath('NFLX'), serverError(503));
    await expectError(await server.call('/v1/stockprice?ticker=NFLX', { key: free }), 502, 'upstream_error');
  });

  test('answers 404 no_data without asking the source for a US-form ticker in neither SEC list (companies, fund share classes)', async () => {
    // Prepare: both lists ingested (the company list in the ticker-list tests; the real SEC fund list of 2025-09 here)
    upstream.on('/files/company_tickers_mf.json', recordingReply('sec/company_tickers_mf-2025-09.json'));
    await fundTickersJob({ time: FRIDAY_EVENING });
    upstream.reset();
    upstream.on(chartPath('ZZZZQX'), jsonReply(fixtureText(DIR, 'chart-unknown-symbol.json'), 404));

    // Act
    const body = await expectError(await server.call('/v1/stockprice?ticker=ZZZZQX', { key: free }), 404, 'no_data');

    // Assess
    expect(body.error).toMatch(/ZZZZQX/);
    expect(upstream.requests).toHaveLength(0);
  });

  test('still asks the source for a listed fund class and for forms the SEC lists do not hold (exchange suffix, index)', async () => {
    // Prepare
    for (const ticker of ['VFIAX', 'ZZZZQX.T', '^ZZZZ']) upstream.on(chartPath(ticker), jsonReply(fixtureText(DIR, 'chart-unknown-symbol.json'), 404));

    // Act
    for (const ticker of ['VFIAX', 'ZZZZQX.T', '^ZZZZ']) await expectError(await server.call(`/v1/stockprice?ticker=${encodeURIComponent(ticker)}`, { key: free }), 404, 'no_data');

    // Assess
    expect(upstream.requests.map((r) => decodeURIComponent(r.path))).toEqual(['VFIAX', 'ZZZZQX.T', '^ZZZZ'].map((ticker) => `/v8/finance/chart/${ticker}`));
  });

  test('answers 400 for a missing or malformed ticker', async () => {
    await expectError(await server.call('/v1/stockprice', { key: free }), 400, 'missing_parameter', 'ticker');
    await expectError(await server.call('/v1/stockprice?ticker=AA%20PL', { key: free }), 400, 'invalid_parameter', 'ticker');
    await expectError(await server.call('/v1/stockprice?ticker=%5E%5EGSPC', { key: free }), 400, 'invalid_parameter', 'ticker');
    await expectError(await server.call(`/v1/stockprice?ticker=${'A'.repeat(21)}`, { key: free }), 400, 'invalid_parameter', 'ticker');
  });
});

describe('/v1/stockpricehistorical', () => {
  test('is Premium only', async () => {
    await expectError(await server.call(`/v1/stockpricehistorical?ticker=AAPL&${WEEK}`, { key: free }), 403, 'plan_required');
  });

  test('gives developer keys the last 5 years: an older start is 403 naming the plan', async () => {
    const old = Math.floor(Date.now() / 1000) - 6 * 365 * 86_400;
    const body = await expectError(await server.call(`/v1/stockpricehistorical?ticker=AAPL&start=${old}`, { key: developer }), 403, 'plan_required', 'start');
    expect(body.error).toMatch(/Business/);
  });

  test('gives Business and annual plans the full archive (read through from the source)', async () => {
    // Prepare
    const old = Math.floor(Date.now() / 1000) - 6 * 365 * 86_400;
    upstream.on(chartPath('AAPL'), fixtureReply(DIR, 'chart-AAPL-5d-1d.json'));

    // Act
    const forBusiness = await server.call(`/v1/stockpricehistorical?ticker=AAPL&start=${old}`, { key: business });
    const forAnnual = await server.call(`/v1/stockpricehistorical?ticker=AAPL&start=${old}`, { key: developerAnnual });

    // Assess
    expect(forBusiness.status).toBe(200);
    expect(forAnnual.status).toBe(200);
    expect(Number(upstream.requestsTo(chartPath('AAPL'))[0]!.query.get('period1'))).toBe(old);
  });

  test('returns bars newest first with open, low, high, close, volume and time', async () => {
    const bars = await json(await server.call(`/v1/stockpricehistorical?ticker=AAPL&${WEEK}&period=1d`, { key: developer }));
    expect(Object.keys(bars[0]).sort()).toEqual(['close', 'high', 'low', 'open', 'time', 'volume']);
    expect(bars.map((b: { time: number }) => b.time)).toEqual([...bars.map((b: { time: number }) => b.time)].sort((a: number, b: number) => b - a));
  });

  test('reads hourly and 4-hour bars on demand', async () => {
    // Prepare
    upstream.on(chartPath('AAPL'), fixtureReply(DIR, 'chart-AAPL-2d-60m.json'));
    const window = `start=${et('2025-08-14', 0)}&end=${et('2025-08-16', 0)}`;

    // Act
    const hourly = await json(await server.call(`/v1/stockpricehistorical?ticker=AAPL&period=1h&${window}`, { key: developer }));
    const fourHour = await json(await server.call(`/v1/stockpricehistorical?ticker=AAPL&period=4h&${window}`, { key: developer }));

    // Assess
    expect(hourly).toHaveLength(14);
    expect(hourly[0].time).toBe(et('2025-08-15', 15, 30));
    expect(upstream.requestsTo(chartPath('AAPL'))[0]!.query.get('interval')).toBe('60m');
    expect(fourHour.map((b: { time: number }) => new Date(b.time * 1000).toISOString())).toEqual([
      '2025-08-15T16:00:00.000Z',
      '2025-08-15T12:00:00.000Z',
      '2025-08-14T16:00:00.000Z',
      '2025-08-14T12:00:00.000Z',
    ]);
  });

  test('answers an empty array for a 1-minute window older than the source keeps', async () => {
    const response = await server.call(`/v1/stockpricehistorical?ticker=AAPL&period=1m&start=${et('2025-08-15', 10)}&end=${et('2025-08-15', 11)}`, { key: developer });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([]);
    expect(upstream.requests).toHaveLength(0);
  });

  test('answers 400 for a start after end and an unknown period', async () => {
    await expectError(await server.call('/v1/stockpricehistorical?ticker=AAPL&start=200&end=100', { key: business }), 400, 'invalid_parameter', 'start');
    await expectError(await server.call('/v1/stockpricehistorical?ticker=AAPL&period=2h', { key: developer }), 400, 'invalid_parameter', 'period');
  });

  test('answers 404 for an unknown ticker and 502 when the source fails with nothing stored', async () => {
    upstream.on(chartPath('QQQQY'), jsonReply(fixtureText(DIR, 'chart-unknown-symbol.json'), 404));
    upstream.on(chartPath('NFLX'), serverError(503));
    await expectError(await server.call('/v1/stockpricehistorical?ticker=QQQQY', { key: developer }), 404, 'no_data');
    await expectError(await server.call('/v1/stockpricehistorical?ticker=NFLX', { key: developer }), 502, 'upstream_error');
  });
});

describe('a London listing quoted in pence (real recording of OCDO.L, 2025-02)', () => {
  test('is served in pounds by stockprice and stockpricehistorical alike', async () => {
    // Prepare: Yahoo answers GBp (pence): the 2020-01-02 bar closed at 1259.5 p, the quote of 2025-02-20 is 305.3 p
    upstream.on(chartPath('OCDO.L'), recordingReply('yahoo/chart-OCDO.L-2020-01-01-to-2020-01-03.json'));

    // Act
    const live = await json(await server.call('/v1/stockprice?ticker=OCDO.L', { key: developer }));
    const close = await json(await server.call('/v1/stockprice?ticker=OCDO.L', { key: free }));
    const bars = await json(await server.call(`/v1/stockpricehistorical?ticker=OCDO.L&start=${Date.parse('2020-01-01T00:00:00Z') / 1000}&end=${Date.parse('2020-01-03T00:00:00Z') / 1000}`, { key: business }));

    // Assess
    expect(live).toMatchObject({ ticker: 'OCDO.L', price: 3.053, currency: 'GBP', updated: 1740051143 });
    expect(close).toMatchObject({ ticker: 'OCDO.L', price: 12.595, currency: 'GBP' });
    expect(bars).toEqual([{ open: 12.795, high: 12.8657, low: 12.58, close: 12.595, volume: 728520, time: Date.parse('2020-01-02T08:00:00Z') / 1000 }]);
  });
});

describe('seeded sample data', () => {
  test('the seed feeds the real recordings through the jobs and every response says sample', async () => {
    // Prepare: the default watchlist, as npm start has it; TSLA's recording (2025-02-21) holds its daily bars of 2010-06-29 … 2023-08-11
    delete process.env.STOCK_WATCHLIST;

    // Act
    const outcomes = await seedSampleData(Object.values(stockJobs));
    const close = await json(await server.call('/v1/stockprice?ticker=TSLA', { key: free }));
    const live = await json(await server.call('/v1/stockprice?ticker=TSLA', { key: developer }));
    const list = await json(await server.call('/v1/stockpricelist?limit=5', { key: developer }));
    const bars = await json<{ time: number; close: number; sample?: true }[]>(
      await server.call(`/v1/stockpricehistorical?ticker=TSLA&start=${et('2023-08-07', 0)}&end=${et('2023-08-12', 0)}`, { key: business }),
    );

    // Assess
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(close).toMatchObject({ ticker: 'TSLA', price: 242.65, previous_close: 245.34, volume: 98866600, currency: 'USD', updated: et('2023-08-11', 16), sample: true });
    // the live quote (2025-02-21) and the recording's last daily bar (2023-08-11) are years apart: no session before it is stored
    expect(live).toMatchObject({ ticker: 'TSLA', price: 337.8, updated: 1740171600, previous_close: null, change: null, sample: true });
    expect(list.every((e: { sample?: boolean }) => e.sample === true)).toBe(true);
    expect(bars.map((b) => b.time)).toEqual(['2023-08-11', '2023-08-10', '2023-08-09', '2023-08-08', '2023-08-07'].map((day) => et(day, 9, 30)));
    expect(bars[0]).toMatchObject({ close: 242.65, volume: 98866600, sample: true });
  }, 60_000);
});

describe('/v1/stockpricelist over the whole SEC list (stored in pages)', () => {
  test('answers every window, across page boundaries and up to the end, as the same window of the whole list', async () => {
    // Prepare: the whole published list (about 10k tickers, 21 pages) through the job, and the list it must give
    const secFile = join(datasetsDir()!, 'sec/company_tickers_exchange.json');
    upstream.on(TICKERS_PATH, jsonReply(readFileSync(secFile, 'utf8')));
    await tickersJob({ time: FRIDAY_EVENING });
    const expected = tickerList(parseCompanyTickersExchange(JSON.parse(readFileSync(secFile, 'utf8')))).map((r) => ({ ticker: r.ticker, name: r.name }));
    const windows: [number, number][] = [[0, 1000], [499, 2], [500, 500], [998, 1000], [4321, 777], [expected.length - 1000, 1000], [expected.length - 3, 1000], [expected.length - 1, 1]];

    // Act
    const pages = await Promise.all(windows.map(async ([offset, limit]) => json(await server.call(`/v1/stockpricelist?offset=${offset}&limit=${limit}`, { key: developer }))));
    const pastTheEnd = await server.call(`/v1/stockpricelist?offset=${expected.length}`, { key: developer });

    // Assess
    expect(expected.length).toBeGreaterThan(20 * TICKER_PAGE_SIZE);
    windows.forEach(([offset, limit], i) => expect(pages[i]).toEqual(expected.slice(offset, offset + limit)));
    await expectError(pastTheEnd, 400, 'invalid_parameter', 'offset');
  }, 60_000);
});
