import { endpoint } from '../lib/http/endpoint';
import { ACCESS } from '../lib/http/plans';
import { referenceData } from '../lib/reference/referenceData';
import { incomeTaxTables, parseRegions } from '../lib/tax/incomeTaxTables';
import { TAX_TABLES_FILE, type TaxTablesFile } from '../lib/tax/tables';
import { taxEndpoints } from '../lib/api/tax';

export const handler = endpoint(taxEndpoints.incomeTax, ({ params, account }) =>
  incomeTaxTables(referenceData<TaxTablesFile>(TAX_TABLES_FILE), {
    country: params.country === 'us' ? 'US' : 'CA',
    year: params.year,
    regions: params.regions === undefined ? undefined : parseRegions(params.regions),
    premium: ACCESS.premium.allows(account),
  }),
);
