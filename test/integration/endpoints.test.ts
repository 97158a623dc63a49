import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceDataDir } from '../../lib/reference/referenceData';
import { JOKE_POOL_FILES } from '../../lib/jokes/pools';
import { BARCODE_TYPES } from '../../lib/media/barcodeTypes';
import { json, startTestServer, type TestServer } from '../support/testServer';
import { VALID_BARCODE_TEXT } from '../support/barcodeSamples';

let server: TestServer;
let pools: { free: string[]; premium: string[] };

beforeAll(async () => {
  server = await startTestServer();
  const pool = (file: string) => JSON.parse(readFileSync(join(referenceDataDir(), file), 'utf8')) as string[];
  pools = { free: pool(JOKE_POOL_FILES.free), premium: pool(JOKE_POOL_FILES.premium) };
});
afterAll(() => server.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DAY_MS = 86_400_000;

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
const analytics = (key: string) => server.call(`/v1/analytics?api_key=${encodeURIComponent(key)}`);

/**
 * Runs `act` and runs it once more if the UTC day changed meanwhile, so a test that compares against
 * "today" cannot fail at midnight. Returns the day the (last) run happened on.
 */
async function withinOneUtcDay<T>(act: () => Promise<T>): Promise<{ today: string; result: T }> {
  let today = utcDay();
  let result = await act();
  if (utcDay() !== today) {
    today = utcDay();
    result = await act();
  }
  return { today, result };
}

/** The day-of-month of `date` in the next month, clamped to that month's last day (YYYY-MM-DD). */
function oneMonthAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDayOfNextMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDayOfNextMonth))).toISOString().slice(0, 10);
}

describe('/v1/jokes', () => {
  test('the reference data holds a free pool of exactly 100 jokes inside a larger premium pool', () => {
    // Prepare: the pools read in beforeAll

    // Act
    const premium = new Set(pools.premium);

    // Assess
    expect(pools.free).toHaveLength(100);
    expect(new Set(pools.free).size).toBe(100);
    expect(pools.premium.length).toBeGreaterThan(100);
    expect(pools.free.every((joke) => premium.has(joke))).toBe(true);
  });

  test('gives a free key exactly one {joke} object from the free pool', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const responses = await Promise.all(Array.from({ length: 5 }, () => server.call('/v1/jokes', { key })));
    const bodies = await Promise.all(responses.map((r) => json(r)));

    // Assess
    for (const [i, body] of bodies.entries()) {
      expect(responses[i]!.status).toBe(200);
      expect(body).toEqual([{ joke: expect.any(String) }]);
      expect(pools.free).toContain(body[0].joke);
    }
  });

  test('gives a premium key 100 distinct jokes from the premium pool with limit=100', async () => {
    // Prepare
    const key = server.demoKeys.developer!;
    const premium = new Set(pools.premium);

    // Act
    const response = await server.call('/v1/jokes?limit=100', { key });
    const body: Array<{ joke: string }> = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toHaveLength(100);
    expect(body.every((item) => Object.keys(item).join() === 'joke' && premium.has(item.joke))).toBe(true);
    expect(new Set(body.map((item) => item.joke)).size).toBe(100);
  });

  test('gives a premium key one joke by default', async () => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const response = await server.call('/v1/jokes', { key });

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body).toHaveLength(1);
    expect(pools.premium).toContain(body[0].joke);
  });

  test('returns 403 plan_required with param limit when a free key asks for limit=2', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await server.call('/v1/jokes?limit=2', { key });

    // Assess
    const body = await json(response);
    expect(response.status).toBe(403);
    expect(body).toMatchObject({ code: 'plan_required', param: 'limit' });
    expect(body.error).toMatch(/Premium/);
  });

  test.each([
    ['0', 'developer'],
    ['101', 'enterprise'],
    ['0', 'free'],
    ['101', 'free'],
  ])('returns 400 invalid_parameter for limit=%s on the %s demo key', async (limit, plan) => {
    // Prepare
    const key = server.demoKeys[plan]!;

    // Act
    const response = await server.call(`/v1/jokes?limit=${limit}`, { key });

    // Assess
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', param: 'limit' });
    expect(body.error).toContain('1 to 100');
  });
});

