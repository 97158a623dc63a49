import { endpoint } from '../lib/http/endpoint';
import { cryptoPrice } from '../lib/crypto/service';
import { cryptoEndpoints } from '../lib/api/crypto';

export const handler = endpoint(cryptoEndpoints.cryptoPrice, ({ params, account, now }) => cryptoPrice(params.symbol, account, now));
