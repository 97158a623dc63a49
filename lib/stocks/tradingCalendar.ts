import { addDays, weekday } from '../time/calendarDate';
import { zonedTime } from '../time/zoned';

/** The stock rules run on the US clock (spec part 3: "times are US Eastern"). */
export const US_EASTERN = 'America/New_York';

/**
 * The NYSE trading calendar, by rule (no table of years to keep up to date):
 *
 * - Weekends are closed.
 * - Holidays (NYSE Rule 7.2): New Year's Day, Martin Luther King Jr. Day (3rd Monday of January, since 1998),
 *   Washington's Birthday (3rd Monday of February), Good Friday, Memorial Day (last Monday of May),
 *   Juneteenth (19 June, since 2022), Independence Day (4 July), Labor Day (1st Monday of September),
 *   Thanksgiving (4th Thursday of November), Christmas (25 December).
 * - Observance: a holiday on a Sunday is observed on the Monday after; on a Saturday, on the Friday
 *   before — except New Year's Day, which is then not observed (the Friday is the last trading day of
 *   the year, so 31 December 2021 was a full session).
 * - Unscheduled closures since 2000 (national days of mourning, 9/11, Hurricane Sandy) are listed by date:
 *   no rule predicts them.
 * - Early closes (13:00 ET: 3 July, the day after Thanksgiving, 24 December) are full sessions here: their
 *   daily bar is published at 17:00 ET like any other (spec part 3), and free quotes carry 16:00 ET.
 *
 * Dates are YYYY-MM-DD session dates (the New York calendar day).
 */

/** Closures outside the holiday rules, since 2000. */
const UNSCHEDULED_CLOSURES: Record<string, string> = {
  '2001-09-11': 'September 11 attacks',
  '2001-09-12': 'September 11 attacks',
  '2001-09-13': 'September 11 attacks',
  '2001-09-14': 'September 11 attacks',
  '2004-06-11': 'National Day of Mourning for Ronald Reagan',
  '2007-01-02': 'National Day of Mourning for Gerald Ford',
  '2012-10-29': 'Hurricane Sandy',
  '2012-10-30': 'Hurricane Sandy',
  '2018-12-05': 'National Day of Mourning for George H. W. Bush',
  '2025-01-09': 'National Day of Mourning for Jimmy Carter',
};

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The nth (1-based) given weekday of a month; n = -1: the last. */
function nthWeekday(year: number, month: number, day: number, n: number): string {
  if (n > 0) {
    const first = weekday(ymd(year, month, 1));
    return ymd(year, month, 1 + ((day - first + 7) % 7) + 7 * (n - 1));
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(ymd(year, month, lastDay));
  return ymd(year, month, lastDay - ((last - day + 7) % 7));
}

/** Easter Sunday (Gregorian; the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

/** A fixed-date holiday moved off the weekend (Saturday → Friday, Sunday → Monday). */
function observed(date: string): string {
  const day = weekday(date);
  return day === 6 ? addDays(date, -1) : day === 0 ? addDays(date, 1) : date;
}

const MON = 1;
const THU = 4;

/** The NYSE holidays of a year, observed date → name. */
export function nyseHolidays(year: number): Map<string, string> {
  const holidays = new Map<string, string>();
  const newYear = ymd(year, 1, 1);
  if (weekday(newYear) !== 6) holidays.set(observed(newYear), "New Year's Day");
  if (year >= 1998) holidays.set(nthWeekday(year, 1, MON, 3), 'Martin Luther King Jr. Day');
  holidays.set(nthWeekday(year, 2, MON, 3), "Washington's Birthday");
  holidays.set(addDays(easterSunday(year), -2), 'Good Friday');
  holidays.set(nthWeekday(year, 5, MON, -1), 'Memorial Day');
  if (year >= 2022) holidays.set(observed(ymd(year, 6, 19)), 'Juneteenth National Independence Day');
  holidays.set(observed(ymd(year, 7, 4)), 'Independence Day');
  holidays.set(nthWeekday(year, 9, MON, 1), 'Labor Day');
  holidays.set(nthWeekday(year, 11, THU, 4), 'Thanksgiving Day');
  holidays.set(observed(ymd(year, 12, 25)), 'Christmas Day');
  for (const [date, name] of Object.entries(UNSCHEDULED_CLOSURES)) if (date.startsWith(`${year}-`)) holidays.set(date, name);
  return holidays;
}

const holidayCache = new Map<number, Map<string, string>>();
function holidaysOf(year: number): Map<string, string> {
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = nyseHolidays(year);
    holidayCache.set(year, holidays);
  }
  return holidays;
}

/** The holiday's name when the NYSE is closed for one on this weekday, else undefined. */
export function nyseHolidayName(date: string): string | undefined {
  return holidaysOf(Number(date.slice(0, 4))).get(date);
}

/** True when the NYSE holds a regular session on this date. */
export function isNyseSession(date: string): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && nyseHolidayName(date) === undefined;
}

/**
 * Unix seconds of 16:00 ET on the session date: the close time free quotes carry as `updated` (spec 4.6,
 * "the 16:00 ET close on free plans"), early-close days included, so it is the same for every session.
 */
export function sessionCloseTime(date: string): number {
  return zonedTime(date, 16, 0, US_EASTERN);
}

/** Unix seconds of the regular session's open: 09:30 ET. */
export function sessionOpenTime(date: string): number {
  return zonedTime(date, 9, 30, US_EASTERN);
}

/** The last NYSE session on or before `date`. */
export function sessionOnOrBefore(date: string): string {
  let day = date;
  while (!isNyseSession(day)) day = addDays(day, -1);
  return day;
}