describe('/v1/jokeoftheday', () => {
  test('returns one joke from the free pool, the same for a free and an enterprise key and on repeated calls', async () => {
    // Prepare
    const keys = [server.demoKeys.free!, server.demoKeys.enterprise!, server.demoKeys.free!, server.demoKeys.developer_annual!];

    // Act
    const { result: bodies } = await withinOneUtcDay(async () => {
      const responses = await Promise.all(keys.map((key) => server.call('/v1/jokeoftheday', { key })));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      return Promise.all(responses.map((r) => json(r)));
    });

    // Assess
    for (const body of bodies) expect(body).toEqual([{ joke: bodies[0][0].joke }]);
    expect(pools.free).toContain(bodies[0][0].joke);
  });
});

describe('/v1/profanityfilter', () => {
  test.each([
    ['what the f.u.c.k!', 'what the *******!'],
    ['sh1t happens', '**** happens'],
    ['f u c k you', '******* you'],
  ])('detects the obfuscated profanity in %j and stars exactly the word', async (text, censored) => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await server.call(`/v1/profanityfilter?text=${encodeURIComponent(text)}`, { key });

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body).toEqual({ original: text, censored, has_profanity: true });
    expect(body.censored).toHaveLength(body.original.length);
  });

  test('returns clean text unchanged with has_profanity false', async () => {
    // Prepare
    const text = 'I passed the class assessment in Scunthorpe.';

    // Act
    const response = await server.call(`/v1/profanityfilter?text=${encodeURIComponent(text)}`, { key: server.demoKeys.free });

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ original: text, censored: text, has_profanity: false });
  });

  test('accepts exactly 1000 characters', async () => {
    // Prepare
    const text = 'a'.repeat(1000);

    // Act
    const response = await server.call(`/v1/profanityfilter?text=${text}`, { key: server.demoKeys.free });

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ original: text, censored: text, has_profanity: false });
  });

  test('counts characters, not UTF-16 units: 1000 emoji are accepted', async () => {
    // Prepare
    const text = '😀'.repeat(1000);

    // Act
    const response = await server.call(`/v1/profanityfilter?text=${encodeURIComponent(text)}`, { key: server.demoKeys.free });

    // Assess
    expect(response.status).toBe(200);
    expect((await json(response)).original).toBe(text);
  });

  test('returns 400 invalid_parameter for 1001 characters', async () => {
    // Prepare
    const text = 'a'.repeat(1001);

    // Act
    const response = await server.call(`/v1/profanityfilter?text=${text}`, { key: server.demoKeys.free });

    // Assess
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', param: 'text' });
    expect(body.error).toContain('1000');
  });

  test('returns 400 missing_parameter without text', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await server.call('/v1/profanityfilter', { key });

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: "Parameter 'text' is required.", code: 'missing_parameter', param: 'text' });
  });
});

