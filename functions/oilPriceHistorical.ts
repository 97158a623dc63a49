import { endpoint } from '../lib/http/endpoint';
import { oilPriceHistory } from '../lib/energy/oilPrice';
import { commodityEndpoints } from '../lib/api/commodities';

export const handler = endpoint(commodityEndpoints.oilPriceHistorical, ({ params, now }) => oilPriceHistory(params, now));
