import { seedSampleData } from '../../infra/local/seed';
import { fundJobs } from '../../lib/api/funds';
import { handler as fundTickers } from '../../functions/ingest/fundTickers';
import { handler as fundProfiles } from '../../functions/ingest/fundProfiles';
import { handler as fundPrices } from '../../functions/ingest/fundPrices';
import { ingestFundPrices, ingestFundProfiles } from '../../lib/funds/ingest';
import { ingestionJob } from '../../lib/ingest/job';
import { secClient } from '../../lib/sources/sec';
import { yahooChartClient } from '../../lib/sources/yahooChart';
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
  process.env.FUND_WATCHLIST = 'VFIAX,VTSAX,FXAIX';
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
/** a small SEC fund list in the real format */
const TICKER_FILE = {
  fields: ['cik', 'seriesId', 'classId', 'symbol'],
  data: [
    [36405, 'S000002839', 'C000007773', 'VFINX'],
    [36405, 'S000002839', 'C000007774', 'VFIAX'],
    [36405, 'S000002839', 'C000092055', 'VOO'],
    [36405, 'S000002848', 'C000007806', 'VTSAX'],
    [36405, 'S000002844', 'C000007792', 'VIMAX'],
    [819118, 'S000006027', 'C000100045', 'FXAIX'],
    [2110, 'S000009184', 'C000024954', 'LACAX'],
  ],
};
const VANGUARD = '/submissions/CIK0000036405.json';
const FIDELITY = '/submissions/CIK0000819118.json';
const archive = (cik: number, accession: string, file: string) => `/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${file}`;
const NPORT_VFIAX = archive(36405, '0001752724-25-187355', 'primary_doc.xml');
const NPORT_MIDCAP = archive(36405, '0001752724-25-187352', 'primary_doc.xml');
const NPORT_VTSAX = archive(36405, '0001752724-25-187340', 'primary_doc.xml');
const NPORT_FXAIX = archive(819118, '0001379491-25-001442', 'primary_doc.xml');
const PROSPECTUS_VANGUARD = archive(36405, '0001683863-25-009129', 'vif485bpos.htm');
const PROSPECTUS_FIDELITY = archive(819118, '0001380371-25-001205', 'fcst485bpos.htm');
const chartPath = (ticker: string) => `/v8/finance/chart/${ticker}`;

const xmlReply = (file: string): FakeReply => ({ status: 200, headers: { 'Content-Type': 'text/xml' }, body: fixtureText('sec-funds', file) });

/** The SEC answers of the recordings; `overrides` replace single routes. */
function secRecordings(overrides: Record<string, FakeReply[]> = {}) {
  const routes: Record<string, FakeReply[]> = {
    [TICKERS_PATH]: [jsonReply(TICKER_FILE)],
    [VANGUARD]: [fixtureReply('sec-funds', 'submissions-CIK0000036405.json')],
    [FIDELITY]: [fixtureReply('sec-funds', 'submissions-CIK0000819118.json')],
    [NPORT_VFIAX]: [xmlReply('nport-vfiax-2025-06.xml')],
    [NPORT_MIDCAP]: [xmlReply('nport-vmcix-2025-06.xml')],
    [NPORT_VTSAX]: [xmlReply('nport-vtsax-2025-06.xml')],
    [NPORT_FXAIX]: [xmlReply('nport-fxaix-2025-05.xml')],
    [PROSPECTUS_VANGUARD]: [xmlReply('485bpos-vanguard-index-funds.htm')],
    [PROSPECTUS_FIDELITY]: [xmlReply('485bpos-fidelity-concord-street.htm')],
    ...overrides,
  };
  for (const [path, replies] of Object.entries(routes)) upstream.on(path, ...replies);
}

function yahooRecordings(overrides: Record<string, FakeReply[]> = {}) {
  const routes: Record<string, FakeReply[]> = {
    [chartPath('VFIAX')]: [fixtureReply('yahoo-funds', 'chart-VFIAX-1mo.json')],
    [chartPath('VTSAX')]: [fixtureReply('yahoo-funds', 'chart-VTSAX-1mo.json')],
    [chartPath('FXAIX')]: [fixtureReply('yahoo-funds', 'chart-FXAIX-1mo.json')],
    ...overrides,
  };
  for (const [path, replies] of Object.entries(routes)) upstream.on(path, ...replies);
}

