import { usageReport } from '../lib/accounts/usageReport';
import { endpoint } from '../lib/http/endpoint';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.analytics, ({ account, apiKey, now }) => usageReport(account, apiKey, now));
