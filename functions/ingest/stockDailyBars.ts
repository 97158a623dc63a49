import { ingestionJob } from '../../lib/ingest/job';
import { ingestDailyBars } from '../../lib/stocks/jobs';
import { stockJobs } from '../../lib/api/stocks';

export const handler = ingestionJob(stockJobs.stockDailyBars, ingestDailyBars);