/** Jobs whose clients back off 1 ms, for upstreams that keep failing. */
const fastProfiles = ingestionJob(fundJobs.fundProfiles, (context) => ingestFundProfiles(context, secClient({ backoffMs: 1 })));
const fastPrices = ingestionJob(fundJobs.fundPrices, (context) => ingestFundPrices(context, yahooChartClient({ backoffMs: 1 })));

const fund = (ticker: string, key = keys.business) => server.call(`/v1/mutualfund?ticker=${encodeURIComponent(ticker)}`, { key });

interface ChartFixture {
  chart: { result: [{ timestamp: number[]; indicators: { quote: [{ close: number[] }] } }] };
}
const lastNav = (ticker: string) => fixtureJson<ChartFixture>('yahoo-funds', `chart-${ticker}-1mo.json`).chart.result[0].indicators.quote[0].close.at(-1);

describe('before anything is ingested', () => {
  test('a fund query answers 503 data_unavailable', async () => {
    await expectError(await fund('VFIAX'), 503, 'data_unavailable');
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
    const known = await expectError(await fund('VIMAX'), 503, 'data_unavailable');
    expect(known.error).toMatch(/VIMAX/);
    await expectError(await fund('ZZZZX'), 404, 'no_data');
  });

  test('an empty list or a truncated file fails the run and keeps the stored list', async () => {
    // Prepare
    upstream.on(TICKERS_PATH, jsonReply({ fields: ['cik', 'seriesId', 'classId', 'symbol'], data: [] }));
    await expect(fundTickers({ time: TIME, log: false })).rejects.toThrow(/empty/);
    upstream.on(TICKERS_PATH, truncatedJson(JSON.stringify(TICKER_FILE)));
    await expect(fundTickers({ time: TIME, log: false })).rejects.toThrow(/not valid JSON/);

    // Act
    const after = await fund('VIMAX');

    // Assess: still listed (503, not 404)
    await expectError(after, 503, 'data_unavailable');
  });
});

