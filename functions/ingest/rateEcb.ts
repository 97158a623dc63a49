import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { ecbDataClient } from '../../lib/sources/ecbData';
import { rateJobs } from '../../lib/api/rates';

export const handler = ingestionJob(rateJobs.rateEcb, (context) =>
  ingestRates(['estr'] as const, context, async (plan) => ({ estr: await ecbDataClient().estr(plan.estr.from, plan.estr.to) })),
);
