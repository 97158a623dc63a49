import { gzipSync } from 'node:zlib';
import { startFakeDns, type FakeDns } from '../support/fakeDns';
import { html, redirect, startFakeWebsite, type FakeWebsite } from '../support/fakeWebsite';
import { json, startTestServer, type TestServer } from '../support/testServer';

/**
 * /v1/validateemail against a real DNS server on 127.0.0.1 (dns2) and /v1/webpage against a fake website on
 * 127.0.0.1, reached through the test-only allowance WEBPAGE_ALLOWED_TEST_HOSTS for its one port.
 */

let server: TestServer;
let dns: FakeDns;
let site: FakeWebsite;
/** a second local server whose port is NOT allowed: reaching it must be refused */
let unlisted: FakeWebsite;
/** an allowed local port where nothing listens */
let closedPort: number;
const savedEnv = { ...process.env };

const MB = 1024 * 1024;
const FETCH_TIMEOUT_MS = 800;

const TYPICAL_PAGE = `<!DOCTYPE html>
<html lang="en"><head>
  <meta charset="utf-8">
  <title>Acme Rockets &ndash; Home</title>
  <meta name="description" content="Rockets for every budget.">
  <meta property="og:title" content="Acme Rockets">
  <meta property="og:type" content="website">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="/static/favicon.png">
</head><body><h1>Acme</h1></body></html>`;

beforeAll(async () => {
  unlisted = await startFakeWebsite({ '/': html('<title>Should never be fetched</title>') });
  const closed = await startFakeWebsite({});
  closedPort = closed.port;
  await closed.close();
  site = await startFakeWebsite({
    '/page': html(TYPICAL_PAGE),
    '/bare': html('<html><body><p>No head at all</p></body></html>'),
    '/og-only': html('<head><meta property="og:title" content="OG only"><meta property="og:description" content="From Open Graph"></head>'),
    '/r1': redirect('/r2?step=2', 301),
    '/r2': redirect('r3', 302),
    '/r3': redirect('/page?from=r3&tag=a&tag=b', 307),
    ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`/chain/${i}`, i === 0 ? html('<title>End of chain</title>') : redirect(`/chain/${i - 1}`)])),
    '/to-private': redirect('http://10.0.0.1/admin'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-private-name': redirect('http://private.test/'),
    '/to-unlisted-port': (_req, res) => redirect(`http://127.0.0.1:${unlisted.port}/`)(_req, res),
    '/to-ftp': redirect('ftp://files.example.com/file.txt'),
    '/big': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      const chunk = Buffer.alloc(MB, 'a');
      for (let i = 0; i < 6; i++) res.write(chunk);
      res.end();
    },
    '/big-declared': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(6 * MB) });
      res.write('<html>');
      // the rest never comes: the declared length alone must be refused
    },
    '/gzip': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }).end(gzipSync('<title>Compressed</title>'));
    },
    '/gzip-bomb': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }).end(gzipSync(Buffer.alloc(6 * MB, ' ')));
    },
    '/slow': () => {
      // never answers
    },
    '/slow-body': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<html><head><title>Half');
    },
    '/image': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    },
    '/no-type': (_req, res) => {
      res.writeHead(200).end('<!doctype html><title>Untyped</title>');
    },
    '/no-type-json': (_req, res) => {
      res.writeHead(200).end('{"not": "html"}');
    },
    '/latin1': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=iso-8859-1' }).end(Buffer.from('<title>Caf\xe9</title>', 'latin1'));
    },
    // the pathological page: 400,000 nested <div> (2 MB) and, after them, a description never to be reached
    '/deep': html(`<title>Deep</title><meta name="author" content="early">${'<div>'.repeat(400_000)}<meta name="description" content="late">`),
    '/server-error': (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html' }).end('<title>Oops</title>');
    },
    '/slow-error': (_req, res) => {
      setTimeout(() => res.writeHead(500, { 'Content-Type': 'text/html' }).end('<title>Oops</title>'), 300);
    },
    '/counted': html('<head><title>Counted</title></head>'),
    // the issue's page: a 5.2 MB title of character references (1.6 MB decoded), then a description
    '/entity-title': html(`<html><head><title>${'A&amp;B&#x41;'.repeat(400_000)}</title><meta name="description" content="after the title"></head></html>`),
    '/long-fields': html(
      `<head><meta name="${'n'.repeat(201)}" content="a name too long"><meta name="keywords" content="${'x&amp;'.repeat(3000)}">` +
        `<link rel="icon" href="/${'i'.repeat(2048)}.png"><link rel="apple-touch-icon" href="/short.png"></head>`,
    ),
  });
  dns = await startFakeDns({
    // mail domains
    'acme.test': { mx: [{ exchange: 'mx1.acme.test', priority: 10 }, { exchange: 'mx2.acme.test', priority: 20 }] },
    'implicit.test': { a: ['192.0.2.25'] },
    'v6only.test': { aaaa: ['2001:db8::25'] },
    'nullmx.test': { mx: [{ exchange: '', priority: 0 }], a: ['192.0.2.26'] },
    'broken.test': { serverFailure: true },
    'slow.test': { silent: true },
    'xn--bcher-kva.test': { mx: [{ exchange: 'mail.xn--bcher-kva.test', priority: 10 }] },
    'gmail.com': { mx: [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }] },
    'mailinator.com': { mx: [{ exchange: 'mail.mailinator.com', priority: 10 }] },
    // web hosts
    'site.test': { a: ['127.0.0.1'] },
    'private.test': { a: ['10.20.30.40'] },
    'mixed.test': { a: ['93.184.215.14'], aaaa: ['fd12:3456::1'] },
    'dnsfail.test': { serverFailure: true },
  });
  process.env.DNS_SERVERS = dns.address;
  process.env.DNS_TIMEOUT_MS = '300';
  process.env.WEBPAGE_TIMEOUT_MS = String(FETCH_TIMEOUT_MS);
  process.env.WEBPAGE_ALLOWED_TEST_HOSTS = `${site.hostPort},127.0.0.1:${closedPort}`;
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
  await site.close();
  await unlisted.close();
  await dns.close();
  for (const name of ['DNS_SERVERS', 'DNS_TIMEOUT_MS', 'WEBPAGE_TIMEOUT_MS', 'WEBPAGE_ALLOWED_TEST_HOSTS']) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

