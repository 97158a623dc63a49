import { endpoint } from '../lib/http/endpoint';
import { Redirect } from '../lib/http/response';
import { servedRoutes, unroutedError } from '../lib/http/routes';
import { endpointList, endpoints, retiredPaths } from '../lib/api/registry';

const routes = servedRoutes(endpointList);

export const handler = endpoint(endpoints.notFound, ({ event }) => {
  const method = event.requestContext.http.method;
  if (event.rawPath === '/' && (method === 'GET' || method === 'HEAD')) return new Redirect(endpoints.docs.path);
  throw unroutedError(method, event.rawPath, routes, retiredPaths);
});
