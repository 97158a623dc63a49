import { ecbClient, parseEcbReferenceRates } from '../../lib/sources/ecb';
import { eiaClient, parseEiaSeries } from '../../lib/sources/eia';
import { fredClient, parseFredObservations } from '../../lib/sources/fred';
import { openMeteoClient, openMeteoConfig, parseGeocodingPayload } from '../../lib/sources/openMeteo';
import { ECB_90_DAYS_PATH, ECB_DAILY_PATH } from '../../lib/sources/ecb';
import { jsonReply, recordingJson, recordingReply, recordingText, startFakeUpstream, type FakeUpstream } from '../support/fakeUpstream';

/**
 * The FRED, EIA, ECB eurofxref and Open-Meteo geocoding clients on REAL responses (../shared/recordings,
 * README there): fredgraph CSVs in the old (`DATE`, `.` for missing) and current (`observation_date`, empty
 * for missing) formats and a monthly one, the FRED JSON API, EIA v2 weekly answers, the ECB daily and 90-day
 * files (2014 and 2025; one re-indented with double quotes), Open-Meteo's documented geocoding answer and error.
 */
let upstream: FakeUpstream;
const saved = { FRED_API_KEY: process.env.FRED_API_KEY, EIA_API_KEY: process.env.EIA_API_KEY };
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterEach(() => {
  upstream.reset();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
afterAll(() => upstream.close());

const fast = () => ({ baseUrl: upstream.url, sleep: async () => undefined, random: () => 0, pacer: async () => undefined });
const lines = (path: string) => recordingText(path).trim().split('\n').slice(1);

describe('FRED graph CSV (no key)', () => {
  test.each([
    ['fred/fredgraph-DCOILWTICO-DATE-header-2020.csv', 'DATE header, "." for missing (recorded 2020-05)', 301, '1986-01-02', 25.56],
    ['fred/fredgraph-DCOILWTICO-observation_date-2026-02.csv', 'observation_date header, empty for missing (2026-02)', 56, '2021-02-09', 58.34],
    ['fred/fredgraph-DCOILWTICO-monthly-observation_date-2026-04.csv', 'monthly download (2026-04)', 1, '2021-04-01', 61.72],
  ])('%s (%s): every row, the missing ones as null', async (file, _what, missing, firstDate, firstValue) => {
    // Prepare
    delete process.env.FRED_API_KEY;
    upstream.on('/graph/fredgraph.csv', recordingReply(file));

    // Act
    const observations = await fredClient(fast()).observations('DCOILWTICO', '1986-01-01');

    // Assess
    expect(observations).toHaveLength(lines(file).length);
    expect(observations[0]).toEqual({ date: firstDate, value: firstValue });
    expect(observations.filter((o) => o.value === null)).toHaveLength(missing);
    expect(observations.every((o) => o.value === null || (o.value > 0 && o.value < 200))).toBe(true);
  });
});

describe('FRED JSON API (FRED_API_KEY; recorded 2023-07-18)', () => {
  test('reads the 829 monthly FEDFUNDS observations, the unreleased last one "." as null, and sends the key', async () => {
    // Prepare
    process.env.FRED_API_KEY = 'test-key';
    upstream.on('/fred/series/observations', recordingReply('fred/api-series-observations-FEDFUNDS-2023-07-18.json'));

    // Act
    const observations = await fredClient(fast()).observations('FEDFUNDS', '1954-07-01');

    // Assess
    expect(observations).toHaveLength(829);
    expect(observations[0]).toEqual({ date: '1954-07-01', value: 0.8 });
    expect(observations.at(-1)).toEqual({ date: '2023-07-01', value: null });
    expect(upstream.requestsTo('/fred/series/observations')[0]!.query.get('api_key')).toBe('test-key');
    expect(parseFredObservations(recordingJson('fred/api-series-observations-FEDFUNDS-2023-07-18.json'))).toEqual(observations);
  });
});

describe('EIA API v2 (recorded by OpenBB; frequency weekly)', () => {
  test.each([
    ['eia/petroleum-pri-spt-RWTC-weekly-1986-01-03.json', 'petroleum/pri/spt', 'RWTC', { date: '1986-01-03', value: 25.78, units: '$/BBL' }],
    ['eia/natural-gas-pri-fut-RNGC4-weekly-1993-12-24.json', 'natural-gas/pri/fut', 'RNGC4', { date: '1993-12-24', value: 1.869, units: '$/MMBTU' }],
  ])('%s: the series row with its string value and units', async (file, route, series, expected) => {
    // Prepare
    process.env.EIA_API_KEY = 'test-key';
    upstream.on(`/v2/${route}/data/`, recordingReply(file));

    // Act
    const observations = await (await eiaClient(fast()))!.dailySeries(route, series, '1986-01-01');

    // Assess
    expect(observations).toEqual([expected]);
    expect(parseEiaSeries(recordingJson(file), 'OTHER')).toEqual([]);
  });
});

describe('ECB euro reference rates (eurofxref)', () => {
  test('the daily file of 2025-05-09: one day, 30 currencies, USD 1.1252', async () => {
    // Prepare
    upstream.on(ECB_DAILY_PATH, recordingReply('ecb/eurofxref-daily-2025-05-09.xml'));

    // Act
    const [day, ...more] = await ecbClient(fast()).latest();

    // Assess
    expect(more).toEqual([]);
    expect(day!.date).toBe('2025-05-09');
    expect(Object.keys(day!.rates)).toHaveLength((recordingText('ecb/eurofxref-daily-2025-05-09.xml').match(/currency=/g) ?? []).length);
    expect(day!.rates).toMatchObject({ USD: 1.1252, JPY: 163.36, GBP: 0.8477, BGN: 1.9558 });
  });

  test('the daily file of 2014-06-10 (with currencies since retired)', () => {
    // Act
    const [day] = parseEcbReferenceRates(recordingText('ecb/eurofxref-daily-2014-06-10.xml'));

    // Assess
    expect(day!.date).toBe('2014-06-10');
    expect(day!.rates.USD).toBeGreaterThan(1.3);
    expect(day!.rates).toHaveProperty('LTL');
  });

  test('the 90-day file of 2014-06-13, re-indented with double quotes: 62 days, newest first, each with USD', async () => {
    // Prepare
    upstream.on(ECB_90_DAYS_PATH, recordingReply('ecb/eurofxref-hist-90d-2014-06-13.xml'));

    // Act
    const days = await ecbClient(fast()).last90Days();

    // Assess
    expect(days).toHaveLength(62);
    expect(days[0]).toMatchObject({ date: '2014-06-13', rates: expect.objectContaining({ USD: 1.3534, JPY: 138.08 }) });
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort().reverse());
  });
});

describe('Open-Meteo geocoding (the answer and error documented on open-meteo.com, 2023)', () => {
  test('reads the ten places named Berlin with country and first-level region', async () => {
    // Prepare
    upstream.on('/v1/search', recordingReply('openmeteo/geocoding-search-Berlin-website-2023.json'));
    const client = openMeteoClient({ ...openMeteoConfig({}), geocodingUrl: upstream.url }, { sleep: async () => undefined });

    // Act
    const places = await client.searchPlaces('Berlin');

    // Assess
    expect(places).toHaveLength(10);
    expect(places[0]).toEqual({ name: 'Berlin', latitude: 52.52437, longitude: 13.41053, countryCode: 'DE', country: 'Germany', admin1: 'Land Berlin' });
    expect(places.filter((p) => p.countryCode === 'US')).toHaveLength(8);
  });

  test('rejects the error envelope with its reason', async () => {
    // Prepare
    upstream.on('/v1/search', jsonReply(recordingText('openmeteo/geocoding-error-website.json'), 400));
    const client = openMeteoClient({ ...openMeteoConfig({}), geocodingUrl: upstream.url }, { sleep: async () => undefined });

    // Act
    const error = await client.searchPlaces('').then(() => undefined, (e: unknown) => e as Error);

    // Assess
    expect(error?.message).toContain('Parameter count must be between 1 and 100.');
    expect(() => parseGeocodingPayload(recordingJson('openmeteo/geocoding-error-website.json'))).toThrow(/Parameter count must be between 1 and 100/);
  });
});
