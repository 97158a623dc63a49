import { jest } from '@jest/globals';
import { handler as bankOfCanadaJob } from '../../functions/ingest/rateBankOfCanada';
import { handler as bcbJob } from '../../functions/ingest/rateBcb';
import { handler as bisJob } from '../../functions/ingest/rateBis';
import { handler as bnmJob } from '../../functions/ingest/rateBnm';
import { handler as boeJob } from '../../functions/ingest/rateBoe';
import { handler as bojJob } from '../../functions/ingest/rateBoj';
import { handler as chinamoneyJob } from '../../functions/ingest/rateChinamoney';
import { handler as ecbJob } from '../../functions/ingest/rateEcb';
import { handler as fredPrimeJob } from '../../functions/ingest/rateFredPrime';
import { handler as nyFedJob } from '../../functions/ingest/rateNyFed';
import { handler as sarbJob } from '../../functions/ingest/rateSarb';
import { handler as snbJob } from '../../functions/ingest/rateSnb';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';
import { BIS_RECORDED_AT, BIS_SWISS_RECORDING } from '../../lib/api/rates';
import { CENTRAL_BANKS, CENTRAL_BANK_COUNTRIES } from '../../lib/rates/catalogue';
import { putRateHistory } from '../../lib/rates/store';
import { NYFED_RATES } from '../../lib/rates/publishers';
import {
  fixtureJson,
  fixtureReply,
  fixtureText,
  jsonReply,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeReply,
  type FakeUpstream,
} from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

jest.setTimeout(60_000);

const ENV = [
  'BIS_BASE_URL',
  'NYFED_BASE_URL',
  'ECB_DATA_BASE_URL',
  'BOE_BASE_URL',
  'BOJ_STAT_BASE_URL',
  'BOJ_SITE_BASE_URL',
  'SNB_BASE_URL',
  'BANK_OF_CANADA_BASE_URL',
  'FRED_GRAPH_BASE_URL',
  'FRED_API_KEY',
  'SARB_BASE_URL',
  'CHINAMONEY_BASE_URL',
  'BNM_BASE_URL',
  'BCB_BASE_URL',
] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

let server: TestServer;
let upstream: FakeUpstream;
let keys: Record<string, string>;

const RUN = { time: '2025-06-20T12:00:00Z' };
const csv = (body: string): FakeReply => ({ status: 200, headers: { 'Content-Type': 'text/csv' }, body });
const BIS_PATH = `/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/${encodeURIComponent(`D.${CENTRAL_BANK_COUNTRIES.map((c) => CENTRAL_BANKS[c].area).join('+')}`)}`;
/** BIS answers the hand-written June 2025 window (21 areas, no Switzerland) and 404 (no results) for older windows, as SDMX does */
const bisReply = (request: { query: URLSearchParams }): FakeReply =>
  (request.query.get('endPeriod') ?? '') >= '2025-06-01' ? csv(fixtureText('rates-bis', 'ws_cbpol_daily.csv')) : { status: 404, body: 'NoResultsFound' };
/** Switzerland's monthly series: the real SDMX-ML response of 2026-03-17 (2025-12 … 2026-02, all 0) */
const BIS_SWISS_PATH = '/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/M.CH';
const bisSwissReply = (): FakeReply => ({ status: 200, headers: { 'Content-Type': 'application/xml' }, body: readFileSync(join(datasetsDir()!, BIS_SWISS_RECORDING), 'utf8') });
const BIS_RUN = { time: BIS_RECORDED_AT };

