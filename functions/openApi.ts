import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoint } from '../lib/http/endpoint';
import { OPENAPI_FILE } from '../lib/http/docsPage';
import { TextBody } from '../lib/http/response';
import { endpoints } from '../lib/api/registry';
import { apiDocumentJson } from '../lib/api/apiDocument';

/**
 * The document the docs layer holds (DOCS_ASSETS_DIR, built from this registry at deploy time); where there
 * is no layer (npm start, tests) it is built from the registry on the first call.
 */
function documentText(): string {
  const built = process.env.DOCS_ASSETS_DIR && join(process.env.DOCS_ASSETS_DIR, OPENAPI_FILE);
  if (built && existsSync(built)) return readFileSync(built, 'utf8');
  return apiDocumentJson();
}

let text: string | undefined;

export const handler = endpoint(endpoints.openApi, () => new TextBody((text ??= documentText()), 'application/json'));
