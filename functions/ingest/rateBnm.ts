import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { utcDate } from '../../lib/time/calendarDate';
import { bnmClient } from '../../lib/sources/bnm';
import { rateJobs } from '../../lib/api/rates';

/** BNM lists current rates only: the median is stored under the day it was read (UTC). */
export const handler = ingestionJob(rateJobs.rateBnm, (context) =>
  ingestRates(['base_lending_my'] as const, context, async () => {
    const { median } = await bnmClient().baseLendingRates();
    return { base_lending_my: [{ date: utcDate(context.now), rate_pct: median }] };
  }),
);
