import { ingestionJob } from '../../lib/ingest/job';
import { putReferenceRates } from '../../lib/fx/referenceRates';
import { ecbClient } from '../../lib/sources/ecb';
import { energyJobs } from '../../lib/api/energy';

/**
 * ECB euro foreign exchange reference rates: the 90-day file, so a missed run or the first run fills the
 * gap. Everything is parsed and checked (every day has a USD rate) before anything is written.
 */
export const handler = ingestionJob(energyJobs.fxRates, async (context) => {
  const days = await ecbClient().last90Days();
  await putReferenceRates(
    days.map((day) => ({ date: day.date, base: 'EUR' as const, rates: day.rates })),
    context,
  );
  return { written: days.length, notes: [`latest reference date ${days[0]!.date}`] };
});
