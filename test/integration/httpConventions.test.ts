import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cryptoJobs } from '../../lib/api/crypto';
import { stockJobs } from '../../lib/api/stocks';
import { seedSampleData } from '../../infra/local/seed';
import { json, startTestServer, type TestServer } from '../support/testServer';

/**
 * CONTRACT "Searches and HTTP conventions" over HTTP against the local server: compression, ETag /
 * Cache-Control / 304, HEAD, and the JSON bodies of errors the HTTP layer raises. Requests go through
 * node:http (not fetch, which would negotiate and decode compression by itself) so the bytes on the wire
 * are what is asserted.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // sample data as npm start seeds them: the SEC ticker list (/v1/stockpricelist) and crypto prices
  await seedSampleData([stockJobs.stockTickers, cryptoJobs.cryptoSymbols, cryptoJobs.cryptoPrices]);
}, 120_000);
afterAll(() => server.close());

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const call = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    call.on('error', fail);
    call.end();
  });
}

/** Bytes sent on a plain socket, and everything the server answers before it closes the connection. */
function rawSocket(bytes: Buffer): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => done(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', fail);
  });
}

const remaining = (response: RawResponse) => Number(response.headers['ratelimit-remaining']);
const LIST = '/v1/stockpricelist?limit=1000';

describe('compression', () => {
  test('compresses a large answer with br when the client accepts br and gzip, and says so', async () => {
    // Act
    const identity = await raw(LIST, { headers: { 'X-Api-Key': server.demoKeys.developer! } });
    const br = await raw(LIST, { headers: { 'X-Api-Key': server.demoKeys.developer!, 'Accept-Encoding': 'gzip, deflate, br' } });

    // Assess
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(identity.headers.vary).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(identity.body.length / 4);
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(JSON.parse(identity.body.toString('utf8'))).toHaveLength(1000);
  });

  test('uses gzip when br is not accepted, and nothing when neither is', async () => {
    // Act
    const gzip = await raw('/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } });
    const refused = await raw('/openapi.json', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });

    // Assess
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8')).openapi).toBe('3.1.0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString('utf8')).openapi).toBe('3.1.0');
  });

  test('sends a body of 1 KB or less as it is', async () => {
    // Act
    const small = await raw('/v1/jokeoftheday', { headers: { 'X-Api-Key': server.demoKeys.free!, 'Accept-Encoding': 'br, gzip' } });

    // Assess
    expect(small.body.length).toBeLessThanOrEqual(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual([{ joke: expect.any(String) }]);
  });

  test('does not recompress PNG images, which are compressed already', async () => {
    // Act
    const png = await raw('/v1/barcodegenerate?text=036000291452', { headers: { 'X-Api-Key': server.demoKeys.free!, 'Accept-Encoding': 'br' } });

    // Assess
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.headers.vary).toBe('Accept-Encoding, X-Api-Key, Accept');
  });
});

describe('ETag, Cache-Control and 304', () => {
  test.each([
    ['reference data', '/v1/airlines?iata=BA', 'public, max-age=86400'],
    ['live prices', '/v1/cryptoprice?symbol=BTCUSDT', 'private, max-age=60'],
    ['a per-key counter', '/v1/counter?id=etag-test', 'no-store'],
  ])('gives %s a strong ETag and Cache-Control %s', async (_kind, path, cacheControl) => {
    // Act
    const response = await raw(path, { headers: { 'X-Api-Key': server.demoKeys.developer! } });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  test('gives the joke of the day a public Cache-Control that ends at the next UTC midnight', async () => {
    // Act
    const response = await raw('/v1/jokeoftheday', { headers: { 'X-Api-Key': server.demoKeys.free! } });

    // Assess
    const seconds = Number(/^public, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
    const untilMidnight = 86_400 - (Math.floor(Date.now() / 1000) % 86_400);
    expect(seconds).toBeGreaterThan(0);
    expect(Math.abs(seconds - untilMidnight)).toBeLessThanOrEqual(5);
  });

  test('answers 304 without a body to If-None-Match with the current ETag, and the 304 counts as a call', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const first = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key } });

    // Act
    const notModified = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key, 'If-None-Match': String(first.headers.etag) } });
    const again = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key } });

    // Assess
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=86400');
    expect(remaining(first)).toBe(9_999);
    expect(remaining(notModified)).toBe(9_998);
    expect(remaining(again)).toBe(9_997);
  });

  test('a conditional GET whose ETag no longer matches gets the 200 and uses one call', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });

    // Act
    const changed = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key, 'If-None-Match': '"an-older-tag"' } });

    // Assess
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body.toString('utf8'))[0]).toMatchObject({ iata: 'BA' });
    expect(remaining(changed)).toBe(9_999);
  });

  test('the compressed copy carries its own ETag, and either copy\'s ETag revalidates', async () => {
    // Prepare
    const headers = { 'Accept-Encoding': 'br' };
    const br = await raw('/openapi.json', { headers });
    const identity = await raw('/openapi.json');

    // Act
    const withBrTag = await raw('/openapi.json', { headers: { ...headers, 'If-None-Match': String(br.headers.etag) } });
    const withIdentityTag = await raw('/openapi.json', { headers: { ...headers, 'If-None-Match': `W/${identity.headers.etag}` } });

    // Assess
    expect(br.headers.etag).toBe(String(identity.headers.etag).replace(/"$/, '-br"'));
    expect(withBrTag.status).toBe(304);
    expect(withBrTag.headers.etag).toBe(br.headers.etag);
    expect(withIdentityTag.status).toBe(304);
  });
});

