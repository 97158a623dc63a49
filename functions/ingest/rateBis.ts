import { ingestionJob } from '../../lib/ingest/job';
import { CENTRAL_BANKS, CENTRAL_BANK_COUNTRIES, centralBankId, type CentralBankId } from '../../lib/rates/catalogue';
import { ingestRates, yearWindows } from '../../lib/rates/ingest';
import type { RateObservation } from '../../lib/rates/observation';
import { bisClient } from '../../lib/sources/bis';
import { rateJobs } from '../../lib/api/rates';

/** Years per BIS request: the first backfill (22 areas × daily since 2000) is fetched in 5-year slices. */
const WINDOW_YEARS = 5;

/**
 * Daily policy rates of the 22 areas in one SDMX key per window. On a first run (backfill), an area the daily
 * series give nothing for is read from BIS's monthly series instead (end-of-month values, one request).
 */
export const handler = ingestionJob(rateJobs.rateBis, (context) =>
  ingestRates(CENTRAL_BANK_COUNTRIES.map(centralBankId), context, async (plan) => {
    const bis = bisClient();
    const areas = CENTRAL_BANK_COUNTRIES.map((c) => CENTRAL_BANKS[c].area);
    const from = Object.values(plan).reduce((earliest, w) => (w.from < earliest ? w.from : earliest), plan.central_bank_us.from);
    const to = plan.central_bank_us.to;
    const byArea: Record<string, RateObservation[]> = Object.fromEntries(areas.map((a) => [a, []]));
    for (const window of yearWindows(from, to, WINDOW_YEARS)) {
      const answer = await bis.policyRates(areas, window.from, window.to);
      for (const area of areas) byArea[area]!.push(...(answer[area] ?? []));
    }
    const lacking = CENTRAL_BANK_COUNTRIES.filter((c) => plan[centralBankId(c)].backfill && byArea[CENTRAL_BANKS[c].area]!.length === 0).map((c) => CENTRAL_BANKS[c].area);
    if (lacking.length > 0) {
      const monthly = await bis.policyRates(lacking, from, to, 'M');
      for (const area of lacking) byArea[area]!.push(...(monthly[area] ?? []));
    }
    return Object.fromEntries(CENTRAL_BANK_COUNTRIES.map((c) => [centralBankId(c), byArea[CENTRAL_BANKS[c].area]!])) as Record<CentralBankId, RateObservation[]>;
  }),
);