describe('/v1/barcodegenerate', () => {
  const VALID_TEXT = VALID_BARCODE_TEXT;
  const barcode = (query: string, headers: Record<string, string> = {}) =>
    server.call(`/v1/barcodegenerate?${query}`, { key: server.demoKeys.free, headers });

  test('renders a UPC by default as a PNG image', async () => {
    // Prepare
    const query = 'text=036000291452';

    // Act
    const response = await barcode(query);

    // Assess
    const body = await bytes(response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(body.toString('latin1', 12, 16)).toBe('IHDR');
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
  });

  test('renders the same default image as type=upc&format=png', async () => {
    // Prepare
    const text = '036000291452';

    // Act
    const byDefault = await bytes(await barcode(`text=${text}`));
    const explicit = await bytes(await barcode(`text=${text}&type=upc&format=png&include_text=true`));

    // Assess
    expect(byDefault.length).toBeGreaterThan(8);
    expect(byDefault.equals(explicit)).toBe(true);
  });

  test('renders SVG with format=svg', async () => {
    // Prepare
    const query = 'text=036000291452&format=svg';

    // Act
    const response = await barcode(query);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await response.text();
    expect(svg).toContain('<svg');
    expect(svg).toContain('</svg>');
  });

  test('renders SVG for Accept: image/svg+xml without format, and PNG when format=png says so', async () => {
    // Prepare
    const accept = { Accept: 'image/svg+xml' };

    // Act
    const byAccept = await barcode('text=036000291452', accept);
    const formatWins = await barcode('text=036000291452&format=png', accept);
    const byAcceptPng = await barcode('text=036000291452', { Accept: 'image/png' });

    // Assess
    expect(byAccept.status).toBe(200);
    expect(byAccept.headers.get('content-type')).toBe('image/svg+xml');
    expect(await byAccept.text()).toContain('<svg');
    expect(formatWins.headers.get('content-type')).toBe('image/png');
    expect((await bytes(formatWins)).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(byAcceptPng.headers.get('content-type')).toBe('image/png');
    expect((await bytes(byAcceptPng)).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  test('draws a different image with include_text=false than with include_text=true', async () => {
    // Prepare
    const text = 'text=5901234123457&type=ean13';

    // Act
    const withText = await barcode(`${text}&include_text=true`);
    const withoutText = await barcode(`${text}&include_text=FALSE`);

    // Assess
    const withBytes = await bytes(withText);
    const withoutBytes = await bytes(withoutText);
    expect([withText.status, withoutText.status]).toEqual([200, 200]);
    expect(withoutBytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(withBytes.equals(withoutBytes)).toBe(false);
    // the human-readable text adds height below the bars
    expect(withBytes.readUInt32BE(20)).toBeGreaterThan(withoutBytes.readUInt32BE(20));
  });

  test.each(BARCODE_TYPES)('renders type=%s with a valid sample text as PNG and SVG', async (type) => {
    // Prepare
    const query = `text=${encodeURIComponent(VALID_TEXT[type])}&type=${type}`;

    // Act
    const png = await barcode(query);
    const svg = await barcode(`${query}&format=svg`);

    // Assess
    expect([png.status, svg.status]).toEqual([200, 200]);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await bytes(png)).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
  });

  test.each([
    ['ean13', '59012341234a', /only digits/],
    ['ean13', '5901234123458', /check digit is wrong: expected 7, got 8/],
    ['upc', 'hello', /only digits/],
    ['upca', '036000291453', /check digit is wrong/],
    ['isbn13', '9771234567898', /978 or 979/],
    ['code39', 'hello', /capital letters/],
  ])('returns 400 invalid_parameter with param text and the reason for %s text %j', async (type, text, reason) => {
    // Prepare
    const query = `text=${encodeURIComponent(text)}&type=${type}`;

    // Act
    const response = await barcode(query);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({ code: 'invalid_parameter', param: 'text' });
    expect(body.error).toContain(type);
    expect(body.error).toMatch(reason);
    expect(body.error).not.toMatch(/bwipp/);
  });

  test('returns 400 listing the supported types for type=qr', async () => {
    // Prepare
    const query = 'text=hello&type=qr';

    // Act
    const response = await barcode(query);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', param: 'type' });
    expect(body.error).toContain(BARCODE_TYPES.join(', '));
  });

  test.each([
    ['include_text', 'include_text=maybe'],
    ['format', 'format=gif'],
  ])('returns 400 invalid_parameter for a bad %s value', async (param, query) => {
    // Prepare
    const full = `text=036000291452&${query}`;

    // Act
    const response = await barcode(full);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_parameter', param });
  });

  test('returns 400 missing_parameter without text', async () => {
    // Prepare
    const query = 'type=upc';

    // Act
    const response = await barcode(query);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'missing_parameter', param: 'text' });
  });
});

describe('/v1/horoscope', () => {
  const horoscope = (key: string, query: string) => server.call(`/v1/horoscope?${query}`, { key });

  test('returns {date, zodiac, sign, horoscope} for today (UTC) by default, sign capitalised as the live service sends it', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const { today, result: response } = await withinOneUtcDay(() => horoscope(key, 'zodiac=aries'));

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ date: today, zodiac: 'aries', sign: 'Aries', horoscope: expect.any(String) });
    expect(body.horoscope.length).toBeGreaterThan(20);
  });

  test('gives the same text for the same sign and date across calls and keys, and different text for another sign', async () => {
    // Prepare
    const keys = [server.demoKeys.free!, server.demoKeys.enterprise!, server.demoKeys.free!];

    // Act
    const { today, result: bodies } = await withinOneUtcDay(async () => {
      const leo = await Promise.all(keys.map(async (key) => json(await horoscope(key, 'zodiac=leo'))));
      const explicitToday = await json(await horoscope(server.demoKeys.developer!, `zodiac=leo&date=${utcDay()}`));
      const virgo = await json(await horoscope(server.demoKeys.free!, 'zodiac=virgo'));
      return { leo, explicitToday, virgo };
    });

    // Assess
    const text = bodies.leo[0].horoscope;
    for (const body of bodies.leo) expect(body).toEqual({ date: today, zodiac: 'leo', sign: 'Leo', horoscope: text });
    expect(bodies.explicitToday).toEqual({ date: today, zodiac: 'leo', sign: 'Leo', horoscope: text });
    expect(bodies.virgo.horoscope).not.toBe(text);
  });

  test('gives a premium key the horoscope of a past date, the same for every premium key', async () => {
    // Prepare
    const date = '2024-02-29';

    // Act
    const developer = await horoscope(server.demoKeys.developer!, `zodiac=pisces&date=${date}`);
    const enterprise = await horoscope(server.demoKeys.enterprise!, `zodiac=pisces&date=${date}`);
    const otherDay = await horoscope(server.demoKeys.developer!, 'zodiac=pisces&date=2024-03-01');

    // Assess
    const body = await json(developer);
    expect(developer.status).toBe(200);
    expect(body).toEqual({ date, zodiac: 'pisces', sign: 'Pisces', horoscope: expect.any(String) });
    expect(await json(enterprise)).toEqual(body);
    expect((await json(otherDay)).horoscope).not.toBe(body.horoscope);
  });

  test('returns 403 plan_required with param date when a free key asks for a past date', async () => {
    // Prepare
    const yesterday = utcDay(-1);

    // Act
    const response = await horoscope(server.demoKeys.free!, `zodiac=taurus&date=${yesterday}`);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(403);
    expect(body).toMatchObject({ code: 'plan_required', param: 'date' });
    expect(body.error).toMatch(/Premium/);
  });

  test("returns 200 when a free key asks for today's date", async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const { today, result: response } = await withinOneUtcDay(() => horoscope(key, `zodiac=gemini&date=${utcDay()}`));

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ date: today, zodiac: 'gemini' });
  });

  test("returns 400 invalid_parameter for tomorrow's date on every plan", async () => {
    // Prepare
    const plans = Object.keys(server.demoKeys);

    // Act
    const { result } = await withinOneUtcDay(() =>
      Promise.all(plans.map(async (plan) => {
        const response = await horoscope(server.demoKeys[plan]!, `zodiac=cancer&date=${utcDay(1)}`);
        return { plan, status: response.status, body: await json(response) };
      })),
    );

    // Assess
    expect(plans).toHaveLength(6);
    for (const { plan, status, body } of result) {
      expect({ plan, status, code: body.code, param: body.param }).toEqual({ plan, status: 400, code: 'invalid_parameter', param: 'date' });
      expect(body.error).toMatch(/future/);
    }
  });

  test.each(['2023-02-30', '2023-13-01', '23-01-01', '2023/01/01'])('returns 400 invalid_parameter for the date %s', async (date) => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const response = await horoscope(key, `zodiac=libra&date=${date}`);

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_parameter', param: 'date' });
  });
});

