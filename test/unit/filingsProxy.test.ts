import { searchCompanyByName } from '../../lib/filings/companies';
import { parseTables } from '../../lib/filings/htmlTables';
import { inlineNumber, parseInlineXbrl } from '../../lib/filings/inlineXbrl';
import { mergePayVersusPerformance, payVersusPerformanceFromFacts, payVersusPerformanceFromInline } from '../../lib/filings/payVersusPerformance';
import { parseProxyStatement } from '../../lib/filings/proxyStatement';
import { moneyValue, parseSummaryCompensationTable, SummaryCompensationTableError } from '../../lib/filings/summaryCompensation';
import { parseCompanyFacts } from '../../lib/sources/sec';
import { fixtureJson } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';
import { datasetText, SEC_DATASETS } from '../support/filingsDatasets';

describe('the real Cabot DEF 14A (fiscal year ending 2023-09-30)', () => {
  const proxy = parseProxyStatement(datasetText(SEC_DATASETS.cabotProxy));

  test('reads the five named executives for three fiscal years from the Summary Compensation Table', () => {
    // Assess
    expect(proxy.executives).toHaveLength(15);
    expect([...new Set(proxy.executives.map((e) => e.name))]).toEqual(['Sean D. Keohane', 'Erica McLaughlin', 'Karen A. Kalita', 'Hobart C. Kalkstein', 'Jeff Zhu']);
    expect(proxy.executives.filter((e) => e.name === 'Jeff Zhu').map((e) => e.fiscal_year)).toEqual([2023, 2022, 2021]);
  });

  test("the CEO's 2023 row carries every column as printed; the table has no Bonus column", () => {
    // Act
    const ceo2023 = proxy.executives.find((e) => e.name === 'Sean D. Keohane' && e.fiscal_year === 2023);

    // Assess
    expect(ceo2023).toEqual({
      name: 'Sean D. Keohane',
      position: 'President and CEO',
      is_ceo: true,
      fiscal_year: 2023,
      salary: 1_083_750,
      bonus: null,
      stock_awards: 3_509_911,
      option_awards: 1_890_051,
      non_equity_incentive: 1_045_704,
      pension_and_deferred_compensation: 26_843,
      all_other_compensation: 235_251,
      total: 7_791_510,
    });
  });

  test('dashes are zero, footnote markers are dropped from names, and only the PEO is the CEO', () => {
    // Act
    const zhu2022 = proxy.executives.find((e) => e.name === 'Jeff Zhu' && e.fiscal_year === 2022)!;
    const cfo2022 = proxy.executives.find((e) => e.name === 'Erica McLaughlin' && e.fiscal_year === 2022)!;

    // Assess
    expect(zhu2022).toMatchObject({ position: 'Executive Vice President and President, Performance Chemicals Segment & Asia Pacific Region', pension_and_deferred_compensation: 0, all_other_compensation: 1_046_492, total: 3_029_016 });
    expect(cfo2022).toMatchObject({ position: 'Executive Vice President, CFO, & Head of Corp Strategy', pension_and_deferred_compensation: 0, total: 2_309_963, is_ceo: false });
    expect(proxy.executives.filter((e) => e.is_ceo).map((e) => e.fiscal_year)).toEqual([2023, 2022, 2021]);
  });

  test('pay versus performance rows from the ecd: facts, fiscal 2022 on, with scaled amounts', () => {
    // Assess: the 2021 row of the table is before 2022 and left out; net income and Adjusted EBIT are tagged in millions
    expect(proxy.pay_versus_performance).toEqual([
      {
        fiscal_year: 2023,
        ceo: 'Sean D. Keohane',
        ceo_total_compensation: 7_791_510,
        ceo_compensation_actually_paid: 8_106_840,
        average_neo_total_compensation: 2_247_211,
        average_neo_compensation_actually_paid: 2_279_259,
        total_shareholder_return: 206,
        peer_group_total_shareholder_return: 135,
        net_income: 445_000_000,
        company_selected_measure: { name: 'Adjusted EBIT', value: 553_000_000 },
      },
      {
        fiscal_year: 2022,
        ceo: 'Sean D. Keohane',
        ceo_total_compensation: 7_948_029,
        ceo_compensation_actually_paid: 17_160_056,
        average_neo_total_compensation: 2_268_356,
        average_neo_compensation_actually_paid: 3_901_604,
        total_shareholder_return: 186,
        peer_group_total_shareholder_return: 117,
        net_income: 209_000_000,
        company_selected_measure: { name: 'Adjusted EBIT', value: 583_000_000 },
      },
    ]);
  });
});

