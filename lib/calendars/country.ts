import { InvalidParameterError } from '../http/errors';
import { referenceData } from '../reference/referenceData';
import { HOLIDAY_INDEX_FILE, type HolidayIndex } from './holidayFile';

/**
 * Countries the holiday endpoints know: every country of the python-holidays data set, found by its
 * ISO 3166-1 alpha-2 code or, where the endpoint allows it, by name (the import step collects the names in
 * the reference-data file holidays.json). Names match case-insensitively and ignore accents, punctuation,
 * "&" versus "and", "St." versus "Saint" and a leading "The".
 */

/** The form names are compared in: lower case, no accents or punctuation, single spaces. */
export function normalizeCountryName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bst\.?(?=\s)/g, 'saint')
    .replace(/\./g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

/** The index of countries, names and covered years (503 data_unavailable until the import step has run). */
export const holidayIndex = () => referenceData<HolidayIndex>(HOLIDAY_INDEX_FILE);

/** ISO 3166-1 alpha-2 codes of every country with holiday data, upper case. */
export function holidayCountryCodes(): string[] {
  return Object.keys(holidayIndex().countries).sort();
}

/**
 * The upper-case alpha-2 code for `value`: a code in any case, or (with `codeOrName`) a country name.
 * Undefined when no known country matches.
 */
export function findCountry(value: string, accept: 'code' | 'codeOrName'): string | undefined {
  const { countries, names } = holidayIndex();
  const trimmed = value.trim();
  const code = trimmed.toUpperCase();
  if (/^[A-Z]{2}$/.test(code) && Object.hasOwn(countries, code)) return code;
  if (accept === 'code') return undefined;
  const key = normalizeCountryName(trimmed);
  return Object.hasOwn(names, key) ? names[key] : undefined;
}

/** Like findCountry, but a value that names no known country is a 400 on parameter `param`. */
export function requireCountry(value: string, accept: 'code' | 'codeOrName', param = 'country'): string {
  const code = findCountry(value, accept);
  if (code) return code;
  const expected = accept === 'code' ? 'a 2-letter ISO 3166-1 country code (e.g. US, GB, DE)' : 'a 2-letter ISO 3166-1 country code or a country name';
  const named = accept === 'code' ? findCountry(value, 'codeOrName') : undefined;
  const hint = named ? ` '${value}' is a country name; use its code ${named}.` : '';
  throw new InvalidParameterError(`Parameter '${param}' must be ${expected} of a country with holiday data.${hint}`, param);
}
