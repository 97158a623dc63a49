import { endpoint } from '../lib/http/endpoint';
import { commodityPriceHistory } from '../lib/commodities/service';
import { commodityEndpoints } from '../lib/api/commodities';

export const handler = endpoint(commodityEndpoints.commodityPriceHistorical, ({ params, now }) => commodityPriceHistory(params, now));
