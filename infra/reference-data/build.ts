/**
 * The reference-data import step (`npm run build:data`): reads the public datasets in their published
 * formats and writes the compact files the `reference-data` layer ships (`/opt/reference-data` in Lambda).
 * Missing sources are reported, not fatal: the data that depend on them answer 503 data_unavailable.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importJokes } from '../../lib/jokes/import';
import type { ReferenceImporter } from '../../lib/reference/importer';
import { importTaxData } from '../../lib/tax/import';
import { importVehicleData } from '../../lib/vehicles/import';
import { importPhoneData } from '../../lib/phone/import';
import { importEmailDomains } from '../../lib/email/import';
import { importAviationData } from '../../lib/aviation/import';
import { importLiborFixings } from '../../lib/rates/liborImport';
import { importHolidays } from '../../lib/calendars/import';

export const REFERENCE_DATA_OUT = 'layers/reference-data/build/reference-data';

/** DATASETS_DIR, else ../shared/datasets beside the project when it exists. */
export function datasetsDir(): string | undefined {
  if (process.env.DATASETS_DIR) return resolve(process.env.DATASETS_DIR);
  const beside = resolve('../shared/datasets');
  return existsSync(beside) ? beside : undefined;
}

const importJokePools: ReferenceImporter = async (sources) => {
  const jokes = await importJokes(sources);
  const summary = `${jokes.pools.free.length} free, ${jokes.pools.premium.length} premium jokes from ${jokes.sources.join(', ')}`;
  return { files: { 'jokes.json': { data: jokes.pools, summary } }, warnings: jokes.warnings };
};

/** Every import step; each writes its own files. */
const IMPORTERS: ReferenceImporter[] = [importJokePools, importTaxData, importVehicleData, importPhoneData, importEmailDomains, importAviationData, importLiborFixings, importHolidays];

export interface BuildReport {
  outDir: string;
  files: Record<string, string>;
  warnings: string[];
}

export async function buildReferenceData(outDir = resolve(REFERENCE_DATA_OUT), sources = datasetsDir()): Promise<BuildReport> {
  mkdirSync(outDir, { recursive: true });
  const warnings: string[] = [];
  if (!sources) warnings.push('No datasets directory (set DATASETS_DIR or put ../shared/datasets beside the project).');
  const files: BuildReport['files'] = {};

  for (const importer of IMPORTERS) {
    const result = await importer(sources);
    for (const [file, { data, summary }] of Object.entries(result.files)) {
      writeFileSync(join(outDir, file), JSON.stringify(data));
      files[file] = summary ?? '';
    }
    warnings.push(...result.warnings);
  }

  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify({ files, warnings }, null, 2));
  return { outDir, files, warnings };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await buildReferenceData(process.argv[2] ? resolve(process.argv[2]) : undefined);
  for (const [file, summary] of Object.entries(report.files)) if (summary) console.log(`${file}: ${summary}`);
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);
  console.log(`reference data written to ${report.outDir}`);
}
