import { createServer } from 'node:net';
import { createHttpClient, retryAfterMs, UpstreamFailure, type HttpClientOptions } from '../../lib/sources/http';
import { jsonReply, serverError, startFakeUpstream, tooManyRequests, truncatedJson, type FakeUpstream } from '../support/fakeUpstream';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

const asIs = (body: unknown) => body;

/** A client on the fake upstream whose waits are recorded instead of slept. */
function client(options: Partial<HttpClientOptions> = {}) {
  const waits: number[] = [];
  const http = createHttpClient({ baseUrl: upstream.url, random: () => 0, sleep: async (ms) => void waits.push(ms), ...options });
  return { http, waits };
}

async function failureOf(promise: Promise<unknown>): Promise<UpstreamFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamFailure) return error;
    throw error;
  }
  throw new Error('expected an UpstreamFailure');
}

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('createHttpClient', () => {
  test('sends the query (and the fixed query) and returns the parsed JSON', async () => {
    // Prepare
    upstream.on('/v1/thing', jsonReply({ ok: true, n: 3 }));
    const { http } = client({ query: { apikey: 'k1' } });

    // Act
    const body = await http.getJson('/v1/thing', { a: 1, b: 'x y', skipped: undefined }, asIs);

    // Assess
    expect(body).toEqual({ ok: true, n: 3 });
    const [request] = upstream.requestsTo('/v1/thing');
    expect(Object.fromEntries(request!.query)).toEqual({ a: '1', b: 'x y', apikey: 'k1' });
  });

  test('keeps a path prefix of the base URL', async () => {
    // Prepare
    upstream.on('/api/v2/thing', jsonReply([1, 2]));
    const { http } = client({ baseUrl: `${upstream.url}/api/v2` });

    // Act
    const body = await http.getJson('/thing', {}, asIs);

    // Assess
    expect(body).toEqual([1, 2]);
  });

  test('waits as long as Retry-After says after a 429 and then succeeds', async () => {
    // Prepare
    upstream.on('/v1/thing', tooManyRequests(2), jsonReply({ ok: true }));
    const { http, waits } = client({ backoffMs: 100 });

    // Act
    const body = await http.getJson('/v1/thing', {}, asIs);

    // Assess
    expect(body).toEqual({ ok: true });
    expect(upstream.requestsTo('/v1/thing')).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  test('backs off exponentially over 5xx answers and succeeds on the third attempt', async () => {
    // Prepare
    upstream.on('/v1/thing', serverError(502), serverError(503), jsonReply({ ok: true }));
    const { http, waits } = client({ backoffMs: 100, retries: 2 });

    // Act
    const body = await http.getJson('/v1/thing', {}, asIs);

    // Assess
    expect(body).toEqual({ ok: true });
    expect(waits).toEqual([100, 200]);
  });

  test('gives up after the retries with a status failure', async () => {
    // Prepare
    upstream.on('/v1/thing', serverError(500));
    const { http } = client({ retries: 2 });

    // Act
    const failure = await failureOf(http.getJson('/v1/thing', {}, asIs));

    // Assess
    expect(failure).toMatchObject({ kind: 'status', status: 500, attempts: 3 });
    expect(upstream.requestsTo('/v1/thing')).toHaveLength(3);
  });

  test('does not retry a 4xx other than 429 and reports the provider reason', async () => {
    // Prepare
    upstream.on('/v1/thing', jsonReply({ error: true, reason: 'Latitude must be in range of -90 to 90°.' }, 400));
    const { http } = client();

    // Act
    const failure = await failureOf(http.getJson('/v1/thing', {}, asIs));

    // Assess
    expect(failure).toMatchObject({ kind: 'status', status: 400, attempts: 1 });
    expect(failure.message).toContain('Latitude must be in range');
    expect(upstream.requestsTo('/v1/thing')).toHaveLength(1);
  });

  test('fails at once when Retry-After asks for longer than the cap', async () => {
    // Prepare
    upstream.on('/v1/thing', tooManyRequests(3600), jsonReply({ ok: true }));
    const { http, waits } = client({ maxRetryAfterMs: 5000 });

    // Act
    const failure = await failureOf(http.getJson('/v1/thing', {}, asIs));

    // Assess
    expect(failure).toMatchObject({ kind: 'status', status: 429 });
    expect(waits).toEqual([]);
  });

  test('rejects truncated JSON as malformed without retrying', async () => {
    // Prepare
    upstream.on('/v1/thing', truncatedJson(JSON.stringify({ results: [{ name: 'Berlin', latitude: 52.5 }] })));
    const { http } = client();

    // Act
    const failure = await failureOf(http.getJson('/v1/thing', {}, asIs));

    // Assess
    expect(failure.kind).toBe('malformed');
    expect(upstream.requestsTo('/v1/thing')).toHaveLength(1);
  });

  test('rejects a payload its parser refuses as malformed', async () => {
    // Prepare
    upstream.on('/v1/thing', jsonReply({ unexpected: true }));
    const { http } = client();

    // Act
    const failure = await failureOf(
      http.getJson('/v1/thing', {}, () => {
        throw new Error('results missing');
      }),
    );

    // Assess
    expect(failure.kind).toBe('malformed');
    expect(failure.message).toContain('results missing');
  });

  test('times out a slow answer', async () => {
    // Prepare
    upstream.on('/v1/thing', { ...jsonReply({ ok: true }), delayMs: 1000 });
    const { http } = client({ timeoutMs: 100, retries: 0 });

    // Act
    const failure = await failureOf(http.getJson('/v1/thing', {}, asIs));

    // Assess
    expect(failure.kind).toBe('timeout');
  });

  test('reports an unreachable host as a network failure after retrying', async () => {
    // Prepare
    const port = await closedPort();
    const { http, waits } = client({ baseUrl: `http://127.0.0.1:${port}`, retries: 1, backoffMs: 10 });

    // Act
    const failure = await failureOf(http.getJson('/v1/thing', {}, asIs));

    // Assess
    expect(failure).toMatchObject({ kind: 'network', attempts: 2 });
    expect(waits).toEqual([10]);
  });
});

describe('retryAfterMs', () => {
  test('reads delta-seconds and HTTP dates, and ignores junk', () => {
    // Prepare
    const now = Date.parse('2025-10-06T12:00:00Z');

    // Act
    const seconds = retryAfterMs('7', now);
    const date = retryAfterMs('Mon, 06 Oct 2025 12:00:30 GMT', now);
    const junk = retryAfterMs('soon', now);

    // Assess
    expect(seconds).toBe(7000);
    expect(date).toBe(30_000);
    expect(junk).toBeUndefined();
  });
});
