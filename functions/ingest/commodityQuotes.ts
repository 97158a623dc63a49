import { ingestionJob } from '../../lib/ingest/job';
import { ingestFrontMonthQuotes } from '../../lib/commodities/ingest';
import { yahooFuturesClient } from '../../lib/commodities/client';
import { commodityJobs } from '../../lib/api/commodities';

export const handler = ingestionJob(commodityJobs.commodityQuotes, (context) => ingestFrontMonthQuotes(yahooFuturesClient(), context));
