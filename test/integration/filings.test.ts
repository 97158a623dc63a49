import { handler as companiesJob } from '../../functions/ingest/filingCompanies';
import { handler as factsJob } from '../../functions/ingest/filingFacts';
import { handler as proxiesJob } from '../../functions/ingest/filingProxies';
import { CABOT_PROXY_PATH } from '../../lib/api/filings';
import { FILINGS_WATCHLIST_ENV } from '../../lib/filings/ingestion';
import { JOB_RUNS, type JobRun } from '../../lib/ingest/job';
import { SEC_DATA_URL_ENV, SEC_WWW_URL_ENV } from '../../lib/sources/sec';
import { getRecord } from '../../lib/store/marketData';
import { fixtureReply, jsonReply, serverError, startFakeUpstream, tooManyRequests, truncatedJson, type FakeUpstream } from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';
import { datasetText, SEC_DATASETS } from '../support/filingsDatasets';

let server: TestServer;
let upstream: FakeUpstream;
const keys: Record<'free' | 'developer' | 'business' | 'annual', string> = { free: '', developer: '', business: '', annual: '' };
const ENV = [SEC_WWW_URL_ENV, SEC_DATA_URL_ENV, FILINGS_WATCHLIST_ENV] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
const TIME = '2025-09-01T06:00:00Z';
const M = 1_000_000;

const FACTS = {
  TSLA: '/api/xbrl/companyfacts/CIK0001318605.json',
  SNOW: '/api/xbrl/companyfacts/CIK0001640147.json',
  LPA: '/api/xbrl/companyfacts/CIK0001997711.json',
};
const TICKERS_PATH = '/files/company_tickers.json';
const CABOT_SUBMISSIONS = '/submissions/CIK0000016040.json';
const text = (path: string) => datasetText(path);
const html = (body: string) => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body });

/** The real payloads, as the SEC serves them. */
function serveRecordings() {
  upstream.on(TICKERS_PATH, jsonReply(text(SEC_DATASETS.tickers)));
  upstream.on(FACTS.TSLA, jsonReply(text(SEC_DATASETS.tesla)));
  upstream.on(FACTS.SNOW, jsonReply(text(SEC_DATASETS.snowflake)));
  upstream.on(FACTS.LPA, jsonReply(text(SEC_DATASETS.lpa)));
  upstream.on(CABOT_SUBMISSIONS, fixtureReply('sec-filings', 'submissions-CIK0000016040.json'));
  upstream.on(CABOT_PROXY_PATH, html(text(SEC_DATASETS.cabotProxy)));
}

const get = async (path: string, key: string) => {
  const response = await server.call(path, { key });
  return { response, body: await json(response) };
};

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env[SEC_WWW_URL_ENV] = upstream.url;
  process.env[SEC_DATA_URL_ENV] = upstream.url;
  process.env[FILINGS_WATCHLIST_ENV] = 'TSLA,SNOW,LPA,CBT,AAPL';
  server = await startTestServer();
  keys.free = await server.newKey({ tier: 'free', period: 'month' });
  keys.developer = await server.newKey({ tier: 'developer', period: 'month' });
  keys.business = await server.newKey({ tier: 'business', period: 'month' });
  keys.annual = await server.newKey({ tier: 'developer', period: 'year' });
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

describe('before any filing is ingested', () => {
  test('the filings endpoints answer 503 data_unavailable', async () => {
    await expectError(await server.call('/v1/incomestatement?ticker=TSLA', { key: keys.free }), 503, 'data_unavailable');
    await expectError(await server.call('/v1/executivecompensation?cik=16040', { key: keys.business }), 503, 'data_unavailable');
  });
});

