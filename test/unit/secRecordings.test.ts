import { extractIncomeStatements } from '../../lib/filings/incomeStatements';
import { payVersusPerformanceFromFacts } from '../../lib/filings/payVersusPerformance';
import { parseProxyStatement } from '../../lib/filings/proxyStatement';
import { FundDocumentError, parseNport } from '../../lib/funds/nport';
import { prospectusFactsFor, readProspectus } from '../../lib/funds/prospectus';
import { UpstreamFailure } from '../../lib/sources/http';
import { secClient } from '../../lib/sources/sec';
import { recordingJson, recordingReply, recordingText, startFakeUpstream, type FakeUpstream } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

/**
 * The SEC EDGAR client and the filings and funds parsers on REAL responses (../shared/recordings/sec, README
 * there): the three ticker files, submissions of Apple, NVIDIA, an individual filer, an entity without filings
 * and an unknown CIK, companyfacts of Apple (no `ecd`) and NVIDIA (with `ecd` and `ffd`), two NPORT-P, Cabot's
 * DEF 14A, a Delaware 485BPOS and the SEC's rate-limit page. Where the recordings differ from what the
 * hand-written fixtures assumed, these tests follow the recordings: submissions `cik` is a zero-padded string,
 * companyfacts facts may have `fy: null`.
 */
let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

const client = () => secClient({ wwwBaseUrl: upstream.url, dataBaseUrl: upstream.url, pacer: async () => undefined, sleep: async () => undefined, random: () => 0 });
type FieldTable = { fields: string[]; data: unknown[][] };

describe('ticker files', () => {
  test('company_tickers.json (2024-05): 9,610 companies, Apple among them', async () => {
    // Prepare
    upstream.on('/files/company_tickers.json', recordingReply('sec/company_tickers-2024-05.json'));

    // Act
    const entries = await client().companyTickers();

    // Assess
    expect(entries).toHaveLength(9610);
    expect(entries).toContainEqual({ cik: 320193, ticker: 'AAPL', title: 'Apple Inc.' });
  });

  test('company_tickers_exchange.json (2025-08): every row, the 166 without an exchange as null', async () => {
    // Prepare
    upstream.on('/files/company_tickers_exchange.json', recordingReply('sec/company_tickers_exchange.json'));

    // Act
    const entries = await client().companyTickersExchange();

    // Assess
    expect(entries).toHaveLength(recordingJson<FieldTable>('sec/company_tickers_exchange.json').data.length);
    expect(entries.filter((e) => e.exchange === null)).toHaveLength(166);
    expect(entries).toContainEqual({ cik: 1045810, name: 'NVIDIA CORP', ticker: 'NVDA', exchange: 'Nasdaq' });
  });

  test('company_tickers_mf.json (2025-09): every class with a symbol', async () => {
    // Prepare
    upstream.on('/files/company_tickers_mf.json', recordingReply('sec/company_tickers_mf-2025-09.json'));
    const raw = recordingJson<FieldTable>('sec/company_tickers_mf-2025-09.json');
    const symbolAt = raw.fields.indexOf('symbol');

    // Act
    const classes = await client().mutualFundTickers();

    // Assess
    expect(classes).toHaveLength(raw.data.filter((row) => typeof row[symbolAt] === 'string' && row[symbolAt] !== '').length);
    expect(classes.length).toBeGreaterThan(28_000);
    expect(classes.every((c) => /^S\d{9}$/.test(c.seriesId) && /^C\d{9}$/.test(c.classId))).toBe(true);
  });
});

