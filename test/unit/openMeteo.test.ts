import { airQualityAt, airQualityInCity, AIR_QUALITY_TTL_SECONDS, type ResultCache } from '../../lib/airQuality/service';
import { HttpError } from '../../lib/http/errors';
import { UpstreamFailure } from '../../lib/sources/http';
import { openMeteoClient, openMeteoConfig, parseAirQualityPayload, parseGeocodingPayload } from '../../lib/sources/openMeteo';
import {
  fixtureJson,
  fixtureReply,
  fixtureText,
  jsonReply,
  serverError,
  startFakeUpstream,
  tooManyRequests,
  truncatedJson,
  type FakeUpstream,
} from '../support/fakeUpstream';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

const AQ = '/v1/air-quality';
const GEO = '/v1/search';

/** The client on the fake upstream, with waits skipped (Retry-After is still honoured, as recorded waits). */
function client(waits: number[] = []) {
  return openMeteoClient(
    { airQualityUrl: upstream.url, geocodingUrl: upstream.url },
    { sleep: async (ms) => void waits.push(ms), random: () => 0 },
  );
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** An in-memory ResultCache with the table's expiry semantics. */
function memoryCache(): ResultCache & { items: Map<string, { value: string; expiresAt: number }> } {
  const items = new Map<string, { value: string; expiresAt: number }>();
  return {
    items,
    get: async <T>(key: string, now: Date) => {
      const item = items.get(key);
      return item && item.expiresAt > now.getTime() / 1000 ? (JSON.parse(item.value) as T) : undefined;
    },
    put: async (key, value, ttl, now) => void items.set(key, { value: JSON.stringify(value), expiresAt: now.getTime() / 1000 + ttl }),
  };
}

describe('openMeteoConfig', () => {
  test('uses the free hosts without a key', () => {
    // Act
    const config = openMeteoConfig({});

    // Assess
    expect(config).toEqual({ airQualityUrl: 'https://air-quality-api.open-meteo.com', geocodingUrl: 'https://geocoding-api.open-meteo.com' });
  });

  test('switches to the customer hosts when OPEN_METEO_API_KEY is set', () => {
    // Act
    const config = openMeteoConfig({ OPEN_METEO_API_KEY: 'secret' });

    // Assess
    expect(config).toEqual({
      airQualityUrl: 'https://customer-air-quality-api.open-meteo.com',
      geocodingUrl: 'https://customer-geocoding-api.open-meteo.com',
      apiKey: 'secret',
    });
  });

  test('takes base URLs from the environment', () => {
    // Act
    const config = openMeteoConfig({ OPEN_METEO_AIR_QUALITY_URL: 'http://127.0.0.1:1', OPEN_METEO_GEOCODING_URL: 'http://127.0.0.1:2' });

    // Assess
    expect(config.airQualityUrl).toBe('http://127.0.0.1:1');
    expect(config.geocodingUrl).toBe('http://127.0.0.1:2');
  });
});

describe('Open-Meteo client on recorded payloads', () => {
  test('asks for the current reading and 24 past hours of the six pollutants in GMT', async () => {
    // Prepare
    upstream.on(AQ, fixtureReply('openMeteo', 'air-quality-berlin.json'));

    // Act
    const payload = await client().airQuality(52.52, 13.41);

    // Assess
    const query = Object.fromEntries(upstream.requestsTo(AQ)[0]!.query);
    expect(query).toMatchObject({ latitude: '52.52', longitude: '13.41', past_hours: '24', forecast_hours: '1', timezone: 'GMT' });
    expect(query.current!.split(',').sort()).toEqual(['carbon_monoxide', 'nitrogen_dioxide', 'ozone', 'pm10', 'pm2_5', 'sulphur_dioxide']);
    expect(query.hourly).toBe(query.current);
    const raw = fixtureJson<{ hourly: { time: string[]; pm10: number[] }; current: { time: string } }>('openMeteo', 'air-quality-berlin.json');
    expect(payload.hourly.time).toEqual(raw.hourly.time);
    expect(payload.hourly.values.pm10).toEqual(raw.hourly.pm10);
    expect(payload.current?.time).toBe(raw.current.time);
  });

  test('sends apikey when configured for commercial use', async () => {
    // Prepare
    upstream.on(AQ, fixtureReply('openMeteo', 'air-quality-berlin.json'));
    const keyed = openMeteoClient({ airQualityUrl: upstream.url, geocodingUrl: upstream.url, apiKey: 'commercial-key' });

    // Act
    await keyed.airQuality(52.52, 13.41);

    // Assess
    expect(upstream.requestsTo(AQ)[0]!.query.get('apikey')).toBe('commercial-key');
  });

  test('retries after a 429 with Retry-After and returns the recorded payload', async () => {
    // Prepare
    upstream.on(AQ, tooManyRequests(1), fixtureReply('openMeteo', 'air-quality-delhi.json'));
    const waits: number[] = [];

    // Act
    const payload = await client(waits).airQuality(28.6, 77.2);

    // Assess
    expect(payload.latitude).toBe(28.599998);
    expect(waits).toEqual([1000]);
    expect(upstream.requestsTo(AQ)).toHaveLength(2);
  });

  test('retries a 5xx and then succeeds', async () => {
    // Prepare
    upstream.on(AQ, serverError(503), fixtureReply('openMeteo', 'air-quality-berlin.json'));

    // Act
    const payload = await client().airQuality(52.52, 13.41);

    // Assess
    expect(payload.hourly.time).toHaveLength(25);
    expect(upstream.requestsTo(AQ)).toHaveLength(2);
  });

  test('rejects a truncated air-quality payload as malformed', async () => {
    // Prepare
    upstream.on(AQ, truncatedJson(fixtureText('openMeteo', 'air-quality-berlin.json'), 0.6));

    // Act
    const error = await rejection(client().airQuality(52.52, 13.41));

    // Assess
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect((error as UpstreamFailure).kind).toBe('malformed');
  });

  test("reports Open-Meteo's error reason without retrying", async () => {
    // Prepare
    upstream.on(AQ, { ...fixtureReply('openMeteo', 'air-quality-error.json'), status: 400 });

    // Act
    const error = (await rejection(client().airQuality(91, 0))) as UpstreamFailure;

    // Assess
    expect(error).toMatchObject({ kind: 'status', status: 400, attempts: 1 });
    expect(error.message).toContain('Latitude must be in range');
  });

  test('returns no places when the geocoder answers without a results key', async () => {
    // Prepare
    upstream.on(GEO, fixtureReply('openMeteo', 'geocoding-no-results.json'));

    // Act
    const places = await client().searchPlaces('Nowhereville');

    // Assess
    expect(places).toEqual([]);
    expect(Object.fromEntries(upstream.requestsTo(GEO)[0]!.query)).toMatchObject({ name: 'Nowhereville', language: 'en', format: 'json' });
  });

  test('returns the geocoder matches with coordinates, country and first-level region', async () => {
    // Prepare
    upstream.on(GEO, fixtureReply('openMeteo', 'geocoding-berlin.json'));

    // Act
    const places = await client().searchPlaces('Berlin', 'DE');

    // Assess
    expect(places[0]).toEqual({ name: 'Berlin', latitude: 52.52437, longitude: 13.41053, countryCode: 'DE', country: 'Germany', admin1: 'Land Berlin' });
    expect(upstream.requestsTo(GEO)[0]!.query.get('countryCode')).toBe('DE');
  });
});

describe('payload parsers', () => {
  test('refuse an hourly series shorter than its time axis', () => {
    // Prepare
    const raw = fixtureJson<{ hourly: { pm10: number[] } }>('openMeteo', 'air-quality-berlin.json');
    raw.hourly.pm10.pop();

    // Act
    const parse = () => parseAirQualityPayload(raw);

    // Assess
    expect(parse).toThrow(/hourly.pm10/);
  });

  test('refuse a reading that is not a number', () => {
    // Prepare
    const raw = fixtureJson<{ current: Record<string, unknown> }>('openMeteo', 'air-quality-berlin.json');
    raw.current.ozone = 'high';

    // Act
    const parse = () => parseAirQualityPayload(raw);

    // Assess
    expect(parse).toThrow(/current.ozone/);
  });

  test('refuse geocoding results without coordinates', () => {
    // Act
    const parse = () => parseGeocodingPayload({ results: [{ name: 'Berlin' }] });

    // Assess
    expect(parse).toThrow(/results\[0\]/);
  });
});

describe('air-quality service', () => {
  const now = new Date('2025-10-06T12:05:00Z');

  test('answers the second call for the same rounded location from the cache without reaching the upstream', async () => {
    // Prepare
    upstream.on(AQ, fixtureReply('openMeteo', 'air-quality-berlin.json'));
    const cache = memoryCache();
    const deps = { client: client(), cache, sampleFallback: false };

    // Act
    const first = await airQualityAt(52.5201, 13.4104, now, deps);
    const second = await airQualityAt(52.5249, 13.4051, new Date(now.getTime() + 60_000), deps);

    // Assess
    expect(second).toEqual(first);
    expect(upstream.requestsTo(AQ)).toHaveLength(1);
    expect(Object.fromEntries(upstream.requestsTo(AQ)[0]!.query)).toMatchObject({ latitude: '52.52', longitude: '13.41' });
  });

  test('asks the upstream again once the cached answer has expired', async () => {
    // Prepare
    upstream.on(AQ, fixtureReply('openMeteo', 'air-quality-berlin.json'));
    const deps = { client: client(), cache: memoryCache(), sampleFallback: false };

    // Act
    await airQualityAt(52.52, 13.41, now, deps);
    await airQualityAt(52.52, 13.41, new Date(now.getTime() + (AIR_QUALITY_TTL_SECONDS + 1) * 1000), deps);

    // Assess
    expect(upstream.requestsTo(AQ)).toHaveLength(2);
  });

  test('turns an upstream failure with nothing cached into 502 upstream_error', async () => {
    // Prepare
    upstream.on(AQ, serverError(500));
    const deps = { client: client(), cache: memoryCache(), sampleFallback: false };

    // Act
    const error = await rejection(airQualityAt(10, 10, now, deps));

    // Assess
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(502);
    expect((error as HttpError).code).toBe('upstream_error');
  });

  test('serves the recorded sample, flagged, when the fallback is switched on and the upstream fails', async () => {
    // Prepare
    upstream.on(AQ, serverError(500));
    const cache = memoryCache();
    const deps = { client: client(), cache, sampleFallback: true, samplePayload: fixtureJson('openMeteo', 'air-quality-berlin.json') };

    // Act
    const result = await airQualityAt(10, 10, now, deps);

    // Assess
    expect(result.sample).toBe(true);
    expect(result.overall_aqi).toEqual(expect.any(Number));
    expect(cache.items.size).toBe(0);
  });

  test('picks the city in the requested US state and answers for its coordinates', async () => {
    // Prepare
    upstream.on(GEO, fixtureReply('openMeteo', 'geocoding-springfield-us.json')).on(AQ, fixtureReply('openMeteo', 'air-quality-new-york-gaps.json'));
    const deps = { client: client(), cache: memoryCache(), sampleFallback: false };

    // Act
    await airQualityInCity({ city: 'Springfield', state: 'IL' }, now, deps);

    // Assess
    expect(upstream.requestsTo(GEO)[0]!.query.get('countryCode')).toBe('US');
    expect(Object.fromEntries(upstream.requestsTo(AQ)[0]!.query)).toMatchObject({ latitude: '39.8', longitude: '-89.64' });
  });

  test('answers 404 no_data for a city the geocoder does not know', async () => {
    // Prepare
    upstream.on(GEO, fixtureReply('openMeteo', 'geocoding-no-results.json'));
    const deps = { client: client(), cache: memoryCache(), sampleFallback: false };

    // Act
    const error = (await rejection(airQualityInCity({ city: 'Nowhereville' }, now, deps))) as HttpError;

    // Assess
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe('no_data');
    expect(upstream.requestsTo(AQ)).toHaveLength(0);
  });

  test('matches a country given by name against the geocoder results', async () => {
    // Prepare
    upstream.on(GEO, jsonReply(fixtureJson('openMeteo', 'geocoding-berlin.json'))).on(AQ, fixtureReply('openMeteo', 'air-quality-berlin.json'));
    const deps = { client: client(), cache: memoryCache(), sampleFallback: false };

    // Act
    await airQualityInCity({ city: 'Berlin', country: 'United States' }, now, deps);

    // Assess: "United States" is a known alias → countryCode US; the first US Berlin is in New Hampshire
    expect(upstream.requestsTo(GEO)[0]!.query.get('countryCode')).toBe('US');
    expect(Object.fromEntries(upstream.requestsTo(AQ)[0]!.query)).toMatchObject({ latitude: '44.47', longitude: '-71.19' });
  });
});
