import { endpoint } from '../lib/http/endpoint';
import { openApiDocument } from '../lib/http/openapi';
import { API_EXAMPLES } from '../lib/api/examples.generated';
import { endpointList, endpoints, endpointTags } from '../lib/api/registry';

let document: ReturnType<typeof openApiDocument> | undefined;

export const handler = endpoint(
  endpoints.openApi,
  () => (document ??= openApiDocument(endpointList, API_EXAMPLES, endpointTags.map(({ name, description }) => ({ name, description })))),
);
