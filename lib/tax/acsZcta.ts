/**
 * The `acs-zcta` data set (DATASETS_DIR/acs-zcta/, see its SOURCE.md): U.S. Census Bureau ACS 5-year 2020–2024
 * medians per ZIP code tabulation area and per county, as CSV.
 *
 * - `zcta_property_tax_acs5_2024.csv`: zcta, state, county, place (GeoNames postal-code names attached upstream;
 *   empty for the Puerto Rico ZCTAs), median_home_value (B25077_001E), median_real_estate_taxes (B25103_001E).
 * - `county_property_tax_acs5_2024.csv`: county_slug (`los-angeles-county-ca`), the same two medians with their
 *   margins of error, and `status` (`kept`, or `suppressed` without figures).
 *
 * Only medians are published here: the 50th percentile effective rate is median taxes / median value (the Tax
 * Foundation's method); the 25th and 75th are null. Values ACS publishes as a bound, not an estimate (the "jam
 * values" of its open top and bottom bins: see ACS_BOUNDS) and empty (suppressed) cells give no rate: such a ZCTA
 * takes its county's rate when the county row has one, else none.
 */
import { parseCsvRecords } from '../text/delimited';
import { ACS_BOUNDS, effectiveRate } from './acs';

export const ACS_ZCTA_FILE = 'acs-zcta/zcta_property_tax_acs5_2024.csv';
export const ACS_COUNTY_FILE = 'acs-zcta/county_property_tax_acs5_2024.csv';
export const ACS_ZCTA_SOURCE =
  'U.S. Census Bureau, ACS 5-year estimates 2020–2024, B25103_001E / B25077_001E per ZCTA and county (public domain); ' +
  'place and county names: GeoNames (CC BY 4.0)';

export interface AcsZctaRow {
  zcta: string;
  state: string;
  county: string;
  city: string;
  /** median taxes / median value, or null (a bound, or a suppressed cell) */
  rate: number | null;
}

/** A median from the CSV: null when empty, or a code ACS publishes as a bound (top- and bottom-coded). */
function median(cell: string | undefined, bounds: readonly number[]): number | null {
  if (cell === undefined || !/^\d+$/.test(cell)) return null;
  const value = Number(cell);
  return bounds.includes(value) ? null : value;
}

const rateOf = (record: Record<string, string>) =>
  effectiveRate(median(record.median_real_estate_taxes, ACS_BOUNDS.taxesPaid), median(record.median_home_value, ACS_BOUNDS.homeValue));

/** USPS state of a ZCTA the data set leaves unnamed: 006xx, 007xx and 009xx are Puerto Rico (the ACS has no Island Areas). */
const PUERTO_RICO_ZCTA = /^00[679]\d\d$/;

/** The ZCTA rows; rows without a 5-digit ZCTA are reported in `skipped`. */
export function parseAcsZcta(text: string): { rows: AcsZctaRow[]; skipped: string[] } {
  const rows: AcsZctaRow[] = [];
  const skipped: string[] = [];
  parseCsvRecords(text).forEach((record, i) => {
    const zcta = record.zcta ?? '';
    if (!/^\d{5}$/.test(zcta)) {
      skipped.push(`line ${i + 2}: malformed ZCTA '${zcta}'`);
      return;
    }
    const state = record.state || (PUERTO_RICO_ZCTA.test(zcta) ? 'PR' : '');
    rows.push({ zcta, state, county: record.county ?? '', city: record.place ?? '', rate: rateOf(record) });
  });
  return { rows, skipped };
}

/** Letters and digits only, lower case, without accents, "Saint"/"Sainte" as "st"/"ste": the form both names share. */
function compact(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\bsainte\b/g, 'ste')
    .replace(/\bsaint\b/g, 'st')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The county's key: USPS state + its compact name including the type (`CA|losangelescounty`). Slugs end in the
 * state (`-ca`), or the state and `-2` where the upstream kept a second row under a renamed key.
 */
function slugKey(slug: string): string | undefined {
  const match = /^(.+)-([a-z]{2})(?:-2)?$/.exec(slug);
  return match ? `${match[2]!.toUpperCase()}|${compact(match[1]!)}` : undefined;
}

/**
 * How GeoNames writes county names that carry their type, and the types (as in the county slugs) each may be.
 * Independent cities: "Baltimore (city)", "City of Richmond", once truncated "Colonial Heights (city"; census
 * areas: "Nome (CA)". A plain name is a county, parish, borough or census area, never an independent city (plain
 * "Richmond", VA, is Richmond County; "Charles City", VA, is Charles City County).
 */
const TYPED_NAMES: [RegExp, string[]][] = [
  [/^city and county of\s+(.+)$/i, ['county']],
  [/^city and borough of\s+(.+)$/i, ['city-and-borough', 'borough']],
  [/^city of\s+(.+)$/i, ['city']],
  [/^(.+?)\s*\(city\)?$/i, ['city']],
  [/^(.+?)\s*\(CA\)$/, ['census-area']],
  [/^(.+?)\s+city and borough$/i, ['city-and-borough', 'borough']],
  [/^(.+?)\s+census area$/i, ['census-area']],
  [/^(.+?)\s+municipality$/i, ['municipality', 'borough']],
  [/^(.+?)\s+borough$/i, ['borough']],
  [/^(.+?)\s+parish$/i, ['parish']],
  [/^(.+?)\s+county$/i, ['county']],
];
const PLAIN_NAME_TYPES = ['county', 'parish', 'borough', 'census-area', 'city-and-borough', 'municipality'];

/** The keys a GeoNames county name may have in the county file, most likely first. */
export function countyKeys(county: string, state: string): string[] {
  const name = county.trim();
  const typed = TYPED_NAMES.map(([pattern, types]) => [pattern.exec(name), types] as const).find(([match]) => match);
  const [base, types] = typed ? [typed[0]![1]!, typed[1]] : [name, PLAIN_NAME_TYPES];
  const keys = types.map((type) => `${state}|${compact(base)}${compact(type)}`);
  // a consolidated city whose name already says "City" (Carson City, NV: `carson-city-nv`)
  if (types[0] === 'city' && /city$/i.test(base)) keys.push(`${state}|${compact(base)}`);
  return keys;
}

export interface AcsCountyTable {
  /** the county's median rate (null: top- or bottom-coded, or suppressed) by key (slugKey) */
  rates: Map<string, number | null>;
  skipped: string[];
}

/** The county rows by key; a `kept` row wins over a `suppressed` one under the same key (the `-2` duplicates). */
export function parseAcsCounties(text: string): AcsCountyTable {
  const rates = new Map<string, number | null>();
  const skipped: string[] = [];
  parseCsvRecords(text).forEach((record, i) => {
    const key = slugKey(record.county_slug ?? '');
    if (!key) {
      skipped.push(`line ${i + 2}: malformed county slug '${record.county_slug ?? ''}'`);
      return;
    }
    const rate = record.status === 'kept' ? rateOf(record) : null;
    if (rate !== null || !rates.has(key)) rates.set(key, rate);
  });
  return { rates, skipped };
}

/** The county row a ZCTA's county name matches: its key and rate, or undefined when none matches. */
export function countyRate(table: AcsCountyTable, county: string, state: string): { key: string; rate: number | null } | undefined {
  if (!county || !state) return undefined;
  const key = countyKeys(county, state).find((candidate) => table.rates.has(candidate));
  return key === undefined ? undefined : { key, rate: table.rates.get(key)! };
}
