import { endpoint } from '../lib/http/endpoint';
import { openApiDocument } from '../lib/http/openapi';
import { endpointList, endpoints } from '../lib/api/registry';

let document: ReturnType<typeof openApiDocument> | undefined;

export const handler = endpoint(endpoints.openApi, () => (document ??= openApiDocument(endpointList)));
