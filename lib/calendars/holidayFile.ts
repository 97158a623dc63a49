/**
 * The holiday files of the reference-data layer, written by the import step (lib/calendars/import.ts) from
 * the python-holidays data set and read by the calendar endpoints: one index of the countries and their
 * names, and one compact file per country, loaded on the first call for that country.
 */

/** `holidays.json`: every country of the data set, and the names a caller may give for it. */
export interface HolidayIndex {
  /** the data set's origin, e.g. "python-holidays 0.102 (commit c382fde…)" */
  source: string;
  /** the library's MIT licence text, which travels with the data derived from it */
  licence: string;
  /** ISO 3166-1 alpha-2 code → English name and the years the data set covers for it */
  countries: Record<string, { name: string; years: [number, number] }>;
  /** normalized name (normalizeCountryName) → code */
  names: Record<string, string>;
}

/** Bits of HolidayTuple[3]. */
export const HOLIDAY_FLAG = {
  /** on the country-level calendar (the data set's `national`) */
  national: 1,
  /** exists only through observed or substitution rules (the data set's `observed`) */
  observed: 2,
  /** in the data set's `public` category */
  public: 4,
  /** in the data set's `bank` category */
  bank: 8,
} as const;

/**
 * One holiday entry: day (MM-DD), index of its English name and of its local name in `names`, flags, and
 * indexes in `subdivisions`: for a regional entry those that keep it, for a national one those that do not
 * (the data set's `excluded_regions`). Omitted when there are none.
 */
export type HolidayTuple = [day: string, name: number, localName: number, flags: number, regions?: number[]];

/** `holidays-<CC>.json`. */
export interface CountryHolidayFile {
  country: string;
  /** subdivision codes as the API serves them (e.g. "US-CA"), in the data set's order */
  subdivisions: string[];
  names: string[];
  /**
   * "YYYY" → the JSON text of the year's entries (HolidayTuple[], in the data set's order: date, then name,
   * national first); covered years only. Text, so that reading the file skims the years a call does not ask
   * for and only its own year is parsed (npm run bench: the US file, 190 KB, 4–5 ms → 0.7 ms on a cold start).
   */
  years: Record<string, string>;
}

export const HOLIDAY_INDEX_FILE = 'holidays.json';
export const countryHolidayFile = (country: string) => `holidays-${country}.json`;