const table = (rows: string) => `<html><body><table>${rows}</table></body></html>`;

describe('Summary Compensation Table variants', () => {
  test('a Bonus column, name and title on separate rows, footnotes and parentheses', () => {
    // Prepare
    const html = table(`
      <tr><th>Name and Principal Position</th><th>Year</th><th>Salary ($)</th><th>Bonus ($)<sup>(1)</sup></th><th>Stock Awards ($)</th>
          <th>Change in Pension Value and Nonqualified Deferred Compensation Earnings ($)</th><th>All Other Compensation ($)</th><th>Total ($)</th></tr>
      <tr><td>Jane Roe<sup>(2)</sup></td><td>2024</td><td>$ 1,000,000</td><td>250,000</td><td>4,000,000</td><td>(12,500)</td><td>—</td><td>5,237,500</td></tr>
      <tr><td>Chief Executive Officer</td><td>2023</td><td>950,000</td><td>–</td><td>3,500,000</td><td>10,000</td><td>5,000</td><td>4,465,000</td></tr>
      <tr><td>John Doe, Jr., Chief Financial Officer</td><td>2024</td><td>600,000</td><td>0</td><td>1,000,000</td><td></td><td>12,000</td><td>1,612,000</td></tr>`);

    // Act
    const records = parseSummaryCompensationTable(parseTables(html));

    // Assess
    expect(records).toEqual([
      { name: 'Jane Roe', position: 'Chief Executive Officer', fiscal_year: 2024, salary: 1_000_000, bonus: 250_000, stock_awards: 4_000_000, option_awards: null, non_equity_incentive: null, pension_and_deferred_compensation: -12_500, all_other_compensation: 0, total: 5_237_500 },
      { name: 'Jane Roe', position: 'Chief Executive Officer', fiscal_year: 2023, salary: 950_000, bonus: 0, stock_awards: 3_500_000, option_awards: null, non_equity_incentive: null, pension_and_deferred_compensation: 10_000, all_other_compensation: 5_000, total: 4_465_000 },
      { name: 'John Doe, Jr.', position: 'Chief Financial Officer', fiscal_year: 2024, salary: 600_000, bonus: 0, stock_awards: 1_000_000, option_awards: null, non_equity_incentive: null, pension_and_deferred_compensation: null, all_other_compensation: 12_000, total: 1_612_000 },
    ]);
  });

  test('values whose cells do not line up with the header columns are taken in header order', () => {
    // Prepare: headers span two columns each, values sit one column off
    const html = table(`
      <tr><td>Name</td><td colspan="2">Year</td><td colspan="2">Salary</td><td colspan="2">Total</td></tr>
      <tr><td>Ann Lee<br/>President</td><td>2024</td><td></td><td></td><td>500</td><td></td><td></td><td>700</td></tr>`);

    // Act
    const records = parseSummaryCompensationTable(parseTables(html));

    // Assess
    expect(records).toEqual([expect.objectContaining({ name: 'Ann Lee', position: 'President', fiscal_year: 2024, salary: 500, total: 700 })]);
  });

  test('a document without a Summary Compensation Table is refused', () => {
    // Prepare
    const html = table('<tr><th>Name</th><th>Fees Earned ($)</th><th>Total ($)</th></tr><tr><td>A. Director</td><td>100,000</td><td>100,000</td></tr>');

    // Act
    const error = thrown(SummaryCompensationTableError, () => parseSummaryCompensationTable(parseTables(html)));

    // Assess
    expect(error.message).toMatch(/no Summary Compensation Table/);
  });

  test('money cells: numbers, dashes as 0, empty as null, text as not a value', () => {
    expect(moneyValue('$ 1,234(3)')).toBe(1234);
    expect(moneyValue('(1,234)')).toBe(-1234);
    expect(moneyValue('—')).toBe(0);
    expect(moneyValue(' ')).toBeNull();
    expect(moneyValue('President')).toBeUndefined();
  });
});

