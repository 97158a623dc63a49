import { ingestionJob } from '../../lib/ingest/job';
import { ingestContracts } from '../../lib/commodities/ingest';
import { yahooFuturesClient } from '../../lib/commodities/client';
import { commodityJobs } from '../../infra/endpoints/commodities';

export const handler = ingestionJob(commodityJobs.commodityContracts, (context) => ingestContracts(yahooFuturesClient(), context));
