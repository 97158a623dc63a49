/**
 * Prefix tables of Google's libphonenumber geocoder and carrier data (English), one file per country
 * calling code, keyed by the leading digits of the national significant number. The import step writes
 * them in this compact form: every distinct description once, prefixes pointing at it by index.
 */
export interface PrefixTable {
  names: string[];
  /** national-number prefix → index into `names` */
  prefixes: Record<string, number>;
}

/** The tables for one country calling code; null where libphonenumber has no data of that kind. */
export interface CallingCodePrefixes {
  location: PrefixTable | null;
  carrier: PrefixTable | null;
}

/** What the import step writes beside the per-code files: the calling codes that have one, and the region names. */
export interface PrefixIndex {
  callingCodes: string[];
  source: string;
  /**
   * English name of each region libphonenumber knows (ISO 3166 alpha-2 → name, from Intl.DisplayNames, i.e.
   * CLDR), written at import: Intl's first use in a process costs ~12 ms of ICU set-up (npm run bench)
   */
  countryNames: Record<string, string>;
}

export const PHONE_PREFIX_INDEX_FILE = 'phone-prefixes.json';
/** libphonenumber-js's metadata.max.json as the package ships it (lib/phone/lookup.ts) */
export const PHONE_METADATA_FILE = 'phone-metadata.json';
export const phonePrefixFile = (callingCode: string) => `phone-prefixes-${callingCode}.json`;

/** A flat prefix → description map as a PrefixTable. */
export function compactPrefixTable(entries: Record<string, string>): PrefixTable {
  const names: string[] = [];
  const indexOf = new Map<string, number>();
  const prefixes: Record<string, number> = {};
  for (const [prefix, name] of Object.entries(entries)) {
    let index = indexOf.get(name);
    if (index === undefined) {
      index = names.push(name) - 1;
      indexOf.set(name, index);
    }
    prefixes[prefix] = index;
  }
  return { names, prefixes };
}

/** The description of the longest prefix of `nationalNumber` in the table (libphonenumber's rule), or null. */
export function longestPrefixMatch(table: PrefixTable | null, nationalNumber: string): string | null {
  if (!table) return null;
  for (let length = nationalNumber.length; length > 0; length--) {
    const index = table.prefixes[nationalNumber.slice(0, length)];
    if (index !== undefined) return table.names[index] ?? null;
  }
  return null;
}
