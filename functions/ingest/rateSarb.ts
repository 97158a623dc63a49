import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { sarbClient } from '../../lib/sources/sarb';
import { rateJobs } from '../../lib/api/rates';

export const handler = ingestionJob(rateJobs.rateSarb, (context) =>
  ingestRates(['prime_za'] as const, context, async () => ({ prime_za: [await sarbClient().prime()] })),
);
