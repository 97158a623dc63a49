/**
 * What every rate source client returns: dated observations in percent per year. Dates are calendar days
 * (YYYY-MM-DD) as the publisher dates them; the store keys a point by 00:00 UTC of that day (spec 2.8: the
 * time of day in `timestamp` carries no information). One number rule for every parser, so a malformed
 * value is rejected the same way everywhere.
 */
import { isCalendarDate } from '../time/calendarDate';

export interface RateObservation {
  /** YYYY-MM-DD */
  date: string;
  /** percent per year */
  rate_pct: number;
}

export class RatePayloadError extends Error {
  override readonly name = 'RatePayloadError';
}

/** The widest band a policy, benchmark or lending rate in the catalogue has plausibly printed (per cent). */
const LOWEST_PCT = -10;
const HIGHEST_PCT = 200;

/** A rate as a number: a JSON number or a decimal string; anything else, or an implausible level, throws. */
export function ratePercent(value: unknown, where: string): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(number)) throw new RatePayloadError(`${where}: '${String(value)}' is not a rate`);
  if (number < LOWEST_PCT || number > HIGHEST_PCT) throw new RatePayloadError(`${where}: ${number} % is outside the plausible range`);
  return number;
}

/** A calendar date, or throws. */
export function calendarDate(value: unknown, where: string): string {
  if (typeof value !== 'string' || !isCalendarDate(value)) throw new RatePayloadError(`${where}: '${String(value)}' is not a date`);
  return value;
}

/** dd/MM/yyyy (BCB) → YYYY-MM-DD, or throws. */
export function dayMonthYear(value: unknown, where: string): string {
  const match = typeof value === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim()) : null;
  if (!match) throw new RatePayloadError(`${where}: '${String(value)}' is not a dd/MM/yyyy date`);
  return calendarDate(`${match[3]}-${match[2]}-${match[1]}`, where);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Two-digit years from here on are 19yy, below it 20yy (`01 Jan 26` is 2026; the IADB's rate series begin after 1970). */
const TWO_DIGIT_YEAR_PIVOT = 70;

/** `02 Jan 2024` or `02 Jan 24` (Bank of England, both forms in its CSVs and pages) → 2024-01-02, or throws. */
export function dayMonthNameYear(value: unknown, where: string): string {
  const match = typeof value === 'string' ? /^(\d{1,2})[ -]([A-Za-z]{3})[ -](\d{4}|\d{2})$/.exec(value.trim()) : null;
  const month = match ? MONTHS.indexOf(match[2]!.toLowerCase()) + 1 : 0;
  if (!match || month === 0) throw new RatePayloadError(`${where}: '${String(value)}' is not a date`);
  const digits = match[3]!;
  const year = digits.length === 4 ? digits : String((Number(digits) < TWO_DIGIT_YEAR_PIVOT ? 2000 : 1900) + Number(digits));
  return calendarDate(`${year}-${String(month).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`, where);
}

/** Sorted oldest first, one observation per date (the last one given wins). */
export function byDate(observations: readonly RateObservation[]): RateObservation[] {
  const byDay = new Map<string, RateObservation>();
  for (const o of observations) byDay.set(o.date, o);
  return [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
