import { daysBetween, durationKind, effectiveMonth, fiscalPeriodOf } from '../../lib/filings/fiscalCalendar';
import { extractIncomeStatements, isRoundedRepeat, type StatementRecord } from '../../lib/filings/incomeStatements';
import { latestStatement } from '../../lib/filings/queries';
import { parseCompanyFacts, type CompanyFacts } from '../../lib/sources/sec';
import { fixtureJson } from '../support/fakeUpstream';
import { datasetFacts, realCompanyFactsJson, SEC_DATASETS } from '../support/filingsDatasets';

const M = 1_000_000;

function statement(list: StatementRecord[], year: number, quarter: StatementRecord['fiscal_quarter']): StatementRecord {
  const found = list.find((s) => s.fiscal_year === year && s.fiscal_quarter === quarter);
  if (!found) throw new Error(`no ${quarter} ${year}`);
  return found;
}

describe('fiscal calendar', () => {
  test('classifies facts by duration, not by their fp tag', () => {
    expect(durationKind('2021-01-01', '2021-03-31')).toBe('quarter');
    expect(durationKind('2021-01-01', '2021-06-30')).toBe('sixMonths');
    expect(durationKind('2021-01-01', '2021-09-30')).toBe('nineMonths');
    expect(durationKind('2021-01-01', '2021-12-31')).toBe('annual');
    expect(durationKind('2022-10-02', '2023-09-30')).toBe('annual'); // a 52-week year
    expect(durationKind('2021-01-01', '2021-01-31')).toBeUndefined();
    expect(daysBetween('2021-01-01', '2021-03-31')).toBe(89);
  });

  test('names fiscal years by the year they end in and counts quarters from the fiscal-year end', () => {
    // Snowflake: fiscal year ends 31 January
    expect(fiscalPeriodOf('2024-04-30', 1)).toEqual({ fiscalYear: 2025, quarter: 1 });
    expect(fiscalPeriodOf('2025-01-31', 1)).toEqual({ fiscalYear: 2025, quarter: 4 });
    // Apple-style 52/53-week year ending late September; a year ending on 1 January belongs to December
    expect(fiscalPeriodOf('2024-12-28', 9)).toEqual({ fiscalYear: 2025, quarter: 1 });
    expect(effectiveMonth('2023-01-01')).toEqual({ year: 2022, month: 12 });
    expect(fiscalPeriodOf('2023-01-01', 12)).toEqual({ fiscalYear: 2022, quarter: 4 });
    // an end that is no quarter end of this calendar
    expect(fiscalPeriodOf('2024-05-31', 1)).toBeUndefined();
  });
});

