import { endpoint } from '../lib/http/endpoint';
import { commodityPriceHistory } from '../lib/commodities/service';
import { commodityEndpoints } from '../infra/endpoints/commodities';

export const handler = endpoint(commodityEndpoints.commodityPriceHistorical, ({ params, now }) => commodityPriceHistory(params, now));
