/**
 * What clients written for the live API Ninjas service rely on beyond the field shapes (CONTRACT "Error
 * messages" and "Live-service parity", turn 3): the wording that classifies errors, /v1/zipcode as the same
 * endpoint as /v1/propertytax (spec 4.9), and where a new user finds a key.
 */
import { json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

describe('error messages open with the live service\'s phrases', () => {
  test.each([
    ['no key', '/v1/jokeoftheday', undefined, 401, 'missing_api_key', /^Missing API Key\. Send your key in the X-Api-Key header\.$/],
    ['an unknown key', '/v1/jokeoftheday', 'x'.repeat(40), 401, 'invalid_api_key', /^Invalid API Key\. /],
    ['a free key on a Premium endpoint', '/v1/cryptosymbols', 'free', 403, 'plan_required', /^This endpoint is for premium subscribers only\. \/v1\/cryptosymbols needs a plan of: Premium/],
    ['a free key with a Premium parameter', '/v1/jokes?limit=5', 'free', 403, 'plan_required', /^This parameter is for premium subscribers only\. Parameter 'limit' needs a plan of: Premium/],
    [
      'a developer key on a Business endpoint',
      '/v1/liborhistorical?type=overnight',
      'developer',
      403,
      'plan_required',
      /^This endpoint is available to Business-tier subscribers and above\. \/v1\/liborhistorical needs a plan of: Business tier and above\. This key is on the developer plan\.$/,
    ],
  ])('%s', async (_what, path, key, status, code, message) => {
    // Act
    const response = await server.call(path, { key: key && key.length < 40 ? server.demoKeys[key] : key });
    const body = await json(response);

    // Assess
    expect({ status: response.status, code: body.code }).toEqual({ status, code });
    expect(body.error).toMatch(message);
  });

  test('the 429 of a used-up quota opens with "Monthly quota exceeded."', async () => {
    // Prepare: a key whose quota is one call
    const key = await server.newKey({ tier: 'free', period: 'month', quotaOverride: 1 });
    await server.call('/v1/jokeoftheday', { key });

    // Act
    const response = await server.call('/v1/jokeoftheday', { key });

    // Assess
    expect(response.status).toBe(429);
    expect(await json(response)).toMatchObject({ code: 'quota_exceeded', error: expect.stringMatching(/^Monthly quota exceeded\. The monthly quota of this key is used up; it resets on \d{4}-\d\d-\d\d\.$/) });
  });
});

describe('/v1/zipcode: the same endpoint as /v1/propertytax (spec 4.9)', () => {
  test.each([['zip=02139'], ['city=Cambridge&state=ma'], ['city=No%20Such%20Town'], ['zip=021'], ['']])(
    'answers %j exactly as /v1/propertytax: status, body and ETag',
    async (query) => {
      // Act
      const key = server.demoKeys.free;
      const [canonical, alias] = await Promise.all([server.call(`/v1/propertytax?${query}`, { key }), server.call(`/v1/zipcode?${query}`, { key })]);

      // Assess
      expect(alias.status).toBe(canonical.status);
      expect(await alias.text()).toBe(await canonical.text());
      expect(alias.headers.get('etag')).toBe(canonical.headers.get('etag'));
      expect(alias.headers.get('content-type')).toBe(canonical.headers.get('content-type'));
    },
  );

  test('answers HEAD like GET, other methods with 405 naming GET and HEAD', async () => {
    // Act
    const head = await server.call('/v1/zipcode?zip=02139', { key: server.demoKeys.free, method: 'HEAD' });
    const post = await server.call('/v1/zipcode?zip=02139', { key: server.demoKeys.free, method: 'POST' });

    // Assess
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  test('is metered as /v1/propertytax: one quota, and /v1/analytics counts its calls under /v1/propertytax', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });

    // Act
    const calls = [await server.call('/v1/zipcode?zip=02139', { key }), await server.call('/v1/propertytax?zip=02139', { key })];
    const report = await json(await server.call(`/v1/analytics?api_key=${key}`));

    // Assess (summed over the days listed, in case the calls straddle midnight UTC)
    expect(calls.map((r) => r.status)).toEqual([200, 200]);
    expect(calls[1]!.headers.get('ratelimit-remaining')).toBe(String(2_000_000 - 2));
    const history = report.api_call_history as Record<string, Record<string, number>>;
    const counted = (api: string) => Object.values(history).reduce((sum, apis) => sum + (apis[api] ?? 0), 0);
    expect(counted('/v1/propertytax')).toBe(2);
    expect(counted('/v1/zipcode')).toBe(0);
  });

  test('the API reference lists it as the same endpoint, with the same parameters and answer', async () => {
    // Act
    const document = await json(await server.call('/openapi.json'));
    const canonical = document.paths['/v1/propertytax'].get;
    const alias = document.paths['/v1/zipcode'].get;

    // Assess
    expect(alias.description).toMatch(/^The same endpoint as \/v1\/propertytax at another address: the same parameters, access and answer\. Calls are counted as \/v1\/propertytax calls/);
    expect(canonical.description).toContain('Also answers at /v1/zipcode: the same endpoint');
    expect(alias.parameters).toEqual(canonical.parameters);
    expect(alias.responses).toEqual(canonical.responses);
    expect(alias.operationId).not.toBe(canonical.operationId);
  });
});

test('the docs page tells a new user how to get a key locally', async () => {
  // Act
  const page = await (await server.call('/docs')).text();

  // Assess
  expect(page).toContain('<code>npm start</code> prints a demo key for every plan and keeps them in\n<code>.data/demo-keys.json</code>');
  expect(page).toContain('<code>npm run keys -- create --tier free</code> makes another');
});
