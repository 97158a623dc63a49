import { endpoint } from '../lib/http/endpoint';
import { contractBySymbol, contractsByRoot } from '../lib/commodities/service';
import { commodityEndpoints } from '../lib/api/commodities';

export const handler = endpoint(commodityEndpoints.commodityContract, ({ params, now }) =>
  params.symbol !== undefined ? contractBySymbol(params.symbol, now) : contractsByRoot(params.symbol_root!, now),
);