describe('submissions (recorded 2026-03-05)', () => {
  test.each([
    ['Apple', 'sec/submissions-CIK0000320193-AAPL.json', 320193, '0000320193', 'Apple Inc.', ['AAPL'], '0926'],
    ['NVIDIA', 'sec/submissions-CIK0001045810-NVDA.json', 1045810, '0001045810', 'NVIDIA CORP', ['NVDA'], '0131'],
    ['an individual filer', 'sec/submissions-CIK0000315090-individual.json', 315090, '0000315090', 'BUFFETT WARREN E', [], null],
  ])('%s: the zero-padded cik, name, tickers, fiscal year end and every recent filing', async (_who, file, cik, padded, name, tickers, fiscalYearEnd) => {
    // Prepare
    upstream.on(`/submissions/CIK${padded}.json`, recordingReply(file));
    const recent = recordingJson<{ filings: { recent: { form: string[] } } }>(file).filings.recent;

    // Act
    const submissions = await client().submissions(cik);

    // Assess
    expect(submissions).toMatchObject({ cik: padded, name, tickers, fiscalYearEnd });
    expect(submissions.recent).toHaveLength(recent.form.length);
    expect(submissions.recent.map((f) => f.form)).toEqual(recent.form);
    expect(submissions.recent.every((f) => /^\d{10}-\d{2}-\d{6}$/.test(f.accessionNumber) && /^\d{4}-\d{2}-\d{2}$/.test(f.filingDate))).toBe(true);
  });

  test('Apple\'s latest DEF 14A is found among its recent filings', async () => {
    // Prepare
    upstream.on('/submissions/CIK0000320193.json', recordingReply('sec/submissions-CIK0000320193-AAPL.json'));

    // Act
    const { recent } = await client().submissions(320193);
    const proxies = recent.filter((f) => f.form === 'DEF 14A').sort((a, b) => b.filingDate.localeCompare(a.filingDate));

    // Assess
    expect(proxies[0]).toEqual({ accessionNumber: '0001308179-26-000008', form: 'DEF 14A', filingDate: '2026-01-08', reportDate: '2026-02-24', primaryDocument: 'aapl014016-def14a.htm' });
  });

  test('an entity without filings has an empty recent list', async () => {
    // Prepare
    upstream.on('/submissions/CIK0000350001.json', recordingReply('sec/submissions-CIK0000350001-no-filings.json'));

    // Act
    const submissions = await client().submissions(350001);

    // Assess
    expect(submissions.cik).toBe('0000350001');
    expect(submissions.recent).toEqual([]);
  });

  test('an unknown CIK is the recorded 404 with an S3 NoSuchKey body: a 404 failure, not retried', async () => {
    // Prepare
    upstream.on('/submissions/CIK0000000001.json', { status: 404, headers: { 'Content-Type': 'application/xml' }, body: recordingText('sec/submissions-bad-cik-response.txt') });

    // Act
    const error = await client().submissions(1).then(() => undefined, (e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect((error as UpstreamFailure).status).toBe(404);
    expect(upstream.requestsTo('/submissions/CIK0000000001.json')).toHaveLength(1);
  });
});

describe('companyfacts', () => {
  test('Apple (recorded 2026-03-25, no ecd): facts with fy null are kept, income statements from FY2007 on', async () => {
    // Prepare
    upstream.on('/api/xbrl/companyfacts/CIK0000320193.json', recordingReply('sec/companyfacts-CIK0000320193-AAPL.json'));

    // Act
    const facts = await client().companyFacts(320193);
    const statements = extractIncomeStatements(facts);

    // Assess
    expect(facts.cik).toBe('0000320193');
    expect(Object.keys(facts.facts).sort()).toEqual(['dei', 'us-gaap']);
    const all = Object.values(facts.facts).flatMap((concepts) => Object.values(concepts).flatMap((c) => Object.values(c.units).flat()));
    expect(all.some((fact) => fact.fy === null)).toBe(true);
    expect(statements.find((s) => s.fiscal_year === 2007 && s.fiscal_quarter === 'FY')!.income_statement).toMatchObject({
      total_revenue: 24578000000,
      net_income: 3495000000,
      earnings_per_share_diluted: 3.93,
    });
    expect(payVersusPerformanceFromFacts(facts)).toEqual([]);
  });

  test('NVIDIA (recorded 2026-07-09): pay versus performance from facts.ecd', async () => {
    // Prepare
    upstream.on('/api/xbrl/companyfacts/CIK0001045810.json', recordingReply('sec/companyfacts-CIK0001045810-NVDA.json'));

    // Act
    const facts = await client().companyFacts(1045810);
    const pvp = payVersusPerformanceFromFacts(facts);

    // Assess
    expect(Object.keys(facts.facts)).toEqual(expect.arrayContaining(['ecd', 'ffd', 'us-gaap']));
    expect(pvp.find((row) => row.fiscal_year === 2026)).toMatchObject({
      ceo_total_compensation: 36343830,
      ceo_compensation_actually_paid: 162180936,
      net_income: 120067000000,
    });
    expect(extractIncomeStatements(facts).length).toBeGreaterThan(80);
  });
});

describe('documents', () => {
  test('NPORT-P of a municipal bond fund (Dupree, 2022-12): 55 holdings, the issuer codes filed as tickers are not served', () => {
    // Act
    const report = parseNport(recordingText('sec/nport-primary_doc-Dupree-S000012000-2022-12.xml'));

    // Assess
    expect(recordingText('sec/nport-primary_doc-Dupree-S000012000-2022-12.xml')).toContain('<ticker value="KYSFAC"/>');
    expect(report).toMatchObject({ seriesId: 'S000012000', seriesName: 'Kentucky Tax-Free Short-to-Medium Series', reportDate: '2022-12-31', netAssets: 41349926.01, holdingsCount: 55 });
    expect(report.topHoldings[0]).toEqual({ name: 'UNIVERSITY LOUISVILLE KY', ticker: null, cusip: '914391Q83', isin: 'US914391Q837', weightPct: 4.9368407564 });
    expect(report.topHoldings.every((h) => h.ticker === null)).toBe(true);
  });

  test('a final NPORT-P without investments (Advanced Series Trust) reports none', () => {
    expect(parseNport(recordingText('sec/nport-primary_doc-AdvancedSeries.xml'))).toMatchObject({ seriesId: 'S000030880', holdingsCount: 0, topHoldings: [] });
  });

  test('the SEC rate-limit page is not an N-PORT', () => {
    expect(thrown(FundDocumentError, () => parseNport(recordingText('sec/www-rate-exceeded-403.html'))).message).toMatch(/not an N-PORT/);
  });

  test('the SEC rate-limit page (403) is retried and then fails as a 403', async () => {
    // Prepare
    upstream.on('/files/company_tickers.json', { status: 403, headers: { 'Content-Type': 'text/html' }, body: recordingText('sec/www-rate-exceeded-403.html') });

    // Act
    const error = await client().companyTickers().then(() => undefined, (e: unknown) => e);

    // Assess
    expect((error as UpstreamFailure).status).toBe(403);
    expect(upstream.requestsTo('/files/company_tickers.json')).toHaveLength(4);
  });

  test('Cabot\'s DEF 14A (FY2023): the Summary Compensation Table and pay versus performance', () => {
    // Act
    const proxy = parseProxyStatement(recordingText('sec/def14a-cabot-ixbrl.html'));

    // Assess
    expect(proxy.executives.find((e) => e.fiscal_year === 2023 && e.is_ceo)).toMatchObject({ name: 'Sean D. Keohane', total: 7791510 });
    expect(proxy.pay_versus_performance.find((row) => row.fiscal_year === 2023)).toMatchObject({
      ceo_total_compensation: 7791510,
      ceo_compensation_actually_paid: 8106840,
      net_income: 445000000,
      company_selected_measure: { name: 'Adjusted EBIT', value: 553000000 },
    });
  });

  test('a Delaware 485BPOS (2023-11): the expense ratio of a class from its inline-XBRL fee table', () => {
    // Act
    const document = readProspectus(recordingText('sec/485bpos-Delaware.html'));
    const facts = prospectusFactsFor(document, { seriesId: 'S000002391', classId: 'C000006333', ticker: 'NONE' });

    // Assess
    expect(facts).toEqual({ expenseRatioPct: 0.94, expenseConcept: 'ExpensesOverAssets', cusip: null });
  });
});
