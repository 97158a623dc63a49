/**
 * Shapes of the income-tax tables (CONTRACT "/v2/incometax inner objects"). Amounts in the country's
 * currency, rates as decimals (0.22); `max` is null on the top bracket.
 */
export const US_FILING_STATUSES = ['single', 'married', 'married_separate', 'head_of_household'] as const;
export type UsFilingStatus = (typeof US_FILING_STATUSES)[number];

export interface Bracket {
  min: number;
  max: number | null;
  rate: number;
}

/** US federal or state table: brackets and standard deduction per filing status. */
export interface UsTaxTable {
  brackets: Record<UsFilingStatus, Bracket[]>;
  standard_deduction: Record<UsFilingStatus, number>;
}

/** Canadian federal or provincial/territorial table. */
export interface CaTaxTable {
  brackets: Bracket[];
  basic_personal_amount: number;
}

/** A regional table as written from an official publication, with the publication it was written from. */
export interface SourcedTable<T> {
  table: T;
  /** title and URL of the official publication the figures come from */
  source: string;
}
