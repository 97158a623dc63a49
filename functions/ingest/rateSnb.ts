import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { snbClient } from '../../lib/sources/snb';
import { rateJobs } from '../../lib/api/rates';

export const handler = ingestionJob(rateJobs.rateSnb, (context) =>
  ingestRates(['saron'] as const, context, async (plan) => ({ saron: await snbClient().saron(plan.saron.from, plan.saron.to) })),
);
