import { ingestionJob } from '../../lib/ingest/job';
import { ingestQuotes } from '../../lib/stocks/jobs';
import { stockJobs } from '../../lib/api/stocks';

export const handler = ingestionJob(stockJobs.stockQuotes, ingestQuotes);
