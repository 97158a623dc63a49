import { getRecord, putRecords, type Stored, type WriteContext } from '../store/marketData';

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

export const FX_DAILY_COLLECTION = 'fx-ecb-daily';
export const FX_LATEST_COLLECTION = 'fx-ecb-latest';
const LATEST_ID = 'EUR';

/** Writes every day's rates and the newest day as `latest` (idempotent: same days, same items). */
export async function putReferenceRates(days: readonly ReferenceRates[], context: WriteContext): Promise<void> {
  if (days.length === 0) return;
  await putRecords(FX_DAILY_COLLECTION, days.map((day) => ({ id: day.date, value: day })), context);
  const newest = days.reduce((a, b) => (b.date > a.date ? b : a));
  const current = await getRecord<ReferenceRates>(FX_LATEST_COLLECTION, LATEST_ID, context.now);
  // an older re-publication (a backfill) never replaces a newer latest
  if (current && current.value.date > newest.date) return;
  await putRecords(FX_LATEST_COLLECTION, [{ id: LATEST_ID, value: newest }], context);
}

export function latestReferenceRates(now: Date): Promise<Stored<ReferenceRates> | undefined> {
  return getRecord<ReferenceRates>(FX_LATEST_COLLECTION, LATEST_ID, now);
}

export function referenceRatesOn(date: string, now: Date): Promise<Stored<ReferenceRates> | undefined> {
  return getRecord<ReferenceRates>(FX_DAILY_COLLECTION, date, now);
}
