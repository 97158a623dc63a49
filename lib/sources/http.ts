/**
 * The shared way upstream clients (lib/sources/<provider>.ts) fetch JSON: an injectable base URL, a timeout
 * per attempt, retries with exponential backoff on 429, 5xx, timeouts and network errors (honouring
 * Retry-After, within a cap), and JSON parsing that rejects malformed payloads. Failures are
 * `UpstreamFailure`s the caller maps to its own error (502 upstream_error, a stored fallback, ...).
 */

export type UpstreamFailureKind = 'network' | 'timeout' | 'status' | 'malformed';

export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';
  constructor(
    readonly kind: UpstreamFailureKind,
    message: string,
    /** HTTP status, for kind `status` */
    readonly status?: number,
    /** attempts made, including the last */
    readonly attempts = 1,
  ) {
    super(message);
  }
}

export interface HttpClientOptions {
  /** e.g. https://air-quality-api.open-meteo.com; paths are appended to it */
  baseUrl: string;
  /** per attempt (default 3000 ms) */
  timeoutMs?: number;
  /** retries after the first attempt (default 2) */
  retries?: number;
  /** first backoff; doubles each retry, with up to 25 % jitter (default 200 ms) */
  backoffMs?: number;
  /** the longest Retry-After we wait for; a longer one fails at once (default 5000 ms) */
  maxRetryAfterMs?: number;
  /** sent with every request (e.g. User-Agent) */
  headers?: Record<string, string>;
  /** query parameters sent with every request (e.g. an API key) */
  query?: Record<string, string | undefined>;
  /** statuses worth retrying besides 429 and 5xx (e.g. SEC's 403 when its rate threshold trips) */
  retryStatuses?: number[];
  /** paces every attempt (createPacer); clients sharing one pacer share its rate. Default: unpaced. */
  pacer?: Pacer;
  /** injectable for tests */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Settings of a client on the request path (a history endpoint reading a window the store does not hold):
 * 4 s per attempt, one retry, short Retry-After only, so a caller waits about 10 s at most.
 */
export const ON_DEMAND_CLIENT: Partial<HttpClientOptions> = { timeoutMs: 4000, retries: 1, backoffMs: 200, maxRetryAfterMs: 2000 };

/** A JSON object (not null, not an array): the first check of every payload parser. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Waits for the next request slot. */
export type Pacer = () => Promise<void>;

/**
 * At most `requestsPerSecond` requests started per second: each call takes the next free slot,
 * 1/requestsPerSecond apart (e.g. SEC fair access: 10/s across a whole job; FRED: 2/s).
 * `UPSTREAM_PACING=off` turns pacing off: only for recordings served on 127.0.0.1 (the seed sets it while it
 * runs); never in a deployment.
 */
export function createPacer(requestsPerSecond: number, sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))): Pacer {
  if (process.env.UPSTREAM_PACING === 'off') return async () => undefined;
  const spacingMs = 1000 / requestsPerSecond;
  let nextSlot = 0;
  return async () => {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacingMs;
    if (slot > now) await sleep(slot - now);
  };
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface HttpClient {
  readonly baseUrl: string;
  /**
   * GET `path` with `query`, parse the body as JSON and pass it through `parse`, which throws (any error)
   * when the shape is wrong. Resolves to what `parse` returns.
   */
  getJson<T>(path: string, query: Query, parse: (body: unknown) => T): Promise<T>;
  /** GET `path` and pass the body text (CSV, XML, HTML) through `parse`, which throws when the content is wrong. */
  getText<T>(path: string, query: Query, parse: (text: string) => T): Promise<T>;
}


/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function requestUrl(baseUrl: string, path: string, query: Query): string {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

/** A short, safe description of an upstream error body (e.g. Open-Meteo's {"error": true, "reason": ...}). */
function reasonOf(text: string): string {
  try {
    const body = JSON.parse(text) as { reason?: unknown; message?: unknown; error?: unknown };
    const reason = [body.reason, body.message, body.error].find((v) => typeof v === 'string');
    if (typeof reason === 'string') return reason.slice(0, 200);
  } catch {
    // not JSON
  }
  return text.slice(0, 200).replace(/\s+/g, ' ').trim();
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    baseUrl,
    timeoutMs = 3000,
    retries = 2,
    backoffMs = 200,
    maxRetryAfterMs = 5000,
    headers = {},
    query: fixedQuery = {},
    fetch: fetchImpl = globalThis.fetch,
    sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms)),
    random = Math.random,
    retryStatuses = [],
    pacer: pace = async () => undefined,
  } = options;
  const retryable = (status: number) => status === 429 || status >= 500 || retryStatuses.includes(status);

  /** One request: the parsed value, or a failure worth retrying (with the Retry-After wait, if any). */
  async function attemptOnce<T>(
    url: string,
    host: string,
    attempt: number,
    format: 'json' | 'text',
    parse: (body: never) => T,
  ): Promise<{ value: T } | { failure: UpstreamFailure; retryAfter?: number }> {
    let response: Response;
    let text: string;
    try {
      await pace();
      response = await fetchImpl(url, {
        headers: { Accept: format === 'json' ? 'application/json' : '*/*', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      return {
        failure: timedOut
          ? new UpstreamFailure('timeout', `${host} did not answer within ${timeoutMs} ms`, undefined, attempt)
          : new UpstreamFailure('network', `${host} could not be reached`, undefined, attempt),
      };
    }
    if (!response.ok) {
      const failure = new UpstreamFailure('status', `${host} answered ${response.status}: ${reasonOf(text)}`, response.status, attempt);
      if (!retryable(response.status)) throw failure;
      const retryAfter = retryAfterMs(response.headers.get('retry-after'));
      if (retryAfter !== undefined && retryAfter > maxRetryAfterMs) throw failure;
      return { failure, retryAfter };
    }
    let body: unknown = text;
    if (format === 'json') {
      try {
        body = JSON.parse(text);
      } catch {
        throw new UpstreamFailure('malformed', `${host} sent a body that is not valid JSON`, response.status, attempt);
      }
    }
    try {
      return { value: parse(body as never) };
    } catch (error) {
      throw new UpstreamFailure('malformed', `${host} sent an unexpected payload: ${(error as Error).message}`, response.status, attempt);
    }
  }

  async function get<T>(path: string, query: Query, format: 'json' | 'text', parse: (body: never) => T): Promise<T> {
    const url = requestUrl(baseUrl, path, { ...query, ...fixedQuery });
    const host = new URL(url).host;
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await attemptOnce(url, host, attempt, format, parse);
      if ('value' in outcome) return outcome.value;
      if (attempt > retries) throw outcome.failure;
      const backoff = backoffMs * 2 ** (attempt - 1) * (1 + random() * 0.25);
      await sleep(Math.max(backoff, outcome.retryAfter ?? 0));
    }
  }

  return {
    baseUrl,
    getJson: (path, query, parse) => get(path, query, 'json', parse),
    getText: (path, query, parse) => get(path, query, 'text', parse),
  };
}
