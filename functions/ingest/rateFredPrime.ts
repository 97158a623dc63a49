import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { fredClient } from '../../lib/sources/fred';
import { rateJobs } from '../../lib/api/rates';

/** FRED DPRIME (one request; the shared FRED client paces to 2 requests/s). Missing values ('.') are skipped. */
export const handler = ingestionJob(rateJobs.rateFredPrime, (context) =>
  ingestRates(['prime_us'] as const, context, async (plan) => {
    const observations = await fredClient().observations('DPRIME', plan.prime_us.from, plan.prime_us.to);
    return { prime_us: observations.flatMap((o) => (o.value === null ? [] : [{ date: o.date, rate_pct: o.value }])) };
  }),
);
