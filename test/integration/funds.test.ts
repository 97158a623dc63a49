import { seedSampleData } from '../../infra/local/seed';
import { fundJobs, SAMPLE_FUND_TICKERS } from '../../lib/api/funds';
import { handler as fundTickers } from '../../functions/ingest/fundTickers';
import { handler as fundProfiles } from '../../functions/ingest/fundProfiles';
import { handler as fundPrices } from '../../functions/ingest/fundPrices';
import { ingestFundPrices, ingestFundProfiles } from '../../lib/funds/ingest';
import { ingestionJob } from '../../lib/ingest/job';
import { secClient } from '../../lib/sources/sec';
import { yahooChartClient } from '../../lib/sources/yahooChart';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';
import {
  fixtureJson,
  fixtureReply,
  jsonReply,
  recordingsDir,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeReply,
  type FakeUpstream,
} from '../support/fakeUpstream';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let upstream: FakeUpstream;
let keys: { free: string; developer: string; business: string; annual: string };

const ENV = ['SEC_WWW_BASE_URL', 'SEC_DATA_BASE_URL', 'YAHOO_CHART_BASE_URL', 'FUND_WATCHLIST'] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env.SEC_WWW_BASE_URL = upstream.url;
  process.env.SEC_DATA_BASE_URL = upstream.url;
  process.env.YAHOO_CHART_BASE_URL = upstream.url;
  process.env.FUND_WATCHLIST = 'GSFAX,GSFCX,KYSMX,DDVAX';
  server = await startTestServer();
  keys = {
    free: server.demoKeys.free!,
    developer: server.demoKeys.developer!,
    business: server.demoKeys.business!,
    annual: await server.newKey({ tier: 'developer', period: 'year' }),
  };
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

const TIME = '2025-09-15T23:30:00Z';
const TICKERS_PATH = '/files/company_tickers_mf.json';
/** a small SEC fund list in the real format, with the real ids of the funds whose filings are recorded */
const TICKER_FILE = {
  fields: ['cik', 'seriesId', 'classId', 'symbol'],
  data: [
    [822977, 'S000013795', 'C000037818', 'GSFAX'],
    [822977, 'S000013795', 'C000037819', 'GSFCX'],
    [822977, 'S000013795', 'C000037820', 'GSNIX'],
    [311101, 'S000012000', 'C000032728', 'KYSMX'],
    [27574, 'S000002391', 'C000006333', 'DDVAX'],
    [27574, 'S000002391', 'C000006335', 'DDVCX'],
    [2110, 'S000009184', 'C000024954', 'LACAX'],
  ],
};
const GOLDMAN = '/submissions/CIK0000822977.json';
const DUPREE = '/submissions/CIK0000311101.json';
const DELAWARE = '/submissions/CIK0000027574.json';
const archive = (cik: number, accession: string, file: string) => `/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${file}`;
const NPORT_GOLDMAN = archive(822977, '0000822977-23-900001', 'primary_doc.xml');
const NPORT_DUPREE = archive(311101, '0000311101-23-900001', 'primary_doc.xml');
const PROSPECTUS_DELAWARE = archive(27574, '0000027574-24-900001', 'delaware485bpos.htm');
const chartPath = (ticker: string) => `/v8/finance/chart/${ticker}`;

/** The real filings: the Goldman Sachs Bond Fund's N-PORT (datasets), Dupree's (recordings), Delaware's 485BPOS (recordings). */
const goldmanNport = () => readFileSync(join(datasetsDir()!, 'mutual-funds/nport-p_GoldmanSachsBondFund_S000013795_2023-03-31.xml'), 'utf8');
const dupreeNport = () => readFileSync(join(recordingsDir(), 'sec/nport-primary_doc-Dupree-S000012000-2022-12.xml'), 'utf8');
const delawareProspectus = () => readFileSync(join(recordingsDir(), 'sec/485bpos-Delaware.html'), 'utf8');
const xmlReply = (body: string): FakeReply => ({ status: 200, headers: { 'Content-Type': 'text/xml' }, body });

