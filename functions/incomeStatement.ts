import { endpoint } from '../lib/http/endpoint';
import { incomeStatement } from '../lib/filings/queries';
import { filingEndpoints } from '../infra/endpoints/filings';

export const handler = endpoint(filingEndpoints.incomeStatement, ({ params, now }) => incomeStatement(params, now));
