/**
 * World manufacturer identifiers: the NHTSA vPIC WMI table (imported into reference data) and the
 * ISO 3779 geographic ranges of the first two VIN characters, for WMIs the table does not place.
 */
import { VIN_CHARACTERS } from './vin';

/** One WMI of the vPIC table: [manufacturer, country (English name) or null, vehicle type or null]. */
export type WmiEntry = [manufacturer: string, country: string | null, vehicleType: string | null];
/** WMI (3 characters, or 6 for small manufacturers: characters 1-3 and 12-14) → entry. */
export type WmiTable = Record<string, WmiEntry>;

/**
 * The table as reference data: an index (`vehicles-wmi.json`) and one file per first two VIN characters
 * (`vehicles-wmi-<XX>.json`, at most ~30 KB), so a call parses its WMI's part of the table, not the
 * whole 0.8 MB (npm run bench: 16 ms of vinLookup's first call).
 */
export const WMI_TABLE_FILE = 'vehicles-wmi.json';
export interface WmiIndex {
  /** the first two characters that have a part file, sorted */
  prefixes: string[];
  wmis: number;
}
export const wmiPartFile = (prefix: string) => `vehicles-wmi-${prefix}.json`;

/** The table key of a VIN: a third character 9 marks a small manufacturer, completed by characters 12-14. */
export function wmiKey(vin: string): string {
  return vin[2] === '9' ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3);
}

/** The WMI table's entry for a VIN: the 6-character form first where it applies, then the 3-character WMI. */
export function findWmi(table: WmiTable, vin: string): WmiEntry | null {
  return table[wmiKey(vin)] ?? table[vin.slice(0, 3)] ?? null;
}

/** ISO 3779 zones by first character. */
export function vinRegion(vin: string): string | null {
  const first = vin[0] ?? '';
  if (/[A-H]/.test(first)) return 'Africa';
  if (/[J-R]/.test(first)) return 'Asia';
  if (/[S-Z]/.test(first)) return 'Europe';
  if (/[1-5]/.test(first)) return 'North America';
  if (/[6-7]/.test(first)) return 'Oceania';
  if (/[8-9]/.test(first)) return 'South America';
  return null;
}

/**
 * ISO 3779 / SAE country ranges of the first two characters (second character ranges in the order
 * A-Z without I, O, Q, then 1-9, 0). Only the long-standing assignments; others give a null country.
 */
const COUNTRY_RANGES: ReadonlyArray<[first: string, from: string, to: string, country: string]> = [
  ['A', 'A', 'H', 'South Africa'],
  ['J', 'A', '0', 'Japan'],
  ['K', 'F', 'K', 'Israel'],
  ['K', 'L', 'R', 'South Korea'],
  ['K', 'S', '0', 'Kazakhstan'],
  ['L', 'A', '0', 'China'],
  ['M', 'A', 'E', 'India'],
  ['M', 'F', 'K', 'Indonesia'],
  ['M', 'L', 'R', 'Thailand'],
  ['N', 'L', 'R', 'Turkey'],
  ['P', 'A', 'E', 'Philippines'],
  ['P', 'F', 'K', 'Singapore'],
  ['P', 'L', 'R', 'Malaysia'],
  ['R', 'A', 'E', 'United Arab Emirates'],
  ['R', 'F', 'K', 'Taiwan'],
  ['R', 'L', 'M', 'Vietnam'],
  ['R', 'N', 'R', 'Saudi Arabia'],
  ['S', 'A', 'M', 'United Kingdom'],
  ['S', 'N', 'T', 'Germany'],
  ['S', 'U', 'Z', 'Poland'],
  ['T', 'A', 'H', 'Switzerland'],
  ['T', 'J', 'P', 'Czech Republic'],
  ['T', 'R', 'V', 'Hungary'],
  ['T', 'W', '1', 'Portugal'],
  ['U', 'H', 'M', 'Denmark'],
  ['U', 'N', 'R', 'Ireland'],
  ['U', 'S', 'Z', 'Romania'],
  ['U', '5', '7', 'Slovakia'],
  ['V', 'A', 'E', 'Austria'],
  ['V', 'F', 'R', 'France'],
  ['V', 'S', 'W', 'Spain'],
  ['W', 'A', '0', 'Germany'],
  ['X', 'L', 'R', 'Netherlands'],
  ['X', 'S', 'W', 'Russia'],
  ['X', '3', '0', 'Russia'],
  ['Y', 'A', 'E', 'Belgium'],
  ['Y', 'F', 'K', 'Finland'],
  ['Y', 'S', 'W', 'Sweden'],
  ['Y', 'X', '2', 'Norway'],
  ['Y', '3', '5', 'Belarus'],
  ['Y', '6', '0', 'Ukraine'],
  ['Z', 'A', 'R', 'Italy'],
  ['1', 'A', '0', 'United States'],
  ['2', 'A', '0', 'Canada'],
  ['3', 'A', 'W', 'Mexico'],
  ['4', 'A', '0', 'United States'],
  ['5', 'A', '0', 'United States'],
  ['6', 'A', 'W', 'Australia'],
  ['7', 'A', 'E', 'New Zealand'],
  ['8', 'A', 'E', 'Argentina'],
  ['8', 'F', 'K', 'Chile'],
  ['8', 'L', 'R', 'Ecuador'],
  ['8', 'S', 'W', 'Peru'],
  ['8', 'X', '2', 'Venezuela'],
  ['9', 'A', 'E', 'Brazil'],
  ['9', 'F', 'K', 'Colombia'],
  ['9', 'L', 'R', 'Paraguay'],
  ['9', 'S', 'W', 'Uruguay'],
  ['9', '3', '9', 'Brazil'],
];

/** The ISO 3779 country of the first two characters, or null where no range is listed. */
export function vinCountry(vin: string): string | null {
  const position = VIN_CHARACTERS.indexOf(vin[1] ?? '');
  if (position < 0) return null;
  for (const [first, from, to, country] of COUNTRY_RANGES) {
    if (first === vin[0] && position >= VIN_CHARACTERS.indexOf(from) && position <= VIN_CHARACTERS.indexOf(to)) return country;
  }
  return null;
}

/** vPIC writes countries in capitals, some with a parenthesised abbreviation; these read better. */
const COUNTRY_NAMES: Record<string, string> = {
  'UNITED STATES (USA)': 'United States',
  'UNITED KINGDOM (UK)': 'United Kingdom',
  ENGLAND: 'United Kingdom',
};

/** A vPIC country as an English name: "SOUTH KOREA" → "South Korea"; empty → null. */
export function vpicCountryName(raw: string): string | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const known = COUNTRY_NAMES[text.toUpperCase()];
  if (known) return known;
  return text
    .replace(/\s*\([^)]*\)$/, '')
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && ['and', 'of', 'the'].includes(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
