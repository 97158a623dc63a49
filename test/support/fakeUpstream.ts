import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../infra/projectRoot';

/**
 * A fake HTTP upstream on 127.0.0.1 for ingestion and client tests: serves recorded payloads (in the
 * provider's real format, from test/fixtures/<provider>/) and the failure cases clients must survive —
 * 429 with Retry-After, 5xx, truncated JSON, empty results, slow answers. Tests never reach the internet.
 *
 *   const upstream = await startFakeUpstream();
 *   upstream.on('/v1/air-quality', serverError(503), fixtureReply('openMeteo', 'air-quality-berlin.json'));
 *   ... client with baseUrl upstream.url ...
 *   expect(upstream.requestsTo('/v1/air-quality')).toHaveLength(2);
 */
export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** a string is sent as is; anything else as JSON */
  body?: unknown;
  /** wait before answering (to trigger client timeouts) */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
}

export type Responder = FakeReply | ((request: RecordedRequest) => FakeReply);

export interface FakeUpstream {
  /** http://127.0.0.1:<port> */
  url: string;
  /** every request received, oldest first */
  requests: RecordedRequest[];
  requestsTo(path: string): RecordedRequest[];
  /**
   * Answers for `path`, used in turn by successive requests; the last one keeps answering after that.
   * Replaces earlier answers for the path. Unknown paths get 404.
   */
  on(path: string, ...replies: Responder[]): FakeUpstream;
  /** forgets routes and recorded requests */
  reset(): void;
  close(): Promise<void>;
}

export function fixtureText(provider: string, file: string): string {
  return readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', provider, file), 'utf8');
}

export function fixtureJson<T = unknown>(provider: string, file: string): T {
  return JSON.parse(fixtureText(provider, file)) as T;
}

/** 200 with a recorded payload, byte for byte. */
export function fixtureReply(provider: string, file: string): FakeReply {
  return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: fixtureText(provider, file) };
}

/**
 * REAL provider responses (../shared/recordings, each file's source and date in its README): RECORDINGS_DIR,
 * else ../shared/recordings beside the project. Read in place, never copied into the repository.
 */
export function recordingsDir(): string {
  return resolve(process.env.RECORDINGS_DIR ?? join(PROJECT_ROOT, '..', 'shared', 'recordings'));
}

/** A recording's text by its path under the recordings directory, e.g. `binance/exchangeInfo-2023-09-08.json`. */
export function recordingText(path: string): string {
  return readFileSync(join(recordingsDir(), path), 'utf8');
}

export function recordingJson<T = unknown>(path: string): T {
  return JSON.parse(recordingText(path)) as T;
}

/** 200 with a real recorded response, byte for byte (`text/xml` and `text/csv` bodies get their type). */
export function recordingReply(path: string): FakeReply {
  const type = path.endsWith('.json') ? 'application/json; charset=utf-8' : path.endsWith('.xml') ? 'text/xml' : path.endsWith('.csv') ? 'text/csv' : 'text/html';
  return { status: 200, headers: { 'Content-Type': type }, body: recordingText(path) };
}

export function jsonReply(body: unknown, status = 200): FakeReply {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** 429 with Retry-After in seconds (and a provider-style error body). */
export function tooManyRequests(retryAfterSeconds: number, body: unknown = { error: true, reason: 'Too many concurrent requests' }): FakeReply {
  return { ...jsonReply(body, 429), headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfterSeconds) } };
}

export function serverError(status = 500, body = 'Internal Server Error'): FakeReply {
  return { status, headers: { 'Content-Type': 'text/plain' }, body };
}

/** 200 whose JSON body is cut off part-way (a dropped connection, a proxy limit). */
export function truncatedJson(body: string, keepFraction = 0.5): FakeReply {
  return { status: 200, headers: { 'Content-Type': 'application/json' }, body: body.slice(0, Math.max(1, Math.floor(body.length * keepFraction))) };
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const routes = new Map<string, { replies: Responder[]; served: number }>();
  const requests: RecordedRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(request);
    const route = routes.get(url.pathname);
    const responder = route ? route.replies[Math.min(route.served++, route.replies.length - 1)]! : { status: 404, body: 'Not Found' };
    const reply = typeof responder === 'function' ? responder(request) : responder;
    const send = () => {
      if (res.destroyed) return;
      const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(body);
    };
    if (!reply.delayMs) {
      send();
      return;
    }
    const timer = setTimeout(() => {
      pending.delete(timer);
      send();
    }, reply.delayMs);
    pending.add(timer);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  const upstream: FakeUpstream = {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    on(path, ...replies) {
      routes.set(path, { replies, served: 0 });
      return upstream;
    },
    reset() {
      routes.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((done) => {
        for (const timer of pending) clearTimeout(timer);
        pending.clear();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
  return upstream;
}
