/**
 * The served national public holidays against an independent reference, npm date-holidays (a devDependency:
 * its rules and data ship in the package, so it runs offline and installs without scripts). A day counts as a
 * national public holiday for the service when /v1/ispublicholiday without region says so (publicHolidaysOn),
 * for date-holidays when the country's calendar without a state has a holiday of type "public" on it.
 */
import Holidays from 'date-holidays';
import { publicHolidaysOn } from '../../lib/calendars/holidays';
import { HOLIDAY_DISAGREEMENTS, type HolidayDisagreement } from './holidayDisagreements';

/** The 27 EU member states, the other G7 members, Australia, New Zealand, Switzerland and Norway. */
export const REFERENCE_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'GB', 'US', 'CA', 'JP', 'AU', 'NZ', 'CH', 'NO',
] as const;
export const REFERENCE_YEARS = [2024, 2025, 2026, 2027] as const;

export interface DayDisagreement {
  country: string;
  date: string;
  listedBy: HolidayDisagreement['listedBy'];
  name: string;
}

export type ServedOn = (country: string, date: string) => string[];

const daysOf = (year: number) => {
  const days: string[] = [];
  for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += 86_400_000) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
};

/** The reference's public holidays of a country and year by day, names joined as the service joins them. */
function referenceDays(country: string, year: number): Map<string, string> {
  const days = new Map<string, string>();
  for (const holiday of new Holidays(country).getHolidays(year, 'en')) {
    if (holiday.type !== 'public') continue;
    const day = holiday.date.slice(0, 10);
    const name = `${holiday.name}${holiday.substitute ? ' (substitute)' : ''}`;
    days.set(day, days.has(day) ? `${days.get(day)} / ${name}` : name);
  }
  return days;
}

/** Every day of the compared countries and years that one calendar lists as a national public holiday and the other does not. */
export function compareWithReference(servedOn: ServedOn = publicHolidaysOn): { holidayDays: number; disagreements: DayDisagreement[] } {
  let holidayDays = 0;
  const disagreements: DayDisagreement[] = [];
  for (const country of REFERENCE_COUNTRIES) {
    for (const year of REFERENCE_YEARS) {
      const reference = referenceDays(country, year);
      for (const date of daysOf(year)) {
        const served = servedOn(country, date);
        const theirs = reference.get(date);
        if (served.length || theirs) holidayDays += 1;
        if (served.length && !theirs) disagreements.push({ country, date, listedBy: 'service', name: served.join(' / ') });
        if (!served.length && theirs) disagreements.push({ country, date, listedBy: 'date-holidays', name: theirs });
      }
    }
  }
  return { holidayDays, disagreements };
}

const nameMatches = (listed: HolidayDisagreement['name'], name: string) => (typeof listed === 'string' ? listed === name : listed.test(name));

/** The listed disagreement that explains a day, if any. */
export const explanationOf = (day: DayDisagreement): HolidayDisagreement | undefined =>
  HOLIDAY_DISAGREEMENTS.find((d) => d.country === day.country && d.listedBy === day.listedBy && d.dates.includes(day.date) && nameMatches(d.name, day.name));

export const describeDay = (day: DayDisagreement) => `${day.country} ${day.date}: only ${day.listedBy} lists "${day.name}"`;
