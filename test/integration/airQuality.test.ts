import {
  fixtureJson,
  fixtureReply,
  fixtureText,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeUpstream,
} from '../support/fakeUpstream';
import { json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let upstream: FakeUpstream;
let free: string;
let paid: string;

const AQ = '/v1/air-quality';
const GEO = '/v1/search';
const ENV = ['OPEN_METEO_AIR_QUALITY_URL', 'OPEN_METEO_GEOCODING_URL', 'AIR_QUALITY_SAMPLE_FALLBACK', 'OPEN_METEO_API_KEY'] as const;
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env.OPEN_METEO_AIR_QUALITY_URL = upstream.url;
  process.env.OPEN_METEO_GEOCODING_URL = upstream.url;
  delete process.env.AIR_QUALITY_SAMPLE_FALLBACK;
  delete process.env.OPEN_METEO_API_KEY;
  server = await startTestServer();
  free = server.demoKeys.free!;
  paid = server.demoKeys.professional!;
}, 120_000);
afterEach(() => upstream.reset());
afterAll(async () => {
  await server.close();
  await upstream.close();
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

interface RawPayload {
  current: Record<string, number>;
}

const POLLUTANTS = ['CO', 'PM10', 'SO2', 'PM2.5', 'O3', 'NO2'] as const;

describe('/v1/airquality by coordinates', () => {
  test('returns the six pollutants with µg/m³ concentrations and EPA indexes, overall = the highest', async () => {
    // Prepare
    upstream.on(AQ, fixtureReply('openMeteo', 'air-quality-delhi.json'));
    const current = fixtureJson<RawPayload>('openMeteo', 'air-quality-delhi.json').current;

    // Act
    const response = await server.call('/v1/airquality?lat=28.6139&lon=77.2090', { key: free });
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...POLLUTANTS, 'overall_aqi'].sort());
    expect(body.CO.concentration).toBe(current.carbon_monoxide);
    expect(body.PM10.concentration).toBe(current.pm10);
    expect(body.SO2.concentration).toBe(current.sulphur_dioxide);
    expect(body['PM2.5'].concentration).toBe(current.pm2_5);
    expect(body.O3.concentration).toBe(current.ozone);
    expect(body.NO2.concentration).toBe(current.nitrogen_dioxide);
    for (const p of POLLUTANTS) expect(Number.isInteger(body[p].aqi)).toBe(true);
    expect(body.overall_aqi).toBe(Math.max(...POLLUTANTS.map((p) => body[p].aqi)));
    expect(Object.fromEntries(upstream.requestsTo(AQ)[0]!.query)).toMatchObject({ latitude: '28.61', longitude: '77.21' });
  });

  test('answers a second call for the same rounded location from the cache without reaching the upstream', async () => {
    // Prepare
    upstream.on(AQ, fixtureReply('openMeteo', 'air-quality-berlin.json'));

    // Act
    const first = await server.call('/v1/airquality?lat=52.5200&lon=13.4050', { key: free });
    const second = await server.call('/v1/airquality?lat=52.5249&lon=13.4051', { key: paid });

    // Assess
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual(await json(first));
    expect(upstream.requestsTo(AQ)).toHaveLength(1);
  });

  test('reads the upstream for a HEAD only with a reserved call: the HEAD counts, and once the quota is used up nothing is read', async () => {
    // Prepare
    upstream.on(AQ, fixtureReply('openMeteo', 'air-quality-berlin.json'));
    const key = await server.newKey({ tier: 'free', period: 'month', quotaOverride: 1 });

    // Act
    const head = await server.call('/v1/airquality?lat=48.1371&lon=11.5754', { key, method: 'HEAD' });
    const refused = await server.call('/v1/airquality?lat=40.4168&lon=-3.7038', { key, method: 'HEAD' });

    // Assess
    expect([head.status, refused.status]).toEqual([200, 429]);
    expect(head.headers.get('ratelimit-remaining')).toBe('0');
    expect(upstream.requestsTo(AQ).map((r) => r.query.get('latitude'))).toEqual(['48.14']);
  });

  test('waits out a 429 with Retry-After and answers', async () => {
    // Prepare
    upstream.on(AQ, tooManyRequests(1), fixtureReply('openMeteo', 'air-quality-berlin.json'));

    // Act
    const response = await server.call('/v1/airquality?lat=48.85&lon=2.35', { key: free });

    // Assess
    expect(response.status).toBe(200);
    expect(upstream.requestsTo(AQ)).toHaveLength(2);
  });

  test('answers 502 upstream_error when the upstream keeps failing and nothing is cached', async () => {
    // Prepare
    upstream.on(AQ, serverError(503));

    // Act
    const response = await server.call('/v1/airquality?lat=-33.87&lon=151.21', { key: free });
    const body = await json(response);

    // Assess
    expect(response.status).toBe(502);
    expect(body.code).toBe('upstream_error');
    expect(upstream.requestsTo(AQ)).toHaveLength(3);
  });

  test('answers 502 upstream_error to a truncated payload', async () => {
    // Prepare
    upstream.on(AQ, truncatedJson(fixtureText('openMeteo', 'air-quality-berlin.json')));

    // Act
    const response = await server.call('/v1/airquality?lat=35.68&lon=139.69', { key: free });

    // Assess
    expect(response.status).toBe(502);
    expect((await json(response)).code).toBe('upstream_error');
  });

  test('answers from the recorded sample, flagged "sample": true, when the local fallback switch is on', async () => {
    // Prepare
    upstream.on(AQ, serverError(500));
    process.env.AIR_QUALITY_SAMPLE_FALLBACK = 'true';

    // Act
    const response = await server.call('/v1/airquality?lat=1.35&lon=103.82', { key: free });
    delete process.env.AIR_QUALITY_SAMPLE_FALLBACK;
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body.sample).toBe(true);
    expect(body.overall_aqi).toEqual(expect.any(Number));
  });
});

