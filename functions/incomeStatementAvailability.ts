import { endpoint } from '../lib/http/endpoint';
import { incomeStatementAvailability } from '../lib/filings/queries';
import { filingEndpoints } from '../infra/endpoints/filings';

export const handler = endpoint(filingEndpoints.incomeStatementAvailability, ({ params, now }) => incomeStatementAvailability(params, now));