/** The SEC answers: the trusts' submissions indexes (test/fixtures/sec-funds) and the real documents; `overrides` replace single routes. */
function secRecordings(overrides: Record<string, FakeReply[]> = {}) {
  const routes: Record<string, FakeReply[]> = {
    [TICKERS_PATH]: [jsonReply(TICKER_FILE)],
    [GOLDMAN]: [fixtureReply('sec-funds', 'submissions-CIK0000822977.json')],
    [DUPREE]: [fixtureReply('sec-funds', 'submissions-CIK0000311101.json')],
    [DELAWARE]: [fixtureReply('sec-funds', 'submissions-CIK0000027574.json')],
    [NPORT_GOLDMAN]: [xmlReply(goldmanNport())],
    [NPORT_DUPREE]: [xmlReply(dupreeNport())],
    [PROSPECTUS_DELAWARE]: [xmlReply(delawareProspectus())],
    ...overrides,
  };
  for (const [path, replies] of Object.entries(routes)) upstream.on(path, ...replies);
}

interface ChartFixture {
  chart: { result: [{ meta: { symbol: string; instrumentType: string; longName?: string; shortName?: string }; timestamp: number[]; indicators: { quote: [{ close: number[] }] } }] };
}
/** Hand-written NAV charts (test/fixtures/yahoo-funds: real format, made-up values), one per watchlist fund. */
const NAV_CHARTS: Record<string, string> = { GSFAX: 'chart-VFIAX-1mo.json', GSFCX: 'chart-VTSAX-1mo.json', KYSMX: 'chart-FXAIX-1mo.json' };
const navChart = (ticker: string): ChartFixture => {
  const chart = fixtureJson<ChartFixture>('yahoo-funds', NAV_CHARTS[ticker]!);
  const meta = chart.chart.result[0].meta;
  meta.symbol = ticker;
  delete meta.longName;
  delete meta.shortName;
  return chart;
};
const lastNav = (ticker: string) => navChart(ticker).chart.result[0].indicators.quote[0].close.at(-1);

function yahooRecordings(overrides: Record<string, FakeReply[]> = {}) {
  const routes: Record<string, FakeReply[]> = {
    ...Object.fromEntries(Object.keys(NAV_CHARTS).map((ticker) => [chartPath(ticker), [jsonReply(navChart(ticker))]])),
    ...overrides,
  };
  for (const [path, replies] of Object.entries(routes)) upstream.on(path, ...replies);
}

/** Jobs whose clients back off 1 ms, for upstreams that keep failing. */
const fastProfiles = ingestionJob(fundJobs.fundProfiles, (context) => ingestFundProfiles(context, secClient({ backoffMs: 1 })));
const fastPrices = ingestionJob(fundJobs.fundPrices, (context) => ingestFundPrices(context, yahooChartClient({ backoffMs: 1 })));

const fund = (ticker: string, key = keys.business) => server.call(`/v1/mutualfund?ticker=${encodeURIComponent(ticker)}`, { key });

describe('before anything is ingested', () => {
  test('a fund query answers 503 data_unavailable', async () => {
    await expectError(await fund('GSFAX'), 503, 'data_unavailable');
  });
});

describe('fundTickers: the SEC share-class list', () => {
  test('a 429 with Retry-After is waited out, then the list is stored: a listed fund without profile is 503, an unlisted one 404', async () => {
    // Prepare
    upstream.on(TICKERS_PATH, tooManyRequests(1), jsonReply(TICKER_FILE));

    // Act
    const summary = await fundTickers({ time: TIME });

    // Assess
    expect(summary.written).toBe(7);
    expect(upstream.requestsTo(TICKERS_PATH)).toHaveLength(2);
    expect(upstream.requestsTo(TICKERS_PATH)[0]!.headers['user-agent']).toMatch(/@/);
    const known = await expectError(await fund('GSNIX'), 503, 'data_unavailable');
    expect(known.error).toMatch(/GSNIX/);
    await expectError(await fund('ZZZZX'), 404, 'no_data');
  });

  test('an empty list or a truncated file fails the run and keeps the stored list', async () => {
    // Prepare
    upstream.on(TICKERS_PATH, jsonReply({ fields: ['cik', 'seriesId', 'classId', 'symbol'], data: [] }));
    await expect(fundTickers({ time: TIME, log: false })).rejects.toThrow(/empty/);
    upstream.on(TICKERS_PATH, truncatedJson(JSON.stringify(TICKER_FILE)));
    await expect(fundTickers({ time: TIME, log: false })).rejects.toThrow(/not valid JSON/);

    // Act
    const after = await fund('GSNIX');

    // Assess: still listed (503, not 404)
    await expectError(after, 503, 'data_unavailable');
  });
});