describe('/v1/airquality by city', () => {
  test('geocodes the city within the country and answers for its coordinates', async () => {
    // Prepare
    upstream.on(GEO, fixtureReply('openMeteo', 'geocoding-berlin.json')).on(AQ, fixtureReply('openMeteo', 'air-quality-berlin.json'));

    // Act
    const response = await server.call('/v1/airquality?city=Berlin&country=DE', { key: free });

    // Assess
    expect(response.status).toBe(200);
    expect(upstream.requestsTo(GEO)[0]!.query.get('name')).toBe('Berlin');
    expect(upstream.requestsTo(GEO)[0]!.query.get('countryCode')).toBe('DE');
    expect((await json(response)).overall_aqi).toEqual(expect.any(Number));
  });

  test('picks the city in the given US state', async () => {
    // Prepare
    upstream.on(GEO, fixtureReply('openMeteo', 'geocoding-springfield-us.json')).on(AQ, fixtureReply('openMeteo', 'air-quality-new-york-gaps.json'));

    // Act
    const response = await server.call('/v1/airquality?city=Springfield&state=Massachusetts', { key: free });
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(Object.fromEntries(upstream.requestsTo(AQ)[0]!.query)).toMatchObject({ latitude: '42.1', longitude: '-72.59' });
    expect(body.SO2).toEqual({ concentration: null, aqi: null });
  });

  test('answers 404 no_data for a city the geocoder does not know', async () => {
    // Prepare
    upstream.on(GEO, fixtureReply('openMeteo', 'geocoding-no-results.json'));

    // Act
    const response = await server.call('/v1/airquality?city=Nowhereville', { key: free });

    // Assess
    expect(response.status).toBe(404);
    expect((await json(response)).code).toBe('no_data');
  });

  test('answers 404 no_data when the city exists only in another state', async () => {
    // Prepare
    upstream.on(GEO, fixtureReply('openMeteo', 'geocoding-springfield-us.json'));

    // Act
    const response = await server.call('/v1/airquality?city=Springfield&state=WY', { key: free });

    // Assess
    expect(response.status).toBe(404);
    expect((await json(response)).code).toBe('no_data');
  });
});

describe('/v1/airquality invalid input', () => {
  test.each([
    ['/v1/airquality', 'invalid_parameter', undefined],
    ['/v1/airquality?lat=52.5', 'missing_parameter', 'lon'],
    ['/v1/airquality?lon=13.4', 'missing_parameter', 'lat'],
    ['/v1/airquality?lat=91&lon=0', 'invalid_parameter', 'lat'],
    ['/v1/airquality?lat=0&lon=-180.5', 'invalid_parameter', 'lon'],
    ['/v1/airquality?lat=north&lon=0', 'invalid_parameter', 'lat'],
    ['/v1/airquality?lat=1&lon=2&city=Paris', 'invalid_parameter', 'city'],
    ['/v1/airquality?lat=1&lon=2&country=FR', 'invalid_parameter', 'country'],
    ['/v1/airquality?lat=1&lon=2&state=CA', 'invalid_parameter', 'state'],
    ['/v1/airquality?city=Paris&state=Bavaria', 'invalid_parameter', 'state'],
    ['/v1/airquality?city=Springfield&state=IL&country=DE', 'invalid_parameter', 'state'],
    [`/v1/airquality?city=${'c'.repeat(101)}`, 'invalid_parameter', 'city'],
  ])('answers 400 to %s without asking the upstream', async (path, code, param) => {
    // Act
    const response = await server.call(path, { key: free });
    const body = await json(response);

    // Assess
    expect({ status: response.status, code: body.code, param: body.param }).toEqual({ status: 400, code, param });
    expect(upstream.requests).toHaveLength(0);
  });

  test('rejects a call without a key', async () => {
    // Act
    const response = await server.call('/v1/airquality?lat=1&lon=2');

    // Assess
    expect(response.status).toBe(401);
  });
});
