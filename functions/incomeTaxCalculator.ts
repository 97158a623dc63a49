import { endpoint } from '../lib/http/endpoint';
import { ACCESS } from '../lib/http/plans';
import { referenceData } from '../lib/reference/referenceData';
import { incomeTaxCalculation } from '../lib/tax/calculatorQuery';
import { TAX_TABLES_FILE, type TaxTablesFile } from '../lib/tax/tables';
import { taxEndpoints } from '../lib/api/tax';

export const handler = endpoint(taxEndpoints.incomeTaxCalculator, ({ params, account }) =>
  incomeTaxCalculation(referenceData<TaxTablesFile>(TAX_TABLES_FILE), {
    country: params.country === 'us' ? 'US' : 'CA',
    region: params.region.toUpperCase(),
    income: params.income,
    taxYear: params.tax_year,
    filingStatus: params.filing_status,
    deductions: params.deductions,
    credits: params.credits,
    selfEmployed: params.self_employed,
    premium: ACCESS.premium.allows(account),
  }),
);
