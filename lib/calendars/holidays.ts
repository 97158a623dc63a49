import { InvalidParameterError, NoDataError } from '../http/errors';
import { referenceData } from '../reference/referenceData';
import { holidayIndex } from './country';
import { countryHolidayFile, HOLIDAY_FLAG, type CountryHolidayFile, type HolidayTuple } from './holidayFile';

/**
 * Public and bank holidays from the python-holidays data set (reference-data files written by
 * lib/calendars/import.ts; a country's file is read on its first call in a container).
 *
 * Choices (the API reference in lib/api/calendars.ts repeats them):
 * - public holidays: the data set's `public` category, national and regional. `federal` = on the
 *   country-level calendar; `regions` = the subdivisions that keep a regional holiday, [] for national ones.
 * - bank holidays: national `public` holidays plus the `bank` category (national and regional); in countries
 *   whose bank holidays are set per subdivision (BANK_HOLIDAYS_PER_SUBDIVISION) the regional public holidays too.
 * - `observed`: the day exists through an observed or substitution rule (weekend substitutes, days off
 *   substituted for a working weekend day, holidays moved by law). Such days are days off and are served.
 * - a year outside the country's covered years is 404 no_data: the data set has no rules for it.
 */

export interface PublicHoliday {
  name: string;
  local_name: string;
  date: string;
  country: string;
  year: number;
  regions: string[];
  federal: boolean;
  observed: boolean;
}

export interface BankHoliday {
  name: string;
  date: string;
  country: string;
  year: number;
  type: 'BANK_HOLIDAY';
  regions: string[];
  observed: boolean;
}

/**
 * Countries whose bank holidays differ by subdivision, so their regional public holidays are bank holidays
 * in those subdivisions. United Kingdom: the Banking and Financial Dealings Act 1971, Schedule 1, lists the
 * bank holidays of England and Wales, of Scotland and of Northern Ireland separately.
 */
const BANK_HOLIDAYS_PER_SUBDIVISION = new Set(['GB']);

const has = (tuple: HolidayTuple, flag: number) => (tuple[3] & flag) !== 0;
const isPublic = (tuple: HolidayTuple) => has(tuple, HOLIDAY_FLAG.public);
const isNational = (tuple: HolidayTuple) => has(tuple, HOLIDAY_FLAG.national);

function isBank(country: string) {
  const regionalPublic = BANK_HOLIDAYS_PER_SUBDIVISION.has(country);
  return (tuple: HolidayTuple) => has(tuple, HOLIDAY_FLAG.bank) || (isPublic(tuple) && (isNational(tuple) || regionalPublic));
}

/** A country's file as calls read it: a year's entries are parsed from the file's text on the first call for that year. */
interface CountryHolidays extends Omit<CountryHolidayFile, 'years'> {
  entriesOf(year: number): HolidayTuple[];
}

const countryFile = (country: string) =>
  referenceData(countryHolidayFile(country), ({ years, ...file }: CountryHolidayFile): CountryHolidays => {
    const parsed = new Map<number, HolidayTuple[]>();
    return {
      ...file,
      entriesOf(year) {
        let tuples = parsed.get(year);
        if (!tuples) parsed.set(year, (tuples = JSON.parse(years[String(year)] ?? '[]') as HolidayTuple[]));
        return tuples;
      },
    };
  });

/** The entries of a country's year; 404 no_data when the year is outside the years the data set covers. */
function yearEntries(country: string, year: number): { file: CountryHolidays; tuples: HolidayTuple[] } {
  const { name, years } = holidayIndex().countries[country]!;
  if (year < years[0] || year > years[1]) {
    throw new NoDataError(`No holiday data for ${name} (${country}) in ${year}: the data cover ${years[0]} to ${years[1]}.`);
  }
  const file = countryFile(country);
  return { file, tuples: file.entriesOf(year) };
}

/** Served subdivision codes of a regional entry ([] for a national one, whose tuple lists excluded regions). */
const regionsOf = (file: CountryHolidays, tuple: HolidayTuple) => (isNational(tuple) ? [] : (tuple[4] ?? []).map((i) => file.subdivisions[i]!));

/** The public holidays of a country in a year, national and regional, in date order. */
export function publicHolidays(country: string, year: number): PublicHoliday[] {
  const { file, tuples } = yearEntries(country, year);
  return tuples.filter(isPublic).map((tuple) => ({
    name: file.names[tuple[1]]!,
    local_name: file.names[tuple[2]]!,
    date: `${year}-${tuple[0]}`,
    country,
    year,
    regions: regionsOf(file, tuple),
    federal: isNational(tuple),
    observed: has(tuple, HOLIDAY_FLAG.observed),
  }));
}

/** The bank holidays of a country in a year (see BANK_HOLIDAYS_PER_SUBDIVISION), in date order. */
export function bankHolidays(country: string, year: number): BankHoliday[] {
  const { file, tuples } = yearEntries(country, year);
  return tuples.filter(isBank(country)).map((tuple) => ({
    name: file.names[tuple[1]]!,
    date: `${year}-${tuple[0]}`,
    country,
    year,
    type: 'BANK_HOLIDAY',
    regions: regionsOf(file, tuple),
    observed: has(tuple, HOLIDAY_FLAG.observed),
  }));
}

