import Holidays from 'date-holidays';
import { InvalidParameterError } from '../http/errors';

/**
 * Countries the holiday endpoints know: every country date-holidays has rules for, found by its
 * ISO 3166-1 alpha-2 code or, where the endpoint allows it, by name. Names match case-insensitively and
 * ignore accents, punctuation, "&" versus "and", "St." versus "Saint" and a leading "The".
 */

/** Common English names that differ from date-holidays' own English or native names. */
const ALIASES: Record<string, readonly string[]> = {
  BD: ['Bangladesh'],
  CD: ['DR Congo', 'Congo-Kinshasa'],
  CG: ['Congo', 'Congo-Brazzaville'],
  CI: ["Côte d'Ivoire", 'Ivory Coast'],
  CV: ['Cabo Verde'],
  CZ: ['Czechia'],
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain', 'United Kingdom of Great Britain and Northern Ireland'],
  GM: ['Gambia'],
  GQ: ['Equatorial Guinea'],
  IT: ['Italy'],
  KR: ['Korea', 'Republic of Korea'],
  MA: ['Morocco'],
  MD: ['Republic of Moldova'],
  MK: ['North Macedonia'],
  ML: ['Mali'],
  NE: ['Niger'],
  RU: ['Russian Federation'],
  SZ: ['Eswatini'],
  TG: ['Togo'],
  TR: ['Türkiye'],
  US: ['United States', 'USA', 'U.S.', 'U.S.A.', 'America'],
  VA: ['Holy See', 'Vatican'],
  VN: ['Viet Nam'],
};

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

let index: { codes: Map<string, string>; names: Map<string, string>; english: Record<string, string> } | undefined;

function countryIndex() {
  if (index) return index;
  const directory = new Holidays();
  const english = directory.getCountries('en');
  const native = directory.getCountries();
  const codes = new Map(Object.keys(english).map((code) => [code.toUpperCase(), code.toUpperCase()]));
  const names = new Map<string, string>();
  const addName = (name: string | undefined, code: string) => {
    const key = name ? normalizeCountryName(name) : '';
    if (key && !names.has(key)) names.set(key, code.toUpperCase());
  };
  for (const [code, name] of Object.entries(english)) addName(name, code);
  for (const [code, name] of Object.entries(native)) addName(name, code);
  for (const [code, aliases] of Object.entries(ALIASES)) {
    if (codes.has(code)) for (const alias of aliases) addName(alias, code);
  }
  index = { codes, names, english };
  return index;
}

/** ISO 3166-1 alpha-2 codes of every country with holiday rules, upper case. */
export function holidayCountryCodes(): string[] {
  return [...countryIndex().codes.keys()].sort();
}

/** date-holidays' English name of a country code (e.g. "United States of America"). */
export function countryName(code: string): string | undefined {
  return countryIndex().english[code];
}

/**
 * The upper-case alpha-2 code for `value`: a code in any case, or (with `names`) a country name.
 * Undefined when no known country matches.
 */
export function findCountry(value: string, accept: 'code' | 'codeOrName'): string | undefined {
  const { codes, names } = countryIndex();
  const trimmed = value.trim();
  const byCode = /^[A-Za-z]{2}$/.test(trimmed) ? codes.get(trimmed.toUpperCase()) : undefined;
  if (byCode || accept === 'code') return byCode;
  return names.get(normalizeCountryName(trimmed));
}

/** Like findCountry, but a value that names no known country is a 400 on parameter `param`. */
export function requireCountry(value: string, accept: 'code' | 'codeOrName', param = 'country'): string {
  const code = findCountry(value, accept);
  if (code) return code;
  const expected = accept === 'code' ? 'a 2-letter ISO 3166-1 country code (e.g. US, GB, DE)' : 'a 2-letter ISO 3166-1 country code or an English country name';
  const hint = accept === 'code' && findCountry(value, 'codeOrName') ? ` '${value}' is a country name; use its code ${findCountry(value, 'codeOrName')}.` : '';
  throw new InvalidParameterError(`Parameter '${param}' must be ${expected} of a country with holiday data.${hint}`, param);
}
