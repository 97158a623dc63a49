import { endpoint } from '../lib/http/endpoint';
import { mutualFund } from '../lib/funds/service';
import { fundEndpoints } from '../infra/endpoints/funds';

export const handler = endpoint(fundEndpoints.mutualFund, ({ params, account, now }) => mutualFund(params.ticker, account, now));
