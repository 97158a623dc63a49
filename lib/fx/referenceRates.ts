import { recordCollection, type Stored, type WriteContext } from '../store/collections';

/**
 * The ECB euro foreign exchange reference rates as stored by the `fxRates` job: one record per
 * publication date (collection `fx-ecb-daily`, id YYYY-MM-DD) and a copy of the newest one
 * (collection `fx-ecb-latest`, id `EUR`) so that a conversion is one read.
 * `rates` are units of each currency per 1 EUR, as the ECB publishes them.
 */
export interface ReferenceRates {
  /** YYYY-MM-DD, the ECB publication (reference) date */
  date: string;
  base: 'EUR';
  /** currency code → units per 1 EUR */
  rates: Record<string, number>;
}

const LATEST_ID = 'EUR';
const dailyRates = recordCollection<ReferenceRates>('fx-ecb-daily', { id: (day) => day.date });
const latestRates = recordCollection<ReferenceRates>('fx-ecb-latest', { id: () => LATEST_ID });

/** Writes every day's rates and the newest day as `latest` (idempotent: same days, same items). */
export async function putReferenceRates(days: readonly ReferenceRates[], context: WriteContext): Promise<void> {
  if (days.length === 0) return;
  await dailyRates.put(days, context);
  const newest = days.reduce((a, b) => (b.date > a.date ? b : a));
  const current = await latestRates.get(LATEST_ID, context.now);
  // an older re-publication (a backfill) never replaces a newer latest
  if (current && current.value.date > newest.date) return;
  await latestRates.put([newest], context);
}

export function latestReferenceRates(now: Date): Promise<Stored<ReferenceRates> | undefined> {
  return latestRates.get(LATEST_ID, now);
}

export function referenceRatesOn(date: string, now: Date): Promise<Stored<ReferenceRates> | undefined> {
  return dailyRates.get(date, now);
}
