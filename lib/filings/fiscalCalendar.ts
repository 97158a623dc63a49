/**
 * Fiscal periods from XBRL fact dates. A fact is classified by its DURATION (end − start, in days), never
 * by its `fy`/`fp` tags, which describe the filing that carried it (a 10-Q's `fp: "Q2"` tags both the
 * three-month and the six-month year-to-date fact; a comparative from last year carries this year's `fy`).
 *
 * Fiscal year and quarter come from the period's end date and the company's fiscal-year-end month:
 * - 52/53-week filers end their years a few days either side of a month end (Apple: 2024-09-28, a
 *   retailer: 2023-01-01), so an end date in the first 7 days of a month counts as the previous month.
 * - The fiscal year is named after the (effective) calendar year in which it ends: Snowflake's year ending
 *   2025-01-31 is fiscal 2025, a year ending 2023-01-01 is fiscal 2022 (as those filers name them).
 * - Quarter n ends 3n months after the fiscal-year start; a period ending in the fiscal-year-end month is Q4.
 */

export type DurationKind = 'quarter' | 'sixMonths' | 'nineMonths' | 'annual';

const DAY_MS = 86_400_000;

/** Days from start to end as the SEC dates them (a calendar quarter 2021-01-01..2021-03-31 is 89). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS);
}

/** The number of days a period covers, both ends included (a calendar quarter: 90). */
export function daysCovered(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

/** ~84–98 days: a quarter; ~175–190: six months; ~265–280: nine months; ~350–380: a year; else none. */
export function durationKind(start: string, end: string): DurationKind | undefined {
  const days = daysBetween(start, end);
  if (days >= 84 && days <= 98) return 'quarter';
  if (days >= 175 && days <= 190) return 'sixMonths';
  if (days >= 265 && days <= 280) return 'nineMonths';
  if (days >= 350 && days <= 380) return 'annual';
  return undefined;
}

/** The month a period end date belongs to: YYYY-MM-01..07 counts as the previous month (52/53-week years). */
export function effectiveMonth(date: string): { year: number; month: number } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (day > 7) return { year, month };
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

export interface FiscalPeriod {
  fiscalYear: number;
  /** 1–4: the quarter whose end this date is (4 = the fiscal-year end) */
  quarter: 1 | 2 | 3 | 4;
}

/** Fiscal year and quarter of a period ending on `end`, for a company whose fiscal year ends in `fiscalYearEndMonth` (1–12). */
export function fiscalPeriodOf(end: string, fiscalYearEndMonth: number): FiscalPeriod | undefined {
  const { year, month } = effectiveMonth(end);
  const monthsAfterYearEnd = (month - fiscalYearEndMonth + 12) % 12;
  if (monthsAfterYearEnd % 3 !== 0) return undefined;
  const quarter = (monthsAfterYearEnd === 0 ? 4 : monthsAfterYearEnd / 3) as 1 | 2 | 3 | 4;
  const fiscalYear = month <= fiscalYearEndMonth ? year : year + 1;
  return { fiscalYear, quarter };
}

/** The fiscal year named by the calendar year in which a fiscal year ending on `end` ends (effective month). */
export function fiscalYearOfAnnualEnd(end: string): number {
  return effectiveMonth(end).year;
}

/** The day after `date` (YYYY-MM-DD). */
export function nextDay(date: string): string {
  return new Date(Date.parse(date) + DAY_MS).toISOString().slice(0, 10);
}
