/**
 * U.S. Census ACS 5-year estimates → effective property-tax rate percentiles.
 *
 * Input: ACS API responses (`https://api.census.gov/data/<year>/acs/acs5?get=NAME,<variables>&for=...`):
 * a JSON array of arrays, the first row the header, every value a string (or null). Geography columns:
 * `zip code tabulation area` (ZCTA rows) or `state` + `county` (county rows).
 *
 * Variables (owner-occupied housing units):
 * - B25103_001E median real estate taxes paid; B25102_001E…_015E units by real estate taxes paid
 *   (with/without a mortgage: < $800, $800–1,499, $1,500–1,999, $2,000–2,999, $3,000 or more, none);
 * - B25076_001E lower value quartile, B25077_001E median value, B25078_001E upper value quartile.
 *
 * Method: the p-th percentile effective rate is the p-th percentile of taxes paid divided by the p-th
 * percentile of home value (taxes and values assumed to rise together). The median uses the published
 * medians (B25103 / B25077). The 25th and 75th tax percentiles are read off the B25102 distribution:
 * units paying no tax sit at $0, the CDF is linear inside each bin and passes through the published
 * median; in the open "$3,000 or more" bin it continues with the density of the segment below it.
 * Census "no estimate" codes (negative values such as -666666666) count as missing, and so do the values ACS
 * publishes as a bound instead of an estimate (ACS_BOUNDS): a rate computed from a bound would be a bound too.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The committed sample ACS responses (made-up figures), imported only when neither ACS_DIR nor the acs-zcta data set is there. */
export const ACS_FIXTURE_DIR = fileURLToPath(new URL('../../test/fixtures/acs/', import.meta.url));

/** The directory of ACS API responses given in ACS_DIR, or undefined when it is not set. */
export function acsDirectory(configured = process.env.ACS_DIR): string | undefined {
  const acsDir = configured?.trim();
  return acsDir ? resolve(acsDir) : undefined;
}

/**
 * Values ACS publishes for a median or quartile in the open top or bottom bin of its distribution ("jam values"):
 * bounds, not estimates. Home value (B25076–B25078): 9,999 = "less than $10,000", 2,000,001 = "$2,000,000 or
 * more"; real estate taxes paid (B25103): 199 = "less than $200", 10,001 = "$10,000 or more" (Census Bureau, ACS
 * Summary File Technical Documentation, "Jam Values for Medians"; the acs-zcta SOURCE.md counts them per file).
 */
export const ACS_BOUNDS = { homeValue: [9999, 2000001], taxesPaid: [199, 10001] } as const;

export const ACS_TAX_VARIABLES = {
  medianTaxes: 'B25103_001E',
  lowerValueQuartile: 'B25076_001E',
  medianValue: 'B25077_001E',
  upperValueQuartile: 'B25078_001E',
} as const;

/** B25102 bins (lower bound in dollars) with the variables of units with and without a mortgage. */
export const TAXES_PAID_BINS = [
  { from: 0, to: 800, variables: ['B25102_003E', 'B25102_010E'] },
  { from: 800, to: 1500, variables: ['B25102_004E', 'B25102_011E'] },
  { from: 1500, to: 2000, variables: ['B25102_005E', 'B25102_012E'] },
  { from: 2000, to: 3000, variables: ['B25102_006E', 'B25102_013E'] },
  { from: 3000, to: null, variables: ['B25102_007E', 'B25102_014E'] },
] as const;
export const NO_TAXES_PAID_VARIABLES = ['B25102_008E', 'B25102_015E'] as const;

export const ACS_VARIABLES: string[] = [
  ...Object.values(ACS_TAX_VARIABLES),
  ...TAXES_PAID_BINS.flatMap((bin) => bin.variables),
  ...NO_TAXES_PAID_VARIABLES,
];

export const ZCTA_COLUMN = 'zip code tabulation area';

export interface RatePercentiles {
  p25: number | null;
  p50: number | null;
  p75: number | null;
}

export interface AcsEstimate extends RatePercentiles {
  /** ZCTA (5 digits) or county GEOID (2-digit state FIPS + 3-digit county FIPS) */
  geoid: string;
  name: string;
}

export interface AcsTable {
  level: 'zcta' | 'county';
  estimates: AcsEstimate[];
  /** one line per problem: malformed rows and rows without the data to estimate a rate */
  skipped: string[];
}

/** A number from an ACS cell; missing, non-numeric and the negative "no estimate" codes → null. */
export function acsNumber(cell: unknown): number | null {
  if (typeof cell !== 'string' && typeof cell !== 'number') return null;
  const text = String(cell).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return value < 0 ? null : value;
}

interface Knot {
  amount: number;
  share: number;
}

/**
 * The p-th percentile of taxes paid from the B25102 counts and the published median, or null when the
 * counts do not allow one. `counts` maps variable name → count.
 */
