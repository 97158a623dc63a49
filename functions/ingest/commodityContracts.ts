import { ingestionJob } from '../../lib/ingest/job';
import { ingestContracts } from '../../lib/commodities/ingest';
import { yahooFuturesClient } from '../../lib/commodities/client';
import { commodityJobs } from '../../lib/api/commodities';

export const handler = ingestionJob(commodityJobs.commodityContracts, (context) => ingestContracts(yahooFuturesClient(), context));
