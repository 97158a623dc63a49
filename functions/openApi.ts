import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoint } from '../lib/http/endpoint';
import { docsAssetsDir, OPENAPI_FILE } from '../lib/http/docsPage';
import { TextBody } from '../lib/http/response';
import { endpoints } from '../lib/api/registry';
import { apiDocumentJson } from '../lib/api/apiDocument';

/**
 * The document the docs layer holds (docsAssetsDir(), built from this registry at deploy time); where there
 * is no layer (npm start, tests: the Swagger UI package holds no such file) it is built from the registry on
 * the first call.
 */
function documentText(): string {
  const built = join(docsAssetsDir(), OPENAPI_FILE);
  return existsSync(built) ? readFileSync(built, 'utf8') : apiDocumentJson();
}

let text: string | undefined;

export const handler = endpoint(endpoints.openApi, () => new TextBody((text ??= documentText()), 'application/json'));
