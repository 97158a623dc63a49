import { endpoint } from '../lib/http/endpoint';
import { timeWindow } from '../lib/markets/timeSeries';
import { cryptoPriceHistory } from '../lib/crypto/service';
import { CRYPTO_HISTORY_DEFAULT_SPAN_SECONDS, cryptoEndpoints } from '../lib/api/crypto';

export const handler = endpoint(cryptoEndpoints.cryptoPriceHistorical, ({ params, account, now }) =>
  cryptoPriceHistory(
    {
      symbol: params.symbol,
      interval: params.interval,
      window: timeWindow(params, params.interval, now, CRYPTO_HISTORY_DEFAULT_SPAN_SECONDS),
      limit: params.limit,
    },
    account,
    now,
  ),
);
