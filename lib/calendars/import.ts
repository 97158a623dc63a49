/**
 * Import step for the calendar endpoints: reads the python-holidays data set (`holidays/` in the datasets
 * directory: the library's rules evaluated for 250 countries, 1980–2050; its SOURCE.md documents the fields)
 * and writes the index holidays.json plus one compact holidays-<CC>.json per country. Only the `public` and
 * `bank` categories are kept; years outside a country's `years_covered` are left out (no data, not "no
 * holidays"); subdivision codes become the API's `<country>-<code>` form. Two documented changes: an entry's
 * scope is what its subdivisions keep (scopeAsKept) and DROPPED_HOLIDAYS are left out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { iso31661 } from 'iso-3166';
import { missingSource, type ImportResult, type ReferenceImporter } from '../reference/importer';
import { normalizeCountryName } from './country';
import { countryHolidayFile, HOLIDAY_FLAG, HOLIDAY_INDEX_FILE, type CountryHolidayFile, type HolidayIndex, type HolidayTuple } from './holidayFile';

const HOLIDAY_DATASET = { countries: 'holidays/countries', manifest: 'holidays/manifest.json', licence: 'holidays/LICENSE-python-holidays' } as const;

/** A country file of the data set, as SOURCE.md describes it (only the fields the import reads). */
export interface DatasetCountry {
  country: string;
  name: string;
  default_language: string | null;
  years_covered: [number, number];
  subdivisions: Record<string, string>;
  years: Record<string, DatasetEntry[]>;
}

export interface DatasetEntry {
  date: string;
  name: string;
  local_name: string;
  categories: string[];
  national: boolean;
  regions: string[];
  excluded_regions?: string[];
  observed: boolean;
}

/**
 * Data-set subdivision codes that are not ISO 3166-2 but have an exact ISO equivalent. ISO 3166-2:BQ codes
 * the three special municipalities BQ-BO, BQ-SA, BQ-SE; the Aosta Valley region (IT-23) is the territory of
 * the former province of Aosta (python-holidays' deprecated `AO`). Other non-ISO codes (cities such as
 * DE-Augsburg, IT-Andria, CH-Stadt Zurich) are served as the data set writes them; the API reference lists them.
 */
const ISO_SUBDIVISIONS: Record<string, Record<string, string>> = {
  BQ: { BON: 'BO', SAB: 'SA', STA: 'SE' },
  IT: { AO: '23' },
};

/** The subdivision code the API serves: ISO 3166-2 `<country>-<code>`, or the data set's code after the prefix. */
const servedSubdivision = (country: string, code: string) => `${country}-${ISO_SUBDIVISIONS[country]?.[code] ?? code}`;

/** Common English names that neither the data set, ISO 3166 nor CLDR give. */
const ALIASES: Record<string, readonly string[]> = {
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain'],
  US: ['USA', 'U.S.', 'U.S.A.', 'America'],
  CD: ['DR Congo', 'DRC'],
  CG: ['Republic of the Congo'],
  KR: ['Korea', 'Republic of Korea'],
  KP: ["Democratic People's Republic of Korea"],
  CZ: ['Czech Republic'],
  MK: ['Macedonia'],
  SZ: ['Swaziland'],
  TL: ['East Timor'],
  MM: ['Burma'],
  VA: ['Vatican', 'Holy See (Vatican City State)'],
  NL: ['Holland'],
};

const FLAGS_OF: Record<string, number> = { public: HOLIDAY_FLAG.public, bank: HOLIDAY_FLAG.bank };

/**
 * Entries of the data set the service does not serve, with the publication that decides it
 * (test/unit/holidayReference.test.ts compares the served calendars with date-holidays and cites the rest).
 */
export const DROPPED_HOLIDAYS: readonly { country: string; name: string; reason: string }[] = [
  {
    country: 'SE',
    name: 'Sunday',
    reason:
      'Lag (1989:253) om allmänna helgdagar, 1 §, counts every Sunday among the allmänna helgdagar (https://www.riksdagen.se/sv/dokument-och-lagar/dokument/svensk-forfattningssamling/lag-1989253-om-allmanna-helgdagar_sfs-1989-253/); the data set lists each as a holiday named "Sunday", 52 a year. The named holidays of that law are served; the weekly day of rest is not a public holiday in the sense of this API, for Sweden as for every other country',
  },
  ...['Easter Sunday', 'Pentecost'].map((name) => ({
    country: 'BE',
    name,
    reason:
      'Royal Decree of 18 April 1974, art. 1, lists Belgium\'s ten public holidays (New Year\'s Day, Easter Monday, 1 May, Ascension Day, Whit Monday, 21 July, Assumption, All Saints\' Day, 11 November, Christmas Day), as the FPS Employment publishes them (https://werk.belgie.be/nl/themas/verloning/feestdagen); Easter Sunday and Whit Sunday are not among them (date-holidays agrees)',
  })),
];

/**
 * Scope as people keep it: an entry kept in every subdivision is national, whatever the data set's national
 * calendar says (Australia 2025: Australia Day fell on Sunday 26 January, every state and territory
 * substituted Monday 27 January, Fair Work Act 2009 s 115(2); the data set has 26 January national but
 * excluded everywhere, 27 January regional in all eight), and a national entry excluded from every
 * subdivision is kept nowhere and dropped. Countries without subdivisions are unchanged.
 */