describe('fundProfiles: N-PORT and prospectus', () => {
  test('builds the profiles of the watchlist from the recordings', async () => {
    // Prepare
    secRecordings();

    // Act
    const summary = await fundProfiles({ time: TIME });
    const response = await fund('VFIAX');
    const body = await json(response);

    // Assess
    expect(summary.written).toBe(3);
    expect(response.status).toBe(200);
    const { holdings, ...fields } = body;
    expect(fields).toEqual({
      fund_ticker: 'VFIAX',
      fund_name: 'Vanguard 500 Index Fund',
      isin: 'US9229087104',
      cusip: '922908710',
      country: 'US',
      price: null,
      expense_ratio: 0.04,
      aum: 1398214556102.37,
      num_holdings: 15,
    });
    expect(holdings).toHaveLength(10);
    expect(holdings[0]).toEqual({ ticker: 'NVDA', name: 'NVIDIA Corp.', weight_pct: 7.31 });
    expect(holdings.find((h: { name: string }) => h.name === 'Berkshire Hathaway Inc.').ticker).toBeNull();
    const weights = holdings.map((h: { weight_pct: number }) => h.weight_pct);
    expect(weights).toEqual([...weights].sort((a: number, b: number) => b - a));
    // one download per document although two funds share the trust
    expect(upstream.requestsTo(VANGUARD)).toHaveLength(1);
    expect(upstream.requestsTo(NPORT_VFIAX)).toHaveLength(1);
    expect(upstream.requestsTo(PROSPECTUS_VANGUARD)).toHaveLength(1);
  });

  test('each fund gets its own series and class figures from the shared trust documents', async () => {
    const vtsax = await json(await fund('VTSAX'));
    const fxaix = await json(await fund('FXAIX'));
    expect(vtsax).toMatchObject({ fund_name: 'Vanguard Total Stock Market Index Fund', cusip: '922908728', expense_ratio: 0.04, aum: 1946608774250.11 });
    expect(fxaix).toMatchObject({ fund_name: 'Fidelity 500 Index Fund', cusip: '315911750', isin: 'US3159117502', expense_ratio: 0.015, country: 'US' });
  });

  test('the SEC rate-limit answer (403) is backed off and retried', async () => {
    // Prepare
    secRecordings({ [FIDELITY]: [serverError(403, 'Request Rate Threshold Exceeded'), fixtureReply('sec-funds', 'submissions-CIK0000819118.json')] });

    // Act
    const summary = await fundProfiles({ time: TIME });

    // Assess
    expect(summary.written).toBe(3);
    expect(upstream.requestsTo(FIDELITY)).toHaveLength(2);
  });

  test('a truncated N-PORT leaves that fund as stored and updates the others', async () => {
    // Prepare
    const before = await json(await fund('FXAIX'));
    secRecordings({ [NPORT_FXAIX]: [{ status: 200, body: fixtureText('sec-funds', 'nport-fxaix-2025-05.xml').slice(0, 5000) }] });

    // Act
    const summary = await fundProfiles({ time: TIME });

    // Assess
    expect(summary.written).toBe(2);
    expect(summary.notes?.join('\n')).toMatch(/FXAIX: left as stored.*cut off/);
    expect(await json(await fund('FXAIX'))).toEqual(before);
  });

  test('a failing upstream (5xx on every request) fails the run and leaves every stored profile intact', async () => {
    // Prepare
    const before = await json(await fund('VFIAX'));
    secRecordings({ [VANGUARD]: [serverError(503)], [FIDELITY]: [serverError(502)] });

    // Act
    const run = fastProfiles({ time: TIME, log: false });

    // Assess
    await expect(run).rejects.toThrow(/no fund profile/);
    expect(upstream.requestsTo(VANGUARD)).toHaveLength(4);
    expect(await json(await fund('VFIAX'))).toEqual(before);
  });

  test('a trust without public N-PORT filings writes nothing and keeps the stored profile', async () => {
    // Prepare
    const before = await json(await fund('VFIAX'));
    const empty = fixtureJson<{ filings: { recent: Record<string, unknown[]> } }>('sec-funds', 'submissions-CIK0000036405.json');
    for (const column of Object.keys(empty.filings.recent)) empty.filings.recent[column] = [];
    secRecordings({ [VANGUARD]: [jsonReply(empty)] });

    // Act
    const summary = await fundProfiles({ time: TIME });

    // Assess
    expect(summary.written).toBe(1);
    expect(summary.notes?.join('\n')).toMatch(/VFIAX: no public NPORT-P/);
    expect(await json(await fund('VFIAX'))).toEqual(before);
  });

  test('a fund whose prospectus is gone (404) keeps its N-PORT figures with expense ratio and identifiers null', async () => {
    // Prepare
    secRecordings({ [PROSPECTUS_FIDELITY]: [{ status: 404, body: 'Not Found' }] });

    // Act
    const summary = await fundProfiles({ time: TIME });
    const fxaix = await json(await fund('FXAIX'));

    // Assess
    expect(summary.written).toBe(3);
    expect(fxaix).toMatchObject({ fund_name: 'Fidelity 500 Index Fund', expense_ratio: null, cusip: null, isin: null, num_holdings: 13 });
    secRecordings();
    await fundProfiles({ time: TIME });
  });
});