describe('inline XBRL facts', () => {
  test('numbers follow format, scale and sign', () => {
    expect(inlineNumber('7,791,510', 'ixt:num-dot-decimal', '0', undefined)).toBe(7_791_510);
    expect(inlineNumber('445', 'ixt:num-dot-decimal', '6', undefined)).toBe(445_000_000);
    expect(inlineNumber('1.234,5', 'ixt:num-comma-decimal', '3', '-')).toBe(-1_234_500);
    expect(inlineNumber('—', 'ixt:fixed-zero', '0', undefined)).toBe(0);
    expect(inlineNumber('n/a', 'ixt:num-dot-decimal', '0', undefined)).toBeUndefined();
  });

  test('a year with two PEOs tagged per individual names both and leaves the PEO amounts null; $1bn PEO totals are dropped', () => {
    // Prepare
    const context = (id: string, member?: string) =>
      `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">1</xbrli:identifier>${
        member ? `<xbrli:segment><xbrldi:explicitMember dimension="ecd:IndividualAxis">${member}</xbrldi:explicitMember></xbrli:segment>` : ''
      }</xbrli:entity><xbrli:period><xbrli:startDate>${id.startsWith('Y23') ? '2023-01-01' : '2022-01-01'}</xbrli:startDate><xbrli:endDate>${id.startsWith('Y23') ? '2023-12-31' : '2022-12-31'}</xbrli:endDate></xbrli:period></xbrli:context>`;
    const html = `<html><body><ix:header><ix:resources>${context('Y23')}${context('Y23A', 'x:AnnMember')}${context('Y23B', 'x:BobMember')}${context('Y22')}</ix:resources></ix:header>
      <ix:nonNumeric name="ecd:PeoName" contextRef="Y23A">Ann Able</ix:nonNumeric><ix:nonNumeric name="ecd:PeoName" contextRef="Y23B">Bob Baker</ix:nonNumeric>
      <ix:nonFraction name="ecd:PeoTotalCompAmt" contextRef="Y23A" unitRef="USD" scale="0">5,000,000</ix:nonFraction>
      <ix:nonFraction name="ecd:NonPeoNeoAvgTotalCompAmt" contextRef="Y23" unitRef="USD" scale="0">1,000,000</ix:nonFraction>
      <ix:nonFraction name="ecd:PeoTotalCompAmt" contextRef="Y22" unitRef="USD" scale="3">3,780,000,000</ix:nonFraction>
      <ix:nonFraction name="ecd:PeoActuallyPaidCompAmt" contextRef="Y22" unitRef="USD" scale="0" sign="-">2,500,000</ix:nonFraction></body></html>`;

    // Act
    const rows = payVersusPerformanceFromInline(parseInlineXbrl(html));

    // Assess
    expect(rows).toEqual([
      expect.objectContaining({ fiscal_year: 2023, ceo: 'Ann Able and Bob Baker', ceo_total_compensation: null, average_neo_total_compensation: 1_000_000 }),
      expect.objectContaining({ fiscal_year: 2022, ceo: null, ceo_total_compensation: null, ceo_compensation_actually_paid: -2_500_000 }),
    ]);
  });

  test('companyfacts ecd facts give the same amounts without names, and fill years the proxy lacks', () => {
    // Prepare
    const facts = parseCompanyFacts(fixtureJson('sec-filings', 'companyfacts-CIK0000016040-ecd.json'));

    // Act
    const fromFacts = payVersusPerformanceFromFacts(facts);
    const merged = mergePayVersusPerformance([{ ...fromFacts[0]!, ceo: 'Sean D. Keohane' }], fromFacts);

    // Assess
    expect(fromFacts.map((r) => r.fiscal_year)).toEqual([2023, 2022]);
    expect(fromFacts[0]).toEqual({
      fiscal_year: 2023,
      ceo: null,
      ceo_total_compensation: 7_791_510,
      ceo_compensation_actually_paid: 8_106_840,
      average_neo_total_compensation: 2_247_211,
      average_neo_compensation_actually_paid: 2_279_259,
      total_shareholder_return: 206,
      peer_group_total_shareholder_return: 135,
      net_income: 445_000_000,
      company_selected_measure: { name: null, value: 553_000_000 },
    });
    expect(merged.map((r) => [r.fiscal_year, r.ceo])).toEqual([[2023, 'Sean D. Keohane'], [2022, null]]);
  });
});

describe('company name search', () => {
  const companies = [
    { cik: '0000016040', ticker: 'CBT', company_name: 'CABOT CORP' },
    { cik: '0000016041', ticker: 'COG', company_name: 'Cabot Oil & Gas Corp' },
    { cik: '0001318605', ticker: 'TSLA', company_name: 'Tesla, Inc.' },
  ];

  test('prefers the exact name, then a prefix, ignoring case and corporate suffixes', () => {
    expect(searchCompanyByName('cabot', companies)?.ticker).toBe('CBT');
    expect(searchCompanyByName('Cabot Corporation', companies)?.ticker).toBe('CBT');
    expect(searchCompanyByName('cabot oil', companies)?.ticker).toBe('COG');
    expect(searchCompanyByName('tesla inc', companies)?.ticker).toBe('TSLA');
    expect(searchCompanyByName('Apple', companies)).toBeUndefined();
  });
});
