import { endpoint } from '../lib/http/endpoint';
import { contractList } from '../lib/commodities/service';
import { commodityEndpoints } from '../lib/api/commodities';

export const handler = endpoint(commodityEndpoints.commodityContractList, ({ now }) => contractList(now));
