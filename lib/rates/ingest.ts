/**
 * The one way every rate job runs (functions/ingest/rate*.ts, one job per publisher, so a failing publisher
 * never holds up the others):
 *
 * 1. Plan: for each rate, the first day to ask for. Incremental: the newest stored day minus an overlap
 *    (publishers revise the last days, and a late publication is picked up); nothing stored yet: the rate's
 *    history depth (catalogue `historyFrom`), a bounded first backfill.
 * 2. Fetch everything through the job's clients, parse and validate (a malformed payload throws).
 * 3. Only then write, idempotently (a point is keyed by its day). A rate that has nothing stored and gets
 *    nothing back fails the run, and so does a run in which no rate got anything back (an incremental
 *    window always holds the newest stored day again): an empty answer must not pass for a working source.
 */
import type { JobSummary } from '../ingest/job';
import type { WriteContext } from '../store/marketData';
import { utcDate } from '../time/calendarDate';
import { rateInfo, type RateId } from './catalogue';
import { byDate, type RateObservation } from './observation';
import { dayOf, putRateHistory, rateSeries } from './store';

/** Days re-read before the newest stored point on an incremental run. */
export const OVERLAP_DAYS = 14;

export interface FetchWindow {
  /** YYYY-MM-DD, inclusive */
  from: string;
  /** YYYY-MM-DD, inclusive: today (UTC) */
  to: string;
  /** true when nothing is stored yet (the first backfill) */
  backfill: boolean;
}

export type FetchPlan<I extends RateId> = Record<I, FetchWindow>;

const DAY_SECONDS = 86_400;
/** Current-only sources (no `historyFrom`): whatever day the publisher dates its value is accepted. */
const ANY_DAY = '1900-01-01';

export async function fetchPlan<I extends RateId>(rates: readonly I[], now: Date): Promise<FetchPlan<I>> {
  const today = utcDate(now);
  const plan = {} as FetchPlan<I>;
  for (const rate of rates) {
    const newest = await rateSeries.newest(rate, '1d', now);
    const depth = rateInfo(rate).historyFrom ?? ANY_DAY;
    plan[rate] = newest
      ? { from: dayOf(Math.max(newest.value.time - OVERLAP_DAYS * DAY_SECONDS, Date.parse(`${depth}T00:00:00Z`) / 1000)), to: today, backfill: false }
      : { from: depth, to: today, backfill: true };
  }
  return plan;
}

/**
 * Runs one job: plan, `fetch` (all upstream calls, parsed), validate, then write. Observations outside the
 * planned window are dropped (a publisher answering with more than asked for, or dated after today).
 */
export async function ingestRates<I extends RateId>(
  rates: readonly I[],
  context: WriteContext,
  fetch: (plan: FetchPlan<I>) => Promise<Record<I, readonly RateObservation[]>>,
): Promise<JobSummary> {
  const plan = await fetchPlan(rates, context.now);
  const fetched = await fetch(plan);
  const notes: string[] = [];
  const ready = rates.map((rate) => {
    const { from, to, backfill } = plan[rate];
    const observations = byDate(fetched[rate] ?? []).filter((o) => o.date >= from && o.date <= to);
    if (observations.length === 0) {
      if (backfill) throw new Error(`${rate}: the source returned no observations from ${from} to ${to}`);
      notes.push(`${rate}: nothing new since ${from}`);
    }
    return { rate, observations };
  });
  let written = 0;
  for (const { rate, observations } of ready) {
    await putRateHistory(rate, observations, context);
    written += observations.length;
  }
  return { written, requested: rates.length, ...(notes.length > 0 ? { notes } : {}) };
}

/**
 * [from, to] cut into windows of at most `years` calendar years (oldest first), for publishers that limit
 * one request's span (BCB: 10 years) or whose full history is too large for one answer (BIS).
 */
export function yearWindows(from: string, to: string, years: number): { from: string; to: string }[] {
  const windows: { from: string; to: string }[] = [];
  let start = from;
  while (start <= to) {
    const [y, m, d] = start.split('-').map(Number) as [number, number, number];
    const next = dayOf(Date.UTC(y + years, m - 1, d) / 1000);
    const end = dayOf(Date.UTC(y + years, m - 1, d) / 1000 - DAY_SECONDS);
    windows.push({ from: start, to: end < to ? end : to });
    start = next;
  }
  return windows;
}
