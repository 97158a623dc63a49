import { endpoint } from '../lib/http/endpoint';
import { lookupPropertyTax } from '../lib/tax/propertyTax';
import { taxEndpoints } from '../lib/api/tax';

export const handler = endpoint(taxEndpoints.propertyTax, ({ params }) => lookupPropertyTax(params));
