import { expectError, json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const utcYear = () => new Date().getUTCFullYear();

/** Runs `act` once more if the UTC year changed meanwhile, so tests about "this year" cannot fail at New Year. */
async function withinOneUtcYear<T>(act: () => Promise<T>): Promise<{ year: number; result: T }> {
  let year = utcYear();
  let result = await act();
  if (utcYear() !== year) {
    year = utcYear();
    result = await act();
  }
  return { year, result };
}

const get = (path: string, key: string) => server.call(path, { key });


describe('/v1/publicholidays', () => {
  test('returns the current year for a free key, as public holiday entries with the 2-letter code', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const { year, result: response } = await withinOneUtcYear(() => get('/v1/publicholidays?country=de', key));

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(body)).toBe(true);
    for (const entry of body) {
      expect(entry).toEqual({
        name: expect.any(String),
        local_name: expect.any(String),
        date: expect.stringMatching(new RegExp(`^${year}-\\d\\d-\\d\\d$`)),
        country: 'DE',
        year,
        regions: expect.anything(),
        federal: expect.any(Boolean),
      });
      expect(Array.isArray(entry.regions)).toBe(true);
      expect(entry.federal).toBe(entry.regions.length === 0);
    }
    // German Unity Day (3 October) is a holiday in every German state, every year
    expect(body).toContainEqual(expect.objectContaining({ date: `${year}-10-03`, federal: true, regions: [] }));
  });

  test('gives a paid key a past year by country name, with federal and state-only US holidays of 2024', async () => {
    // Prepare
    const key = server.demoKeys.developer!;

    // Act
    const response = await get('/v1/publicholidays?country=United%20States&year=2024', key);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body).toContainEqual({
      name: 'Independence Day', local_name: 'Independence Day', date: '2024-07-04', country: 'US', year: 2024, regions: [], federal: true,
    });
    expect(body).toContainEqual(expect.objectContaining({ name: 'Thanksgiving Day', date: '2024-11-28', federal: true }));
    expect(body).toContainEqual(expect.objectContaining({ name: 'César Chávez Day', date: '2024-03-31', federal: false, regions: ['US-CA'] }));
    const dates = body.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort());
  });

  test('returns 403 plan_required with param year when a free key asks for another year', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get(`/v1/publicholidays?country=US&year=${utcYear() - 1}`, key);

    // Assess
    const body = await expectError(response, 403, 'plan_required', 'year');
    expect(body.error).toMatch(/Premium/);
  });

  test('gives a free key the current year when it sends year explicitly', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const { year, result: response } = await withinOneUtcYear(() => get(`/v1/publicholidays?country=GB&year=${utcYear()}`, key));

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.length).toBeGreaterThan(5);
    expect(body.every((e: { year: number; country: string }) => e.year === year && e.country === 'GB')).toBe(true);
  });

  test.each([
    ['', 'missing_parameter', 'country'],
    ['country=Narnia', 'invalid_parameter', 'country'],
    ['country=XX', 'invalid_parameter', 'country'],
    ['country=US&year=1979', 'invalid_parameter', 'year'],
    ['country=US&year=2051', 'invalid_parameter', 'year'],
    ['country=US&year=twenty', 'invalid_parameter', 'year'],
  ])('rejects "%s" with 400 %s on %s', async (query, code, param) => {
    // Prepare
    const key = server.demoKeys.developer!;

    // Act
    const response = await get(`/v1/publicholidays?${query}`, key);

    // Assess
    await expectError(response, 400, code, param);
  });

  test('accepts the first and last years served, 1980 and 2050', async () => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const first = await get('/v1/publicholidays?country=FR&year=1980', key);
    const last = await get('/v1/publicholidays?country=FR&year=2050', key);

    // Assess
    expect(first.status).toBe(200);
    expect(last.status).toBe(200);
    expect(await json(first)).toContainEqual(expect.objectContaining({ date: '1980-07-14', federal: true }));
    expect(await json(last)).toContainEqual(expect.objectContaining({ date: '2050-07-14', federal: true }));
  });
});