describe('ingestion from the real SEC payloads (as the seed feeds them: sample)', () => {
  test('the three jobs store tickers, statements and compensation, skipping companies the SEC has nothing for', async () => {
    // Prepare
    serveRecordings();

    // Act
    const companies = await companiesJob({ time: TIME, sample: true });
    const facts = await factsJob({ time: TIME, sample: true });
    const proxies = await proxiesJob({ time: TIME, sample: true });

    // Assess
    expect(companies.written).toBeGreaterThan(10_000);
    expect(facts.written).toBe(3);
    expect(facts.notes).toEqual(expect.arrayContaining([expect.stringMatching(/CBT 0000016040: no XBRL company facts \(404\)/), expect.stringMatching(/AAPL/)]));
    expect(proxies.written).toBe(1);
    expect(proxies.notes).toEqual(expect.arrayContaining([expect.stringMatching(/TSLA 0001318605: not found upstream \(404\)/)]));
    // the latest DEF 14A of the submissions, not the older one or the DEFA14A
    expect(upstream.requestsTo(CABOT_PROXY_PATH)).toHaveLength(1);
    expect(upstream.requests.every((r) => typeof r.headers['user-agent'] === 'string' && r.headers['user-agent'].includes('@'))).toBe(true);
  }, 120_000);
});

