import { ingestionJob } from '../../lib/ingest/job';
import { ingestTickerList } from '../../lib/stocks/jobs';
import { stockJobs } from '../../lib/api/stocks';

export const handler = ingestionJob(stockJobs.stockTickers, ingestTickerList);
