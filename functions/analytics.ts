import { usageReport } from '../lib/accounts/usageReport';
import { endpoint } from '../lib/http/endpoint';
import { endpoints } from '../infra/registry';

export const handler = endpoint(endpoints.analytics, ({ account, apiKey, now }) => usageReport(account, apiKey, now));