describe('/v1/incomestatement', () => {
  test('without period and year: the most recent statement, for every plan, marked sample', async () => {
    // Act
    const { response, body } = await get('/v1/incomestatement?ticker=tsla', keys.free);

    // Assess
    expect(response.status).toBe(200);
    expect(body.company_info).toEqual({ ticker: 'TSLA', cik: '0001318605', company_name: 'Tesla, Inc.', fiscal_year: 2022, fiscal_quarter: 'Q3' });
    expect(body.income_statement.total_revenue).toBe(21_454 * M);
    expect(body.filing_info).toEqual({ filing_type: '10-Q', filing_date: '2022-10-24', period_end_date: '2022-09-30' });
    expect(body.sample).toBe(true);
    expect(Object.keys(body.income_statement)).toHaveLength(16);
  });

  test('Q4 2021 for a paid key: the 10-K year minus the three 10-Qs, EPS recomputed', async () => {
    // Act
    const { response, body } = await get('/v1/incomestatement?ticker=TSLA&period=Q4&year=2021', keys.developer);

    // Assess
    expect(response.status).toBe(200);
    expect(body.company_info).toMatchObject({ fiscal_year: 2021, fiscal_quarter: 'Q4' });
    expect(body.income_statement).toMatchObject({ total_revenue: 17_719 * M, net_income: 2_321 * M, earnings_per_share_basic: 2.29, earnings_per_share_diluted: 2.03 });
    expect(body.filing_info).toEqual({ filing_type: '10-K', filing_date: '2022-02-07', period_end_date: '2021-12-31' });
  });

  test('the five periods of 2021 add up for every amount, and Q3 per-share figures are on the basis of the 10-K year', async () => {
    // Act
    const periods = await Promise.all(['q1', 'q2', 'q3', 'q4', 'fy'].map((p) => get(`/v1/incomestatement?ticker=TSLA&period=${p}&year=2021`, keys.developer)));

    // Assess
    const [q1, q2, q3, q4, fy] = periods.map(({ response, body }) => {
      expect(response.status).toBe(200);
      return body.income_statement as Record<string, number | null>;
    });
    for (const field of ['total_revenue', 'cost_of_revenue', 'gross_profit', 'operating_income', 'net_income', 'research_and_development', 'general_and_administrative', 'stock_based_compensation', 'interest_expense', 'tax_provision']) {
      expect({ field, q4: q4![field] }).toEqual({ field, q4: fy![field]! - q1![field]! - q2![field]! - q3![field]! });
    }
    // Q3 as Tesla filed it before its 2022 split (not the split-adjusted 0.54 of the 2022 10-Q), like FY 2021's 5.60
    expect([q3!.earnings_per_share_basic, q3!.weighted_average_shares_basic, fy!.earnings_per_share_basic]).toEqual([1.62, 998 * M, 5.6]);
    // Tesla's D&A line is an extension element companyfacts does not carry: null, not depreciation alone
    expect([q1!.depreciation_and_amortization, fy!.depreciation_and_amortization]).toEqual([null, null]);
  });

  test('by CIK with or without leading zeros; free keys may ask for 2025 on', async () => {
    // Act
    const bare = await get('/v1/incomestatement?cik=1640147&period=q1&year=2026', keys.free);
    const padded = await get('/v1/incomestatement?cik=0001640147&period=q1&year=2026', keys.free);

    // Assess
    expect(bare.response.status).toBe(200);
    expect(bare.body).toEqual(padded.body);
    expect(bare.body.company_info).toEqual({ ticker: 'SNOW', cik: '0001640147', company_name: 'Snowflake Inc.', fiscal_year: 2026, fiscal_quarter: 'Q1' });
    expect(bare.body.income_statement.total_revenue).toBe(1_042_074_000);
  });

  test('years before 2025 need Premium', async () => {
    const body = await expectError(await server.call('/v1/incomestatement?ticker=TSLA&period=fy&year=2021', { key: keys.free }), 403, 'plan_required', 'year');
    expect(body.error).toMatch(/Premium/);
  });

  test.each([
    ['ticker and cik together', '?ticker=TSLA&cik=1318605', 'invalid_parameter', 'cik'],
    ['neither ticker nor cik', '?period=q1&year=2022', 'invalid_parameter', undefined],
    ['period without year', '?ticker=TSLA&period=q1', 'missing_parameter', 'year'],
    ['year without period', '?ticker=TSLA&year=2022', 'missing_parameter', 'period'],
    ['year 2000', '?ticker=TSLA&period=q1&year=2000', 'invalid_parameter', 'year'],
    ['an unknown period', '?ticker=TSLA&period=q5&year=2022', 'invalid_parameter', 'period'],
    ['a CIK that is not digits', '?cik=12ab', 'invalid_parameter', 'cik'],
  ])('400 for %s', async (_, query, code, param) => {
    await expectError(await server.call(`/v1/incomestatement${query}`, { key: keys.business }), 400, code, param);
  });

  test('404 no_data for an unknown ticker, a company without statements, and a period without data', async () => {
    await expectError(await server.call('/v1/incomestatement?ticker=NOSUCH', { key: keys.free }), 404, 'no_data');
    await expectError(await server.call('/v1/incomestatement?ticker=AAPL', { key: keys.free }), 404, 'no_data');
    await expectError(await server.call('/v1/incomestatement?cik=9999999', { key: keys.free }), 404, 'no_data');
    await expectError(await server.call('/v1/incomestatement?ticker=TSLA&period=q4&year=2022', { key: keys.business }), 404, 'no_data');
  });

  test('an IFRS filer has fiscal-year statements from its 20-F', async () => {
    const { response, body } = await get('/v1/incomestatement?ticker=LPA', keys.free);
    expect(response.status).toBe(200);
    expect(body.company_info).toMatchObject({ fiscal_year: 2024, fiscal_quarter: 'FY' });
    expect(body.filing_info.filing_type).toBe('20-F');
  });
});

describe('/v1/incomestatementavailability', () => {
  test('is for the Developer tier and above', async () => {
    await expectError(await server.call('/v1/incomestatementavailability?ticker=TSLA', { key: keys.free }), 403, 'plan_required');
  });

  test('lists years newest first with their periods in order', async () => {
    // Act
    const { response, body } = await get('/v1/incomestatementavailability?ticker=TSLA', keys.annual);

    // Assess
    expect(response.status).toBe(200);
    expect(body.company_info).toEqual({ ticker: 'TSLA', cik: '0001318605', company_name: 'Tesla, Inc.' });
    expect(body.available_periods.slice(0, 2)).toEqual([
      { year: 2022, periods: ['q1', 'q2', 'q3'] },
      { year: 2021, periods: ['q1', 'q2', 'q3', 'q4', 'fy'] },
    ]);
    expect(body.available_periods.map((p: { year: number }) => p.year)).toEqual([...body.available_periods.map((p: { year: number }) => p.year)].sort((a, b) => b - a));
    expect(body.sample).toBe(true);
  });

  test('400 without a company and 404 for an unknown one', async () => {
    await expectError(await server.call('/v1/incomestatementavailability', { key: keys.developer }), 400, 'invalid_parameter');
    await expectError(await server.call('/v1/incomestatementavailability?ticker=NOSUCH', { key: keys.developer }), 404, 'no_data');
  });
});

