import { endpoint } from '../lib/http/endpoint';
import { cryptoSymbols } from '../lib/crypto/service';
import { cryptoEndpoints } from '../lib/api/crypto';

export const handler = endpoint(cryptoEndpoints.cryptoSymbols, ({ now }) => cryptoSymbols(now));
