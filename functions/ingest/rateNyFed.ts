import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { nyFedClient } from '../../lib/sources/nyfed';
import { rateJobs } from '../../lib/api/rates';

export const handler = ingestionJob(rateJobs.rateNyFed, (context) =>
  ingestRates(['sofr', 'effr'] as const, context, async (plan) => {
    const nyfed = nyFedClient();
    return {
      sofr: await nyfed.rates('sofr', plan.sofr.from, plan.sofr.to),
      effr: await nyfed.rates('effr', plan.effr.from, plan.effr.to),
    };
  }),
);
