/**
 * The one list of differences between the served income-tax tables and the independent references
 * (test/tax/crossCheck.ts) that are accepted, each with the publication that settles it. A difference not
 * listed here fails the cross-check (except, for 2026, on tables served as `estimated`); an entry that no
 * longer matches a difference fails too, so the list stays exact. An entry matches on year, table, field,
 * filing status and both values: if either side changes, it has to be looked at again.
 */
import type { UsFilingStatus } from '../../lib/tax/types';

export interface AcceptedDifference {
  years: number[];
  /** 'US federal', 'US KS', 'CA NB' */
  table: string;
  /** omitted: every filing status (or a Canadian table) */
  statuses?: UsFilingStatus[];
  /** as in crossCheck's Difference: 'threshold 1', 'rate 0', 'standard_deduction', … */
  field: string;
  served: number;
  reference: number;
  /** the publication that settles it (title and URL) and why the reference differs */
  settledBy: string;
  /** the publication that would settle it could not be read: kept, marked in the table's source, to be settled */
  unsettled?: true;
}

const NOT_JOINT: UsFilingStatus[] = ['single', 'married_separate', 'head_of_household'];

export const ACCEPTED_DIFFERENCES: readonly AcceptedDifference[] = [
  {
    years: [2022],
    table: 'US federal',
    statuses: ['single'],
    field: 'threshold 6',
    served: 539900,
    reference: 539000,
    settledBy:
      'IRS Rev. Proc. 2021-45 §3.01 Table 3 (unmarried individuals): 37 % over $539,900, https://www.irs.gov/pub/irs-drop/rp-21-45.pdf; the reference has 539,000 for single filers (its head-of-household value is 539,900)',
  },
  ...[
    { statuses: NOT_JOINT, served: 23000, reference: 23001 },
    { statuses: ['married'] as UsFilingStatus[], served: 46000, reference: 46001 },
  ].map(({ statuses, served, reference }) => ({
    years: [2024, 2025, 2026],
    table: 'US KS',
    statuses,
    field: 'threshold 1',
    served,
    reference,
    settledBy:
      'K.S.A. 79-32,110(a) as amended by 2024 Senate Bill 1 (special session), Kansas Department of Revenue K-40 instructions, tax computation schedules, https://www.ksrevenue.gov/: 5.2 % on taxable income not over $23,000 ($46,000 joint), 5.58 % on the excess. Not a disagreement on the law: the reference writes "over $23,000" as a bracket starting at $23,001; a bracket over a minimum starts at 23,000',
  })),
  {
    years: [2024],
    table: 'US MN',
    statuses: ['single'],
    field: 'threshold 2',
    served: 104090,
    reference: 104690,
    settledBy:
      'Minnesota Department of Revenue, 2024 Form M1 instructions, tax rate schedules (single: 7.85 % over $104,090), https://www.revenue.state.mn.us/minnesota-income-tax-rates-and-brackets; the reference\'s SOURCE.md records its 104,690 as wrong ("the state is right")',
  },
  {
    years: [2024],
    table: 'US MN',
    statuses: ['head_of_household'],
    field: 'threshold 1',
    served: 39010,
    reference: 39690,
    settledBy:
      'Minnesota Department of Revenue, 2024 Form M1 instructions, tax rate schedules (head of household: 6.8 % over $39,010), https://www.revenue.state.mn.us/minnesota-income-tax-rates-and-brackets; the reference\'s SOURCE.md records its 39,690 as wrong',
  },
  {
    years: [2024],
    table: 'US NH',
    field: 'rate 0',
    served: 0,
    reference: 0.03,
    settledBy:
      'RSA 77:1–77:4 (New Hampshire Interest and Dividends Tax, 3 % for 2024, repealed from 2025 by 2023 HB 2), https://www.revenue.nh.gov/: New Hampshire taxes no wage income. Not a disagreement on the law: the reference\'s rate is the interest-and-dividends tax, which the service does not model (its tables are for wage income)',
  },
  ...[
    { statuses: ['single', 'head_of_household'] as UsFilingStatus[], field: 'threshold 2', served: 50480, reference: 51130 },
    { statuses: ['married'] as UsFilingStatus[], field: 'threshold 2', served: 67300, reference: 68170 },
    { statuses: ['married_separate'] as UsFilingStatus[], field: 'threshold 2', served: 33650, reference: 34090 },
    { statuses: ['married_separate'] as UsFilingStatus[], field: 'standard_deduction', served: 11920, reference: 11930 },
  ].map(
    ({ statuses, field, served, reference }): AcceptedDifference => ({
      years: [2025],
      table: 'US WI',
      statuses,
      field,
      served,
      reference,
      unsettled: true,
      settledBy:
        'UNSETTLED. Served: Wisconsin Department of Revenue, Wisconsin Tax Bulletin 230 (July 2025), as reported by EY Tax News 2025-1727 (https://taxnews.ey.com/news/2025-1727): 2025 Wisconsin Act 15 extends the 4.4 % rate to $50,480 (single) and $67,300 (joint), married separate half of joint; the married-separate standard deduction is 2024\'s $11,630 indexed like the other 2025 maximums. The reference cites the DOR\'s 2025 Form 1 instructions (pp. 35, 38: 51,130 / 68,170 / 34,090, 11,930), https://www.revenue.wi.gov/TaxForms2025/2025-Form1-inst.pdf, which could not be read here: settle from it',
    }),
  ),
];