describe('income statements from the real Tesla companyfacts (to 2022-Q3)', () => {
  const tesla = extractIncomeStatements(datasetFacts(SEC_DATASETS.tesla));

  test('Q4 2021 amounts are the 10-K year minus the three 10-Q quarters', () => {
    // Act
    const q4 = statement(tesla, 2021, 'Q4');

    // Assess: FY 53,823 − 10,389 − 11,958 − 13,757 = 17,719 ($M); net income 5,519 − 438 − 1,142 − 1,618 = 2,321
    expect(q4.income_statement.total_revenue).toBe(17_719 * M);
    expect(q4.income_statement.net_income).toBe(2_321 * M);
    // cost of revenue 40,217 − 8,174 − 9,074 − 10,097 = 12,872; gross profit 13,606 − 2,215 − 2,884 − 3,660 = 4,847
    expect(q4.income_statement.cost_of_revenue).toBe(12_872 * M);
    expect(q4.income_statement.gross_profit).toBe(4_847 * M);
    expect(q4.period_start_date).toBe('2021-10-01');
    expect(q4.filing_info).toEqual({ filing_type: '10-K', filing_date: '2022-02-07', period_end_date: '2021-12-31' });
  });

  test('Q4 2021 EPS is recomputed from Q4 net income and day-weighted Q4 shares, not subtracted (Tesla reported 2.05 diluted: see the accepted differences)', () => {
    // Act
    const q4 = statement(tesla, 2021, 'Q4').income_statement;

    // Assess: shares (986 × 365 − 961 × 90 − 971 × 91 − 998 × 92) / 92 = 1,013.293478 M, as known when the 10-K was filed
    expect(q4.weighted_average_shares_basic).toBe(1_013_293_478);
    expect(q4.earnings_per_share_basic).toBe(2.29); // 2,321 / 1,013.29; FY − Q1..Q3 EPS would give 5.60 − 0.46 − 1.18 − 1.62 = 2.34
    // diluted: (1,129 × 365 − 1,133 × 90 − 1,119 × 91 − 1,123 × 92) / 92 = 1,140.978 M → 2,321 / 1,140.978 = 2.03
    expect(q4.weighted_average_shares_diluted).toBe(1_140_978_261);
    expect(q4.earnings_per_share_diluted).toBe(2.03);
  });

  test('items filed only year-to-date (cash-flow stock compensation) become quarters by differences', () => {
    // Act
    const quarters = (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((q) => statement(tesla, 2021, q).income_statement.stock_based_compensation);

    // Assess: YTD 614, 1,088, 1,563 and FY 2,121 → 614, 474, 475, 558
    expect(quarters).toEqual([614 * M, 474 * M, 475 * M, 558 * M]);
  });

  test('the quarters stand on the basis of the year: Q3 2021 as filed before the 2022 split, like the 10-K year, while filing_info names its own 10-Q', () => {
    // Act: the 10-Q filed 2022-10-24 repeats Q3 2021 split-adjusted (3-for-1: 2,993 M shares, EPS 0.54); the year
    // 2021 has only its 10-K figures (986 M shares, EPS 5.60), not yet restated for the split
    const q3 = statement(tesla, 2021, 'Q3');

    // Assess
    expect(q3.income_statement.weighted_average_shares_basic).toBe(998 * M);
    expect(q3.income_statement.earnings_per_share_basic).toBe(1.62);
    expect(q3.income_statement.net_income).toBe(1_618 * M);
    expect(q3.filing_info).toEqual({ filing_type: '10-Q', filing_date: '2021-10-25', period_end_date: '2021-09-30' });
  });

  test('a year restated together with its quarters reads the restated quarters: 2020 after the 5-for-1 split', () => {
    // Act: Q1 2020 was filed with 199 M diluted shares (10-Q 2020-04-30), 994 M split-adjusted in the 10-Q of
    // 2021-04-28; the year's 1,083 M (10-K 2021-02-08) was already split-adjusted
    const quarters = (['Q1', 'Q2', 'Q3', 'FY'] as const).map((q) => statement(tesla, 2020, q).income_statement.weighted_average_shares_diluted);

    // Assess
    expect(quarters).toEqual([994 * M, 1_036 * M, 1_105 * M, 1_083 * M]);
    expect(statement(tesla, 2020, 'Q1').income_statement.earnings_per_share_diluted).toBe(0.02);
  });

  test('depreciation and amortization is the cash-flow add-back, the largest of the concepts Tesla tags for 2017', () => {
    // Act: DepreciationAndAmortization (cash flow, year-to-date) 1,636.0 M against DepreciationDepletionAndAmortization 769.3 M
    const quarters = (['Q1', 'Q2', 'Q3', 'Q4', 'FY'] as const).map((q) => statement(tesla, 2017, q).income_statement.depreciation_and_amortization);

    // Assess: 376.6, 765.8 − 376.6, 1,166.4 − 765.8, 1,636.0 − 1,166.4
    expect(quarters).toEqual([376_602_000, 389_171_000, 400_624_000, 469_606_000, 1_636_003_000]);
  });

  test('from 2018 Tesla tags its D&A line with an extension element companyfacts lacks: null, not its depreciation alone', () => {
    expect((['Q1', 'Q4', 'FY'] as const).map((q) => statement(tesla, 2021, q).income_statement.depreciation_and_amortization)).toEqual([null, null, null]);
  });

  test('the fiscal year is the 10-K as filed, and SG&A-only filers have general_and_administrative, no sales_and_marketing', () => {
    // Act
    const fy = statement(tesla, 2021, 'FY').income_statement;

    // Assess
    expect(fy).toMatchObject({
      total_revenue: 53_823 * M,
      net_income: 5_519 * M,
      earnings_per_share_basic: 5.6,
      earnings_per_share_diluted: 4.9,
      weighted_average_shares_basic: 986 * M,
      general_and_administrative: 4_517 * M,
      sales_and_marketing: null,
    });
  });

  test('the newest statement is Q3 2022 and fiscal years run from 2009 on', () => {
    // Act
    const latest = latestStatement(tesla)!;

    // Assess
    expect(latest.fiscal_year).toBe(2022);
    expect(latest.fiscal_quarter).toBe('Q3');
    expect(latest.income_statement.total_revenue).toBe(21_454 * M);
    expect(latest.filing_info).toEqual({ filing_type: '10-Q', filing_date: '2022-10-24', period_end_date: '2022-09-30' });
    expect(tesla.some((s) => s.fiscal_year === 2022 && (s.fiscal_quarter === 'Q4' || s.fiscal_quarter === 'FY'))).toBe(false);
    expect(Math.min(...tesla.map((s) => s.fiscal_year))).toBe(2009);
  });
});

describe('income statements from the real Snowflake companyfacts (fiscal year ends 31 January)', () => {
  const snowflake = extractIncomeStatements(datasetFacts(SEC_DATASETS.snowflake));

  test('the quarter ending 2024-04-30 is Q1 of fiscal 2025', () => {
    // Act
    const q1 = statement(snowflake, 2025, 'Q1');

    // Assess
    expect(q1.period_start_date).toBe('2024-02-01');
    expect(q1.income_statement).toMatchObject({ total_revenue: 828_709_000, net_income: -316_988_000, earnings_per_share_basic: -0.95 });
    expect(q1.filing_info).toEqual({ filing_type: '10-Q', filing_date: '2024-05-31', period_end_date: '2024-04-30' });
  });

  test('Q4 fiscal 2025 = the 10-K year minus the three 10-Qs; without quarterly share counts Q4 EPS is null', () => {
    // Act
    const q4 = statement(snowflake, 2025, 'Q4');

    // Assess: revenue 3,626,396 − 828,709 − 868,823 − 942,094 = 986,770 ($K); net loss −1,285,640 + 316,988 + 316,899 + 324,279 = −327,474
    expect(q4.income_statement.total_revenue).toBe(986_770_000);
    expect(q4.income_statement.net_income).toBe(-327_474_000);
    expect(q4.income_statement.sales_and_marketing).toBe(1_672_092_000 - 400_822_000 - 400_625_000 - 437_962_000);
    expect(q4.income_statement.earnings_per_share_basic).toBeNull();
    expect(q4.income_statement.weighted_average_shares_basic).toBeNull();
    expect(q4.filing_info).toEqual({ filing_type: '10-K', filing_date: '2025-03-21', period_end_date: '2025-01-31' });
  });

  test('the newest statement is Q1 of fiscal 2026', () => {
    // Act
    const latest = latestStatement(snowflake)!;

    // Assess
    expect([latest.fiscal_year, latest.fiscal_quarter]).toEqual([2026, 'Q1']);
    expect(latest.income_statement.total_revenue).toBe(1_042_074_000);
    expect(latest.income_statement.earnings_per_share_diluted).toBe(-1.29);
  });
});

describe('income statements of an IFRS filer (LPA, 20-F)', () => {
  const lpa = extractIncomeStatements(datasetFacts(SEC_DATASETS.lpa));

  test('reads ifrs-full concepts into fiscal-year statements only, with nulls for what IFRS filers do not tag', () => {
    // Act
    const fy2024 = statement(lpa, 2024, 'FY');

    // Assess
    expect(lpa.map((s) => s.fiscal_quarter)).toEqual(['FY', 'FY', 'FY', 'FY']);
    expect(fy2024.income_statement).toMatchObject({ total_revenue: 43_862_372, net_income: -29_285_428, earnings_per_share_basic: -0.94, cost_of_revenue: null, gross_profit: null });
    expect(fy2024.filing_info).toEqual({ filing_type: '20-F', filing_date: '2025-04-02', period_end_date: '2024-12-31' });
  });

  test('a value restated by a later 20-F wins (EPS after the share consolidation)', () => {
    expect(statement(lpa, 2022, 'FY').income_statement.earnings_per_share_basic).toBe(0.28); // 0.048 in the 2024 20-F
    expect(statement(lpa, 2022, 'FY').filing_info.filing_date).toBe('2024-04-26');
  });
});

/** A small companyfacts payload in the real format. */
function facts(usGaap: Record<string, Record<string, { start: string; end: string; val: number; filed: string; form?: string }[]>>): CompanyFacts {
  return parseCompanyFacts({
    cik: 1,
    entityName: 'Example Corp',
    facts: {
      'us-gaap': Object.fromEntries(
        Object.entries(usGaap).map(([concept, units]) => [
          concept,
          { label: concept, units: Object.fromEntries(Object.entries(units).map(([unit, list]) => [unit, list.map((f, i) => ({ accn: `0000000001-00-00000${i}`, fy: 2023, fp: 'FY', form: '10-Q', ...f }))])) },
        ]),
      ),
    },
  });
}

describe('income statements from the real Apple and NVIDIA companyfacts', () => {
  const apple = extractIncomeStatements(parseCompanyFacts(realCompanyFactsJson('AAPL')));
  const nvidia = extractIncomeStatements(parseCompanyFacts(realCompanyFactsJson('NVDA')));

  test('Apple fiscal 2025: one concept for the year, SG&A (its 10-Qs split nothing), so no selling and marketing', () => {
    // Act
    const values = (['Q1', 'Q2', 'Q3', 'Q4', 'FY'] as const).map((q) => statement(apple, 2025, q).income_statement);

    // Assess: 7,175; 13,903 − 7,175; 20,553 − 13,903; 27,601 − 20,553; 27,601 ($M)
    expect(values.map((v) => v.general_and_administrative)).toEqual([7_175, 6_728, 6_650, 7_048, 27_601].map((v) => v * M));
    expect(values.map((v) => v.sales_and_marketing)).toEqual([null, null, null, null, null]);
  });

  test('Apple fiscal 2019 share counts stay as first reported: the 10-K restating them for the 2020 split had no restated quarters', () => {
    // Act
    const counts = (['Q1', 'Q2', 'Q3', 'FY'] as const).map((q) => statement(apple, 2019, q).income_statement.weighted_average_shares_diluted);

    // Assess: 18,595,651 thousand in the 10-Ks of 2020 and 2021, 4,648,913 thousand in the fiscal 2019 10-K
    expect(counts).toEqual([4_773_252_000, 4_700_646_000, 4_601_380_000, 4_648_913_000]);
  });

  test('NVIDIA fiscal 2014 keeps its figures to the thousand where a later 10-K repeats the year in millions', () => {
    expect(statement(nvidia, 2014, 'FY').income_statement.total_revenue).toBe(4_130_162_000);
    expect(statement(nvidia, 2014, 'Q4').income_statement.total_revenue).toBe(4_130_162_000 - 954_739_000 - 977_238_000 - 1_053_967_000);
  });

  test('NVIDIA share counts tagged without their scale (thousands, to fiscal 2011) are read in shares', () => {
    expect(statement(nvidia, 2010, 'FY').income_statement.weighted_average_shares_basic).toBe(549_574_000);
    expect(statement(nvidia, 2011, 'Q1').income_statement.weighted_average_shares_diluted).toBe(590_997_000);
  });

  test('a Q4 EPS the 10-K tags (its quarterly-data note) is served as published', () => {
    // Assess: NVIDIA fiscal 2017 Q4 diluted EPS 0.99 (the day-weighted derivation would give 0.92)
    expect(statement(nvidia, 2017, 'Q4').income_statement.earnings_per_share_diluted).toBe(0.99);
  });
});

describe('rounded repeats', () => {
  test('a later figure that only rounds an earlier one to thousands or millions is not a restatement', () => {
    expect(isRoundedRepeat(4_130_000_000, 4_130_162_000)).toBe(true);
    expect(isRoundedRepeat(11_759_000_000, 11_758_751_000)).toBe(true);
    expect(isRoundedRepeat(311_000_000, 311_516_000)).toBe(false); // 311.5 M rounds to 312 M
    expect(isRoundedRepeat(2_000_000_000, 1_700_000_123)).toBe(false); // a unit above a million is not assumed
    expect(isRoundedRepeat(4_130_162_000, 4_130_162_000)).toBe(false);
    expect(isRoundedRepeat(0.5, 0.48)).toBe(false);
  });
});

describe('income statement rules on small payloads', () => {
  test('Q4 falls back to the year minus the 9-month YTD when a quarter is missing, and gross profit to revenue − cost', () => {
    // Prepare
    const payload = facts({
      Revenues: {
        USD: [
          { start: '2023-01-01', end: '2023-09-30', val: 900, filed: '2023-11-01' },
          { start: '2023-01-01', end: '2023-12-31', val: 1300, filed: '2024-02-01', form: '10-K' },
        ],
      },
      CostOfRevenue: {
        USD: [
          { start: '2023-01-01', end: '2023-09-30', val: 500, filed: '2023-11-01' },
          { start: '2023-01-01', end: '2023-12-31', val: 700, filed: '2024-02-01', form: '10-K' },
        ],
      },
    });

    // Act
    const list = extractIncomeStatements(payload);

    // Assess
    const q4 = statement(list, 2023, 'Q4');
    expect(q4.income_statement.total_revenue).toBe(400);
    expect(q4.income_statement.gross_profit).toBe(200);
    expect(q4.income_statement.net_income).toBeNull();
    expect(q4.income_statement.earnings_per_share_basic).toBeNull();
    expect(statement(list, 2023, 'FY').income_statement.gross_profit).toBe(600);
  });

  test('a proxy statement repeating net income (rounded, filed later) does not restate the 10-K', () => {
    // Prepare
    const payload = parseCompanyFacts(fixtureJson('sec-filings', 'companyfacts-CIK0000016040-ecd.json'));

    // Act
    const list = extractIncomeStatements(payload);

    // Assess: 440,000,000 from the 10-K, not 445,000,000 from the DEF 14A; the DEF 14A-only year has no statement
    expect(list.map((s) => [s.fiscal_year, s.fiscal_quarter, s.income_statement.net_income])).toEqual([[2023, 'FY', 440_000_000]]);
  });

  test('a filer with neither us-gaap nor ifrs-full income facts has no statements', () => {
    expect(extractIncomeStatements(parseCompanyFacts({ cik: 2, entityName: 'Shell Co', facts: { dei: {} } }))).toEqual([]);
  });
});
