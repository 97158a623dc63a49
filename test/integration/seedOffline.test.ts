import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSeed, seedSampleData } from '../../infra/local/seed';
import { ingestionJobs } from '../../lib/api/registry';
import { convertFromUsd } from '../../lib/fx/convert';
import { logger } from '../../lib/http/observability';
import { zonedTime } from '../../lib/time/zoned';
import { jsonReply, recordingReply, startFakeUpstream, type FakeReply, type FakeUpstream } from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

/**
 * `npm start` on an empty store, offline: the seed runs every job on the real recordings where they exist
 * (hand-written payloads elsewhere), then the upstreams cannot be reached. A new user's history calls then
 * answer the same way on every family: 502 upstream_error naming the stored range for a window that is not
 * stored; 200 [] for a window the upstream answered with no bars (a weekend). The on-demand failures are
 * logged with the upstream API's name and the failure class only.
 */
const UPSTREAM_ENV = ['YAHOO_CHART_BASE_URL', 'BINANCE_BASE_URL'] as const;
const ENV = [...UPSTREAM_ENV, 'STOCK_WATCHLIST', 'CRYPTO_HISTORY_SYMBOLS', 'FILINGS_WATCHLIST', 'FUND_WATCHLIST', 'FRED_API_KEY', 'EIA_API_KEY'] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
/** a port nothing listens on: connection refused, as offline */
const OFFLINE = 'http://127.0.0.1:9';

let server: TestServer;
let keys: { free: string; developer: string; business: string };

const offline = () => {
  for (const name of UPSTREAM_ENV) process.env[name] = OFFLINE;
};
const get = (path: string, key = keys.developer) => server.call(path, { key });

beforeAll(async () => {
  for (const name of ENV) delete process.env[name];
  server = await startTestServer();
  keys = { free: server.demoKeys.free!, developer: server.demoKeys.developer!, business: server.demoKeys.business! };
}, 120_000);
afterAll(async () => {
  await server.close();
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the seed on an empty store', () => {
  test('runs every job; each writes something', async () => {
    // Act
    const outcomes = await seedSampleData();
    offline();

    // Assess
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(outcomes.filter((o) => o.written === 0)).toEqual([]);
  }, 180_000);

  test('serves the real recordings, marked sample, with their figures', async () => {
    // Act
    const tsla = await json(await get('/v1/stockprice?ticker=TSLA', keys.free));
    const symbols = await json(await get('/v1/cryptosymbols'));
    const sofr = await json(await get('/v2/interestrate?rate=sofr', keys.free));
    const prime = await json(await get('/v2/interestrate?rate=prime_us', keys.free));
    const wti = await json(await get('/v1/oilspot?type=wti'));
    const gold = await json(await get('/v1/commodityprice?name=gold'));
    const apple = await json(await get('/v1/incomestatement?ticker=AAPL&period=fy&year=2024'));
    const euro = await convertFromUsd(1, 'EUR', new Date());

    // Assess
    expect(tsla).toMatchObject({ price: 242.65, updated: zonedTime('2023-08-11', 16, 0, 'America/New_York'), sample: true });
    expect(symbols).toMatchObject({ sample: true });
    expect(symbols.symbols).toHaveLength(1334);
    expect(sofr).toMatchObject({ rate_pct: 5.33, last_updated: '06-06-2024', sample: true });
    expect(prime).toMatchObject({ rate_pct: 4.25, last_updated: '03-05-2020', sample: true });
    expect(wti).toMatchObject({ price: 64.53, date: '2026-02-09', sample: true });
    expect(gold).toMatchObject({ price: 2952.5, sample: true });
    expect(apple).toMatchObject({ company_info: { ticker: 'AAPL', fiscal_year: 2024 }, sample: true });
    expect(euro).toMatchObject({ rateDate: '2014-06-13', sample: true });
  });
});

describe('history offline: the window is not stored and the upstream cannot be reached', () => {
  test.each([
    ['stocks, daily', '/v1/stockpricehistorical?ticker=AAPL&period=1d', /no AAPL 1d bars are stored for this window; sample data cover 2020-08-31 to 2020-11-06 \(start=\d+&end=\d+\)/],
    ['stocks, hourly', '/v1/stockpricehistorical?ticker=AAPL&period=1h', /no AAPL 1h bars are stored for this window, nor for any other/],
    ['commodities, daily', '/v1/commoditypricehistorical?name=wheat&period=1d', /no wheat 1d bars are stored for this window; sample data cover \d{4}-\d{2}-\d{2} to 2026-11-20/],
    ['oil, daily', `/v1/oilpricehistorical?type=wti&period=1d&start=${Math.floor(Date.now() / 1000) - 2 * 86_400}`, /no wti 1d bars are stored for this window; sample data cover \d{4}-\d{2}-\d{2} to 2026-11-20/],
    ['crypto, 5m', '/v1/cryptopricehistorical?symbol=BTCUSDT', /no BTCUSDT 5m bars are stored for this window; sample data cover .* to 2026-11-20 11:55 UTC/],
  ])('%s: 502 upstream_error naming the stored range', async (_family, path, message) => {
    // Act
    const response = await get(path);

    // Assess
    const error = await expectError(response, 502, 'upstream_error');
    expect(error.error).toMatch(message);
  });

  test('a stored window is still served from the store', async () => {
    // Act
    const bars = await json<{ time: number; sample?: true }[]>(
      await get(`/v1/stockpricehistorical?ticker=AAPL&start=${Date.parse('2020-08-31T00:00:00Z') / 1000}&end=${Date.parse('2020-11-07T00:00:00Z') / 1000}`, keys.business),
    );

    // Assess
    expect(bars).toHaveLength(49);
    expect(bars.every((bar) => bar.sample === true)).toBe(true);
  });
});

