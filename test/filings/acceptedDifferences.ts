/**
 * The one list of differences between the served income statements and the figures the companies published
 * (test/filings/crossCheck.ts) that are accepted, each with the publication that settles it. A difference not
 * listed fails the cross-check; an entry that no longer matches a difference fails too, so the list stays exact.
 * An entry matches on check, company, period, field and both values.
 */
import type { IncomeStatementField } from '../../lib/filings/concepts';
import type { RealCompany } from '../support/filingsDatasets';
import type { Difference } from './crossCheck';
import { secFiling } from './publishedFigures';

/** A difference as crossCheck reports it, with the publication that settles it (its URL) and why the figures differ. */
export type AcceptedDifference = Omit<Difference, 'source'> & { settledBy: string };

const M = 1_000_000;

/**
 * A 10-K's quarterly-data note rounds the year and each quarter separately, so its Q4 and the year minus its
 * three quarters (the Q4 the spec defines and the service serves) can differ by a unit of that rounding.
 */
const rounding = (company: RealCompany, fiscal_year: number, field: IncomeStatementField, served: number, published: number, accession: string, how: string): AcceptedDifference => ({
  check: 'filer Q4',
  company,
  fiscal_year,
  fiscal_quarter: 'Q4',
  field,
  served,
  published,
  settledBy: `Form 10-K, accession ${accession}, ${secFiling(company, accession)}, quarterly financial data: ${how}; the spec's Q4 is the year minus Q1–Q3, which the service serves`,
});

const NVDA_IN_MILLIONS = 'figures in whole millions, each rounded on its own (fiscal 2020: 394 + 552 + 899 + 950 = 2,795 M against the year\'s 2,796 M)';
const TSLA_IN_THOUSANDS = 'figures in thousands, each rounded on its own: the year minus the three quarters is one thousand away from the Q4 column';
const TSLA_2019 = 'this 10-K states the year in millions (revenue 24,578 M), its 10-Qs the quarters in thousands, so the year minus the quarters is exact only to the million';

const DERIVED_EPS_NOTE =
  'the service derives Q4 shares from FY × days = Σ quarters × days (the weighted average that FASB ASC 260-10-55-3 prescribes for year-to-date incremental shares, https://asc.fasb.org/) and EPS = Q4 net income ÷ those shares';

const nvidiaEps = (fiscal_year: number, field: IncomeStatementField, served: number, published: number, accession: string, why: string): AcceptedDifference => ({
  check: 'derived Q4 EPS',
  company: 'NVDA',
  fiscal_year,
  fiscal_quarter: 'Q4',
  field,
  served,
  published,
  settledBy: `NVIDIA Form 10-K, accession ${accession}, ${secFiling('NVDA', accession)}, quarterly data: Q4 EPS ${published}; ${DERIVED_EPS_NOTE}; ${why}. Served only for Q4s a 10-K does not tag (from fiscal 2021); where it does, the filer's figure is served`,
});

const TOO_COARSE = 'its inputs are whole millions (net income and share counts), too coarse for the cent: the filer divides unrounded figures';

const TESLA_UPDATE = 'Tesla Q4 and FY2021 Update (exhibit 99.1 to the Form 8-K of 2022-01-26), https://ir.tesla.com/#quarterly-disclosure';

