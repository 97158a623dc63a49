import { ingestionJob } from '../../lib/ingest/job';
import { ingestPrices } from '../../lib/crypto/ingestion';
import { binanceClient } from '../../lib/sources/binance';
import { cryptoJobs } from '../../lib/api/crypto';

export const handler = ingestionJob(cryptoJobs.cryptoPrices, (context) => ingestPrices(binanceClient(), context));
