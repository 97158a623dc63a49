import { endpoint } from '../lib/http/endpoint';
import { currentRate } from '../lib/rates/service';
import { rateEndpoints } from '../lib/api/rates';

export const handler = endpoint(rateEndpoints.interestRate, ({ params, now }) => currentRate(params.rate, now));