describe('If-None-Match on answers that are never stored (per key, random, or a write)', () => {
  const counter = (key: string, query: string, headers: Record<string, string> = {}) => raw(`/v1/counter?${query}`, { headers: { 'X-Api-Key': key, ...headers } });
  const value = (response: RawResponse) => (JSON.parse(response.body.toString('utf8')) as { value: number }).value;

  test.each([
    ['*', () => '*'],
    ['the predicted tag of the next answer', (next: number) => `"${createHash('sha256').update(JSON.stringify({ id: 'inm', value: next })).digest('base64url').slice(0, 27)}"`],
  ])('a counter hit with If-None-Match %s answers 200 with the new value and counts as a call', async (_, tagFor) => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    await counter(key, 'id=inm&hit=true');

    // Act
    const hits = [];
    for (const next of [2, 3]) hits.push(await counter(key, 'id=inm&hit=true', { 'If-None-Match': tagFor(next) }));
    const set = await counter(key, 'id=inm&value=10', { 'If-None-Match': '*' });
    const read = await counter(key, 'id=inm');

    // Assess: each answer carries the tag that was sent (the prediction was right), and still no 304
    expect(hits.map((r) => [r.status, value(r)])).toEqual([[200, 2], [200, 3]]);
    if (tagFor(2) !== '*') expect(hits.map((r) => r.headers.etag)).toEqual([tagFor(2), tagFor(3)]);
    expect([set.status, value(set)]).toEqual([200, 10]);
    expect(value(read)).toBe(10);
    expect(hits.map(remaining)).toEqual([9_998, 9_997]);
    expect(remaining(read)).toBe(9_995);
  });

  test('a random joke with If-None-Match * answers 200 with the joke, and counts', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });

    // Act
    const response = await raw('/v1/jokes', { headers: { 'X-Api-Key': key, 'If-None-Match': '*' } });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.body.toString('utf8'))).toHaveLength(1);
    expect(remaining(response)).toBe(9_999);
  });
});

describe('If-None-Match grammar and Accept-Encoding q-values (RFC 9110)', () => {
  test('W/* is not *: the header is ignored and the 200 counts', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });

    // Act
    const weakStar = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key, 'If-None-Match': 'W/*' } });
    const star = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key, 'If-None-Match': '*' } });

    // Assess
    expect([weakStar.status, star.status]).toEqual([200, 304]);
    expect(weakStar.body.length).toBeGreaterThan(0);
    expect([remaining(weakStar), remaining(star)]).toEqual([9_999, 9_998]);
  });

  test('a comma inside quotes belongs to the tag; a list of tags, weak or strong, revalidates', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const first = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key } });
    const opaque = String(first.headers.etag).replace(/"/g, '');

    // Act
    const oneTag = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key, 'If-None-Match': `"older,${opaque}"` } });
    const list = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key, 'If-None-Match': `"older" , , W/"${opaque}"` } });

    // Assess
    expect([oneTag.status, list.status]).toEqual([200, 304]);
  });

  test.each([
    ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['gzip;q=0.8, *;q=0.9', 'br'],
    ['identity, gzip;q=0.5', 'identity'],
  ])('Accept-Encoding %j gets %s', async (acceptEncoding, coding) => {
    // Act
    const response = await raw(LIST, { headers: { 'X-Api-Key': server.demoKeys.developer!, 'Accept-Encoding': acceptEncoding } });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding'] ?? 'identity').toBe(coding);
    const body = coding === 'br' ? brotliDecompressSync(response.body) : coding === 'gzip' ? gunzipSync(response.body) : response.body;
    expect(JSON.parse(body.toString('utf8')).length).toBeGreaterThan(0);
  });
});