describe('history: the upstream answers, with no bars for the window (last weekend)', () => {
  let upstream: FakeUpstream;
  const saturday = (() => {
    const day = new Date();
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 1) % 7 || 7));
    return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) / 1000;
  })();
  const weekend = `start=${saturday + 6 * 3600}&end=${saturday + 36 * 3600}`;
  // Yahoo's real answer for a window without bars: meta, no timestamp (recorded for AAPL, 2025-02-01/02)
  const noBars: FakeReply = recordingReply('yahoo/chart-AAPL-2025-02-01-to-2025-02-02-includePrePost-false-interval-1m.json');

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.on('/v8/finance/chart/AAPL', noBars).on(`/v8/finance/chart/${encodeURIComponent('ZW=F')}`, noBars).on('/api/v3/klines', jsonReply([]));
    for (const name of UPSTREAM_ENV) process.env[name] = upstream.url;
  });
  afterAll(async () => {
    offline();
    await upstream.close();
  });

  test.each([
    ['stocks', `/v1/stockpricehistorical?ticker=AAPL&period=1h&${weekend}`, '/v8/finance/chart/AAPL'],
    ['commodities', `/v1/commoditypricehistorical?name=wheat&period=1h&${weekend}`, `/v8/finance/chart/${encodeURIComponent('ZW=F')}`],
    ['crypto', `/v1/cryptopricehistorical?symbol=XRPUSDT&interval=1h&${weekend}`, '/api/v3/klines'],
  ])('%s: 200 []', async (_family, path, upstreamPath) => {
    // Act
    const response = await get(path);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([]);
    expect(upstream.requestsTo(upstreamPath).length).toBeGreaterThan(0);
  });
});

describe('logs of failed on-demand reads', () => {
  let upstream: FakeUpstream;
  const SECRET = 'echoed-query-text';
  /** an upstream that fails and echoes the request, as some do */
  const echo = (): FakeReply => ({ status: 503, headers: { 'Content-Type': 'text/plain' }, body: `${SECRET}` });

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.on('/v8/finance/chart/NFLX', (request) => ({ ...echo(), body: `${SECRET} ${request.path}?${request.query}` }));
    upstream.on(`/v8/finance/chart/${encodeURIComponent('KC=F')}`, (request) => ({ ...echo(), body: `${SECRET} ${request.path}?${request.query}` }));
    upstream.on('/api/v3/klines', (request) => ({ ...echo(), body: `${SECRET} ${request.path}?${request.query}` }));
    for (const name of UPSTREAM_ENV) process.env[name] = upstream.url;
  });
  afterAll(async () => {
    offline();
    await upstream.close();
  });

  test('carry the upstream API and the failure class, never the symbol, interval or the upstream\'s text', async () => {
    // Prepare: capture what the logger writes
    const written: string[] = [];
    const capture = (stream: NodeJS.WriteStream) =>
      jest.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      }) as typeof stream.write);
    const spies = [capture(process.stdout), capture(process.stderr)];
    logger.setLogLevel('DEBUG');

    // Act
    const responses = await Promise.all([
      get('/v1/stockpricehistorical?ticker=NFLX&period=15m'),
      get('/v1/commoditypricehistorical?name=coffee&period=1d'),
      get('/v1/cryptopricehistorical?symbol=DOGEUSDT&interval=30m'),
    ]);
    logger.setLogLevel('SILENT');
    for (const spy of spies) spy.mockRestore();

    // Assess
    expect(responses.map((r) => r.status)).toEqual([502, 502, 502]);
    const failures = written.filter((line) => line.includes('on-demand upstream read failed')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failures.map((f) => f.api).sort()).toEqual(['binance klines', 'yahoo chart', 'yahoo chart']);
    for (const failure of failures) expect(failure).toMatchObject({ level: 'WARN', failure: 'status', status: 503 });
    const text = written.join('\n');
    for (const secret of [SECRET, 'NFLX', 'KC=F', 'KC%3DF', 'coffee', 'DOGEUSDT', '15m', '30m', 'interval']) expect(text).not.toContain(secret);
  });
});

describe('the seed without the recordings (a clone without ../shared)', () => {
  test('skips the jobs whose recordings are chosen per request, naming the missing files, instead of failing them', async () => {
    // Prepare: an empty recordings directory; oilSpot and rateFredPrime pick their FRED recording by series id
    const previous = process.env.RECORDINGS_DIR;
    const empty = mkdtempSync(join(tmpdir(), 'no-recordings-'));
    process.env.RECORDINGS_DIR = empty;
    const jobs = ingestionJobs.filter((job) => job.name === 'oilSpot' || job.name === 'rateFredPrime');

    // Act
    const outcomes = await seedSampleData(jobs).finally(() => {
      if (previous === undefined) delete process.env.RECORDINGS_DIR;
      else process.env.RECORDINGS_DIR = previous;
      rmSync(empty, { recursive: true, force: true });
    });

    // Assess
    expect(outcomes.map((o) => o.job)).toEqual(['oilSpot', 'rateFredPrime']);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ ok: false, written: 0 });
      expect(outcome.error).toBeUndefined();
      expect(outcome.missing!.length).toBeGreaterThan(0);
      for (const file of outcome.missing!) expect(file).toMatch(/^recordings:fred\//);
    }
    expect(describeSeed(outcomes).every((line) => line.startsWith('  SKIPPED '))).toBe(true);
  }, 60_000);
});
