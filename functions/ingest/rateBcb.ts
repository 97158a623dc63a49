import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates, yearWindows } from '../../lib/rates/ingest';
import type { RateObservation } from '../../lib/rates/observation';
import { BCB_MAX_YEARS, TJLP_SERIES } from '../../lib/rates/publishers';
import { bcbClient } from '../../lib/sources/bcb';
import { rateJobs } from '../../lib/api/rates';

/** TJLP (prime_br) from SGS; the first backfill from 2011 is cut into the 10-year windows SGS allows. */
export const handler = ingestionJob(rateJobs.rateBcb, (context) =>
  ingestRates(['prime_br'] as const, context, async (plan) => {
    const bcb = bcbClient();
    const observations: RateObservation[] = [];
    for (const window of yearWindows(plan.prime_br.from, plan.prime_br.to, BCB_MAX_YEARS)) {
      observations.push(...(await bcb.series(TJLP_SERIES, window.from, window.to)));
    }
    return { prime_br: observations };
  }),
);
