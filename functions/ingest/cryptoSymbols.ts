import { ingestionJob } from '../../lib/ingest/job';
import { ingestSymbols } from '../../lib/crypto/ingestion';
import { binanceClient } from '../../lib/sources/binance';
import { cryptoJobs } from '../../infra/endpoints/crypto';

export const handler = ingestionJob(cryptoJobs.cryptoSymbols, (context) => ingestSymbols(binanceClient(), context));
