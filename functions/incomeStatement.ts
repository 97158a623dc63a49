import { endpoint } from '../lib/http/endpoint';
import { incomeStatement } from '../lib/filings/queries';
import { filingEndpoints } from '../lib/api/filings';

export const handler = endpoint(filingEndpoints.incomeStatement, ({ params, now }) => incomeStatement(params, now));
