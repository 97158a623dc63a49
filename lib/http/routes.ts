import { GoneError, MethodNotAllowedError, NotFoundError } from './errors';

interface Route {
  path: string;
  method: string;
}

/** The methods a route answers: its own, and HEAD beside GET (the body left out). */
export const methodsOf = (method: string): string[] => (method === 'GET' ? ['GET', 'HEAD'] : [method]);

/** The paths an endpoint answers on: its own, then its aliases. */
export const pathsOf = (entry: { path: string; aliases?: readonly string[] }): string[] => [entry.path, ...(entry.aliases ?? [])];

/** Every path and method the endpoints serve, the catch-all ($default) left out. */
export const servedRoutes = (entries: readonly { path: string; method: string; aliases?: readonly string[] }[]): Route[] =>
  entries.filter((e) => e.path !== '$default').flatMap((e) => pathsOf(e).map((path) => ({ path, method: e.method })));

const unversioned = (path: string) => path.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '').replace(/^\/v\d+/, '');

/**
 * The error for a request no route serves: 410 for retired paths, 405 when the path exists with another
 * method (a GET route also answers HEAD), else 404 with a hint when the same endpoint exists under another
 * version or spelling (case, doubled or trailing slashes).
 */
export function unroutedError(method: string, path: string, routes: readonly Route[], retired: Record<string, string>) {
  const successor = retired[path];
  if (successor) return new GoneError(`${path} is retired; use ${successor}.`);
  const allowed = routes.filter((r) => r.path === path).flatMap((r) => methodsOf(r.method));
  if (allowed.length > 0) return new MethodNotAllowedError(method, path, allowed);
  const near = routes.find((r) => unversioned(r.path) === unversioned(path));
  return new NotFoundError(
    near ? `No endpoint at ${path}; did you mean ${near.path}?` : `No endpoint at ${path}; see /openapi.json for the endpoints.`,
  );
}
