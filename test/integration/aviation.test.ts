import { json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let free: string;
let paid: string;

beforeAll(async () => {
  server = await startTestServer();
  free = server.demoKeys.free!;
  paid = server.demoKeys.business!;
}, 120_000);
afterAll(() => server.close());

const AIRCRAFT_FIELDS = [
  'manufacturer', 'model', 'notes', 'icao_type', 'iata_types', 'aircraft_class', 'engine_count', 'engine_type', 'engine_horsepower',
  'engine_thrust_lbf', 'engine_thrust_lb_ft', 'max_speed_knots', 'cruise_speed_knots', 'stall_knots', 'ceiling_ft',
  'rate_of_climb_ft_per_min', 'takeoff_over_50ft_ft', 'takeoff_ground_run_ft', 'landing_over_50ft_ft', 'landing_ground_roll_ft',
  'gross_weight_lbs', 'empty_weight_lbs', 'length_ft', 'height_ft', 'wing_span_ft', 'range_nautical_miles', 'faa_weight_class',
  'icao_wake_category', 'faa_cwt_category',
];

const AIRPORT_FIELDS = [
  'icao', 'iata', 'ident', 'name', 'city', 'region', 'region_code', 'country', 'country_name', 'continent', 'elevation_ft', 'elevation_m',
  'latitude', 'longitude', 'timezone', 'type', 'size', 'scheduled_service', 'is_closed', 'gps_code', 'local_code', 'home_link',
  'wikipedia_link', 'keywords', 'num_runways', 'longest_runway_ft', 'runways',
];

/** Asserts a 400 with the CONTRACT body. */
async function expectBadRequest(path: string, code: string, param?: string) {
  const response = await server.call(path, { key: free });
  const body = await json(response);
  expect({ path, status: response.status, code: body.code, param: body.param }).toEqual({ path, status: 400, code, param });
  expect(body.error).toEqual(expect.any(String));
}

describe('/v1/aircraft', () => {
  test('returns the Boeing 737-800 with every spec field, numbers as strings', async () => {
    // Act
    const response = await server.call('/v1/aircraft?manufacturer=boeing&model=737-800', { key: free });
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(body).toHaveLength(1);
    expect(Object.keys(body[0]).sort()).toEqual([...AIRCRAFT_FIELDS].sort());
    expect(body[0]).toMatchObject({ manufacturer: 'Boeing', model: '737-800', icao_type: 'B738', iata_types: ['738'], engine_count: 2, engine_type: 'Jet' });
    expect(typeof body[0].length_ft).toBe('string');
  });

  test('matches manufacturer as a case-insensitive substring and honours limit', async () => {
    // Act
    const response = await server.call('/v1/aircraft?manufacturer=CESSNA&limit=30', { key: free });
    const body: { manufacturer: string }[] = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toHaveLength(30);
    expect(body.every((a) => a.manufacturer.toLowerCase().includes('cessna'))).toBe(true);
  });

  test('returns one record by default', async () => {
    // Act
    const body = await json(await server.call('/v1/aircraft?model=citation', { key: free }));

    // Assess
    expect(body).toHaveLength(1);
  });

  test('keeps jets within the speed, range and wingspan bounds, inclusive', async () => {
    // Act
    const response = await server.call(
      '/v1/aircraft?engine_type=jet&min_speed=400&max_speed=500&min_range=1000&max_range=3000&max_wingspan=60&limit=30',
      { key: paid },
    );
    const body: Record<string, string>[] = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const a of body) {
      expect(a.engine_type).toBe('Jet');
      expect(Number(a.max_speed_knots)).toBeGreaterThanOrEqual(400);
      expect(Number(a.max_speed_knots)).toBeLessThanOrEqual(500);
      expect(Number(a.range_nautical_miles)).toBeGreaterThanOrEqual(1000);
      expect(Number(a.range_nautical_miles)).toBeLessThanOrEqual(3000);
      expect(Number(a.wing_span_ft)).toBeLessThanOrEqual(60);
    }
  });

  test('gives a free and a paid key the same answer (all plans)', async () => {
    // Act
    const forFree = await server.call('/v1/aircraft?model=a320&limit=5', { key: free });
    const forPaid = await server.call('/v1/aircraft?model=a320&limit=5', { key: paid });

    // Assess
    expect(forFree.status).toBe(200);
    expect(await json(forFree)).toEqual(await json(forPaid));
  });

  test('answers 200 [] when nothing matches', async () => {
    // Act
    const response = await server.call('/v1/aircraft?manufacturer=zzzz-no-such-maker', { key: free });

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([]);
  });

  test('rejects a call without a key', async () => {
    // Act
    const response = await server.call('/v1/aircraft?model=737');

    // Assess
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe('missing_api_key');
  });

  test.each([
    ['/v1/aircraft', 'invalid_parameter', undefined],
    ['/v1/aircraft?limit=5', 'invalid_parameter', undefined],
    ['/v1/aircraft?model=737&limit=0', 'invalid_parameter', 'limit'],
    ['/v1/aircraft?model=737&limit=31', 'invalid_parameter', 'limit'],
    ['/v1/aircraft?model=737&limit=two', 'invalid_parameter', 'limit'],
    ['/v1/aircraft?engine_type=turbofan', 'invalid_parameter', 'engine_type'],
    ['/v1/aircraft?min_speed=fast', 'invalid_parameter', 'min_speed'],
    ['/v1/aircraft?max_speed=-5', 'invalid_parameter', 'max_speed'],
    ['/v1/aircraft?min_speed=500&max_speed=400', 'invalid_parameter', 'min_speed'],
    ['/v1/aircraft?min_range=3000&max_range=1000', 'invalid_parameter', 'min_range'],
    ['/v1/aircraft?min_length=80&max_length=40', 'invalid_parameter', 'min_length'],
    ['/v1/aircraft?min_height=30&max_height=10', 'invalid_parameter', 'min_height'],
    ['/v1/aircraft?min_wingspan=100&max_wingspan=50', 'invalid_parameter', 'min_wingspan'],
    ['/v1/aircraft?max_wingspan=1001', 'invalid_parameter', 'max_wingspan'],
    [`/v1/aircraft?model=${'x'.repeat(101)}`, 'invalid_parameter', 'model'],
  ])('answers 400 to %s', async (path, code, param) => {
    await expectBadRequest(path, code, param);
  });
});

