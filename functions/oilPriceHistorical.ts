import { endpoint } from '../lib/http/endpoint';
import { oilPriceHistory } from '../lib/oil/service';
import { commodityEndpoints } from '../lib/api/commodities';

export const handler = endpoint(commodityEndpoints.oilPriceHistorical, ({ params, now }) => oilPriceHistory(params, now));