function scopeAsKept(national: boolean, named: readonly string[], subdivisionCount: number): { national: boolean; named: readonly string[] } | undefined {
  if (subdivisionCount === 0 || new Set(named).size < subdivisionCount) return { national, named };
  return national ? undefined : { national: true, named: [] };
}

/** The compact file of one country: public and bank entries of the covered years, names once each. */
function compactCountry(source: DatasetCountry): { file: CountryHolidayFile; entryCount: number } {
  const country = source.country;
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  const indexOf = (name: string) => {
    let index = nameIndex.get(name);
    if (index === undefined) nameIndex.set(name, (index = names.push(name) - 1));
    return index;
  };
  const subdivisions = Object.keys(source.subdivisions);
  const subdivisionIndex = (code: string) => {
    const index = subdivisions.indexOf(code);
    if (index < 0) throw new Error(`holidays ${country}: region ${code} is not among the data set's subdivisions`);
    return index;
  };
  const [first, last] = source.years_covered;
  const years: CountryHolidayFile['years'] = {};
  let entryCount = 0;
  const dropped = new Set(DROPPED_HOLIDAYS.filter((d) => d.country === country).map((d) => d.name));
  for (let year = first; year <= last; year++) {
    const tuples: HolidayTuple[] = [];
    for (const entry of source.years[String(year)] ?? []) {
      const categories = entry.categories.reduce((flags, category) => flags | (FLAGS_OF[category] ?? 0), 0);
      if (!categories || dropped.has(entry.name)) continue;
      if (!entry.date.startsWith(`${year}-`)) throw new Error(`holidays ${country} ${year}: entry dated ${entry.date}`);
      const scope = scopeAsKept(entry.national, entry.national ? (entry.excluded_regions ?? []) : entry.regions, subdivisions.length);
      if (!scope) continue;
      const flags = categories | (scope.national ? HOLIDAY_FLAG.national : 0) | (entry.observed ? HOLIDAY_FLAG.observed : 0);
      const regions = scope.named.map(subdivisionIndex);
      const tuple: HolidayTuple = [entry.date.slice(5), indexOf(entry.name), indexOf(entry.local_name), flags];
      if (regions.length) tuple.push(regions);
      tuples.push(tuple);
    }
    years[String(year)] = JSON.stringify(tuples);
    entryCount += tuples.length;
  }
  return { file: { country, subdivisions: subdivisions.map((code) => servedSubdivision(country, code)), names, years }, entryCount };
}

/** The country's name in a language by CLDR (Node's ICU), e.g. "Deutschland"; undefined when ICU has none. */
function cldrName(country: string, language: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([language.replace('_', '-')], { type: 'region', fallback: 'none' }).of(country);
    return name && name !== country ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * normalized name → code. Earlier sources win a name two countries share: the data set's English names,
 * then ISO 3166-1's English short names, CLDR's English names, the aliases above, CLDR's name in the
 * country's own language (the data set's default language).
 */
function countryNames(countries: DatasetCountry[]): Record<string, string> {
  const iso = new Map(iso31661.map((entry) => [entry.alpha2, entry.name]));
  const names: Record<string, string> = {};
  const add = (name: string | undefined, code: string) => {
    const key = name ? normalizeCountryName(name) : '';
    if (key && !Object.hasOwn(names, key)) names[key] = code;
  };
  const sources: ((c: DatasetCountry) => (string | undefined)[])[] = [
    (c) => [c.name],
    (c) => [iso.get(c.country)],
    (c) => [cldrName(c.country, 'en')],
    (c) => [...(ALIASES[c.country] ?? [])],
    (c) => [c.default_language ? cldrName(c.country, c.default_language) : undefined],
  ];
  for (const namesOf of sources) for (const c of countries) for (const name of namesOf(c)) add(name, c.country);
  return names;
}

export const importHolidays: ReferenceImporter = async (datasetsDir) => {
  const result: ImportResult = { files: {}, warnings: [], missing: {} };
  const [folder, manifestPath, licencePath] = [HOLIDAY_DATASET.countries, HOLIDAY_DATASET.manifest, HOLIDAY_DATASET.licence].map((path) =>
    datasetsDir ? join(datasetsDir, path) : '',
  ) as [string, string, string];
  if (![folder, manifestPath, licencePath].every((path) => path && existsSync(path))) {
    result.missing![HOLIDAY_INDEX_FILE] = {
      reason: missingSource('The holiday data (python-holidays data set)', 'holidays/', datasetsDir),
      endpoints: ['/v1/publicholidays', '/v1/ispublicholiday', '/v1/bankholidays', '/v1/isbankholiday'],
    };
    return result;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { library_version: string; source_commit: string };
  const source = `python-holidays ${manifest.library_version} (commit ${manifest.source_commit.slice(0, 12)}, MIT)`;
  const licence = readFileSync(licencePath, 'utf8');

  const countries = readdirSync(folder)
    .filter((file) => /^[A-Z]{2}\.json$/.test(file))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as DatasetCountry);
  const index: HolidayIndex = { source, licence, countries: {}, names: countryNames(countries) };
  let entries = 0;
  for (const country of countries) {
    const { file, entryCount } = compactCountry(country);
    index.countries[country.country] = { name: country.name, years: country.years_covered };
    entries += entryCount;
    result.files[countryHolidayFile(country.country)] = { data: file };
  }
  result.files[HOLIDAY_INDEX_FILE] = {
    data: index,
    summary: `index of ${countries.length} holidays-<CC>.json files (${entries} public and bank holiday entries, ${Object.keys(index.names).length} country names) from ${source}`,
  };
  return result;
};
