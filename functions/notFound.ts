import { endpoint } from '../lib/http/endpoint';
import { unroutedError } from '../lib/http/routes';
import { endpointList, endpoints, retiredPaths } from '../lib/api/registry';

const routes = endpointList.filter((e) => e.path !== '$default');

export const handler = endpoint(endpoints.notFound, ({ event }) => {
  throw unroutedError(event.requestContext.http.method, event.rawPath, routes, retiredPaths);
});