describe('/v1/executivecompensation', () => {
  test("free keys get only the CEO's total for the latest year and no pay versus performance", async () => {
    // Act
    const { response, body } = await get('/v1/executivecompensation?ticker=CBT', keys.free);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toEqual({
      ticker: 'CBT',
      company_name: 'CABOT CORP',
      cik: '0000016040',
      executives: [
        {
          name: 'Sean D. Keohane',
          position: 'President and CEO',
          is_ceo: true,
          fiscal_year: 2023,
          salary: null,
          bonus: null,
          stock_awards: null,
          option_awards: null,
          non_equity_incentive: null,
          pension_and_deferred_compensation: null,
          all_other_compensation: null,
          total: 7_791_510,
        },
      ],
      sample: true,
    });
  });

  test('paid keys get every named executive of the year and the pay-versus-performance rows', async () => {
    // Act
    const { response, body } = await get('/v1/executivecompensation?cik=16040', keys.developer);

    // Assess
    expect(response.status).toBe(200);
    expect(body.executives.map((e: { name: string }) => e.name)).toEqual(['Sean D. Keohane', 'Erica McLaughlin', 'Karen A. Kalita', 'Hobart C. Kalkstein', 'Jeff Zhu']);
    expect(body.executives[1]).toMatchObject({ fiscal_year: 2023, salary: 571_069, stock_awards: 812_388, total: 2_355_485, is_ceo: false });
    expect(body.pay_versus_performance.map((r: { fiscal_year: number; ceo_compensation_actually_paid: number }) => [r.fiscal_year, r.ceo_compensation_actually_paid])).toEqual([
      [2023, 8_106_840],
      [2022, 17_160_056],
    ]);
  });

  test('an earlier year for Premium: that year\'s rows; for free keys 403; a year without data 404', async () => {
    // Act
    const earlier = await get('/v1/executivecompensation?ticker=CBT&year=2022', keys.business);

    // Assess
    expect(earlier.response.status).toBe(200);
    expect(earlier.body.executives.find((e: { name: string }) => e.name === 'Jeff Zhu')).toMatchObject({ fiscal_year: 2022, total: 3_029_016 });
    expect(earlier.body.pay_versus_performance.map((r: { fiscal_year: number }) => r.fiscal_year)).toEqual([2022]);
    await expectError(await server.call('/v1/executivecompensation?ticker=CBT&year=2022', { key: keys.free }), 403, 'plan_required', 'year');
    expect((await server.call('/v1/executivecompensation?ticker=CBT&year=2023', { key: keys.free })).status).toBe(200);
    await expectError(await server.call('/v1/executivecompensation?ticker=CBT&year=2019', { key: keys.business }), 404, 'no_data');
  });

  test('finds the company by name when no ticker or cik is given', async () => {
    const { response, body } = await get('/v1/executivecompensation?name=cabot%20corporation', keys.free);
    expect(response.status).toBe(200);
    expect(body.ticker).toBe('CBT');
    await expectError(await server.call('/v1/executivecompensation?name=nosuch%20company', { key: keys.free }), 404, 'no_data');
  });

  test('400 for ticker with cik, no company, or a year that is not 4 digits; 404 for a company without a proxy', async () => {
    await expectError(await server.call('/v1/executivecompensation?ticker=CBT&cik=16040', { key: keys.free }), 400, 'invalid_parameter', 'cik');
    await expectError(await server.call('/v1/executivecompensation?year=2023', { key: keys.free }), 400, 'invalid_parameter');
    await expectError(await server.call('/v1/executivecompensation?ticker=CBT&year=23', { key: keys.free }), 400, 'invalid_parameter', 'year');
    await expectError(await server.call('/v1/executivecompensation?ticker=TSLA', { key: keys.free }), 404, 'no_data');
  });
});