/**
 * The served code of a subdivision given as "US-CA" or "CA" (any case); 400 on parameter region when the
 * country has no such subdivision.
 */
export function requireRegion(country: string, value: string): string {
  const { subdivisions } = countryFile(country);
  const wanted = value.trim().toUpperCase();
  const found = subdivisions.find((code) => code.toUpperCase() === wanted || code.slice(3).toUpperCase() === wanted);
  if (found) return found;
  throw new InvalidParameterError(
    subdivisions.length
      ? `Parameter 'region' must be a subdivision of ${country} with holiday data: ${subdivisions.join(', ')}.`
      : `Parameter 'region' cannot be used for ${country}: the holiday data have no subdivisions for it.`,
    'region',
  );
}

/** A year's entries by day (MM-DD), made on the first date question about that year in a container. */
const byDay = new WeakMap<HolidayTuple[], Map<string, HolidayTuple[]>>();

/** The entries on a date (YYYY-MM-DD), with the country's file and the index of `region` in its subdivisions (-1 without one). */
function entriesOn(country: string, date: string, region: string | undefined) {
  const { file, tuples } = yearEntries(country, Number(date.slice(0, 4)));
  let days = byDay.get(tuples);
  if (!days) {
    days = new Map();
    for (const tuple of tuples) days.set(tuple[0], [...(days.get(tuple[0]) ?? []), tuple]);
    byDay.set(tuples, days);
  }
  return { file, entries: days.get(date.slice(5)) ?? [], regionIndex: region === undefined ? -1 : file.subdivisions.indexOf(region) };
}

const distinctNames = (file: CountryHolidays, tuples: readonly HolidayTuple[]) => [...new Set(tuples.map((tuple) => file.names[tuple[1]]!))];

/**
 * The one rule for where a holiday counts, for public and bank holidays alike: a national entry in every
 * subdivision the data set does not exclude from it, a regional entry in the subdivisions it names.
 */
const keptIn = (tuple: HolidayTuple, regionIndex: number) => (tuple[4]?.includes(regionIndex) ?? false) !== isNational(tuple);

/**
 * Whether the day's entries together are kept throughout the country: a national one kept somewhere, or,
 * where they are all regional, every subdivision keeping one of them (Australia, 28 December 2026: Boxing Day
 * in Tasmania, Boxing Day (observed) in six states and territories, Proclamation Day (observed) in South Australia).
 */
function keptThroughout(file: CountryHolidays, tuples: readonly HolidayTuple[]): boolean {
  if (tuples.some(isNational)) return true;
  return tuples.length > 0 && file.subdivisions.length > 0 && file.subdivisions.every((_, i) => tuples.some((tuple) => keptIn(tuple, i)));
}

/**
 * The entries of `tuples` that count for the answer: with a region (a served code from requireRegion), those
 * kept there (keptIn); without one, those of the whole country: the national ones, or all of the day's when
 * together they are kept in every subdivision (keptThroughout).
 */
function counted(file: CountryHolidays, tuples: HolidayTuple[], regionIndex: number): HolidayTuple[] {
  if (regionIndex >= 0) return tuples.filter((tuple) => keptIn(tuple, regionIndex));
  if (!keptThroughout(file, tuples)) return [];
  return tuples.some(isNational) ? tuples.filter(isNational) : tuples;
}

/**
 * Names of the public holidays on a date (YYYY-MM-DD): without a region, those kept throughout the country;
 * with one, exactly that subdivision's (national ones it is not excluded from, under its own name where it
 * replaces one, and its own).
 */
export function publicHolidaysOn(country: string, date: string, region?: string): string[] {
  const { file, entries, regionIndex } = entriesOn(country, date, region);
  return distinctNames(file, counted(file, entries.filter(isPublic), regionIndex));
}

/**
 * The bank holidays on a date: the entries of bankHolidays on that day. Without a region, every one of them,
 * with `regions` the subdivisions that keep one ([] when they are kept throughout the country), so that GB's
 * Easter Monday answers true with England, Wales and Northern Ireland; with a region, those kept there (the
 * same rule as publicHolidaysOn: a national one the data set excludes from the region does not count).
 */
export function bankHolidaysOn(country: string, date: string, region?: string): { names: string[]; regions: string[] } {
  const { file, entries, regionIndex } = entriesOn(country, date, region);
  const bank = entries.filter(isBank(country));
  if (regionIndex >= 0) return { names: distinctNames(file, counted(file, bank, regionIndex)), regions: [] };
  const regions = keptThroughout(file, bank) ? [] : file.subdivisions.filter((_, i) => bank.some((tuple) => keptIn(tuple, i))).sort();
  return { names: distinctNames(file, bank), regions };
}
