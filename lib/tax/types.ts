/**
 * Shapes of the income-tax tables (CONTRACT "/v2/incometax inner objects"). Amounts in the country's
 * currency, rates as decimals (0.22); `max` is null on the top bracket; `base`, where the law states one,
 * is the tax owed at `min` (tax above min = base + rate × (income − min)).
 */
export const US_FILING_STATUSES = ['single', 'married', 'married_separate', 'head_of_household'] as const;
export type UsFilingStatus = (typeof US_FILING_STATUSES)[number];

export interface Bracket {
  min: number;
  max: number | null;
  rate: number;
  /**
   * Tax owed at `min` where the law states a fixed amount there (Ohio: "$360.69 plus 2.75 % of the excess
   * over $26,050"); absent, the tax owed at `min` is what the brackets below it add up to.
   */
  base?: number;
}

/** US federal or state table: brackets and standard deduction per filing status. */
export interface UsTaxTable {
  brackets: Record<UsFilingStatus, Bracket[]>;
  standard_deduction: Record<UsFilingStatus, number>;
  /** true when some figure is not yet published and was estimated (indexed by an assumed rate, assumed unchanged) */
  estimated?: true;
}

/** Canadian federal or provincial/territorial table. */
export interface CaTaxTable {
  brackets: Bracket[];
  basic_personal_amount: number;
  /** as on UsTaxTable */
  estimated?: true;
}

/** A regional table as written from an official publication, with the publication it was written from. */
export interface SourcedTable<T> {
  table: T;
  /** title and URL of the official publication the figures come from */
  source: string;
}
