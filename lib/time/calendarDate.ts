/** Calendar dates as the API writes them: YYYY-MM-DD, UTC days. */

/** YYYY-MM-DD of a moment, in UTC. */
export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD (no 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
