import { GoneError, MethodNotAllowedError, NotFoundError } from './errors';

interface Route {
  path: string;
  method: string;
}

const unversioned = (path: string) => path.toLowerCase().replace(/\/+$/, '').replace(/^\/v\d+/, '');

/**
 * The error for a request no route serves: 410 for retired paths, 405 when the path exists with another
 * method, else 404 with a hint when the same endpoint exists under another version or spelling.
 */
export function unroutedError(method: string, path: string, routes: readonly Route[], retired: Record<string, string>) {
  const successor = retired[path];
  if (successor) return new GoneError(`${path} is retired; use ${successor}.`);
  const allowed = routes.filter((r) => r.path === path).map((r) => r.method);
  if (allowed.length > 0) return new MethodNotAllowedError(method, path, allowed);
  const near = routes.find((r) => unversioned(r.path) === unversioned(path));
  return new NotFoundError(
    near ? `No endpoint at ${path}; did you mean ${near.path}?` : `No endpoint at ${path}; see /openapi.json for the endpoints.`,
  );
}
