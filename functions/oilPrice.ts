import { endpoint } from '../lib/http/endpoint';
import { oilPrices } from '../lib/energy/oilPrice';
import { commodityEndpoints } from '../lib/api/commodities';

export const handler = endpoint(commodityEndpoints.oilPrice, ({ params, account, now }) => oilPrices(params, account, now));