describe('fundProfiles: N-PORT and prospectus', () => {
  test('builds the profiles of the watchlist from the real N-PORT reports, with their figures as filed', async () => {
    // Prepare
    secRecordings();

    // Act
    const summary = await fundProfiles({ time: TIME });
    const response = await fund('GSFAX');
    const body = await json(response);

    // Assess: the Goldman Sachs Bond Fund's N-PORT of 2023-03-31 (netAssets, 1,685 invstOrSec); no prospectus of
    // the trust is recorded, so expense ratio and identifiers are null; Delaware's trust has no N-PORT
    expect(summary.written).toBe(3);
    expect(summary.notes?.join('\n')).toMatch(/DDVAX: no public NPORT-P for series S000002391/);
    expect(response.status).toBe(200);
    const { holdings, ...fields } = body;
    expect(fields).toEqual({
      fund_ticker: 'GSFAX',
      fund_name: 'Goldman Sachs Bond Fund',
      isin: null,
      cusip: null,
      country: 'US',
      price: null,
      expense_ratio: null,
      aum: 361898455.93,
      num_holdings: 1685,
    });
    expect(holdings).toHaveLength(10);
    expect(holdings[0]).toEqual({ ticker: null, name: 'UMBS, TBA', weight_pct: 8.3738 });
    const weights = holdings.map((h: { weight_pct: number }) => h.weight_pct);
    expect(weights).toEqual([...weights].sort((a: number, b: number) => b - a));
    // one download per document although two classes share the trust's series
    expect(upstream.requestsTo(GOLDMAN)).toHaveLength(1);
    expect(upstream.requestsTo(NPORT_GOLDMAN)).toHaveLength(1);
    expect(upstream.requestsTo(PROSPECTUS_DELAWARE)).toHaveLength(0);
  });

  test('each fund gets its own series figures; share classes of one series share them', async () => {
    const gsfcx = await json(await fund('GSFCX'));
    const kysmx = await json(await fund('KYSMX'));
    expect(gsfcx).toMatchObject({ fund_ticker: 'GSFCX', fund_name: 'Goldman Sachs Bond Fund', aum: 361898455.93, num_holdings: 1685 });
    expect(kysmx).toMatchObject({ fund_name: 'Kentucky Tax-Free Short-to-Medium Series', country: 'US', aum: 41349926.01, num_holdings: 55, expense_ratio: null });
    expect(kysmx.holdings[0]).toEqual({ ticker: null, name: 'UNIVERSITY LOUISVILLE KY', weight_pct: 4.9368 });
  });

  test('the SEC rate-limit answer (403) is backed off and retried', async () => {
    // Prepare
    secRecordings({ [DUPREE]: [serverError(403, 'Request Rate Threshold Exceeded'), fixtureReply('sec-funds', 'submissions-CIK0000311101.json')] });

    // Act
    const summary = await fundProfiles({ time: TIME });

    // Assess
    expect(summary.written).toBe(3);
    expect(upstream.requestsTo(DUPREE)).toHaveLength(2);
  });

  test('a truncated N-PORT leaves that fund as stored and updates the others', async () => {
    // Prepare
    const before = await json(await fund('KYSMX'));
    secRecordings({ [NPORT_DUPREE]: [{ status: 200, body: dupreeNport().slice(0, 5000) }] });

    // Act
    const summary = await fundProfiles({ time: TIME });

    // Assess
    expect(summary.written).toBe(2);
    expect(summary.notes?.join('\n')).toMatch(/KYSMX: left as stored.*cut off/);
    expect(await json(await fund('KYSMX'))).toEqual(before);
  });

  test('a failing upstream (5xx on every request) fails the run and leaves every stored profile intact', async () => {
    // Prepare
    const before = await json(await fund('GSFAX'));
    secRecordings({ [GOLDMAN]: [serverError(503)], [DUPREE]: [serverError(502)], [DELAWARE]: [serverError(500)] });

    // Act
    const run = fastProfiles({ time: TIME, log: false });

    // Assess
    await expect(run).rejects.toThrow(/no fund profile/);
    expect(upstream.requestsTo(GOLDMAN)).toHaveLength(4);
    expect(await json(await fund('GSFAX'))).toEqual(before);
  });

  test('a trust without public N-PORT filings writes nothing and keeps the stored profile', async () => {
    // Prepare
    const before = await json(await fund('GSFAX'));
    const empty = fixtureJson<{ filings: { recent: Record<string, unknown[]> } }>('sec-funds', 'submissions-CIK0000822977.json');
    for (const column of Object.keys(empty.filings.recent)) empty.filings.recent[column] = [];
    secRecordings({ [GOLDMAN]: [jsonReply(empty)] });

    // Act
    const summary = await fundProfiles({ time: TIME });

    // Assess
    expect(summary.written).toBe(1);
    expect(summary.notes?.join('\n')).toMatch(/GSFAX: no public NPORT-P/);
    expect(await json(await fund('GSFAX'))).toEqual(before);
  });

  test('a fund whose prospectus is gone (404) keeps its N-PORT figures with expense ratio and identifiers null', async () => {
    // Prepare: the trust's index lists a 485BPOS that the SEC answers 404 for
    const withProspectus = fixtureJson<{ filings: { recent: Record<string, unknown[]> } }>('sec-funds', 'submissions-CIK0000822977.json');
    const row = { accessionNumber: '0000822977-23-900002', form: '485BPOS', filingDate: '2023-07-27', reportDate: '', primaryDocument: 'gst485bpos.htm' };
    for (const [column, values] of Object.entries(withProspectus.filings.recent)) values.push(column in row ? row[column as keyof typeof row] : values[0]);
    const gone = archive(822977, row.accessionNumber, row.primaryDocument);
    secRecordings({ [GOLDMAN]: [jsonReply(withProspectus)], [gone]: [{ status: 404, body: 'Not Found' }] });

    // Act
    const summary = await fundProfiles({ time: TIME });
    const gsfax = await json(await fund('GSFAX'));

    // Assess
    expect(summary.written).toBe(3);
    expect(upstream.requestsTo(gone)).toHaveLength(1);
    expect(gsfax).toMatchObject({ fund_name: 'Goldman Sachs Bond Fund', expense_ratio: null, cusip: null, isin: null, num_holdings: 1685 });
  });
});

