import { ingestionJob } from '../../lib/ingest/job';
import { ingestBars } from '../../lib/crypto/ingestion';
import { watchlistFrom } from '../../lib/crypto/symbols';
import { binanceClient } from '../../lib/sources/binance';
import { cryptoJobs } from '../../lib/api/crypto';

export const handler = ingestionJob(cryptoJobs.cryptoBars, (context) =>
  ingestBars(binanceClient(), watchlistFrom(process.env.CRYPTO_HISTORY_SYMBOLS), context),
);
