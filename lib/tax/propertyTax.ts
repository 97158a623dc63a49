/**
 * /v1/propertytax: effective property-tax rate percentiles per ZIP code, from the reference file
 * `property-tax.json` the import step writes (lib/tax/importPropertyTax.ts: Census ACS estimates per ZIP with
 * city, county and state; the file's `source` names them).
 */
import { sampleMark } from '../http/sample';

export const PROPERTY_TAX_FILE = 'property-tax.json';
export const MAX_PROPERTY_TAX_RESULTS = 100;

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
