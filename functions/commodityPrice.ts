import { endpoint } from '../lib/http/endpoint';
import { commodityPrice } from '../lib/commodities/service';
import { commodityEndpoints } from '../lib/api/commodities';

export const handler = endpoint(commodityEndpoints.commodityPrice, ({ params, account, now }) => commodityPrice(params.name, account, now));
