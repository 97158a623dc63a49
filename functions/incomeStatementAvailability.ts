import { endpoint } from '../lib/http/endpoint';
import { incomeStatementAvailability } from '../lib/filings/queries';
import { filingEndpoints } from '../lib/api/filings';

export const handler = endpoint(filingEndpoints.incomeStatementAvailability, ({ params, now }) => incomeStatementAvailability(params, now));
