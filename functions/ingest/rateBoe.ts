import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { boeClient } from '../../lib/sources/boe';
import { rateJobs } from '../../lib/api/rates';

export const handler = ingestionJob(rateJobs.rateBoe, (context) =>
  ingestRates(['sonia'] as const, context, async (plan) => ({ sonia: await boeClient().sonia(plan.sonia.from, plan.sonia.to) })),
);
