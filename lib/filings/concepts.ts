/**
 * Which XBRL concepts feed each income-statement field (SOURCES.md §7 concept map; spec 2.9 field list).
 * One concept serves a field for all five periods of a fiscal year (incomeStatements.ts): the one that covers
 * the most of the year's Q1, Q2, Q3 and fiscal-year figures, the first in the list on a tie (for
 * `depreciation_and_amortization` the largest, see below). Decisions:
 * - Only USD amounts (and USD/shares, shares) are read: a filer reporting in another currency gets nulls,
 *   since the API carries no currency field.
 * - `general_and_administrative` falls back to the combined SellingGeneralAndAdministrativeExpense when the
 *   filer reports only SG&A for the year's periods (Tesla; Apple, which splits G&A from selling and marketing
 *   in its 10-K from fiscal 2025 but not in its 10-Qs); `sales_and_marketing` is then null for that year
 *   rather than counted twice.
 *   AdvertisingExpense is not a fallback for sales and marketing (it is only a part of it).
 * - `stock_based_compensation` prefers the cash-flow add-back (ShareBasedCompensation), then the allocated expense.
 * - `depreciation_and_amortization` is the cash-flow statement's add-back. Filers tag it with any of three
 *   concepts and use the others for narrower note figures (Apple's FY2015 DepreciationAndAmortization 9.2 bn is
 *   its property depreciation, the cash-flow line DepreciationAmortizationAndAccretionNet 11,257 M; Tesla's
 *   2017 DepreciationDepletionAndAmortization 769.3 M against the cash-flow DepreciationAndAmortization
 *   1,636.0 M), so among the concepts with the best coverage the largest annual figure wins: the add-back
 *   includes what the notes split out. Depreciation and AmortizationOfIntangibleAssets are not read: they are
 *   parts, not the filer's D&A (Tesla FY2021: 1,910 + 51 M against the 10-K line of 2,911 M, which Tesla tags
 *   with its own extension element `tsla:DepreciationAmortizationAndImpairment`, absent from companyfacts).
 * - `tax_provision` is IncomeTaxExpenseBenefit, never IncomeTaxesPaidNet (cash paid).
 * - IFRS filers (ifrs-full taxonomy, e.g. 20-F filers such as LPA) are read with the ifrs-full concepts below;
 *   they file annual reports only, so they have fiscal-year statements and no quarters.
 */

export const INCOME_STATEMENT_FIELDS = [
  'total_revenue',
  'cost_of_revenue',
  'gross_profit',
  'operating_income',
  'net_income',
  'earnings_per_share_basic',
  'earnings_per_share_diluted',
  'weighted_average_shares_basic',
  'weighted_average_shares_diluted',
  'research_and_development',
  'sales_and_marketing',
  'general_and_administrative',
  'stock_based_compensation',
  'depreciation_and_amortization',
  'interest_expense',
  'tax_provision',
] as const;

export type IncomeStatementField = (typeof INCOME_STATEMENT_FIELDS)[number];
export type IncomeStatement = Record<IncomeStatementField, number | null>;

/** flow: an amount over the period (derivable by subtraction); perShare and shares: never subtracted. */
export type FieldKind = 'flow' | 'perShare' | 'shares';

export const FIELD_KIND: Record<IncomeStatementField, FieldKind> = {
  total_revenue: 'flow',
  cost_of_revenue: 'flow',
  gross_profit: 'flow',
  operating_income: 'flow',
  net_income: 'flow',
  earnings_per_share_basic: 'perShare',
  earnings_per_share_diluted: 'perShare',
  weighted_average_shares_basic: 'shares',
  weighted_average_shares_diluted: 'shares',
  research_and_development: 'flow',
  sales_and_marketing: 'flow',
  general_and_administrative: 'flow',
  stock_based_compensation: 'flow',
  depreciation_and_amortization: 'flow',
  interest_expense: 'flow',
  tax_provision: 'flow',
};

export const UNIT_OF_KIND: Record<FieldKind, string> = { flow: 'USD', perShare: 'USD/shares', shares: 'shares' };

export interface ConceptMap {
  taxonomy: 'us-gaap' | 'ifrs-full';
  concepts: Record<IncomeStatementField, string[]>;
}

/** The combined SG&A concept: when it serves `general_and_administrative`, `sales_and_marketing` is null (it is inside). */
export const COMBINED_SGA = 'SellingGeneralAndAdministrativeExpense';