const validate = (email: string, key = server.demoKeys.free!) => server.call(`/v1/validateemail?email=${encodeURIComponent(email)}`, { key });
const webpage = (url: string, key = server.demoKeys.free!) => server.call(`/v1/webpage?url=${encodeURIComponent(url)}`, { key });

describe('/v1/validateemail', () => {
  test('answers every field for a deliverable role address (MX records present)', async () => {
    // Prepare
    const email = 'Sales+EU@Acme.test';

    // Act
    const response = await validate(email);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await json(response)).toEqual({
      is_valid: true,
      domain: 'acme.test',
      email,
      local_part: 'Sales+EU',
      is_disposable: false,
      is_public: false,
      main_category: 'customer_engagement',
      sub_category: 'sales_business_development',
      mx_records: true,
    });
  });

  test('marks a personal address at a free provider as public, with no role', async () => {
    // Prepare
    const email = 'jane.doe@gmail.com';

    // Act
    const response = await validate(email);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ is_valid: true, is_public: true, is_disposable: false, main_category: null, sub_category: null, mx_records: true });
  });

  test('marks a disposable provider (and keeps it valid when it receives mail)', async () => {
    // Prepare
    const email = 'temp123@mailinator.com';

    // Act
    const response = await validate(email);

    // Assess
    expect(await json(response)).toMatchObject({ is_valid: true, is_disposable: true, is_public: false, mx_records: true });
  });

  test.each([
    ['an A record', 'postmaster@implicit.test'],
    ['only an AAAA record', 'postmaster@v6only.test'],
  ])('accepts a domain without MX but with %s (implicit MX), mx_records false', async (_what, email) => {
    // Prepare: the fake DNS has no MX for the domain

    // Act
    const response = await validate(email);

    // Assess
    expect(await json(response)).toMatchObject({
      is_valid: true,
      mx_records: false,
      main_category: 'technical_operations',
      sub_category: 'smtp_mail_administration',
    });
  });

  test('refuses a domain that publishes a null MX even though it has an address', async () => {
    // Prepare
    const email = 'info@nullmx.test';

    // Act
    const response = await validate(email);

    // Assess
    expect(await json(response)).toMatchObject({ is_valid: false, mx_records: false, domain: 'nullmx.test' });
  });

  test('refuses a domain that does not exist (NXDOMAIN)', async () => {
    // Prepare
    const email = 'someone@nowhere.test';

    // Act
    const response = await validate(email);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ is_valid: false, mx_records: false, domain: 'nowhere.test', local_part: 'someone' });
  });

  test('looks up an internationalised domain in punycode and shows it in Unicode', async () => {
    // Prepare
    const email = 'info@Bücher.test';

    // Act
    const response = await validate(email);

    // Assess
    expect(await json(response)).toMatchObject({ is_valid: true, domain: 'bücher.test', mx_records: true, sub_category: 'general_inquiries' });
  });

  test('answers 200 is_valid false with the fields it can fill for bad syntax', async () => {
    // Prepare
    const email = 'jane..doe@acme.test';

    // Act
    const response = await validate(email);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      is_valid: false,
      domain: 'acme.test',
      email,
      local_part: 'jane..doe',
      is_disposable: false,
      is_public: false,
      main_category: null,
      sub_category: null,
      mx_records: true,
    });
  });

  test('answers 200 with null local part and domain for text without @', async () => {
    // Prepare
    const email = 'not an email';

    // Act
    const response = await validate(email);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ is_valid: false, email, local_part: null, domain: null, mx_records: false });
  });

  test('answers 200 is_valid false for a 320-character address (too long for SMTP, but not absurd)', async () => {
    // Prepare
    const email = `${'a'.repeat(64)}@${'b'.repeat(250)}.test`;

    // Act
    const response = await validate(email);

    // Assess
    expect(email).toHaveLength(320);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ is_valid: false });
  });

  test.each([
    ['a server failure', 'x@broken.test', /DNS lookup of broken\.test failed/],
    ['no answer in time', 'x@slow.test', /DNS lookup of slow\.test did not answer in time/],
  ])('answers 502 upstream_error when the DNS gives %s', async (_what, email, message) => {
    // Prepare: the fake DNS fails or stays silent for the domain

    // Act
    const response = await validate(email);

    // Assess
    expect(response.status).toBe(502);
    expect(await json(response)).toEqual({ error: expect.stringMatching(message), code: 'upstream_error' });
  });

  test('does not count a 502 against the quota', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const first = await validate('a@acme.test', key);
    const remainingBefore = Number(first.headers.get('ratelimit-remaining'));

    // Act
    const failed = await validate('a@broken.test', key);
    const after = await validate('a@acme.test', key);

    // Assess
    expect(failed.status).toBe(502);
    expect(Number(after.headers.get('ratelimit-remaining'))).toBe(remainingBefore - 1);
  });

  test('answers 400 missing_parameter without email', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await server.call('/v1/validateemail?email=%20', { key });

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: "Parameter 'email' is required.", code: 'missing_parameter', param: 'email' });
  });

  test('answers 400 invalid_parameter for more than 320 characters', async () => {
    // Prepare
    const email = `${'a'.repeat(300)}@${'b'.repeat(15)}.test`;

    // Act
    const response = await validate(email);

    // Assess
    expect(email).toHaveLength(321);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_parameter', param: 'email', error: expect.stringMatching(/at most 320/) });
  });

  test('serves every plan, free included, and asks for a key', async () => {
    // Prepare
    const keys = [server.demoKeys.free!, server.demoKeys.enterprise!];

    // Act
    const responses = await Promise.all(keys.map((key) => validate('a@acme.test', key)));
    const anonymous = await server.call('/v1/validateemail?email=a@acme.test');

    // Assess
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(anonymous.status).toBe(401);
  });
});

