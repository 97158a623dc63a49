import { endpoint } from '../lib/http/endpoint';
import { mutualFund } from '../lib/funds/service';
import { fundEndpoints } from '../lib/api/funds';

export const handler = endpoint(fundEndpoints.mutualFund, ({ params, account, now }) => mutualFund(params.ticker, account, now));
