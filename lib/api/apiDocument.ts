import { openApiDocument } from '../http/openapi';
import { API_EXAMPLES } from './examples.generated';
import { endpointList, endpointTags } from './registry';

/**
 * GET /openapi.json's document as served: every endpoint of the registry with its recorded examples and the
 * families' tags. The docs layer holds it built at deploy time (layers/docs/build.ts), so the function reads a
 * file instead of turning every schema into JSON Schema on its first call (npm run bench, "openApi").
 */
export function apiDocumentJson(): string {
  return JSON.stringify(openApiDocument(endpointList, API_EXAMPLES, endpointTags.map(({ name, description }) => ({ name, description }))));
}
