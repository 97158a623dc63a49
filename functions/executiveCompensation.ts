import { endpoint } from '../lib/http/endpoint';
import { executiveCompensation } from '../lib/filings/queries';
import { filingEndpoints } from '../infra/endpoints/filings';

export const handler = endpoint(filingEndpoints.executiveCompensation, ({ params, account, now }) => executiveCompensation(params, account, now));
