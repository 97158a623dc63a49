/**
 * Income-statement figures as the companies published them (test/filings/crossCheck.ts compares the served
 * statements with each): the statement lines of the named 10-K (the SEC archive folder of its accession) or, for
 * Tesla's quarters, the Q4 update letter Tesla furnished with its 8-K. Amounts in USD, per-share in USD.
 */
import type { FiscalQuarter } from '../../lib/filings/incomeStatements';
import type { IncomeStatementField } from '../../lib/filings/concepts';
import { REAL_COMPANY_FACTS, type RealCompany } from '../support/filingsDatasets';

export interface PublishedFigure {
  company: RealCompany;
  fiscal_year: number;
  fiscal_quarter: FiscalQuarter;
  field: IncomeStatementField;
  value: number;
  /** the publication: a filing (form, period, accession) with its URL */
  source: string;
}

/** The SEC archive folder of a filing. */
export function secFiling(company: RealCompany, accession: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${REAL_COMPANY_FACTS[company].cik}/${accession.replaceAll('-', '')}/`;
}

const M = 1_000_000;
const K = 1_000;

const figures = (
  company: RealCompany,
  fiscal_year: number,
  fiscal_quarter: FiscalQuarter,
  source: string,
  values: Partial<Record<IncomeStatementField, number>>,
): PublishedFigure[] => Object.entries(values).map(([field, value]) => ({ company, fiscal_year, fiscal_quarter, field: field as IncomeStatementField, value, source }));

const TESLA_Q4_2021_UPDATE =
  'Tesla Q4 and FY2021 Update (furnished as exhibit 99.1 to the Form 8-K of 2022-01-26), financial summary: Q4-2020 and Q4-2021 columns, https://ir.tesla.com/#quarterly-disclosure';

export const PUBLISHED_FIGURES: readonly PublishedFigure[] = [
  ...figures('AAPL', 2025, 'FY', `Apple Form 10-K fiscal 2025, accession 0000320193-25-000079, ${secFiling('AAPL', '0000320193-25-000079')}`, {
    total_revenue: 416_161 * M,
    net_income: 112_010 * M,
    earnings_per_share_diluted: 7.46,
    research_and_development: 34_550 * M,
    // the statement of operations has one line, "Selling, general and administrative"; the 10-K's new
    // operating-expense note splits it into general and administrative 8,077 and selling and marketing 19,524
    general_and_administrative: 8_077 * M,
    sales_and_marketing: 19_524 * M,
    depreciation_and_amortization: 11_698 * M,
  }),
  ...figures('AAPL', 2015, 'FY', `Apple Form 10-K fiscal 2015, accession 0001193125-15-356351, ${secFiling('AAPL', '0001193125-15-356351')}`, {
    total_revenue: 233_715 * M,
    net_income: 53_394 * M,
    earnings_per_share_diluted: 9.22,
    // statement of cash flows, "Depreciation and amortization"
    depreciation_and_amortization: 11_257 * M,
  }),
  ...figures('TSLA', 2021, 'FY', `Tesla Form 10-K 2021, accession 0000950170-22-000796, ${secFiling('TSLA', '0000950170-22-000796')}`, {
    total_revenue: 53_823 * M,
    cost_of_revenue: 40_217 * M,
    gross_profit: 13_606 * M,
    operating_income: 6_523 * M,
    net_income: 5_519 * M,
    earnings_per_share_basic: 5.6,
    earnings_per_share_diluted: 4.9,
    weighted_average_shares_basic: 986 * M,
    weighted_average_shares_diluted: 1_129 * M,
    research_and_development: 2_593 * M,
    general_and_administrative: 4_517 * M,
    stock_based_compensation: 2_121 * M,
    interest_expense: 371 * M,
    tax_provision: 699 * M,
    // statement of cash flows, "Depreciation, amortization and impairment"
    depreciation_and_amortization: 2_911 * M,
  }),
  ...figures('TSLA', 2021, 'Q4', TESLA_Q4_2021_UPDATE, { total_revenue: 17_719 * M, net_income: 2_321 * M, earnings_per_share_diluted: 2.05 }),
  ...figures('TSLA', 2020, 'Q4', TESLA_Q4_2021_UPDATE, { net_income: 270 * M, earnings_per_share_diluted: 0.24 }),
  ...figures('TSLA', 2017, 'FY', `Tesla Form 10-K 2017, accession 0001564590-18-002956, ${secFiling('TSLA', '0001564590-18-002956')}`, {
    total_revenue: 11_758_751 * K,
    net_income: -1_961_400 * K,
    // statement of cash flows, "Depreciation and amortization"
    depreciation_and_amortization: 1_636_003 * K,
  }),
  ...figures('NVDA', 2014, 'FY', `NVIDIA Form 10-K fiscal 2014, accession 0001045810-14-000030, ${secFiling('NVDA', '0001045810-14-000030')}`, {
    total_revenue: 4_130_162 * K,
    net_income: 439_990 * K,
  }),
  ...figures('SNOW', 2025, 'FY', `Snowflake Form 10-K fiscal 2025, accession 0001640147-25-000052, ${secFiling('SNOW', '0001640147-25-000052')}`, {
    total_revenue: 3_626_396 * K,
    net_income: -1_285_640 * K,
    sales_and_marketing: 1_672_092 * K,
  }),
];
