import { endpoint } from '../lib/http/endpoint';
import { historyBounds } from '../lib/rates/paging';
import { rateHistoryPage } from '../lib/rates/service';
import { rateEndpoints } from '../lib/api/rates';

export const handler = endpoint(rateEndpoints.interestRateHistorical, ({ params, now }) =>
  rateHistoryPage(params.rate, { ...historyBounds(params), page: params.page }, now),
);
