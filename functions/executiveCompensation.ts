import { endpoint } from '../lib/http/endpoint';
import { executiveCompensation } from '../lib/filings/queries';
import { filingEndpoints } from '../lib/api/filings';

export const handler = endpoint(filingEndpoints.executiveCompensation, ({ params, account, now }) => executiveCompensation(params, account, now));