describe('HEAD', () => {
  test('answers like GET, with the same status and headers and no body, and counts as a call like GET', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const get = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key } });

    // Act
    const head = await raw('/v1/airlines?iata=BA', { method: 'HEAD', headers: { 'X-Api-Key': key } });
    const after = await raw('/v1/airlines?iata=BA', { headers: { 'X-Api-Key': key } });

    // Assess
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const header of ['content-type', 'etag', 'cache-control', 'vary', 'ratelimit-limit', 'access-control-allow-origin']) {
      expect([header, head.headers[header]]).toEqual([header, get.headers[header]]);
    }
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(remaining(get)).toBe(9_999);
    expect(remaining(head)).toBe(9_998);
    expect(remaining(after)).toBe(9_997);
  });

  test('gives the same error status as GET: 401 without a key, 400 for a bad parameter, 404 for an unknown path', async () => {
    // Act
    const noKey = await raw('/v1/airlines?iata=BA', { method: 'HEAD' });
    const badParameter = await raw('/v1/airlines?iata=TOOLONG', { method: 'HEAD', headers: { 'X-Api-Key': server.demoKeys.free! } });
    const unknown = await raw('/v1/nothing-here', { method: 'HEAD' });

    // Assess
    expect([noKey.status, badParameter.status, unknown.status]).toEqual([401, 400, 404]);
    expect([noKey.body.length, badParameter.body.length, unknown.body.length]).toEqual([0, 0, 0]);
    expect(noKey.headers['content-type']).toBe('application/json');
  });

  test('answers 429 like GET once the quota is used up', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month', quotaOverride: 1 });
    await raw('/v1/jokeoftheday', { headers: { 'X-Api-Key': key } });

    // Act
    const head = await raw('/v1/jokeoftheday', { method: 'HEAD', headers: { 'X-Api-Key': key } });

    // Assess
    expect(head.status).toBe(429);
    expect(head.headers['retry-after']).toBeDefined();
    expect(remaining(head)).toBe(0);
  });

  test('never changes a counter, even with hit=true, and counts as a call', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    await raw('/v1/counter?id=head-safe&hit=true', { headers: { 'X-Api-Key': key } });

    // Act
    const head = await raw('/v1/counter?id=head-safe&hit=true', { method: 'HEAD', headers: { 'X-Api-Key': key } });
    const read = await raw('/v1/counter?id=head-safe', { headers: { 'X-Api-Key': key } });

    // Assess
    expect(head.status).toBe(200);
    expect(remaining(head)).toBe(9_998);
    expect(JSON.parse(read.body.toString('utf8'))).toEqual({ id: 'head-safe', value: 1 });
    expect(remaining(read)).toBe(9_997);
  });

  test('is allowed wherever GET is: a 405 names both', async () => {
    // Act
    const response = await server.call('/v1/jokes', { method: 'DELETE', key: server.demoKeys.free! });

    // Assess
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('errors from the HTTP layer carry the JSON error body', () => {
  test('headers over 16 KB get 431 headers_too_large', async () => {
    // Act
    const answer = await rawSocket(Buffer.from(`GET /v1/jokes HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(17_000)}\r\n\r\n`));

    // Assess
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/\r\nContent-Type: application\/json\r\n/);
    expect(JSON.parse(body)).toEqual({ error: expect.stringContaining('16 KB'), code: 'headers_too_large' });
  });

  test('a NUL byte in a header gets 400 malformed_request', async () => {
    // Act
    const answer = await rawSocket(Buffer.from('GET /v1/jokes HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0000b\r\n\r\n', 'latin1'));

    // Assess
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({ error: expect.any(String), code: 'malformed_request' });
  });

  test('reads //v1//jokes as a path, answering 404 with the endpoint meant', async () => {
    // Act
    const response = await raw('//v1//jokes', { headers: { 'X-Api-Key': server.demoKeys.free! } });

    // Assess
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({ error: expect.stringContaining('did you mean /v1/jokes?'), code: 'not_found' });
  });
});

describe('the root', () => {
  test('redirects / to the docs page', async () => {
    // Act
    const response = await raw('/');

    // Assess
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/docs');
  });

  test('serves /docs as an HTML page that needs nothing from another host', async () => {
    // Act
    const response = await server.call('/docs');
    const html = await response.text();

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('SwaggerUIBundle(');
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
    expect(await json(await server.call('/openapi.json'))).toHaveProperty('openapi', '3.1.0');
  });
});