describe('fundPrices: NAVs from the Yahoo chart API', () => {
  test('stores the daily NAVs; Premium sees the latest as price', async () => {
    // Prepare
    yahooRecordings();

    // Act
    const summary = await fundPrices({ time: TIME });
    const body = await json(await fund('GSFAX'));

    // Assess
    expect(summary.written).toBe(63);
    expect(body.price).toBe(lastNav('GSFAX'));
    expect(Object.fromEntries(upstream.requestsTo(chartPath('GSFAX'))[0]!.query)).toMatchObject({ interval: '1d', range: '1mo' });
  });

  test('waits out a 429, retries a 5xx, skips a symbol Yahoo does not know or that is not a mutual fund', async () => {
    // Prepare
    const equity = navChart('KYSMX');
    equity.chart.result[0].meta.instrumentType = 'EQUITY';
    yahooRecordings({
      [chartPath('GSFAX')]: [tooManyRequests(1), serverError(502), jsonReply(navChart('GSFAX'))],
      [chartPath('GSFCX')]: [{ status: 404, body: JSON.stringify({ chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } } }) }],
      [chartPath('KYSMX')]: [jsonReply(equity)],
    });

    // Act
    const summary = await fundPrices({ time: TIME });

    // Assess
    expect(summary.written).toBe(21);
    expect(summary.notes).toEqual(expect.arrayContaining([expect.stringMatching(/GSFCX: unknown/), expect.stringMatching(/KYSMX: .*EQUITY/)]));
    expect(upstream.requestsTo(chartPath('GSFAX'))).toHaveLength(3);
  });

  test('a Yahoo outage (5xx, truncated bodies) fails the run and keeps the stored prices', async () => {
    // Prepare
    yahooRecordings({
      [chartPath('GSFAX')]: [serverError(503)],
      [chartPath('GSFCX')]: [truncatedJson(JSON.stringify(navChart('GSFCX')))],
      [chartPath('KYSMX')]: [serverError(500)],
      [chartPath('DDVAX')]: [serverError(500)],
    });

    // Act
    const run = fastPrices({ time: TIME, log: false });

    // Assess
    await expect(run).rejects.toThrow(/no NAV/);
    expect((await json(await fund('GSFAX'))).price).toBe(lastNav('GSFAX'));
  });
});

