import { endpoint } from '../lib/http/endpoint';
import { NoDataError } from '../lib/http/errors';
import { referenceData } from '../lib/reference/referenceData';
import { findPropertyTax, PROPERTY_TAX_FILE, type PropertyTaxFile } from '../lib/tax/propertyTax';
import { taxEndpoints } from '../lib/api/tax';

export const handler = endpoint(taxEndpoints.propertyTax, ({ params }) => {
  const results = findPropertyTax(referenceData<PropertyTaxFile>(PROPERTY_TAX_FILE), params);
  if (results.length === 0) throw new NoDataError('No property-tax estimates match this city, county, ZIP and state.');
  return results;
});
