/**
 * Rate history in the `market` table: one bar series per rate (dataset `rates`, period `1d`), one item per
 * published day keyed by 00:00 UTC of that day. Current rates are the newest point of each series, so there
 * is no second copy to keep in step.
 */
import { barCollection, type WriteContext } from '../store/collections';
import type { RateId } from './catalogue';
import type { RateObservation } from './observation';

export interface RatePoint {
  /** 00:00 UTC of the day, Unix seconds */
  time: number;
  rate_pct: number;
}

export const rateSeries = barCollection<RatePoint, '1d'>('rates');

/** 00:00 UTC of YYYY-MM-DD, Unix seconds. */
export const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
/** YYYY-MM-DD of a Unix time (UTC). */
export const dayOf = (time: number) => new Date(time * 1000).toISOString().slice(0, 10);

/** Stores published observations as the rate's daily points. */
export function putRateHistory(rate: RateId, observations: readonly RateObservation[], context: WriteContext): Promise<void> {
  return rateSeries.put(rate, '1d', observations.map((o) => ({ time: dayStart(o.date), rate_pct: o.rate_pct })), context);
}
