/**
 * Rate history in the `market` table: one bar series per rate (dataset `rates`, period `1d`), one item per
 * published day keyed by 00:00 UTC of that day. Current rates are the newest point of each series, so there
 * is no second copy to keep in step.
 */
import { putBars, queryBars, type Stored, type WriteContext } from '../store/marketData';
import type { RateId } from './catalogue';
import type { RateObservation } from './observation';

export interface RatePoint {
  /** 00:00 UTC of the day, Unix seconds */
  time: number;
  rate_pct: number;
}

const seriesOf = (rate: RateId) => ({ dataset: 'rates', symbol: rate, period: '1d' });

/** 00:00 UTC of YYYY-MM-DD, Unix seconds. */
export const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
/** YYYY-MM-DD of a Unix time (UTC). */
export const dayOf = (time: number) => new Date(time * 1000).toISOString().slice(0, 10);

export async function putRateHistory(rate: RateId, observations: readonly RateObservation[], context: WriteContext): Promise<void> {
  await putBars<RatePoint>(
    seriesOf(rate),
    observations.map((o) => ({ time: dayStart(o.date), rate_pct: o.rate_pct })),
    context,
  );
}

export async function newestRatePoint(rate: RateId, now: Date): Promise<Stored<RatePoint> | undefined> {
  const [newest] = await queryBars<RatePoint>(seriesOf(rate), { limit: 1, order: 'newest' }, now);
  return newest;
}

/** Points with time in [from, to], oldest first, at most `limit`. */
export function rateHistory(rate: RateId, from: number, to: number, limit: number, now: Date): Promise<Stored<RatePoint>[]> {
  return queryBars<RatePoint>(seriesOf(rate), { from, to, limit, order: 'oldest' }, now);
}
