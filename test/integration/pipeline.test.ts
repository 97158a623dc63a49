import { endpointList } from '../../lib/api/registry';
import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const remaining = (response: Response) => Number(response.headers.get('ratelimit-remaining'));

describe('authentication', () => {
  test('returns 401 missing_api_key when no X-Api-Key header is sent', async () => {
    const response = await server.call('/v1/jokeoftheday');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await json(response)).toEqual({ error: expect.stringContaining('X-Api-Key'), code: 'missing_api_key' });
  });

  test('returns 401 invalid_api_key for an unknown key', async () => {
    const response = await server.call('/v1/jokeoftheday', { key: 'x'.repeat(40) });
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe('invalid_api_key');
  });

  test('does not take the key from the query string on ordinary endpoints', async () => {
    const response = await server.call(`/v1/jokeoftheday?api_key=${server.demoKeys.free}`);
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe('missing_api_key');
  });

  test('returns 401 missing_api_key on /v1/analytics when the key comes only as a header', async () => {
    const response = await server.call('/v1/analytics', { key: server.demoKeys.professional });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: expect.stringContaining('api_key'), code: 'missing_api_key' });
  });

  test('returns 401 invalid_api_key once the key CLI has disabled the key, and 200 after enabling it', async () => {
    const key = await server.newKey({ tier: 'free', period: 'month' });
    expect((await server.keysCli('disable', key)).status).toBe(0);
    const disabled = await server.call('/v1/jokeoftheday', { key });
    expect((await server.keysCli('enable', key)).status).toBe(0);
    const enabled = await server.call('/v1/jokeoftheday', { key });
    expect(disabled.status).toBe(401);
    expect((await json(disabled)).code).toBe('invalid_api_key');
    expect(enabled.status).toBe(200);
  });
});

describe('parameters and plans', () => {
  test('returns 400 missing_parameter naming the absent parameter', async () => {
    const response = await server.call('/v1/horoscope', { key: server.demoKeys.free });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: "Parameter 'zodiac' is required.", code: 'missing_parameter', param: 'zodiac' });
  });

  test('treats an empty or blank parameter as missing', async () => {
    const response = await server.call('/v1/horoscope?zodiac=%20%20', { key: server.demoKeys.free });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe('missing_parameter');
  });

  test('returns 400 invalid_parameter listing the allowed values', async () => {
    const response = await server.call('/v1/horoscope?zodiac=dragon', { key: server.demoKeys.free });
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', param: 'zodiac' });
    expect(body.error).toContain('aries, taurus');
  });

  test('trims text parameters and accepts any letter case for enumerations', async () => {
    const response = await server.call('/v1/horoscope?zodiac=%20LEO%20', { key: server.demoKeys.free });
    expect(response.status).toBe(200);
    expect((await json(response)).zodiac).toBe('leo');
  });

  test('rejects integers that are not plain base-10 digits instead of clamping them', async () => {
    for (const limit of ['0', '101', '1.5', '1e2', '-1', '0x10']) {
      const response = await server.call(`/v1/jokes?limit=${limit}`, { key: server.demoKeys.developer });
      expect([limit, response.status]).toEqual([limit, 400]);
      expect((await json(response)).param).toBe('limit');
    }
  });

  test('ignores unknown parameters', async () => {
    const response = await server.call('/v1/jokeoftheday?colour=blue', { key: server.demoKeys.free });
    expect(response.status).toBe(200);
  });

  test('returns 403 plan_required naming the plan when a free key calls a Professional endpoint', async () => {
    const response = await server.call(`/v1/analytics?api_key=${server.demoKeys.business}`);
    const body = await json(response);
    expect(response.status).toBe(403);
    expect(body.code).toBe('plan_required');
    expect(body.error).toContain('Professional or Enterprise');
  });

  test('returns 403 plan_required when a free key sets a premium parameter', async () => {
    const response = await server.call('/v1/jokes?limit=5', { key: server.demoKeys.free });
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({ code: 'plan_required', param: 'limit' });
  });

  test('lets a free key send a premium parameter with the value the free plan gets anyway', async () => {
    const response = await server.call('/v1/jokes?limit=1', { key: server.demoKeys.free });
    expect(response.status).toBe(200);
  });

  test('validation and plan errors use no quota, accepted calls do', async () => {
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const first = await server.call('/v1/jokeoftheday', { key });
    const invalid = await server.call('/v1/horoscope?zodiac=dragon', { key });
    const premium = await server.call('/v1/jokes?limit=3', { key });
    const second = await server.call('/v1/jokeoftheday', { key });
    expect([invalid.status, premium.status]).toEqual([400, 403]);
    expect(first.headers.get('ratelimit-limit')).toBe('10000');
    expect(remaining(first)).toBe(9999);
    expect(remaining(second)).toBe(9998);
  });
});