describe('/v1/ispublicholiday', () => {
  test('says 4 July 2024 is Independence Day in the US, for a free key and a lower-case code', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get('/v1/ispublicholiday?country=us&date=2024-07-04', key);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ is_public_holiday: true, public_holiday_name: 'Independence Day', date: '2024-07-04', country: 'US' });
  });

  test('answers false with a null name on an ordinary day and on a state-only holiday', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const ordinary = await get('/v1/ispublicholiday?country=US&date=2024-07-05', key);
    const californiaOnly = await get('/v1/ispublicholiday?country=US&date=2024-03-31', key);

    // Assess
    expect(ordinary.status).toBe(200);
    expect(await json(ordinary)).toEqual({ is_public_holiday: false, public_holiday_name: null, date: '2024-07-05', country: 'US' });
    expect(await json(californiaOnly)).toMatchObject({ is_public_holiday: false, public_holiday_name: null });
  });

  test('counts a national holiday that one region does not keep (Easter Monday 2024 in GB)', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get('/v1/ispublicholiday?country=GB&date=2024-04-01', key);

    // Assess
    expect(await json(response)).toEqual({ is_public_holiday: true, public_holiday_name: 'Easter Monday', date: '2024-04-01', country: 'GB' });
  });

  test('lets a free key ask about a future year', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get('/v1/ispublicholiday?country=DE&date=2050-12-25', key);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ is_public_holiday: true, date: '2050-12-25', country: 'DE' });
  });

  test.each([
    ['date=2024-07-04', 'missing_parameter', 'country'],
    ['country=US', 'missing_parameter', 'date'],
    ['country=United%20States&date=2024-07-04', 'invalid_parameter', 'country'],
    ['country=ZZ&date=2024-07-04', 'invalid_parameter', 'country'],
    ['country=US&date=2024-02-30', 'invalid_parameter', 'date'],
    ['country=US&date=07/04/2024', 'invalid_parameter', 'date'],
    ['country=US&date=1979-12-31', 'invalid_parameter', 'date'],
    ['country=US&date=2051-01-01', 'invalid_parameter', 'date'],
  ])('rejects "%s" with 400 %s on %s', async (query, code, param) => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get(`/v1/ispublicholiday?${query}`, key);

    // Assess
    await expectError(response, 400, code, param);
  });

  test('tells a caller who sends a country name which code to use', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get('/v1/ispublicholiday?country=Germany&date=2024-10-03', key);

    // Assess
    const body = await expectError(response, 400, 'invalid_parameter', 'country');
    expect(body.error).toMatch(/\bDE\b/);
  });
});

describe('/v1/bankholidays', () => {
  test('gives a paid key the England-and-Wales bank holidays of 2024 for GB, including the Summer bank holiday', async () => {
    // Prepare: GOV.UK's list for England and Wales, 2024
    const key = server.demoKeys.professional!;
    const published = ['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-06', '2024-05-27', '2024-08-26', '2024-12-25', '2024-12-26'];

    // Act
    const response = await get('/v1/bankholidays?country=GB&year=2024', key);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.map((e: { date: string }) => e.date)).toEqual(published);
    expect(body).toContainEqual({ name: 'Summer bank holiday', date: '2024-08-26', country: 'GB', year: 2024, type: 'BANK_HOLIDAY' });
    for (const entry of body) expect(entry).toEqual({ name: expect.any(String), date: expect.any(String), country: 'GB', year: 2024, type: 'BANK_HOLIDAY' });
  });

  test('accepts a country name and answers with its code, for the current year on a free key', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const { year, result: response } = await withinOneUtcYear(() => get('/v1/bankholidays?country=united%20kingdom', key));

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.length).toBeGreaterThan(5);
    expect(body.every((e: { country: string; year: number }) => e.country === 'GB' && e.year === year)).toBe(true);
    expect(body).toContainEqual(expect.objectContaining({ date: `${year}-12-25`, type: 'BANK_HOLIDAY' }));
  });

  test('returns 403 plan_required with param year when a free key asks for another year, and 200 for the current one', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });

    // Act
    const past = await get(`/v1/bankholidays?country=GB&year=${utcYear() - 2}`, key);
    const { result: current } = await withinOneUtcYear(() => get(`/v1/bankholidays?country=GB&year=${utcYear()}`, key));

    // Assess
    await expectError(past, 403, 'plan_required', 'year');
    expect(current.status).toBe(200);
  });

  test.each([
    ['year=2024', 'missing_parameter', 'country'],
    ['country=Atlantis&year=2024', 'invalid_parameter', 'country'],
    ['country=GB&year=1900', 'invalid_parameter', 'year'],
    ['country=GB&year=3000', 'invalid_parameter', 'year'],
    ['country=GB&year=2024.5', 'invalid_parameter', 'year'],
  ])('rejects "%s" with 400 %s on %s', async (query, code, param) => {
    // Prepare
    const key = server.demoKeys.enterprise!;

    // Act
    const response = await get(`/v1/bankholidays?${query}`, key);

    // Assess
    await expectError(response, 400, code, param);
  });
});