describe('/v1/webpage', () => {
  test('reads title, description, meta tags and favicon, and splits the URL', async () => {
    // Prepare
    const url = `${site.origin}/page?lang=en&q=rocket%20fuel`;

    // Act
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      url,
      domain: '127.0.0.1',
      url_path: '/page',
      url_parameters: { lang: 'en', q: 'rocket fuel' },
      page_title: 'Acme Rockets – Home',
      page_description: 'Rockets for every budget.',
      meta_tags: {
        description: 'Rockets for every budget.',
        'og:title': 'Acme Rockets',
        'og:type': 'website',
        viewport: 'width=device-width, initial-scale=1',
      },
      favicon: `${site.origin}/static/favicon.png`,
    });
    expect(site.requests.get('/page')?.['user-agent']).toMatch(/DataQueryService/);
  });

  test('reaches a host name through the address its DNS answer gave (the checked address is the one connected)', async () => {
    // Prepare: site.test resolves to 127.0.0.1 only in the fake DNS, which the system resolver does not know
    const url = `http://site.test:${site.port}/page`;

    // Act
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ url, domain: 'site.test', page_title: 'Acme Rockets – Home', favicon: `http://site.test:${site.port}/static/favicon.png` });
  });

  test('answers a page of 400,000 nested <div> from what the bounded parse read, and keeps serving', async () => {
    // Prepare
    const url = `${site.origin}/deep`;

    // Act
    const response = await webpage(url);
    const next = await webpage(`${site.origin}/page`);

    // Assess: the parse stopped at its element limit, before the late description
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ page_title: 'Deep', page_description: null, meta_tags: { author: 'early' } });
    expect(next.status).toBe(200);
  });

  test('gives nulls and an empty meta_tags object for a page that declares nothing', async () => {
    // Prepare
    const url = `${site.origin}/bare`;

    // Act
    const response = await webpage(url);

    // Assess
    expect(await json(response)).toMatchObject({ page_title: null, page_description: null, meta_tags: {}, favicon: null, url_parameters: {} });
  });

  test('falls back to Open Graph title and description', async () => {
    // Prepare
    const url = `${site.origin}/og-only`;

    // Act
    const response = await webpage(url);

    // Assess
    expect(await json(response)).toMatchObject({ page_title: 'OG only', page_description: 'From Open Graph' });
  });

  test('follows a chain of redirects and describes the final URL', async () => {
    // Prepare
    const url = `${site.origin}/r1`;

    // Act
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      url: `${site.origin}/page?from=r3&tag=a&tag=b`,
      url_path: '/page',
      url_parameters: { from: 'r3', tag: ['a', 'b'] },
      page_title: 'Acme Rockets – Home',
    });
  });

  test('follows exactly 5 redirects', async () => {
    // Prepare
    const url = `${site.origin}/chain/5`;

    // Act
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ url: `${site.origin}/chain/0`, page_title: 'End of chain' });
  });

  test('answers 502 after more than 5 redirects', async () => {
    // Prepare
    const url = `${site.origin}/chain/6`;

    // Act
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(502);
    expect(await json(response)).toEqual({ error: 'The page redirected more than 5 times.', code: 'upstream_error' });
  });

  test.each([
    ['a private address', '/to-private', /10\.0\.0\.1, a private address/],
    ['the cloud metadata address', '/to-metadata', /169\.254\.169\.254, a cloud metadata address/],
    ['a host name that resolves to a private address', '/to-private-name', /private\.test resolves to 10\.20\.30\.40, a private address/],
    ['a local port the test allowance does not list', '/to-unlisted-port', /127\.0\.0\.1, a loopback address/],
  ])('refuses a redirect to %s with 400', async (_what, path, message) => {
    // Prepare
    const url = `${site.origin}${path}`;

    // Act
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: expect.stringMatching(message), code: 'invalid_parameter', param: 'url' });
  });

  test.each([
    ['a loopback address without the test allowance', `http://127.0.0.1:1/`, /loopback/],
    ['IPv6 loopback', 'http://[::1]/', /loopback/],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', /metadata/],
    ['a private address written as one number', 'http://167772161/', /10\.0\.0\.1, a private address/],
    ['a CGNAT address', 'http://100.64.0.1/', /carrier-grade NAT/],
    ['a unique-local IPv6 address', 'http://[fd00::1]/', /unique-local/],
    ['localhost (by name, whatever its port)', 'http://localhost/', /local or internal host name/],
    ['a GCP metadata host name', 'http://metadata.google.internal/computeMetadata/v1/', /metadata/],
    ['a host name resolving to a private address', 'http://private.test/', /private\.test resolves to 10\.20\.30\.40/],
    ['a host name with one public and one private address', 'https://mixed.test/', /fd12:3456::1, a unique-local/],
  ])('refuses %s with 400 invalid_parameter', async (_what, url, message) => {
    // Prepare: the URL

    // Act
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: expect.stringMatching(message), code: 'invalid_parameter', param: 'url' });
  });

  test.each([
    ['a redirect to a non-http scheme', '/to-ftp', /non-http\(s\) URL \(ftp\)/],
    ['a body over 5 MB', '/big', /larger than 5 MB/],
    ['a declared Content-Length over 5 MB', '/big-declared', /larger than 5 MB/],
    ['a gzip body that inflates past 5 MB', '/gzip-bomb', /larger than 5 MB/],
    ['a server that never answers', '/slow', new RegExp(`did not load within ${FETCH_TIMEOUT_MS / 1000} s`)],
    ['a body that stops half-way', '/slow-body', new RegExp(`did not load within ${FETCH_TIMEOUT_MS / 1000} s`)],
    ['an image', '/image', /not an HTML page \(Content-Type image\/png\)/],
    ['untyped content that is not HTML', '/no-type-json', /not an HTML page/],
    ['an error status', '/server-error', /HTTP 500/],
    ['a missing page', '/missing', /HTTP 404/],
  ])('answers 502 upstream_error for %s', async (_what, path, message) => {
    // Prepare
    const url = `${site.origin}${path}`;

    // Act
    const started = Date.now();
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(502);
    expect(await json(response)).toEqual({ error: expect.stringMatching(message), code: 'upstream_error' });
    expect(Date.now() - started).toBeLessThan(FETCH_TIMEOUT_MS + 2000);
  });

  test.each([
    ['a host that does not exist', () => 'http://nowhere.test/', /The host nowhere\.test does not exist/],
    ['a host whose DNS fails', () => 'http://dnsfail.test/', /The DNS lookup of dnsfail\.test failed/],
    ['a port where nothing listens', () => `http://127.0.0.1:${closedPort}/`, /127\.0\.0\.1:\d+ refused the connection/],
  ])('answers 502 upstream_error for %s', async (_what, url, message) => {
    // Prepare: the URL

    // Act
    const response = await webpage(url());

    // Assess
    expect(response.status).toBe(502);
    expect(await json(response)).toEqual({ error: expect.stringMatching(message), code: 'upstream_error' });
  });

  test('decompresses gzip, decodes a declared charset and accepts untyped HTML', async () => {
    // Prepare
    const paths = ['/gzip', '/latin1', '/no-type'];

    // Act
    const bodies = await Promise.all(paths.map(async (path) => json(await webpage(`${site.origin}${path}`))));

    // Assess
    expect(bodies.map((b) => b.page_title)).toEqual(['Compressed', 'Café', 'Untyped']);
  });

  test.each([
    ['ftp://example.com/file', /http or https URL/],
    ['javascript:alert(1)', /http or https URL/],
    ['example.com', /absolute URL/],
    ['https://user:pass@example.com/', /user name or password/],
    [`https://example.com/${'a'.repeat(2048)}`, /at most 2048 characters/],
  ])('answers 400 invalid_parameter for url=%s', async (url, message) => {
    // Prepare: the URL

    // Act
    const response = await webpage(url);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: expect.stringMatching(message), code: 'invalid_parameter', param: 'url' });
  });

  test('answers 400 missing_parameter without url', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await server.call('/v1/webpage', { key });

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: "Parameter 'url' is required.", code: 'missing_parameter', param: 'url' });
  });

  test('answers a title of 5.2 MB of character references with its first 2,000 characters, and reads on after it', async () => {
    // Act
    const response = await webpage(`${site.origin}/entity-title`);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.page_title).toBe('A&BA'.repeat(500));
    expect(body.page_description).toBe('after the title');
    expect(JSON.stringify(body).length).toBeLessThan(2_500);
  });

  test('bounds every field from the page: long meta content cut at 2,000 characters, a too-long meta name or icon URL skipped', async () => {
    // Act
    const body = await json(await webpage(`${site.origin}/long-fields`));

    // Assess
    expect(Object.keys(body.meta_tags)).toEqual(['keywords']);
    expect(body.meta_tags.keywords).toBe('x&'.repeat(1000));
    expect(body.favicon).toBe(`${site.origin}/short.png`);
  });

  test('reaches the page for a HEAD or an If-None-Match only with a reserved call: each fetch counts, and none happens once the quota is used up', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month', quotaOverride: 3 });
    const url = `/v1/webpage?url=${encodeURIComponent(`${site.origin}/counted`)}`;
    const before = site.hits.get('/counted') ?? 0;

    // Act
    const head = await server.call(url, { key, method: 'HEAD' });
    const conditional = await server.call(url, { key, headers: { 'If-None-Match': '*' } });
    const again = await server.call(url, { key, method: 'HEAD' });
    const refusedHead = await server.call(url, { key, method: 'HEAD' });
    const refusedConditional = await server.call(url, { key, headers: { 'If-None-Match': '*' } });

    // Assess
    expect([head.status, conditional.status, again.status, refusedHead.status, refusedConditional.status]).toEqual([200, 304, 200, 429, 429]);
    expect([head, conditional, again].map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);
    expect((site.hits.get('/counted') ?? 0) - before).toBe(3);
  });

  test('with a quota of 20, 40 failing and 40 valid calls at once: exactly 20 valid calls are answered and every unit is used', async () => {
    // Prepare: failing calls fetch a page that answers 500 after 300 ms (502, refunded); valid calls read reference data
    const key = await server.newKey({ tier: 'free', period: 'month', quotaOverride: 20 });
    const failing = () => webpage(`${site.origin}/slow-error`, key);
    const valid = () => server.call('/v1/airlines?iata=BA', { key });
    const fetchesBefore = site.hits.get('/slow-error') ?? 0;

    // Act
    const answers = await Promise.all(Array.from({ length: 40 }, () => [failing(), valid()]).flat());
    const last = await valid();

    // Assess
    const statuses = (index: number) => answers.filter((_, i) => i % 2 === index).map((r) => r.status);
    expect(statuses(1).filter((status) => status === 200)).toHaveLength(20);
    expect(statuses(1).filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses(0).filter((status) => status !== 502 && status !== 429)).toEqual([]);
    expect(last.status).toBe(429);
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    // the page is fetched only by a call that holds a unit: one fetch per failing call answered 502
    expect((site.hits.get('/slow-error') ?? 0) - fetchesBefore).toBe(statuses(0).filter((status) => status === 502).length);
  });

  test('serves every plan, free included, and a 502 is not counted', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const first = await webpage(`${site.origin}/bare`, key);
    const remainingBefore = Number(first.headers.get('ratelimit-remaining'));

    // Act
    const failed = await webpage(`${site.origin}/image`, key);
    const after = await webpage(`${site.origin}/bare`, key);
    const paid = await webpage(`${site.origin}/bare`, server.demoKeys.business!);

    // Assess
    expect([first.status, failed.status, after.status, paid.status]).toEqual([200, 502, 200, 200]);
    expect(Number(after.headers.get('ratelimit-remaining'))).toBe(remainingBefore - 1);
  });
});
