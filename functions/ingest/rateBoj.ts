import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { bojClient } from '../../lib/sources/boj';
import { rateJobs } from '../../lib/api/rates';

/** TONA from the stat-search API; the short-term prime rate from the Bank's prime-rate table (one page, full history). */
export const handler = ingestionJob(rateJobs.rateBoj, (context) =>
  ingestRates(['tona', 'prime_jp'] as const, context, async (plan) => {
    const boj = bojClient();
    return { tona: await boj.tona(plan.tona.from, plan.tona.to), prime_jp: await boj.shortTermPrime() };
  }),
);
