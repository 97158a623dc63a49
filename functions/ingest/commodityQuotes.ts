import { ingestionJob } from '../../lib/ingest/job';
import { ingestFrontMonthQuotes } from '../../lib/commodities/ingest';
import { yahooFuturesClient } from '../../lib/commodities/client';
import { commodityJobs } from '../../infra/endpoints/commodities';

export const handler = ingestionJob(commodityJobs.commodityQuotes, (context) => ingestFrontMonthQuotes(yahooFuturesClient(), context));
