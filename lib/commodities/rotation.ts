import { COMMODITIES, type CommodityInfo } from './catalog';

/**
 * The weekly free rotation of /v1/commodityprice (CONTRACT): for the ISO week (Monday 00:00 UTC to
 * Sunday 24:00 UTC) containing `now`, free keys get the 7 commodities starting at index (7 × k) mod 30 of
 * the fixed catalog order, wrapping past the end; k = whole weeks since Monday 2024-01-01 00:00 UTC
 * (negative before it). Since 7 and 30 are coprime, every commodity is free in 7 of every 30 weeks and
 * the schedule repeats every 30 weeks.
 */
export const ROTATION_EPOCH = Date.UTC(2024, 0, 1); // a Monday
export const FREE_PER_WEEK = 7;
const WEEK_MS = 7 * 86_400_000;

/** k: whole ISO weeks between Monday 2024-01-01 and the week of `now`. */
export function rotationWeek(now: Date): number {
  return Math.floor((now.getTime() - ROTATION_EPOCH) / WEEK_MS);
}

/** Index of the first free commodity in the week of `now`. */
export function rotationStart(now: Date): number {
  const n = COMMODITIES.length;
  return (((FREE_PER_WEEK * rotationWeek(now)) % n) + n) % n;
}

/** This week's 7 free commodities, in rotation order. */
export function freeCommodities(now: Date): CommodityInfo[] {
  const start = rotationStart(now);
  return Array.from({ length: FREE_PER_WEEK }, (_, i) => COMMODITIES[(start + i) % COMMODITIES.length]!);
}

export function isFreeThisWeek(name: string, now: Date): boolean {
  return freeCommodities(now).some((c) => c.name === name);
}
