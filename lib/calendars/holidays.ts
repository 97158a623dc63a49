import Holidays from 'date-holidays';

/**
 * Public and bank holidays computed with date-holidays (rules for about 200 countries and their
 * states/provinces), cached in memory per country and year.
 *
 * Choices (the API reference repeats them):
 * - One entry per day: a holiday lasting several days (e.g. Eid al-Fitr, 3 days in some countries) gives
 *   one entry for each day, all with the same name; a day that falls in the next calendar year is listed
 *   under that year.
 * - Dates are the country's local calendar days, YYYY-MM-DD. Part-day holidays (e.g. afternoon only) count
 *   for their day.
 * - `federal` is true when the holiday is on the national calendar and every state/province observes it;
 *   its `regions` is then empty. Otherwise `regions` lists the observing subdivisions as ISO 3166-2-style
 *   codes `<country>-<subdivision>` (US-CA, GB-SCT, DE-BY, CA-QC). Subdivisions below states (cities,
 *   counties) are not considered.
 * - Substitute days (a holiday moved off a weekend) are entries of their own, named "... (substitute day)".
 */

export interface PublicHoliday {
  name: string;
  local_name: string;
  date: string;
  country: string;
  year: number;
  regions: string[];
  federal: boolean;
}

export interface BankHoliday {
  name: string;
  date: string;
  country: string;
  year: number;
  type: 'BANK_HOLIDAY';
}

/** One holiday day as date-holidays gives it for one country or state. */
interface HolidayDay {
  date: string;
  name: string;
  localName: string;
  rule: string;
  type: 'public' | 'bank';
}

interface PublicHolidayEntry extends PublicHoliday {
  /** on the country-level calendar (not only a state's) */
  national: boolean;
}

const DAY_MS = 86_400_000;
/** GB bank holidays are those of England and Wales (the Summer bank holiday differs in Scotland). */
const BANK_CALENDAR_SUBDIVISION: Record<string, string> = { GB: 'ENG' };

/** A Map that forgets its oldest entries past a size, so a scan over all years cannot grow it without end. */
class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly maxEntries: number) {}
  get(key: string, compute: () => V): V {
    const found = this.entries.get(key);
    if (found !== undefined) return found;
    const value = compute();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }
}

interface Calendar {
  rules: Holidays;
  /** the calendar's first language (names in local_name) */
  localLanguage: string;
  /** its English variant when it has one (en-us for the US: "Labor Day"), else en */
  englishLanguage: string;
  /** some rule has a duration (e.g. "1 Shawwal P3D"), so a holiday may run into the next year */
  hasDurations: boolean;
}

const calendars = new Map<string, Calendar>();
const dayCache = new BoundedCache<HolidayDay[]>(4000);
const publicCache = new BoundedCache<PublicHolidayEntry[]>(1000);
const bankCache = new BoundedCache<BankHoliday[]>(1000);
let directory: Holidays | undefined;

function calendarOf(country: string, state?: string): Calendar {
  const key = state ? `${country}.${state}` : country;
  let calendar = calendars.get(key);
  if (!calendar) {
    // (no `types` option: it changes results, e.g. drops Ireland's St Patrick's Day)
    const rules = state ? new Holidays(country, state) : new Holidays(country);
    // a copy: date-holidays' getHolidays(year, language) adds to the instance's own list
    const languages = [...rules.getLanguages()];
    calendar = {
      rules,
      localLanguage: languages[0] ?? 'en',
      englishLanguage: languages.find((l) => l.toLowerCase().startsWith('en')) ?? 'en',
      // (the typings omit `rule` on HolidayRule; every rule object carries it)
      hasDurations: (rules.getRules() as unknown as { rule: string }[]).some((r) => /\bPT?\d/.test(r.rule)),
    };
    calendars.set(key, calendar);
  }
  return calendar;
}

/** Holidays of a calendar's year with names in one language (setLanguages resets the instance's list). */
function holidaysInLanguage(calendar: Calendar, year: number, language: string) {
  calendar.rules.setLanguages(language);
  return calendar.rules.getHolidays(year);
}

/** Codes of the states/provinces date-holidays has rules for (e.g. CA, NY for US; ENG, SCT for GB). */
export function subdivisionsOf(country: string): string[] {
  directory ??= new Holidays();
  return Object.keys(directory.getStates(country) ?? {}).map((code) => code.toUpperCase());
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Public and bank holiday days of the holidays that start in `year` (a long one may run into the next year). */
function daysStartingIn(country: string, state: string | undefined, year: number): HolidayDay[] {
  return dayCache.get(`${country}.${state ?? ''}.${year}`, () => {
    const calendar = calendarOf(country, state);
    const english = holidaysInLanguage(calendar, year, calendar.englishLanguage);
    const local =
      calendar.localLanguage === calendar.englishLanguage ? english : holidaysInLanguage(calendar, year, calendar.localLanguage);
    const localNames = new Map(local.map((h) => [`${h.rule}|${h.start.getTime()}`, h.name]));
    const days: HolidayDay[] = [];
    for (const holiday of english) {
      if (holiday.type !== 'public' && holiday.type !== 'bank') continue;
      const localName = localNames.get(`${holiday.rule}|${holiday.start.getTime()}`) ?? holiday.name;
      const length = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / DAY_MS));
      const first = holiday.date.slice(0, 10);
      for (let day = 0; day < length; day++) {
        days.push({ date: addDays(first, day), name: holiday.name, localName, rule: holiday.rule, type: holiday.type });
      }
    }
    return days;
  });
}