beforeAll(async () => {
  upstream = await startFakeUpstream();
  for (const name of ENV) process.env[name] = upstream.url;
  delete process.env.FRED_API_KEY;
  server = await startTestServer();
  keys = server.demoKeys;
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

const current = (rate: string, key = keys.free!) => server.call(`/v2/interestrate?rate=${rate}`, { key });
const history = (query: string, key = keys.developer!) => server.call(`/v2/interestratehistorical?${query}`, { key });

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('/v2/interestrate parameters', () => {
  test('answers 400 to an unknown identifier, listing the valid identifiers', async () => {
    const body = await expectError(await current('central_bank_xx'), 400, 'invalid_parameter', 'rate');
    expect(body.error).toContain('central_bank_us');
    expect(body.error).toContain('base_lending_my');
  });

  test('answers 400 missing_parameter without rate', async () => {
    await expectError(await server.call('/v2/interestrate', { key: keys.free }), 400, 'missing_parameter', 'rate');
  });

  test('answers 503 data_unavailable for a valid rate nothing has been ingested for', async () => {
    await expectError(await current('sofr'), 503, 'data_unavailable');
    await expectError(await history('rate=sofr'), 503, 'data_unavailable');
  });
});

describe('/v2/interestratehistorical', () => {
  // 250 daily points in 1990 for saron, written straight through the repository
  const days = Array.from({ length: 250 }, (_, i) => new Date(Date.UTC(1990, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
  beforeAll(async () => {
    await putRateHistory(
      'saron',
      days.map((date, i) => ({ date, rate_pct: 8 + i / 1000 })),
      { now: new Date(RUN.time), sample: false },
    );
  });
  const BOUNDS = 'rate=saron&start_date=1990-01-01&end_date=1990-12-31';

  test('is refused to free keys with 403 plan_required naming the plan', async () => {
    const body = await expectError(await history(BOUNDS, keys.free), 403, 'plan_required');
    expect(body.error).toMatch(/Premium/i);
  });

  test('serves 100 points oldest first with date and timestamp, then follows next to the end', async () => {
    // Act
    const pages: any[] = [];
    let query = BOUNDS;
    for (;;) {
      const response = await history(query);
      expect(response.status).toBe(200);
      const body = await json(response);
      pages.push(body);
      if (!body.next) break;
      query = `${BOUNDS}&page=${encodeURIComponent(body.next)}`;
    }

    // Assess
    expect(pages.map((p) => p.data.length)).toEqual([100, 100, 50]);
    const points = pages.flatMap((p) => p.data);
    expect(points.map((p: any) => p.date)).toEqual(days);
    expect(points[0]).toEqual({ timestamp: Date.UTC(1990, 0, 1) / 1000, date: '1990-01-01', rate_pct: 8 });
    expect(pages[0].name).toMatch(/SARON/);
    expect(pages[2].next).toBeNull();
  });

  test('includes both end dates', async () => {
    const body = await json(await history('rate=saron&start_date=1990-01-05&end_date=1990-01-07'));
    expect(body.data.map((p: any) => p.date)).toEqual(['1990-01-05', '1990-01-06', '1990-01-07']);
  });

  test('takes Unix-second bounds, inclusive', async () => {
    const from = Date.UTC(1990, 0, 5) / 1000;
    const body = await json(await history(`rate=saron&start_time=${from}&end_time=${from + 86_400}`));
    expect(body.data.map((p: any) => p.timestamp)).toEqual([from, from + 86_400]);
  });

  test.each([
    ['a date and a time for the start', 'rate=saron&start_date=1990-01-05&start_time=631152000', 'start_time'],
    ['a date and a time for the end', 'rate=saron&end_date=1990-01-05&end_time=631152000', 'end_time'],
    ['a start after the end', 'rate=saron&start_date=1990-02-05&end_date=1990-01-05', 'start_date'],
    ['a malformed cursor', 'rate=saron&page=%%%not-a-cursor', 'page'],
    ['an impossible date', 'rate=saron&start_date=1990-02-30', 'start_date'],
    ['an unknown rate', 'rate=libor', 'rate'],
  ])('answers 400 to %s', async (_, query, param) => {
    await expectError(await history(query), 400, 'invalid_parameter', param);
  });

  test('answers 400 to a cursor from another query', async () => {
    // Prepare
    const { next } = await json(await history(BOUNDS));

    // Act
    const response = await history(`rate=saron&start_date=1990-01-02&end_date=1990-12-31&page=${encodeURIComponent(next)}`);

    // Assess
    await expectError(response, 400, 'invalid_parameter', 'page');
  });

  test('answers an empty page for a range without points', async () => {
    const body = await json(await history('rate=saron&start_date=1980-01-01&end_date=1980-12-31'));
    expect(body).toEqual({ name: expect.any(String), data: [], next: null });
  });
});

describe('rate jobs', () => {
  test('BIS: stores the 22 central banks (first run pages over 5-year windows since 2000), served with the BIS values', async () => {
    // Prepare
    upstream.on(BIS_PATH, bisReply);
    upstream.on(BIS_SWISS_PATH, bisSwissReply());

    // Act
    const summary = await bisJob(BIS_RUN);

    // Assess: 21 areas × 13 daily points, and Switzerland's 3 month-end points from the monthly series
    expect(summary.written).toBe(21 * 13 + 3);
    const windows = upstream.requestsTo(BIS_PATH).map((r) => r.query.get('startPeriod'));
    expect(windows).toEqual(['2000-01-01', '2005-01-01', '2010-01-01', '2015-01-01', '2020-01-01', '2025-01-01']);
    const us = await json(await current('central_bank_us'));
    expect(us).toEqual({ rate_name: expect.stringMatching(/Federal Reserve.*midpoint/), rate_pct: 4.375, last_updated: '06-13-2025' });
    expect((await json(await current('central_bank_eu'))).rate_pct).toBe(2);
    expect((await json(await current('central_bank_in'))).rate_pct).toBe(5.5);
    // Switzerland, absent from the daily answers: one request, for M.CH only, over the first-run window in months
    expect(upstream.requestsTo(BIS_SWISS_PATH).map((r) => Object.fromEntries(r.query))).toEqual([{ startPeriod: '2000-01', endPeriod: '2026-03', format: 'csv' }]);
  });

  test('BIS: an area without daily data on the first run is read from the monthly series, dated each month\'s end', async () => {
    // Act: what the first run stored for Switzerland
    const ch = await json(await current('central_bank_ch'));
    const history = await json(await server.call('/v2/interestratehistorical?rate=central_bank_ch&start_date=2025-01-01&end_date=2026-03-17', { key: keys.developer! }));

    // Assess: the real response's three month-end values (2025-12 … 2026-02: 0 %)
    expect(ch).toMatchObject({ rate_name: expect.stringMatching(/Swiss National Bank/), rate_pct: 0, last_updated: '02-28-2026' });
    expect(history.data.map((p: { timestamp: number; rate_pct: number }) => [new Date(p.timestamp * 1000).toISOString().slice(0, 10), p.rate_pct])).toEqual([
      ['2025-12-31', 0],
      ['2026-01-31', 0],
      ['2026-02-28', 0],
    ]);
  });

  test('BIS: a later run asks only from the newest stored day minus the overlap, daily only', async () => {
    // Prepare
    upstream.on(BIS_PATH, bisReply);

    // Act
    await bisJob({ time: '2026-03-17T13:00:00Z' });

    // Assess
    expect(upstream.requestsTo(BIS_PATH).map((r) => r.query.get('startPeriod'))).toEqual(['2025-05-30']);
    expect(upstream.requestsTo(BIS_SWISS_PATH)).toEqual([]);
  });

  test('NY Fed: stores SOFR and EFFR; a benchmark has no rate_type or source', async () => {
    // Prepare
    upstream.on(NYFED_RATES.sofr.path, fixtureReply('rates-nyfed', 'sofr-search.json')).on(NYFED_RATES.effr.path, fixtureReply('rates-nyfed', 'effr-search.json'));

    // Act
    await nyFedJob(RUN);

    // Assess
    expect(await json(await current('sofr'))).toEqual({ rate_name: 'SOFR (Secured Overnight Financing Rate)', rate_pct: 4.3, last_updated: '06-18-2025' });
    expect((await json(await current('effr'))).rate_pct).toBe(4.33);
    expect(upstream.requestsTo(NYFED_RATES.sofr.path)[0]!.query.get('startDate')).toBe('2018-04-02');
  });

  test('NY Fed: waits out a 429 with Retry-After and completes', async () => {
    // Prepare
    upstream
      .on(NYFED_RATES.sofr.path, tooManyRequests(1), fixtureReply('rates-nyfed', 'sofr-search.json'))
      .on(NYFED_RATES.effr.path, fixtureReply('rates-nyfed', 'effr-search.json'));

    // Act
    const summary = await nyFedJob(RUN);

    // Assess
    expect(summary.written).toBeGreaterThan(0);
    expect(upstream.requestsTo(NYFED_RATES.sofr.path)).toHaveLength(2);
  });

  test('NY Fed: an empty incremental answer for every rate fails the run and keeps the stored rates', async () => {
    // Prepare: the window re-reads the last stored days, so an answer without any is a source problem
    upstream.on(NYFED_RATES.sofr.path, fixtureReply('rates-nyfed', 'empty-search.json')).on(NYFED_RATES.effr.path, fixtureReply('rates-nyfed', 'empty-search.json'));

    // Act
    const error = await nyFedJob(RUN).then(
      () => undefined,
      (e: unknown) => e as Error,
    );

    // Assess
    expect(error?.message).toMatch(/asked the upstream for 2 items and had nothing to store: sofr: nothing new since/);
    expect((await json(await current('sofr'))).rate_pct).toBe(4.3);
  });

  test.each([
    ['keeps answering 503', serverError(503)],
    ['sends truncated JSON', truncatedJson(fixtureText('rates-nyfed', 'effr-search.json'))],
  ])('NY Fed: a source that %s fails the run and leaves stored data intact', async (_, failure) => {
    // Prepare
    upstream.on(NYFED_RATES.sofr.path, fixtureReply('rates-nyfed', 'sofr-search.json')).on(NYFED_RATES.effr.path, failure);
    const before = await json(await history('rate=sofr&start_date=2025-06-01'));

    // Act
    const error = await rejection(nyFedJob(RUN));

    // Assess
    expect(error.message).toMatch(/markets|127\.0\.0\.1/);
    expect(await json(await history('rate=sofr&start_date=2025-06-01'))).toEqual(before);
  });

  test('a first run that gets no observations fails instead of passing for a working source', async () => {
    // Prepare
    upstream.on('/service/data/EST/B.EU000A2X2A25.WT', { status: 404, body: 'No results found.' });

    // Act
    const error = await rejection(ecbJob(RUN));

    // Assess
    expect(error.message).toMatch(/estr: the source returned no observations/);
    await expectError(await current('estr'), 503, 'data_unavailable');
  });

  test('ECB, Bank of England, SNB: store €STR, SONIA and SARON', async () => {
    // Prepare
    upstream
      .on('/service/data/EST/B.EU000A2X2A25.WT', csv(fixtureText('rates-ecb', 'estr.csv')))
      .on('/boeapps/database/_iadb-fromshowcolumns.asp', csv(fixtureText('rates-boe', 'sonia.csv')))
      .on('/api/cube/snbgwdzid/data/csv/en', csv(fixtureText('rates-snb', 'saron.csv')));

    // Act
    await ecbJob(RUN);
    await boeJob(RUN);
    await snbJob(RUN);

    // Assess
    expect(await json(await current('estr'))).toMatchObject({ rate_pct: 1.922, last_updated: '06-19-2025' });
    expect(await json(await current('sonia'))).toMatchObject({ rate_pct: 4.2133, last_updated: '06-19-2025' });
    expect(await json(await current('saron'))).toMatchObject({ rate_pct: 0.199, last_updated: '06-19-2025' });
  });

  test("Bank of Japan: an error in a 200 body (MESSAGE) fails the run; a good answer stores TONA and the prime rate's change dates", async () => {
    // Prepare
    upstream.on('/api/v1/getDataCode', fixtureReply('rates-boj', 'error-in-200.json')).on('/statistics/dl/loan/prime/prime.htm', csv(fixtureText('rates-boj', 'prime.htm')));

    // Act
    const error = await rejection(bojJob(RUN));
    upstream.on('/api/v1/getDataCode', fixtureReply('rates-boj', 'tona.json'));
    await bojJob(RUN);

    // Assess
    expect(error.message).toMatch(/M181013E/);
    expect(await json(await current('tona'))).toMatchObject({ rate_pct: 0.476, last_updated: '06-19-2025' });
    const prime = await json(await current('prime_jp'));
    expect(prime).toMatchObject({ rate_pct: 1.875, last_updated: '03-03-2025', rate_type: expect.stringMatching(/most frequent/), source: expect.stringMatching(/Bank of Japan/) });
    const changes = await json(await history('rate=prime_jp'));
    expect(changes.data[0]).toEqual({ timestamp: Date.UTC(1989, 0, 23) / 1000, date: '1989-01-23', rate_pct: 5.5 });
  });

  test('Bank of Canada: CORRA and the weekly prime rate with rate_type and source', async () => {
    // Prepare
    upstream.on('/valet/observations/AVG.INTWO/json', fixtureReply('rates-boc', 'corra.json')).on('/valet/observations/V80691311/json', fixtureReply('rates-boc', 'prime.json'));

    // Act
    await bankOfCanadaJob(RUN);

    // Assess
    expect((await json(await current('corra'))).rate_pct).toBe(2.75);
    expect(await json(await current('prime_ca'))).toEqual({
      rate_name: 'Canada prime rate',
      rate_pct: 4.95,
      last_updated: '06-18-2025',
      rate_type: expect.stringMatching(/prime business/),
      source: expect.stringMatching(/V80691311/),
    });
    expect(upstream.requestsTo('/valet/observations/V80691311/json')[0]!.query.get('start_date')).toBe('1990-01-01');
  });

  test('FRED: the US prime rate from 1990, skipping missing values', async () => {
    // Prepare
    upstream.on('/graph/fredgraph.csv', csv(fixtureText('rates-fred', 'dprime.csv')));

    // Act
    await fredPrimeJob(RUN);

    // Assess
    expect(await json(await current('prime_us'))).toMatchObject({ rate_pct: 7.5, last_updated: '06-18-2025', source: expect.stringMatching(/DPRIME/) });
    expect(Object.fromEntries(upstream.requestsTo('/graph/fredgraph.csv')[0]!.query)).toMatchObject({ id: 'DPRIME', cosd: '1990-01-01' });
  });

  test('SARB, chinamoney and BNM: current-only rates are stored under their dates', async () => {
    // Prepare
    upstream
      .on('/SarbWebApi/WebIndicators/HomePageRates', fixtureReply('rates-sarb', 'home-page-rates.json'))
      .on('/public/base-rate', fixtureReply('rates-bnm', 'base-rate.json'))
      .on('/r/cms/www/chinamoney/data/currency/bk-lpr.json', fixtureReply('rates-chinamoney', 'error-in-200.json'), fixtureReply('rates-chinamoney', 'bk-lpr.json'));

    // Act
    await sarbJob(RUN);
    await bnmJob(RUN);
    const error = await rejection(chinamoneyJob(RUN));
    const unavailable = await current('prime_cn');
    await chinamoneyJob(RUN);

    // Assess
    expect(await json(await current('prime_za'))).toMatchObject({ rate_pct: 10.75, last_updated: '05-30-2025', rate_type: expect.any(String) });
    expect(await json(await current('base_lending_my'))).toMatchObject({ rate_pct: 6.65, last_updated: '06-20-2025', rate_type: expect.stringMatching(/median/) });
    expect(error.message).toMatch(/chinamoney error 500/);
    await expectError(unavailable, 503, 'data_unavailable');
    expect(await json(await current('prime_cn'))).toMatchObject({ rate_name: expect.stringMatching(/Loan Prime Rate/), rate_pct: 3, last_updated: '06-20-2025' });
  });

  test("BCB: a 406 fails the run; the backfill from 2011 uses 10-year windows and prime_br says it is the TJLP", async () => {
    // Prepare
    const path = '/dados/serie/bcdata.sgs.256/dados';
    upstream.on(path, jsonReply(fixtureJson('rates-bcb', 'error-406.json'), 406));
    const error = await rejection(bcbJob(RUN));
    upstream.reset();
    upstream.on(path, (request) =>
      jsonReply(fixtureJson('rates-bcb', request.query.get('dataInicial') === '01/01/2011' ? 'tjlp-2011-2020.json' : 'tjlp.json')),
    );

    // Act
    await bcbJob(RUN);

    // Assess
    expect(error.message).toMatch(/406/);
    expect(upstream.requestsTo(path).map((r) => [r.query.get('dataInicial'), r.query.get('dataFinal')])).toEqual([
      ['01/01/2011', '31/12/2020'],
      ['01/01/2021', '20/06/2025'],
    ]);
    expect(await json(await current('prime_br'))).toMatchObject({ rate_pct: 8.61, last_updated: '06-01-2025', rate_type: expect.stringMatching(/TJLP.*no prime rate/) });
    expect((await json(await history('rate=prime_br'))).data[0].date).toBe('2014-07-01');
  });
});