describe('/v1/analytics', () => {
  test('reports the account, its accepted calls per day and API, and counts neither rejected nor analytics calls', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });
    const get = (path: string) => server.call(path, { key });

    // Act
    const { today, result } = await withinOneUtcDay(async () => {
      const accepted = [
        await get('/v1/jokeoftheday'),
        await get('/v1/jokeoftheday'),
        await get('/v1/jokeoftheday'),
        await get('/v1/horoscope?zodiac=leo'),
        await get('/v1/horoscope?zodiac=leo'),
        await get('/v1/counter?id=analytics&hit=true'),
        await get('/v1/barcodegenerate?text=036000291452'),
      ];
      const rejected = [
        await get('/v1/horoscope?zodiac=dragon'),
        await get(`/v1/horoscope?zodiac=leo&date=${utcDay(2)}`),
        await get('/v1/counter?id=a%20b'),
        await get('/v1/jokes?limit=0'),
        await get('/v1/profanityfilter'),
      ];
      const first = await analytics(key);
      const second = await analytics(key);
      const nextCall = await get('/v1/jokeoftheday');
      return { accepted, rejected, first, firstBody: await json(first), secondBody: await json(await second), nextCall };
    });

    // Assess
    expect(result.accepted.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(result.rejected.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(result.first.status).toBe(200);
    expect(result.firstBody).toEqual({
      api_key: key,
      account_creation_date: today,
      subscription_tier: 'professional',
      subscription_period: 'month',
      api_reset_date: oneMonthAfter(today),
      current_month_usage: 7,
      api_call_history: {
        [today]: { '/v1/jokeoftheday': 3, '/v1/horoscope': 2, '/v1/counter': 1, '/v1/barcodegenerate': 1 },
      },
    });
    expect(result.secondBody).toEqual(result.firstBody);
    // the two analytics calls used no quota: the 8th accepted call leaves 2,000,000 - 8
    expect(result.nextCall.headers.get('ratelimit-remaining')).toBe(String(2_000_000 - 8));
  });

  test('does not count calls refused with 403 plan_required', async () => {
    // Prepare: a free key, moved to Professional by the key CLI once it has made its calls
    const key = await server.newKey({ tier: 'free', period: 'month' });

    // Act
    const { today, result } = await withinOneUtcDay(async () => {
      const refused = [
        await server.call('/v1/jokes?limit=5', { key }),
        await server.call(`/v1/horoscope?zodiac=leo&date=${utcDay(-3)}`, { key }),
        await analytics(key),
      ];
      const accepted = [await server.call('/v1/jokes', { key }), await server.call('/v1/jokes?limit=1', { key })];
      const upgrade = await server.keysCli('set-tier', key, 'professional');
      const report = await analytics(key);
      return { refused, accepted, upgrade, report, body: await json(report) };
    });

    // Assess
    expect(result.refused.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(result.accepted.map((r) => r.status)).toEqual([200, 200]);
    expect(result.upgrade.status).toBe(0);
    expect(result.report.status).toBe(200);
    expect(result.body).toMatchObject({ subscription_tier: 'professional', current_month_usage: 2 });
    expect(result.body.api_call_history).toEqual({ [today]: { '/v1/jokes': 2 } });
  });

  test('reports an empty history for a key that made no calls', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'enterprise', period: 'year' });

    // Act
    const response = await analytics(key);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ subscription_tier: 'enterprise', subscription_period: 'year', current_month_usage: 0, api_call_history: {} });
  });

  test('works for an enterprise key', async () => {
    // Prepare
    const key = server.demoKeys.enterprise!;

    // Act
    const response = await analytics(key);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ api_key: key, subscription_tier: 'enterprise', subscription_period: 'month' });
    expect(body.api_reset_date).toBe(oneMonthAfter(body.account_creation_date));
  });

  test('returns 403 plan_required for a developer annual key', async () => {
    // Prepare
    const key = server.demoKeys.developer_annual!;

    // Act
    const response = await analytics(key);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(403);
    expect(body.code).toBe('plan_required');
    expect(body.error).toContain('Professional or Enterprise');
  });

  test('returns 401 invalid_api_key for an unknown api_key', async () => {
    // Prepare
    const key = 'Z'.repeat(40);

    // Act
    const response = await analytics(key);

    // Assess
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe('invalid_api_key');
  });

  test('returns 429 rate_limited with Retry-After and RateLimit-Limit 10 from the 11th call within a minute', async () => {
    // Prepare: a fresh key per attempt; an attempt that straddles a minute boundary is run once more
    const minute = () => Math.floor(Date.now() / 60_000);
    let responses: Response[] = [];
    let later: Response | undefined;
    let sentAt = 0;
    let answeredAt = 0;
    let windowEnd = 0;
    for (let attempt = 0; attempt < 2; attempt++) {
      const key = await server.newKey({ tier: 'professional', period: 'month' });
      const startMinute = minute();

      // Act: 11 calls at once, then one more a second later (still refused: the window is the minute)
      responses = [];
      for (let i = 0; i < 10; i++) responses.push(await analytics(key));
      sentAt = Date.now();
      responses.push(await analytics(key));
      answeredAt = Date.now();
      windowEnd = (startMinute + 1) * 60_000;
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      later = await analytics(key);
      if (minute() === startMinute) break;
    }

    // Assess
    const refused = responses[10]!;
    const body = await json(refused);
    expect(responses.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.slice(0, 10).map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
    expect(refused.status).toBe(429);
    expect(body.code).toBe('rate_limited');
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('ratelimit-limit')).toBe('10');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    // Retry-After points at the end of the current minute window
    expect(retryAfter * 1000).toBeGreaterThanOrEqual(windowEnd - answeredAt - 1000);
    expect(retryAfter * 1000).toBeLessThanOrEqual(windowEnd - sentAt + 1000);
    expect(later?.status).toBe(429);
    expect((await json(later!)).code).toBe('rate_limited');
  });
});