/** Public and bank holiday days falling in `year`, in date order, without repeats of a name on a day. */
function daysIn(country: string, state: string | undefined, year: number): HolidayDay[] {
  const prefix = `${year}-`;
  const spill = calendarOf(country, state).hasDurations ? daysStartingIn(country, state, year - 1) : [];
  const days = [...spill, ...daysStartingIn(country, state, year)].filter((d) => d.date.startsWith(prefix));
  const seen = new Set<string>();
  return days
    .filter((d) => {
      const key = `${d.date}|${d.type}|${d.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

const isPublic = (day: HolidayDay) => day.type === 'public';
const sameHoliday = (a: HolidayDay, b: HolidayDay) => a.date === b.date && (a.rule === b.rule || a.name === b.name);

function publicHolidayEntries(country: string, year: number): PublicHolidayEntry[] {
  return publicCache.get(`${country}.${year}`, () => {
    const national = daysIn(country, undefined, year).filter(isPublic);
    const subdivisions = subdivisionsOf(country).map((code) => ({
      code,
      region: `${country}-${code}`,
      days: daysIn(country, code, year).filter(isPublic),
    }));
    const matched = new Set<HolidayDay>();
    const entries: PublicHolidayEntry[] = [];

    for (const day of national) {
      const observers = subdivisions.filter((subdivision) => {
        const same = subdivision.days.filter((d) => sameHoliday(d, day));
        same.forEach((d) => matched.add(d));
        return same.length > 0;
      });
      // observed everywhere (or nowhere per the state rules, which then say nothing against the national calendar)
      const federal = observers.length === 0 || observers.length === subdivisions.length;
      entries.push({
        name: day.name,
        local_name: day.localName,
        date: day.date,
        country,
        year,
        regions: federal ? [] : observers.map((o) => o.region).sort(),
        federal,
        national: true,
      });
    }

    const regional = new Map<string, PublicHolidayEntry>();
    for (const subdivision of subdivisions) {
      for (const day of subdivision.days) {
        if (matched.has(day)) continue;
        const key = `${day.date}|${day.name}`;
        const entry = regional.get(key);
        if (entry) {
          if (!entry.regions.includes(subdivision.region)) entry.regions.push(subdivision.region);
        } else {
          regional.set(key, {
            name: day.name,
            local_name: day.localName,
            date: day.date,
            country,
            year,
            regions: [subdivision.region],
            federal: false,
            national: false,
          });
        }
      }
    }
    for (const entry of regional.values()) entry.regions.sort();

    return [...entries, ...regional.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || Number(b.federal) - Number(a.federal) || Number(b.national) - Number(a.national) || a.name.localeCompare(b.name),
    );
  });
}

const withoutNational = ({ national: _national, ...holiday }: PublicHolidayEntry): PublicHoliday => ({ ...holiday, regions: [...holiday.regions] });

/**
 * The public holidays (date-holidays type `public`) of a country in a year, national and regional,
 * sorted by date. `country` is an upper-case alpha-2 code date-holidays knows.
 */
export function publicHolidays(country: string, year: number): PublicHoliday[] {
  return publicHolidayEntries(country, year).map(withoutNational);
}

/**
 * Names of the national public holidays on a date (YYYY-MM-DD): holidays of the country-level calendar,
 * including those a few regions do not keep; holidays only some regions keep are not included.
 */
export function nationalPublicHolidaysOn(country: string, date: string): string[] {
  const entries = publicHolidayEntries(country, Number(date.slice(0, 4)));
  return unique(entries.filter((e) => e.national && e.date === date).map((e) => e.name));
}

/**
 * The bank holidays of a country in a year: the days banks close, i.e. the national calendar's public
 * holidays plus its `bank` days; for GB the England-and-Wales calendar. Sorted by date.
 */
export function bankHolidays(country: string, year: number): BankHoliday[] {
  return bankCache
    .get(`${country}.${year}`, () => {
      const days = daysIn(country, BANK_CALENDAR_SUBDIVISION[country], year);
      const seen = new Set<string>();
      const holidays: BankHoliday[] = [];
      for (const day of days) {
        const key = `${day.date}|${day.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        holidays.push({ name: day.name, date: day.date, country, year, type: 'BANK_HOLIDAY' });
      }
      return holidays;
    })
    .map((holiday) => ({ ...holiday }));
}

/** Names of the bank holidays on a date (YYYY-MM-DD); empty when banks are open. */
export function bankHolidaysOn(country: string, date: string): string[] {
  return unique(bankHolidays(country, Number(date.slice(0, 4))).filter((h) => h.date === date).map((h) => h.name));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
