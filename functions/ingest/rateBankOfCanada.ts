import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { VALET_SERIES } from '../../lib/rates/publishers';
import { bankOfCanadaClient } from '../../lib/sources/bankOfCanada';
import { rateJobs } from '../../lib/api/rates';

export const handler = ingestionJob(rateJobs.rateBankOfCanada, (context) =>
  ingestRates(['corra', 'prime_ca'] as const, context, async (plan) => {
    const valet = bankOfCanadaClient();
    return {
      corra: await valet.observations(VALET_SERIES.corra, plan.corra.from, plan.corra.to),
      prime_ca: await valet.observations(VALET_SERIES.prime, plan.prime_ca.from, plan.prime_ca.to),
    };
  }),
);
