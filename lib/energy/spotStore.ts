import { getRecords, putRecords, type Stored, type WriteContext } from '../store/marketData';
import type { Benchmark } from './benchmarks';
import type { SpotObservation, SpotQuote } from './spot';

/**
 * Where the `oilSpot` job keeps spot prices (market table, records):
 *
 * | collection | id | value |
 * |---|---|---|
 * | `oil-spot-daily-<benchmark>` | YYYY-MM-DD (trading day) | `SpotObservation` |
 * | `oil-spot-latest` | benchmark | `SpotQuote` |
 *
 * /v1/oilspot reads only `oil-spot-latest` (one BatchGet for a whole batch); the daily history is kept
 * for revisions and later use.
 */
export const SPOT_LATEST_COLLECTION = 'oil-spot-latest';
export const spotDailyCollection = (benchmark: Benchmark) => `oil-spot-daily-${benchmark}`;

export function storedSpotQuotes(benchmarks: readonly Benchmark[], now: Date): Promise<Map<string, Stored<SpotQuote>>> {
  return getRecords<SpotQuote>(SPOT_LATEST_COLLECTION, benchmarks, now);
}

export async function putSpotDays(benchmark: Benchmark, days: readonly SpotObservation[], context: WriteContext): Promise<void> {
  await putRecords(spotDailyCollection(benchmark), days.map((day) => ({ id: day.date, value: day })), context);
}

export async function putSpotQuotes(quotes: readonly SpotQuote[], context: WriteContext): Promise<void> {
  await putRecords(SPOT_LATEST_COLLECTION, quotes.map((quote) => ({ id: quote.benchmark, value: quote })), context);
}
