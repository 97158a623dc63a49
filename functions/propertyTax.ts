import { endpoint } from '../lib/http/endpoint';
import { referenceData } from '../lib/reference/referenceData';
import { findPropertyTax, PROPERTY_TAX_FILE, type PropertyTaxFile } from '../lib/tax/propertyTax';
import { taxEndpoints } from '../lib/api/tax';

export const handler = endpoint(taxEndpoints.propertyTax, ({ params }) => {
  return findPropertyTax(referenceData<PropertyTaxFile>(PROPERTY_TAX_FILE), params);
});
