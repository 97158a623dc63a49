/** A fake website on 127.0.0.1: each path answers with its own handler, like a real server would. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface FakeWebsite {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** 127.0.0.1:<port>, as WEBPAGE_ALLOWED_TEST_HOSTS lists it */
  hostPort: string;
  port: number;
  /** the request headers of the last request to each path */
  requests: Map<string, IncomingMessage['headers']>;
  /** how many requests each path received */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startFakeWebsite(routes: Record<string, Route>): Promise<FakeWebsite> {
  const requests = new Map<string, IncomingMessage['headers']>();
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.set(path, request.headers);
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) route(request, response);
    else response.writeHead(404, { 'Content-Type': 'text/html' }).end('<title>Not found</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    port,
    requests,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An HTML response. */
export const html =
  (body: string, headers: Record<string, string> = {}): Route =>
  (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers }).end(body);
  };

/** A redirect to `location`. */
export const redirect =
  (location: string, status = 302): Route =>
  (_request, response) => {
    response.writeHead(status, { Location: location }).end();
  };
