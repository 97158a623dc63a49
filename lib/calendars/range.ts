/**
 * The calendar span the holiday endpoints answer for. Kept apart from the holiday computation so the
 * endpoint definitions (imported by every handler through the registry) do not pull in date-holidays.
 */
export const FIRST_HOLIDAY_YEAR = 1980;
export const LAST_HOLIDAY_YEAR = 2050;
export const FIRST_HOLIDAY_DATE = `${FIRST_HOLIDAY_YEAR}-01-01`;
export const LAST_HOLIDAY_DATE = `${LAST_HOLIDAY_YEAR}-12-31`;

/** True for a YYYY-MM-DD date inside the span (string order is date order for this format). */
export function isWithinHolidayRange(date: string): boolean {
  return date >= FIRST_HOLIDAY_DATE && date <= LAST_HOLIDAY_DATE;
}

/** The calendar year of a YYYY-MM-DD date. */
export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}
