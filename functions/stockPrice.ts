import { endpoint } from '../lib/http/endpoint';
import { ACCESS } from '../lib/http/plans';
import { stockPrice } from '../lib/stocks/stockPrice';
import { stockEndpoints } from '../lib/api/stocks';

export const handler = endpoint(stockEndpoints.stockPrice, ({ params, account, now }) => stockPrice(params.ticker, ACCESS.premium.allows(account), now));
