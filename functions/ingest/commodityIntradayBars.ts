import { ingestionJob } from '../../lib/ingest/job';
import { ingestIntradayBars } from '../../lib/commodities/ingest';
import { yahooFuturesClient } from '../../lib/commodities/client';
import { commodityJobs } from '../../lib/api/commodities';

export const handler = ingestionJob(commodityJobs.commodityIntradayBars, (context) => ingestIntradayBars(yahooFuturesClient(), context));
