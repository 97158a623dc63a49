/**
 * /v1/propertytax: effective property-tax rate percentiles per ZIP code, from the reference data the import step
 * writes (lib/tax/importPropertyTax.ts: Census ACS estimates per ZIP with city, county and state; every file's
 * `source` names them). The records are split so that a call parses only the part it searches, not all 40,000
 * ZIP codes (8 MB, ~80 ms to parse: most of the first call before the split, npm run bench):
 * - `property-tax.json`: the index (PropertyTaxIndex);
 * - `property-tax-<NNN>.json`: the records of the ZIP codes beginning with NNN (a PropertyTaxFile, ≤ 100 records);
 * - `property-tax-cities-<X>.json`: the ZIP prefixes of each city whose name begins with X (`_`: any other
 *   first character), and `property-tax-counties.json` those of each county (normalizeCounty).
 * The sample fixture (local runs only) stays one PropertyTaxFile, `property-tax.json`: the manifest lists it as a
 * sample, and a build for deployment leaves it out whole.
 */
import { sampleMark } from '../http/sample';
import { referenceData } from '../reference/referenceData';

export const PROPERTY_TAX_FILE = 'property-tax.json';
export const PROPERTY_TAX_COUNTY_FILE = 'property-tax-counties.json';
export const MAX_PROPERTY_TAX_RESULTS = 100;
/** The ZIP codes of a part file share their first three digits (912 parts of 1–98 records, 0.3 ms to parse). */
export const ZIP_PREFIX_LENGTH = 3;
export const propertyTaxPartFile = (zipPrefix: string) => `property-tax-${zipPrefix}.json`;
export const propertyTaxCityFile = (group: string) => `property-tax-cities-${group}.json`;

/** The city file a name is in: its first letter A–Z, `_` for any other start (file names stay case-insensitive-safe). */
export const cityGroup = (city: string) => (/^[A-Z]/.test(city) ? city[0]! : '_');

export interface PropertyTaxRecord {
  state: string;
  county: string;
  city: string;
  zip: string;
  property_tax_25th_percentile: number | null;
  property_tax_50th_percentile: number | null;
  property_tax_75th_percentile: number | null;
  /** the ZIP's own ZCTA estimate, its county's when the ZCTA has none (a suppressed cell, or a value ACS publishes
   * only as a bound), or null when neither has one (every percentile null) */
  estimate_area: 'zip' | 'county' | null;
}

export interface PropertyTaxFile {
  /** true when the records come from the committed sample fixture (made-up figures), not Census estimates */
  sample: boolean;
  /** the ACS release and files the estimates come from, and where the names come from */
  source: string;
  /** sorted by ZIP */
  records: PropertyTaxRecord[];
}

/** `property-tax.json` when the records are split. */
export interface PropertyTaxIndex {
  sample: boolean;
  source: string;
  /** each ZIP prefix that has a part file → the states of its records (a city or county query with a state reads
   * only the parts of that state); the keys are not in ZIP order (JavaScript lists "100"–"999" before "005") */
  parts: Record<string, string[]>;
  /** the city groups (cityGroup) that have a city file, sorted */
  cityGroups: string[];
}

/** A city or county name → the ZIP prefixes of the part files that hold its records, sorted. */
export type PropertyTaxNames = Record<string, string[]>;

export interface PropertyTaxQuery {
  city?: string;
  county?: string;
  zip?: string;
  state?: string;
}

export type PropertyTaxResult = PropertyTaxRecord & { sample?: true };

/** A county name as people write it: case-insensitive, with or without "County", "Parish", "(city)" ... */
export function normalizeCounty(name: string): string {
  return name
    .toLowerCase()
    .replace(/\((ca|city)\)?$/, ' ')
    .replace(/\b(county|parish|borough|census area|city and borough|municipality)\s*$/, ' ')
    .replace(/^city of\s+/, '')
    .replace(/\bsaint\b/g, 'st.')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Normalised county names per record, computed once per loaded file. */
const countyKeys = new WeakMap<PropertyTaxFile, string[]>();

function countyKeysOf(file: PropertyTaxFile): string[] {
  let keys = countyKeys.get(file);
  if (!keys) {
    keys = file.records.map((record) => normalizeCounty(record.county));
    countyKeys.set(file, keys);
  }
  return keys;
}

/** Records matching every given filter, in ZIP order, at most 100. */
export function findPropertyTax(file: PropertyTaxFile, query: PropertyTaxQuery): PropertyTaxResult[] {
  const county = query.county === undefined ? undefined : normalizeCounty(query.county);
  const counties = county === undefined ? undefined : countyKeysOf(file);
  const state = query.state?.toUpperCase();
  const results: PropertyTaxResult[] = [];
  for (const [i, record] of file.records.entries()) {
    if (query.zip !== undefined && record.zip !== query.zip) continue;
    if (query.city !== undefined && record.city !== query.city) continue;
    if (state !== undefined && record.state !== state) continue;
    if (counties !== undefined && counties[i] !== county) continue;
    results.push({ ...record, ...sampleMark(file) });
    if (results.length === MAX_PROPERTY_TAX_RESULTS) break;
  }
  return results;
}

/** Reads a reference-data file by name (referenceData: once per container, 503 when it was not imported). */
export type ReferenceReader = <T>(file: string) => T;

/** The ZIP prefixes of the part files that can hold the query's records, in ZIP order. */
function zipPrefixesOf(index: PropertyTaxIndex, query: PropertyTaxQuery, read: ReferenceReader): string[] {
  const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);
  let prefixes: string[] = [];
  if (query.zip !== undefined) {
    prefixes = [query.zip.slice(0, ZIP_PREFIX_LENGTH)];
  } else if (query.city !== undefined) {
    const group = cityGroup(query.city);
    if (index.cityGroups.includes(group)) prefixes = own(read<PropertyTaxNames>(propertyTaxCityFile(group)), query.city) ?? [];
  } else if (query.county !== undefined) {
    prefixes = own(read<PropertyTaxNames>(PROPERTY_TAX_COUNTY_FILE), normalizeCounty(query.county)) ?? [];
  }
  const state = query.state?.toUpperCase();
  return prefixes.filter((prefix) => {
    const states = own(index.parts, prefix);
    return states !== undefined && (state === undefined || states.includes(state));
  });
}

/**
 * findPropertyTax over the reference data, reading only the part files that can hold matches (in ZIP order, until
 * there are 100); 503 when the import step has not produced them.
 */
export function lookupPropertyTax(query: PropertyTaxQuery, read: ReferenceReader = referenceData): PropertyTaxResult[] {
  const index = read<PropertyTaxIndex | PropertyTaxFile>(PROPERTY_TAX_FILE);
  if ('records' in index) return findPropertyTax(index, query);
  const results: PropertyTaxResult[] = [];
  for (const prefix of zipPrefixesOf(index, query, read)) {
    results.push(...findPropertyTax(read<PropertyTaxFile>(propertyTaxPartFile(prefix)), query));
    if (results.length >= MAX_PROPERTY_TAX_RESULTS) break;
  }
  return results.slice(0, MAX_PROPERTY_TAX_RESULTS);
}
