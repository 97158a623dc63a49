import { recordCollection } from '../store/collections';
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
export const spotQuotes = recordCollection<SpotQuote>('oil-spot-latest', { id: (quote) => quote.benchmark });
export const spotDays = (benchmark: Benchmark) => recordCollection<SpotObservation>(`oil-spot-daily-${benchmark}`, { id: (day) => day.date });