export function taxesPaidPercentile(counts: Record<string, number | null>, median: number | null, p: number): number | null {
  const sum = (names: readonly string[]) => names.reduce((total, name) => total + (counts[name] ?? 0), 0);
  const binCounts = TAXES_PAID_BINS.map((bin) => sum(bin.variables));
  const none = sum(NO_TAXES_PAID_VARIABLES);
  const total = none + binCounts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;

  const knots: Knot[] = [{ amount: 0, share: none / total }];
  let cumulative = none;
  TAXES_PAID_BINS.forEach((bin, i) => {
    cumulative += binCounts[i]!;
    if (bin.to !== null) knots.push({ amount: bin.to, share: cumulative / total });
  });
  if (median !== null && median > 0) {
    const after = knots.findIndex((knot) => knot.amount >= median);
    const before = after === -1 ? knots[knots.length - 1]! : knots[after - 1];
    const next = after === -1 ? undefined : knots[after];
    // the published median goes in when it agrees with the bin counts (sampling error can make it disagree)
    if (before && before.share <= 0.5 && (next === undefined || (next.share >= 0.5 && next.amount > median))) {
      knots.splice(after === -1 ? knots.length : after, 0, { amount: median, share: 0.5 });
    }
  }

  if (p <= knots[0]!.share) return 0;
  for (let i = 1; i < knots.length; i += 1) {
    const lo = knots[i - 1]!;
    const hi = knots[i]!;
    if (p <= hi.share) return lo.amount + ((p - lo.share) / (hi.share - lo.share)) * (hi.amount - lo.amount);
  }
  // open-ended top bin: continue with the density of the nearest segment below that has any units
  const last = knots[knots.length - 1]!;
  for (let i = knots.length - 1; i >= 1; i -= 1) {
    const lo = knots[i - 1]!;
    const hi = knots[i]!;
    const density = (hi.share - lo.share) / (hi.amount - lo.amount);
    if (density > 0) return last.amount + (p - last.share) / density;
  }
  return null;
}

/** Taxes ÷ value as a decimal with 6 places (0.006254 = 0.6254 %), or null without both. */
export const effectiveRate = (taxes: number | null, value: number | null): number | null =>
  taxes === null || value === null || value <= 0 ? null : Math.round((taxes / value) * 1_000_000) / 1_000_000;

/** A cell's value unless ACS published it as a bound. */
const estimate = (value: number | null | undefined, bounds: readonly number[]) => (value == null || bounds.includes(value) ? null : value);

/** Effective-rate percentiles of one row (values keyed by variable name). */
export function ratePercentiles(row: Record<string, number | null>): RatePercentiles {
  const median = estimate(row[ACS_TAX_VARIABLES.medianTaxes], ACS_BOUNDS.taxesPaid);
  const value = (name: string) => estimate(row[name], ACS_BOUNDS.homeValue);
  return {
    p25: effectiveRate(taxesPaidPercentile(row, median, 0.25), value(ACS_TAX_VARIABLES.lowerValueQuartile)),
    p50: effectiveRate(median, value(ACS_TAX_VARIABLES.medianValue)),
    p75: effectiveRate(taxesPaidPercentile(row, median, 0.75), value(ACS_TAX_VARIABLES.upperValueQuartile)),
  };
}

/** Parses one ACS API response; throws when it is not one (no header, missing columns). */
export function parseAcsTable(payload: unknown): AcsTable {
  if (!Array.isArray(payload) || !Array.isArray(payload[0]) || !payload[0].every((cell) => typeof cell === 'string')) {
    throw new Error('not an ACS API response: expected an array of rows with a header row of column names');
  }
  const header = payload[0] as string[];
  const column = (name: string) => header.indexOf(name);
  const missing = ACS_VARIABLES.filter((name) => column(name) === -1);
  if (missing.length > 0) throw new Error(`ACS response lacks the columns ${missing.join(', ')}`);
  const zcta = column(ZCTA_COLUMN);
  const state = column('state');
  const county = column('county');
  if (zcta === -1 && (state === -1 || county === -1)) {
    throw new Error(`ACS response has neither a '${ZCTA_COLUMN}' column nor 'state' and 'county' columns`);
  }
  const level = zcta !== -1 ? 'zcta' : 'county';
  const nameColumn = column('NAME');

  const estimates: AcsEstimate[] = [];
  const skipped: string[] = [];
  payload.slice(1).forEach((row: unknown, index) => {
    const line = `row ${index + 2}`;
    if (!Array.isArray(row) || row.length !== header.length) {
      skipped.push(`${line}: not a row of ${header.length} cells`);
      return;
    }
    const geoid = level === 'zcta' ? String(row[zcta]) : `${row[state]}${row[county]}`;
    if (!(level === 'zcta' ? /^\d{5}$/ : /^\d{5}$/).test(geoid)) {
      skipped.push(`${line}: malformed ${level === 'zcta' ? 'ZCTA' : 'state/county'} code '${geoid}'`);
      return;
    }
    const values = Object.fromEntries(ACS_VARIABLES.map((name) => [name, acsNumber(row[column(name)])]));
    const percentiles = ratePercentiles(values);
    if (percentiles.p25 === null && percentiles.p50 === null && percentiles.p75 === null) {
      skipped.push(`${line} (${geoid}): no estimate of taxes or home value`);
      return;
    }
    estimates.push({ geoid, name: nameColumn === -1 ? geoid : String(row[nameColumn] ?? geoid), ...percentiles });
  });
  return { level, estimates, skipped };
}

/** State FIPS codes → USPS codes (states, DC, Puerto Rico and the territories ACS tabulates). */
export const STATE_BY_FIPS: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC',
  '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY',
  '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT',
  '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH',
  '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT',
  '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI', '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP',
  '72': 'PR', '78': 'VI',
};