describe('/v1/airlines', () => {
  test('finds British Airways by IATA code with the spec fields, its bases from OpenTravelData, null where no source has data', async () => {
    // Act
    const response = await server.call('/v1/airlines?iata=ba', { key: free });
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body[0]).toEqual({
      name: 'British Airways',
      country: 'United Kingdom',
      year_created: null,
      base: 'London Gatwick Airport, London Heathrow Airport',
      iata: 'BA',
      icao: 'BAW',
      fleet: null,
      logo_url: null,
      brandmark_url: null,
      tail_logo_url: null,
    });
  });

  test('documents year_created and fleet in the API reference as unknown, not empty, and where base comes from', async () => {
    // Act
    const document = await json(await server.call('/openapi.json'));

    // Assess
    const fields = document.paths['/v1/airlines'].get.responses['200'].content['application/json'].schema.items.properties;
    for (const name of ['year_created', 'fleet']) {
      expect([name, fields[name].description]).toEqual([name, expect.stringContaining('unknown, not empty')]);
    }
    expect(fields.base.description).toMatch(/OpenTravelData optd_airlines\.csv \(CC BY 4\.0\).*null where.*unknown, not "no base"/);
    expect(fields.fleet.anyOf).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'object' }), { type: 'null' }]));
  });

  test('finds an airline by ICAO code and by name substring, all filters together', async () => {
    // Act
    const byIcao = await json(await server.call('/v1/airlines?icao=DLH', { key: free }));
    const byName = await json(await server.call('/v1/airlines?name=lufthansa&icao=dlh', { key: paid }));

    // Assess
    expect(byIcao[0]).toMatchObject({ name: 'Lufthansa', iata: 'LH', icao: 'DLH', country: 'Germany' });
    expect(byName.map((a: { icao: string }) => a.icao)).toEqual(['DLH']);
  });

  test('returns at most 30 airlines for a broad name', async () => {
    // Act
    const body: { name: string }[] = await json(await server.call('/v1/airlines?name=air', { key: free }));

    // Assess
    expect(body).toHaveLength(30);
    expect(body.every((a) => a.name.toLowerCase().includes('air'))).toBe(true);
  });

  test.each(['icao=XQX', 'name=Zzz'])('answers 200 [] when nothing matches %s', async (query) => {
    // Act
    const response = await server.call(`/v1/airlines?${query}`, { key: free });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await json(response)).toEqual([]);
  });

  test.each([
    ['/v1/airlines', 'invalid_parameter', undefined],
    ['/v1/airlines?iata=B', 'invalid_parameter', 'iata'],
    ['/v1/airlines?iata=BAW', 'invalid_parameter', 'iata'],
    ['/v1/airlines?icao=BA1', 'invalid_parameter', 'icao'],
    [`/v1/airlines?name=${'n'.repeat(101)}`, 'invalid_parameter', 'name'],
  ])('answers 400 to %s', async (path, code, param) => {
    await expectBadRequest(path, code, param);
  });
});

