import { endpoint } from '../lib/http/endpoint';
import { stockHistory } from '../lib/stocks/stockHistory';
import { stockEndpoints } from '../lib/api/stocks';

export const handler = endpoint(stockEndpoints.stockPriceHistorical, ({ params, account, now }) => stockHistory(params, account, now));