describe('ingestion failures leave stored data intact', () => {
  const lastError = async (job: string) => (await getRecord<JobRun>(JOB_RUNS, job, new Date()))?.value.last_error;
  const teslaFy2021 = async () => (await get('/v1/incomestatement?ticker=TSLA&period=fy&year=2021', keys.business)).body;

  test('a live re-run writes the same statements (idempotent) without the sample mark', async () => {
    // Prepare
    serveRecordings();
    const before = await teslaFy2021();

    // Act
    await factsJob({ time: TIME });
    const after = await teslaFy2021();

    // Assess
    const { sample, ...live } = before;
    expect(sample).toBe(true);
    expect(after).toEqual(live);
  }, 60_000);

  test.each([
    ['429 with a long Retry-After', tooManyRequests(600)],
    ['403 (rate threshold) with a long Retry-After', { ...tooManyRequests(600), status: 403 }],
    ['503 with a long Retry-After', { ...serverError(503), headers: { 'Retry-After': '600' } }],
    ['truncated JSON', truncatedJson(datasetText(SEC_DATASETS.tesla), 0.4)],
    ['a payload without facts', jsonReply({ cik: 1318605, entityName: 'Tesla, Inc.' })],
  ])('companyfacts answering %s fails the run, keeps Tesla and stores the others', async (_, reply) => {
    // Prepare
    serveRecordings();
    upstream.on(FACTS.TSLA, reply);
    const before = await teslaFy2021();

    // Act
    const run = factsJob({ time: TIME });

    // Assess
    await expect(run).rejects.toThrow(/companyfacts failed for 1 company .*TSLA/);
    expect(await teslaFy2021()).toEqual(before);
    expect(await lastError('filingFacts')).toMatch(/TSLA/);
    expect(upstream.requestsTo(FACTS.SNOW)).toHaveLength(1);
  }, 60_000);

  test('an empty ticker file fails the companies run and keeps the stored tickers', async () => {
    // Prepare
    upstream.on(TICKERS_PATH, jsonReply({}));

    // Act
    const run = companiesJob({ time: TIME });

    // Assess
    await expect(run).rejects.toThrow(/empty/);
    expect((await server.call('/v1/incomestatement?ticker=TSLA', { key: keys.free })).status).toBe(200);
  });

  test('a failing submissions API keeps the stored compensation; a run in which no proxy has a table fails and keeps it too', async () => {
    // Prepare
    upstream.on(CABOT_SUBMISSIONS, { ...tooManyRequests(600), status: 403 });

    // Act
    const blocked = proxiesJob({ time: TIME });

    // Assess
    await expect(blocked).rejects.toThrow(/CBT 0000016040/);
    expect((await get('/v1/executivecompensation?ticker=CBT', keys.free)).body.executives[0].total).toBe(7_791_510);

    // Prepare: a proxy whose document has no Summary Compensation Table
    upstream.reset();
    upstream.on(CABOT_SUBMISSIONS, fixtureReply('sec-filings', 'submissions-CIK0000016040.json'));
    upstream.on(CABOT_PROXY_PATH, html('<html><body><p>Notice of meeting</p></body></html>'));

    // Act
    const skipped = proxiesJob({ time: TIME });

    // Assess: no company had a proxy to store: the run fails, naming why, and keeps what is stored
    await expect(skipped).rejects.toThrow(/had nothing to store: .*Summary Compensation Table/);
    expect((await get('/v1/executivecompensation?ticker=CBT', keys.free)).body.executives[0].total).toBe(7_791_510);
  });
});
