import { endpoint } from '../lib/http/endpoint';
import { cryptoPrice } from '../lib/crypto/service';
import { cryptoEndpoints } from '../lib/api/crypto';

export const handler = endpoint(cryptoEndpoints.cryptoPrice, ({ params, now }) => cryptoPrice(params.symbol, now));