describe('GET /v1/mutualfund', () => {
  test('free keys get the identity fields only; every paid plan also gets the premium fields', async () => {
    // Act
    const free = await json(await fund('GSFAX', keys.free));
    const paid = await Promise.all([keys.developer, keys.business, keys.annual].map(async (key) => json(await fund('GSFAX', key))));

    // Assess
    expect(free).toEqual({ fund_ticker: 'GSFAX', fund_name: 'Goldman Sachs Bond Fund', isin: null, cusip: null, country: 'US' });
    for (const body of paid) {
      expect(Object.keys(body).sort()).toEqual(['aum', 'country', 'cusip', 'expense_ratio', 'fund_name', 'fund_ticker', 'holdings', 'isin', 'num_holdings', 'price'].sort());
    }
  });

  test('the ticker is case-insensitive and served upper-case', async () => {
    const response = await fund(' gsfax ', keys.free);
    expect(response.status).toBe(200);
    expect((await json(response)).fund_ticker).toBe('GSFAX');
  });

  test('a missing ticker is 400 missing_parameter; a malformed one 400 invalid_parameter', async () => {
    await expectError(await server.call('/v1/mutualfund', { key: keys.free }), 400, 'missing_parameter', 'ticker');
    await expectError(await fund('', keys.free), 400, 'missing_parameter', 'ticker');
    await expectError(await fund('GS-FAX', keys.free), 400, 'invalid_parameter', 'ticker');
    await expectError(await fund('ABCDEFGHIJK', keys.free), 400, 'invalid_parameter', 'ticker');
  });

  test('a ticker the SEC does not list is 404 no_data; no key is 401', async () => {
    await expectError(await fund('QQQQX', keys.free), 404, 'no_data');
    await expectError(await server.call('/v1/mutualfund?ticker=GSFAX'), 401, 'missing_api_key');
  });
});

describe('sample data from the recordings', () => {
  test('npm run seed feeds the real N-PORT reports through the jobs, stores no made-up NAVs, and the answers carry sample: true', async () => {
    // Act
    const outcomes = await seedSampleData([fundJobs.fundTickers, fundJobs.fundProfiles, fundJobs.fundPrices]);
    const free = await json(await fund('GMVPX', keys.free));
    const paid = await json(await fund('KYSMX', keys.developer));

    // Assess: the eight Goldman Sachs Bond Fund classes and KYSMX; fundPrices has no recording and is not run
    expect(outcomes).toMatchObject([
      { job: 'fundTickers', ok: true, written: expect.any(Number) },
      { job: 'fundProfiles', ok: true, written: SAMPLE_FUND_TICKERS.length },
    ]);
    expect(outcomes).toHaveLength(2);
    expect(outcomes[0]!.written).toBeGreaterThan(20_000);
    expect(free).toEqual({ fund_ticker: 'GMVPX', fund_name: 'Goldman Sachs Bond Fund', isin: null, cusip: null, country: 'US', sample: true });
    expect(paid).toMatchObject({ fund_ticker: 'KYSMX', aum: 41349926.01, num_holdings: 55, sample: true });
    expect(process.env.FUND_WATCHLIST).toBe('GSFAX,GSFCX,KYSMX,DDVAX');
  }, 180_000);
});