/** Fields whose concepts overlap, where the most inclusive figure (the largest) is the one meant. */
export const LARGEST_WINS: ReadonlySet<IncomeStatementField> = new Set(['depreciation_and_amortization']);

export const US_GAAP_CONCEPTS: ConceptMap = {
  taxonomy: 'us-gaap',
  concepts: {
    total_revenue: [
      'Revenues',
      'RevenueFromContractWithCustomerExcludingAssessedTax',
      'RevenueFromContractWithCustomerIncludingAssessedTax',
      'SalesRevenueNet',
      'SalesRevenueGoodsNet',
      'RevenuesNetOfInterestExpense',
    ],
    cost_of_revenue: ['CostOfRevenue', 'CostOfGoodsAndServicesSold', 'CostOfGoodsSold', 'CostOfServices'],
    gross_profit: ['GrossProfit'],
    operating_income: ['OperatingIncomeLoss'],
    net_income: ['NetIncomeLoss', 'ProfitLoss', 'NetIncomeLossAvailableToCommonStockholdersBasic'],
    earnings_per_share_basic: ['EarningsPerShareBasic', 'EarningsPerShareBasicAndDiluted'],
    earnings_per_share_diluted: ['EarningsPerShareDiluted', 'EarningsPerShareBasicAndDiluted'],
    weighted_average_shares_basic: ['WeightedAverageNumberOfSharesOutstandingBasic', 'WeightedAverageNumberOfShareOutstandingBasicAndDiluted'],
    weighted_average_shares_diluted: ['WeightedAverageNumberOfDilutedSharesOutstanding', 'WeightedAverageNumberOfShareOutstandingBasicAndDiluted'],
    research_and_development: ['ResearchAndDevelopmentExpense', 'ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost'],
    sales_and_marketing: ['SellingAndMarketingExpense', 'SellingExpense', 'MarketingExpense'],
    general_and_administrative: ['GeneralAndAdministrativeExpense', 'SellingGeneralAndAdministrativeExpense'],
    stock_based_compensation: ['ShareBasedCompensation', 'AllocatedShareBasedCompensationExpense'],
    depreciation_and_amortization: ['DepreciationDepletionAndAmortization', 'DepreciationAndAmortization', 'DepreciationAmortizationAndAccretionNet'],
    interest_expense: ['InterestExpense', 'InterestExpenseNonoperating', 'InterestAndDebtExpense', 'InterestExpenseDebt'],
    tax_provision: ['IncomeTaxExpenseBenefit'],
  },
};

export const IFRS_CONCEPTS: ConceptMap = {
  taxonomy: 'ifrs-full',
  concepts: {
    total_revenue: ['Revenue', 'RevenueFromContractsWithCustomers'],
    cost_of_revenue: ['CostOfSales'],
    gross_profit: ['GrossProfit'],
    operating_income: ['ProfitLossFromOperatingActivities'],
    net_income: ['ProfitLossAttributableToOwnersOfParent', 'ProfitLoss'],
    earnings_per_share_basic: ['BasicEarningsLossPerShare'],
    earnings_per_share_diluted: ['DilutedEarningsLossPerShare'],
    weighted_average_shares_basic: ['WeightedAverageShares'],
    weighted_average_shares_diluted: ['AdjustedWeightedAverageShares'],
    research_and_development: ['ResearchAndDevelopmentExpense'],
    sales_and_marketing: ['SellingExpense', 'DistributionCosts'],
    general_and_administrative: ['AdministrativeExpense', 'GeneralAndAdministrativeExpense', 'SellingGeneralAndAdministrativeExpense'],
    stock_based_compensation: ['ExpenseFromSharebasedPaymentTransactionsWithEmployees', 'AdjustmentsForSharebasedPayments'],
    depreciation_and_amortization: ['DepreciationAndAmortisationExpense', 'AdjustmentsForDepreciationAndAmortisationExpense', 'DepreciationExpense'],
    interest_expense: ['InterestExpense', 'FinanceCosts'],
    tax_provision: ['IncomeTaxExpenseContinuingOperations'],
  },
};

/** The fields whose facts define which periods a filer reported. */
export const PERIOD_ANCHORS: readonly IncomeStatementField[] = ['total_revenue', 'net_income'];