describe('fundPrices: NAVs from the Yahoo chart API', () => {
  test('stores the daily NAVs; Premium sees the latest as price', async () => {
    // Prepare
    yahooRecordings();

    // Act
    const summary = await fundPrices({ time: TIME });
    const body = await json(await fund('VFIAX'));

    // Assess
    expect(summary.written).toBe(63);
    expect(body.price).toBe(lastNav('VFIAX'));
    expect(Object.fromEntries(upstream.requestsTo(chartPath('VFIAX'))[0]!.query)).toMatchObject({ interval: '1d', range: '1mo' });
  });

  test('waits out a 429, retries a 5xx, skips a symbol Yahoo does not know or that is not a mutual fund', async () => {
    // Prepare
    const equity = fixtureJson<{ chart: { result: [{ meta: { instrumentType: string } }] } }>('yahoo-funds', 'chart-FXAIX-1mo.json');
    equity.chart.result[0].meta.instrumentType = 'EQUITY';
    yahooRecordings({
      [chartPath('VFIAX')]: [tooManyRequests(1), serverError(502), fixtureReply('yahoo-funds', 'chart-VFIAX-1mo.json')],
      [chartPath('VTSAX')]: [{ status: 404, body: JSON.stringify({ chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } } }) }],
      [chartPath('FXAIX')]: [jsonReply(equity)],
    });

    // Act
    const summary = await fundPrices({ time: TIME });

    // Assess
    expect(summary.written).toBe(21);
    expect(summary.notes).toEqual(expect.arrayContaining([expect.stringMatching(/VTSAX: unknown/), expect.stringMatching(/FXAIX: .*EQUITY/)]));
    expect(upstream.requestsTo(chartPath('VFIAX'))).toHaveLength(3);
  });

  test('a Yahoo outage (5xx, truncated bodies) fails the run and keeps the stored prices', async () => {
    // Prepare
    yahooRecordings({
      [chartPath('VFIAX')]: [serverError(503)],
      [chartPath('VTSAX')]: [truncatedJson(fixtureText('yahoo-funds', 'chart-VTSAX-1mo.json'))],
      [chartPath('FXAIX')]: [serverError(500)],
    });

    // Act
    const run = fastPrices({ time: TIME, log: false });

    // Assess
    await expect(run).rejects.toThrow(/no NAV/);
    expect((await json(await fund('VFIAX'))).price).toBe(lastNav('VFIAX'));
  });
});

describe('GET /v1/mutualfund', () => {
  test('free keys get the identity fields only; every paid plan also gets the premium fields', async () => {
    // Act
    const free = await json(await fund('VFIAX', keys.free));
    const paid = await Promise.all([keys.developer, keys.business, keys.annual].map(async (key) => json(await fund('VFIAX', key))));

    // Assess
    expect(free).toEqual({ fund_ticker: 'VFIAX', fund_name: 'Vanguard 500 Index Fund', isin: 'US9229087104', cusip: '922908710', country: 'US' });
    for (const body of paid) {
      expect(Object.keys(body).sort()).toEqual(['aum', 'country', 'cusip', 'expense_ratio', 'fund_name', 'fund_ticker', 'holdings', 'isin', 'num_holdings', 'price'].sort());
    }
  });

  test('the ticker is case-insensitive and served upper-case', async () => {
    const response = await fund(' vfiax ', keys.free);
    expect(response.status).toBe(200);
    expect((await json(response)).fund_ticker).toBe('VFIAX');
  });

  test('a missing ticker is 400 missing_parameter; a malformed one 400 invalid_parameter', async () => {
    await expectError(await server.call('/v1/mutualfund', { key: keys.free }), 400, 'missing_parameter', 'ticker');
    await expectError(await fund('', keys.free), 400, 'missing_parameter', 'ticker');
    await expectError(await fund('VF-IAX', keys.free), 400, 'invalid_parameter', 'ticker');
    await expectError(await fund('ABCDEFGHIJK', keys.free), 400, 'invalid_parameter', 'ticker');
  });

  test('a ticker the SEC does not list is 404 no_data; no key is 401', async () => {
    await expectError(await fund('QQQQX', keys.free), 404, 'no_data');
    await expectError(await server.call('/v1/mutualfund?ticker=VFIAX'), 401, 'missing_api_key');
  });
});

describe('sample data from the recordings', () => {
  test('npm run seed feeds the recordings through the three jobs and the answers carry sample: true', async () => {
    // Act
    const outcomes = await seedSampleData([fundJobs.fundTickers, fundJobs.fundProfiles, fundJobs.fundPrices]);
    const free = await json(await fund('FXAIX', keys.free));
    const paid = await json(await fund('VTSAX', keys.developer));

    // Assess
    expect(outcomes).toMatchObject([
      { job: 'fundTickers', ok: true, written: expect.any(Number) },
      { job: 'fundProfiles', ok: true, written: 3 },
      { job: 'fundPrices', ok: true, written: 63 },
    ]);
    expect(outcomes[0]!.written).toBeGreaterThan(20_000);
    expect(free).toMatchObject({ fund_ticker: 'FXAIX', cusip: '315911750', sample: true });
    expect(paid).toMatchObject({ fund_ticker: 'VTSAX', price: lastNav('VTSAX'), sample: true });
  }, 180_000);
});