describe('/v1/isbankholiday', () => {
  test('names the Summer bank holiday on 26 August 2024 in GB', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get('/v1/isbankholiday?country=gb&date=2024-08-26', key);

    // Assess
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ is_bank_holiday: true, holiday_name: 'Summer bank holiday', date: '2024-08-26', country: 'GB' });
  });

  test('answers false without holiday_name on a working day (the Scottish-only 5 August 2024), by country name', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get('/v1/isbankholiday?country=United%20Kingdom&date=2024-08-05', key);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body).toEqual({ is_bank_holiday: false, date: '2024-08-05', country: 'GB' });
    expect('holiday_name' in body).toBe(false);
  });

  test('returns 403 plan_required with param date when a free key asks about a later year, and 200 for a paid key', async () => {
    // Prepare
    const nextYear = utcYear() + 1;

    // Act
    const free = await get(`/v1/isbankholiday?country=GB&date=${nextYear}-12-25`, server.demoKeys.free!);
    const paid = await get(`/v1/isbankholiday?country=GB&date=${nextYear}-12-25`, server.demoKeys.developer_annual!);

    // Assess
    const body = await expectError(free, 403, 'plan_required', 'date');
    expect(body.error).toMatch(/Premium/);
    expect(paid.status).toBe(200);
    expect(await json(paid)).toEqual({ is_bank_holiday: true, holiday_name: 'Christmas Day', date: `${nextYear}-12-25`, country: 'GB' });
  });

  test('lets a free key ask about the last day of the current year and about past years', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const { year, result } = await withinOneUtcYear(async () => ({
      endOfYear: await get(`/v1/isbankholiday?country=DE&date=${utcYear()}-12-31`, key),
      past: await get('/v1/isbankholiday?country=DE&date=1990-10-03', key),
    }));

    // Assess
    expect(result.endOfYear.status).toBe(200);
    expect(await json(result.endOfYear)).toMatchObject({ date: `${year}-12-31`, country: 'DE' });
    expect(result.past.status).toBe(200);
    expect(await json(result.past)).toMatchObject({ is_bank_holiday: true, date: '1990-10-03' });
  });

  test.each([
    ['country=GB', 'missing_parameter', 'date'],
    ['date=2024-08-26', 'missing_parameter', 'country'],
    ['country=Q1&date=2024-08-26', 'invalid_parameter', 'country'],
    ['country=GB&date=2024-13-01', 'invalid_parameter', 'date'],
    ['country=GB&date=1979-12-31', 'invalid_parameter', 'date'],
    ['country=GB&date=2051-01-01', 'invalid_parameter', 'date'],
  ])('rejects "%s" with 400 %s on %s', async (query, code, param) => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const response = await get(`/v1/isbankholiday?${query}`, key);

    // Assess
    await expectError(response, 400, code, param);
  });
});

describe('API reference', () => {
  test('documents the four calendar endpoints with their plan rules and choices', async () => {
    // Prepare / Act
    const response = await server.call('/openapi.json');

    // Assess
    const document = await json(response);
    expect(response.status).toBe(200);
    for (const path of ['/v1/publicholidays', '/v1/ispublicholiday', '/v1/bankholidays', '/v1/isbankholiday']) {
      expect(document.paths[path]?.get?.description).toEqual(expect.stringContaining('date-holidays'));
    }
    const year = document.paths['/v1/publicholidays'].get.parameters.find((p: { name: string }) => p.name === 'year');
    expect(year.description).toMatch(/Premium/);
    expect(document.paths['/v1/publicholidays'].get.description).toMatch(/regions/);
  });
});