describe('/v1/airports', () => {
  test('returns JFK with its runways, region and timezone', async () => {
    // Act
    const response = await server.call('/v1/airports?icao=kjfk', { key: free });
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      icao: 'KJFK',
      iata: 'JFK',
      city: 'New York',
      region: 'New York',
      country: 'US',
      elevation_ft: 13,
      timezone: 'America/New_York',
      size: 'large',
      num_runways: 4,
    });
    expect(body[0].runways).toContainEqual(expect.objectContaining({ length: 14511, width: 200, has_lights: true }));
    expect(Object.keys(body[0]).sort()).toEqual([...AIRPORT_FIELDS].sort());
  });

  test('carries the live service\'s OurAirports fields for Heathrow: ident, region code, country name, links, keywords, runway ends', async () => {
    // Act
    const [heathrow] = await json(await server.call('/v1/airports?iata=LHR', { key: free }));

    // Assess: OurAirports' Heathrow (airports.csv, runways.csv, countries.csv)
    expect(heathrow).toMatchObject({
      icao: 'EGLL',
      ident: 'EGLL',
      iata: 'LHR',
      region: 'England',
      region_code: 'GB-ENG',
      country: 'GB',
      country_name: 'United Kingdom',
      continent: 'EU',
      elevation_ft: 83,
      elevation_m: 25.3,
      type: 'large_airport',
      size: 'large',
      scheduled_service: true,
      is_closed: false,
      gps_code: 'EGLL',
      local_code: null,
      wikipedia_link: 'https://en.wikipedia.org/wiki/Heathrow_Airport',
      keywords: ['LON', 'Londres'],
      num_runways: 2,
      longest_runway_ft: 12799,
    });
    expect(heathrow.runways).toContainEqual({
      length: 12799,
      width: 164,
      has_lights: true,
      surface: 'ASP',
      closed: false,
      le_ident: '09L',
      he_ident: '27R',
      le_heading_deg: 90,
      he_heading_deg: 270,
    });
  });

  test('gives "" (a string, as the spec types it) for an airport\'s missing IATA code', async () => {
    // Act: a heliport in Pennsylvania has no IATA code
    const body: { ident: string; icao: string; iata: string }[] = await json(await server.call('/v1/airports?name=Total%20Rf%20Heliport', { key: free }));

    // Assess
    expect(body).toEqual([expect.objectContaining({ ident: '00A', icao: '', iata: '' })]);
  });

  test('serves the authority\'s elevation for LAX (FAA, 128 ft) and Haneda (AIP Japan, 21 ft) instead of OurAirports\' 125 and 35', async () => {
    // Act
    const [lax] = await json(await server.call('/v1/airports?icao=KLAX', { key: free }));
    const [haneda] = await json(await server.call('/v1/airports?iata=HND', { key: free }));

    // Assess
    expect([lax.elevation_ft, haneda.elevation_ft]).toEqual([128, 21]);
  });

  test('names an unknown parameter it ignored and the close match when a call has no filter (iata_code → iata)', async () => {
    // Act
    const response = await server.call('/v1/airports?iata_code=LHR', { key: free });

    // Assess
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      error: `Give at least one of these parameters: icao, iata, name, city, region, country, timezone, min_elevation, max_elevation. Ignored unknown parameter: 'iata_code' (did you mean 'iata'?).`,
      code: 'invalid_parameter',
    });
  });

  test('pages through a country 30 at a time, large airports first', async () => {
    // Act
    const first: { icao: string; size: string; country: string }[] = await json(await server.call('/v1/airports?country=gb', { key: free }));
    const second: { icao: string; size: string }[] = await json(await server.call('/v1/airports?country=GB&offset=30', { key: free }));

    // Assess
    expect(first).toHaveLength(30);
    expect(first.every((a) => a.country === 'GB')).toBe(true);
    expect(first[0]!.size).toBe('large');
    const sizes = first.map((a) => ['large', 'medium', 'small'].indexOf(a.size));
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    const firstCodes = new Set(first.map((a) => a.icao));
    expect(second.some((a) => firstCodes.has(a.icao))).toBe(false);
  });

  test('filters by timezone and elevation, including below sea level', async () => {
    // Act
    const low: { elevation_ft: number }[] = await json(await server.call('/v1/airports?max_elevation=-1000', { key: free }));
    const mountain: { timezone: string; elevation_ft: number }[] = await json(
      await server.call('/v1/airports?timezone=america/denver&min_elevation=9000', { key: paid }),
    );

    // Assess
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((a) => a.elevation_ft <= -1000)).toBe(true);
    expect(mountain.length).toBeGreaterThan(0);
    expect(mountain.every((a) => a.timezone === 'America/Denver' && a.elevation_ft >= 9000)).toBe(true);
  });

  test('matches name and city as substrings', async () => {
    // Act
    const body: { iata: string }[] = await json(await server.call('/v1/airports?city=london&name=heathrow', { key: free }));

    // Assess
    expect(body.map((a) => a.iata)).toContain('LHR');
  });

  test('answers 200 [] past the last match and for a name nothing matches', async () => {
    // Act
    const pastTheEnd = await server.call('/v1/airports?icao=KJFK&offset=1', { key: free });
    const noMatch = await server.call('/v1/airports?name=zzzz-no-such-airport', { key: free });

    // Assess
    expect([pastTheEnd.status, await json(pastTheEnd)]).toEqual([200, []]);
    expect([noMatch.status, await json(noMatch)]).toEqual([200, []]);
  });

  test.each([
    ['/v1/airports', 'invalid_parameter', undefined],
    ['/v1/airports?offset=10', 'invalid_parameter', undefined],
    ['/v1/airports?country=US&offset=-1', 'invalid_parameter', 'offset'],
    ['/v1/airports?country=US&offset=100001', 'invalid_parameter', 'offset'],
    ['/v1/airports?icao=KJF', 'invalid_parameter', 'icao'],
    ['/v1/airports?iata=JFKX', 'invalid_parameter', 'iata'],
    ['/v1/airports?country=USA', 'invalid_parameter', 'country'],
    ['/v1/airports?timezone=New%20York', 'invalid_parameter', 'timezone'],
    ['/v1/airports?min_elevation=high', 'invalid_parameter', 'min_elevation'],
    ['/v1/airports?max_elevation=40000', 'invalid_parameter', 'max_elevation'],
    ['/v1/airports?min_elevation=5000&max_elevation=1000', 'invalid_parameter', 'min_elevation'],
  ])('answers 400 to %s', async (path, code, param) => {
    await expectBadRequest(path, code, param);
  });
});
