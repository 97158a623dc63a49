/**
 * Import step for /v1/vinlookup: the NHTSA vPIC WMI table (`<datasetsDir>/vin/vpic_wmi.csv`: wmi,
 * manufacturer, makes, vehicle_type, country; public domain) → `vehicles-wmi.json` (index) and its part files.
 * A missing source is a warning: the endpoint answers 503 data_unavailable.
 */
import { join } from 'node:path';
import { missingSource, readDatasetFile, type ImportResult, type ReferenceImporter } from '../reference/importer';
import { parseDelimited } from '../text/delimited';
import { vpicCountryName, WMI_TABLE_FILE, wmiPartFile, type WmiIndex, type WmiTable } from './wmi';

export const WMI_SOURCE_FILE = join('vin', 'vpic_wmi.csv');

const clean = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/** The WMI table from the vPIC CSV export; rows without a 3- or 6-character WMI or a manufacturer are skipped. */
export function buildWmiTable(csv: string): { table: WmiTable; skipped: number } {
  const [header, ...rows] = parseDelimited(csv);
  const columns = (header ?? []).map((name) => (name ?? '').trim().toLowerCase());
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`vPIC WMI CSV lacks the column '${name}'`);
    return index;
  };
  const [wmiAt, manufacturerAt, typeAt, countryAt] = [at('wmi'), at('manufacturer'), at('vehicle_type'), at('country')];
  const table: WmiTable = {};
  let skipped = 0;
  for (const row of rows) {
    const wmi = clean(row[wmiAt]).toUpperCase();
    const manufacturer = clean(row[manufacturerAt]);
    if (!/^[A-HJ-NPR-Z0-9]{3}([A-HJ-NPR-Z0-9]{3})?$/.test(wmi) || !manufacturer) {
      skipped++;
      continue;
    }
    table[wmi] = [manufacturer, vpicCountryName(row[countryAt] ?? ''), clean(row[typeAt]) || null];
  }
  return { table, skipped };
}

async function importWmiTable(datasetsDir: string | undefined): Promise<ImportResult> {
  const csv = await readDatasetFile(datasetsDir, WMI_SOURCE_FILE);
  if (csv === undefined) {
    const reason = missingSource('The NHTSA vPIC WMI table (VIN manufacturers)', WMI_SOURCE_FILE, datasetsDir);
    return { files: {}, warnings: [], missing: { [WMI_TABLE_FILE]: { reason, endpoints: ['/v1/vinlookup'] } } };
  }
  const path = join(datasetsDir!, WMI_SOURCE_FILE);
  const { table, skipped } = buildWmiTable(csv);
  const warnings = skipped > 0 ? [`${path}: ${skipped} rows without a valid WMI or manufacturer skipped.`] : [];
  const parts = new Map<string, WmiTable>();
  for (const [wmi, entry] of Object.entries(table)) {
    const prefix = wmi.slice(0, 2);
    const part = parts.get(prefix) ?? {};
    part[wmi] = entry;
    parts.set(prefix, part);
  }
  const prefixes = [...parts.keys()].sort();
  const index: WmiIndex = { prefixes, wmis: Object.keys(table).length };
  return {
    files: {
      [WMI_TABLE_FILE]: { data: index, summary: `index of ${prefixes.length} vehicles-wmi-<XX>.json files: ${index.wmis} WMIs from NHTSA vPIC (${WMI_SOURCE_FILE})` },
      ...Object.fromEntries(prefixes.map((prefix) => [wmiPartFile(prefix), { data: parts.get(prefix) }])),
    },
    warnings,
  };
}

export const importVehicleData: ReferenceImporter = importWmiTable;