export const ACCEPTED_DIFFERENCES: readonly AcceptedDifference[] = [
  // published statement lines
  {
    check: 'published',
    company: 'AAPL',
    fiscal_year: 2025,
    fiscal_quarter: 'FY',
    field: 'general_and_administrative',
    served: 27_601 * M,
    published: 8_077 * M,
    settledBy: `Apple Form 10-K fiscal 2025, ${secFiling('AAPL', '0000320193-25-000079')}: its statement of operations has one line, "Selling, general and administrative", 27,601 M; the 8,077 M of general and administrative is a note's split that Apple's fiscal 2025 10-Qs (${secFiling('AAPL', '0000320193-25-000057')} and the others) do not make. One concept serves the five periods of a year, so the year has SG&A like its quarters: mixing them made Q4 = 8,077 − (2,074 + 6,728 + 6,650) = −7,375 M (issue 27)`,
  },
  {
    check: 'published',
    company: 'AAPL',
    fiscal_year: 2025,
    fiscal_quarter: 'FY',
    field: 'sales_and_marketing',
    served: null,
    published: 19_524 * M,
    settledBy: `Apple Form 10-K fiscal 2025, ${secFiling('AAPL', '0000320193-25-000079')}: selling and marketing 19,524 M is inside the "Selling, general and administrative" 27,601 M that general_and_administrative serves for the year (see that entry), so it is not served a second time`,
  },
  {
    check: 'published',
    company: 'TSLA',
    fiscal_year: 2021,
    fiscal_quarter: 'FY',
    field: 'depreciation_and_amortization',
    served: null,
    published: 2_911 * M,
    settledBy: `Tesla Form 10-K 2021, ${secFiling('TSLA', '0000950170-22-000796')}, statement of cash flows: "Depreciation, amortization and impairment" 2,911 M is tagged with Tesla's own extension element tsla:DepreciationAmortizationAndImpairment (from 2018), which the SEC companyfacts API does not carry (it serves the standard taxonomies: https://www.sec.gov/search-filings/edgar-application-programming-interfaces). The standard concepts Tesla tags are parts of it (Depreciation 1,910 M, AmortizationOfIntangibleAssets 51 M), not its D&A, so the field is null`,
  },
  {
    check: 'published',
    company: 'TSLA',
    fiscal_year: 2021,
    fiscal_quarter: 'Q4',
    field: 'earnings_per_share_diluted',
    served: 2.03,
    published: 2.05,
    settledBy: `${TESLA_UPDATE}: Q4-2021 diluted EPS 2.05, i.e. about 1,132 M diluted shares for 2,321 M; Tesla's 10-K 2021 (${secFiling('TSLA', '0000950170-22-000796')}) tags no Q4 shares or EPS, so ${DERIVED_EPS_NOTE}. Tesla's annual diluted count, 1,129 M, is below the weighted average of its quarters (Q1 1,133, Q2 1,119, Q3 1,123 M and that 1,132 M give 1,127 M), so the derivation yields 1,141 M and 2,321 / 1,141 = 2.03. Subtracting EPS (4.90 − 0.39 − 1.02 − 1.44 = 2.05) would match here but matches only 15 of the 46 Q4 EPS that Apple's and NVIDIA's 10-Ks publish, where the derivation matches 39 (the derived-Q4-EPS check)`,
  },
  {
    check: 'published',
    company: 'TSLA',
    fiscal_year: 2020,
    fiscal_quarter: 'Q4',
    field: 'earnings_per_share_diluted',
    served: 0.23,
    published: 0.24,
    settledBy: `${TESLA_UPDATE}: Q4-2020 diluted EPS 0.24 (about 1,125 M shares for 270 M); ${DERIVED_EPS_NOTE}. As in 2021 Tesla's annual diluted count (1,083 M, 10-K 2021 ${secFiling('TSLA', '0000950170-22-000796')}) is below the weighted average of its quarters (994, 1,036, 1,105 M as restated for the 2020 split by its 2021 10-Qs), so the derivation yields 1,195.5 M and 0.23`,
  },

  // the 10-Ks' own Q4 figures against Q4 = FY − Q1 − Q2 − Q3
  rounding('NVDA', 2020, 'net_income', 951 * M, 950 * M, '0001045810-20-000010', NVDA_IN_MILLIONS),
  rounding('NVDA', 2019, 'net_income', 566 * M, 567 * M, '0001045810-19-000023', NVDA_IN_MILLIONS),
  rounding('NVDA', 2018, 'net_income', 1_119 * M, 1_118 * M, '0001045810-18-000010', NVDA_IN_MILLIONS),
  rounding('TSLA', 2019, 'total_revenue', 7_383_860_000, 7_384 * M, '0001564590-20-004475', TSLA_2019),
  rounding('TSLA', 2019, 'gross_profit', 1_391_211_000, 1_391 * M, '0001564590-20-004475', TSLA_2019),
  rounding('TSLA', 2019, 'net_income', 105_469_000, 105 * M, '0001564590-20-004475', TSLA_2019),
  rounding('TSLA', 2015, 'total_revenue', 1_214_380_000, 1_214_379_000, '0001564590-16-013195', TSLA_IN_THOUSANDS),
  rounding('TSLA', 2013, 'gross_profit', 156_591_000, 156_590_000, '0001193125-14-069681', TSLA_IN_THOUSANDS),
  rounding('TSLA', 2012, 'gross_profit', 23_856_000, 23_857_000, '0001193125-13-096241', TSLA_IN_THOUSANDS),
  rounding('TSLA', 2012, 'net_income', -89_933_000, -89_932_000, '0001193125-13-096241', TSLA_IN_THOUSANDS),
  rounding('TSLA', 2011, 'net_income', -81_489_000, -81_488_000, '0001193125-12-137560', TSLA_IN_THOUSANDS),
  rounding('TSLA', 2010, 'gross_profit', 11_322_000, 11_321_000, '0001193125-12-137560', TSLA_IN_THOUSANDS),
  rounding('TSLA', 2010, 'net_income', -51_357_000, -51_358_000, '0001193125-12-137560', TSLA_IN_THOUSANDS),

  // the derived Q4 EPS against the EPS the 10-Ks published for Q4
  nvidiaEps(2020, 'earnings_per_share_basic', 1.56, 1.55, '0001045810-20-000010', `${TOO_COARSE} (951 M / 610 M = 1.559)`),
  nvidiaEps(2019, 'earnings_per_share_diluted', 0.91, 0.92, '0001045810-19-000023', `${TOO_COARSE} (566 M / 622 M = 0.910)`),
  nvidiaEps(2018, 'earnings_per_share_basic', 1.85, 1.84, '0001045810-18-000010', `${TOO_COARSE} (1,119 M / 604 M = 1.853)`),
  nvidiaEps(2018, 'earnings_per_share_diluted', 1.79, 1.78, '0001045810-18-000010', `${TOO_COARSE} (1,119 M / 626 M = 1.788)`),
  nvidiaEps(
    2017,
    'earnings_per_share_diluted',
    0.92,
    0.99,
    '0001045810-17-000027',
    'NVIDIA\'s annual diluted count, 649 M, is above the weighted average of its quarters (599, 634, 653 M and the ≈ 662 M that 655 M / 0.99 implies: 637 M), so the derivation yields 710 M',
  ),
  nvidiaEps(
    2011,
    'earnings_per_share_diluted',
    0.28,
    0.29,
    '0001045810-11-000015',
    'Q2 was a loss (−141 M), whose diluted count is its basic one (antidilution, ASC 260-10-45-19 and 45-20), so the annual diluted count (588.7 M) is not the average of the quarters\' dilution: the derivation yields 608.3 M against the ≤ 593 M that 171.7 M / 0.29 implies',
  ),
  nvidiaEps(
    2010,
    'earnings_per_share_diluted',
    0.24,
    0.23,
    '0001045810-11-000015',
    'the year was a loss (−68.0 M), so its diluted count is its basic count (549.6 M, antidilution, ASC 260-10-45-19 and 45-20) and says nothing of Q4\'s dilution: the derivation falls back to the Q4 basic count, 557.5 M, and 131.1 M / 557.5 M = 0.235',
  ),
];
