import { ingestionJob } from '../../lib/ingest/job';
import { ingestSymbols } from '../../lib/crypto/ingestion';
import { binanceClient } from '../../lib/sources/binance';
import { cryptoJobs } from '../../lib/api/crypto';

export const handler = ingestionJob(cryptoJobs.cryptoSymbols, (context) => ingestSymbols(binanceClient(), context));