describe('quota', () => {
  test('returns 429 quota_exceeded with Retry-After once the monthly quota is used up', async () => {
    const key = await server.newKey({ tier: 'free', period: 'month', quotaOverride: 2 });
    await server.call('/v1/jokeoftheday', { key });
    const last = await server.call('/v1/jokeoftheday', { key });
    const refused = await server.call('/v1/jokeoftheday', { key });
    const body = await json(refused);
    expect(remaining(last)).toBe(0);
    expect(refused.status).toBe(429);
    expect(body.code).toBe('quota_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBe(Number(refused.headers.get('ratelimit-reset')));
    expect(remaining(refused)).toBe(0);
  });

  test('a key created by the CLI with --quota 20 admits exactly 20 of 35 concurrent calls', async () => {
    const created = await server.keysCli('create', '--tier', 'free', '--quota', '20', '--json');
    const { api_key: key, tier, period } = JSON.parse(created.stdout);
    const responses = await Promise.all(Array.from({ length: 35 }, () => server.call('/v1/jokeoftheday', { key })));
    const statuses = responses.map((r) => r.status);
    expect([tier, period]).toEqual(['free', 'month']);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const usage = JSON.parse((await server.keysCli('list', '--json')).stdout).find((row: { key_prefix: string }) => key.startsWith(row.key_prefix));
    expect(usage).toMatchObject({ used_this_month: 20, monthly_quota: 20 });
  });
});

describe('routing', () => {
  test('returns 404 not_found with the right version for a path under another prefix', async () => {
    const response = await server.call('/v2/jokes');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ error: expect.stringContaining('/v1/jokes'), code: 'not_found' });
  });

  test('returns 404 not_found for a path that does not exist at all', async () => {
    const response = await server.call('/v1/nothing-here', { key: server.demoKeys.free });
    expect(response.status).toBe(404);
    expect((await json(response)).code).toBe('not_found');
  });

  test('returns 405 method_not_allowed with an Allow header for a wrong method', async () => {
    const response = await server.call('/v1/counter?id=a', { key: server.demoKeys.free, method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await json(response)).code).toBe('method_not_allowed');
  });

  test.each([
    ['/v1/libor', '/v1/liborhistorical'],
    ['/v1/interestrate', '/v2/interestrate'],
    ['/v1/incometax', '/v2/incometax'],
  ])('returns 410 gone for the retired %s, naming %s', async (path, successor) => {
    const response = await server.call(path, { key: server.demoKeys.free });
    expect(response.status).toBe(410);
    expect(await json(response)).toEqual({ error: expect.stringContaining(successor), code: 'gone' });
  });

  test('returns 413 payload_too_large, as JSON, for a body over 4 MB (4,194,304 bytes), and takes one of exactly 4 MB', async () => {
    // Act
    const send = (bytes: number) =>
      server.call('/v1/objectdetection', { key: server.demoKeys.free, method: 'POST', body: Buffer.alloc(bytes, 97), headers: { 'Content-Type': 'application/octet-stream' } });
    const over = await send(4 * 1024 * 1024 + 1);
    const atLimit = await send(4 * 1024 * 1024);
    // Assess: the limit in the CONTRACT's words; the body at the limit reaches the endpoint (which wants multipart)
    expect(await expectError(over, 413, 'payload_too_large')).toEqual({ error: 'The request body is larger than 4 MB (4,194,304 bytes), the most this API accepts.', code: 'payload_too_large' });
    await expectError(atLimit, 415, 'unsupported_media_type');
  });

  test("documents the 4 MB limit and why in the API reference's 413 answer", async () => {
    // Act
    const document = await json(await server.call('/openapi.json'));
    // Assess
    expect(document.components.responses.PayloadTooLarge.description).toMatch(/over 4 MB \(4,194,304 bytes\): API Gateway base64-encodes a binary body inside Lambda's 6 MB invocation payload/);
  });

  test('answers a CORS preflight and puts CORS headers on responses', async () => {
    const preflight = await server.call('/v1/counter', { method: 'OPTIONS', headers: { Origin: 'https://example.org' } });
    const response = await server.call('/v1/jokeoftheday', { key: server.demoKeys.free });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-Api-Key');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('serves the OpenAPI 3.1 document without a key, with every endpoint', async () => {
    const response = await server.call('/openapi.json');
    const document = await json(response);
    expect(response.status).toBe(200);
    expect(document.openapi).toBe('3.1.0');
    const registered = endpointList.filter((e) => e.path !== '$default').flatMap((e) => [e.path, ...(e.aliases ?? [])]);
    expect(Object.keys(document.paths).sort()).toEqual(registered.sort());
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/openapi.json', '/v1/jokes', '/v2/incometax']));
    const limit = document.paths['/v1/jokes'].get.parameters[0];
    expect(limit).toMatchObject({ name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 1 } });
  });
});

describe('server faults', () => {
  test('returns 503 service_unavailable with Retry-After, without internals, when the store is down', async () => {
    // Prepare: the embedded store stops for good (no restart), as a store that cannot be reached
    const key = server.demoKeys.free;
    await server.store.close();

    // Act
    const response = await server.call('/v1/jokeoftheday', { key });

    // Assess
    const text = await response.text();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(text)).toEqual({ error: expect.stringMatching(/not counted/), code: 'service_unavailable' });
    expect(text).not.toMatch(/ECONNREFUSED|at .*\.ts|Error:/);
  });
});
