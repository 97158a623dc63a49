/**
 * The docs layer, under /opt/docs: Swagger UI's standalone bundle and stylesheet (npm swagger-ui-dist,
 * Apache-2.0) with its licence, which GET /docs inlines into its page (about 1.9 MB, copied from node_modules),
 * and openapi.json, the API reference GET /openapi.json serves, built from the registry (lib/api/apiDocument.ts).
 *
 *   npx tsx layers/docs/build.ts [outDir]     (default layers/docs/build)
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiDocumentJson } from '../../lib/api/apiDocument';
import { DOCS_ASSET_FILES, docsAssetsDir, OPENAPI_FILE } from '../../lib/http/docsPage';

/** Where the files are in Lambda (layers unpack under /opt). */
export const LAMBDA_DOCS_ASSETS_DIR = '/opt/docs';

export function buildDocsLayer(outDir = fileURLToPath(new URL('build', import.meta.url))): string {
  const target = join(outDir, 'docs');
  mkdirSync(target, { recursive: true });
  for (const file of DOCS_ASSET_FILES) copyFileSync(join(docsAssetsDir(), file), join(target, file));
  writeFileSync(join(target, OPENAPI_FILE), apiDocumentJson());
  return target;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`Swagger UI files and ${OPENAPI_FILE}: ${buildDocsLayer(process.argv[2] ? resolve(process.argv[2]) : undefined)}`);
}