describe('response headers', () => {
  const accepted: Array<[string, string]> = [
    ['/v1/counter', '/v1/counter?id=headers&hit=true'],
    ['/v1/jokes', '/v1/jokes?limit=3'],
    ['/v1/jokeoftheday', '/v1/jokeoftheday'],
    ['/v1/profanityfilter', '/v1/profanityfilter?text=hello'],
    ['/v1/horoscope', '/v1/horoscope?zodiac=scorpio'],
  ];

  test.each(accepted)('an accepted call to %s carries RateLimit-* headers and Content-Type application/json', async (_, path) => {
    // Prepare
    const key = await server.newKey({ tier: 'business', period: 'month' });

    // Act
    const response = await server.call(path, { key });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json(;\s*charset=utf-8)?$/i);
    expect(response.headers.get('ratelimit-limit')).toBe('1000000');
    expect(response.headers.get('ratelimit-remaining')).toBe('999999');
    expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(Number.isInteger(Number(response.headers.get('ratelimit-reset')))).toBe(true);
  });

  test('a barcode image carries RateLimit-* headers next to its image Content-Type', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });

    // Act
    const response = await server.call('/v1/barcodegenerate?text=036000291452', { key });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('ratelimit-limit')).toBe('10000');
    expect(response.headers.get('ratelimit-remaining')).toBe('9999');
    expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  });

  test('an accepted /v1/analytics call carries the per-minute RateLimit-* headers', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });

    // Act
    const response = await analytics(key);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('ratelimit-limit')).toBe('10');
    expect(Number(response.headers.get('ratelimit-remaining'))).toBeLessThanOrEqual(9);
    const reset = Number(response.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
  });

  test('RateLimit-Reset counts the seconds to the billing reset at 00:00 UTC on api_reset_date', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'professional', period: 'month' });

    // Act
    const response = await server.call('/v1/jokeoftheday', { key });
    const report = await json(await analytics(key));

    // Assess
    const expected = (Date.parse(`${report.api_reset_date}T00:00:00Z`) - Date.now()) / 1000;
    expect(Math.abs(Number(response.headers.get('ratelimit-reset')) - expected)).toBeLessThan(10);
  });
});
