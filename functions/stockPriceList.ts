import { endpoint } from '../lib/http/endpoint';
import { stockList } from '../lib/stocks/stockList';
import { stockEndpoints } from '../lib/api/stocks';

export const handler = endpoint(stockEndpoints.stockPriceList, ({ params, now }) => stockList(params.offset, params.limit, now));
