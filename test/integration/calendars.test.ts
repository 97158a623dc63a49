import { holidayCountryCodes } from '../../lib/calendars/country';
import { bankHolidays, publicHolidays } from '../../lib/calendars/holidays';
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
        observed: expect.any(Boolean),
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
      name: 'Independence Day', local_name: 'Independence Day', date: '2024-07-04', country: 'US', year: 2024, regions: [], federal: true, observed: false,
    });
    expect(body).toContainEqual(expect.objectContaining({ name: 'Columbus Day', date: '2024-10-14', federal: true, regions: [] }));
    expect(body).toContainEqual(expect.objectContaining({ name: 'Cesar Chavez Day (observed)', date: '2024-04-01', federal: false, regions: ['US-CA'], observed: true }));
    const dates = body.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort());
  });

  test('serves substituted days off with observed true and Japanese local names', async () => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const china = await json(await get('/v1/publicholidays?country=china&year=2024', key));
    const japan = await json(await get('/v1/publicholidays?country=JP&year=2025', key));

    // Assess
    expect(china).toContainEqual({
      name: 'Day off (substituted from 02/04/2024)', local_name: '休息日（由 2024-02-04 调休）', date: '2024-02-15', country: 'CN', year: 2024, regions: [], federal: true, observed: true,
    });
    expect(japan).toContainEqual(expect.objectContaining({ date: '2025-02-23', name: "Emperor's Birthday", local_name: '天皇誕生日', observed: false }));
  });

  test("lists Sweden's named holidays only, not its 52 Sundays, and Australia Day 2025 on the Monday as a national holiday", async () => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const sweden = await json(await get('/v1/publicholidays?country=SE&year=2025', key));
    const australia = await json(await get('/v1/publicholidays?country=AU&year=2025', key));

    // Assess: the 13 named allmänna helgdagar of Lag (1989:253), without the law's Sundays
    expect(sweden.map((h: { name: string }) => h.name)).not.toContain('Sunday');
    expect(sweden).toHaveLength(13);
    expect(australia.filter((h: { name: string }) => h.name === 'Australia Day')).toEqual([
      { name: 'Australia Day', local_name: 'Australia Day', date: '2025-01-27', country: 'AU', year: 2025, regions: [], federal: true, observed: true },
    ]);
  });

  test('answers 404 no_data naming the covered years for a year the data set does not cover (Germany before 1991)', async () => {
    // Prepare
    const key = server.demoKeys.developer!;

    // Act
    const response = await get('/v1/publicholidays?country=DE&year=1990', key);

    // Assess
    const body = await expectError(response, 404, 'no_data');
    expect(body.error).toMatch(/Germany \(DE\).*1991 to 2050/);
  });

  test('serves every country\'s 2024 public and bank holidays as the calendar functions give them', async () => {
    // Prepare: the functions' lists are checked against the data set by test/unit/holidayFidelity.test.ts
    const key = server.demoKeys.enterprise!;
    const countries = holidayCountryCodes();

    // Act
    const differing: string[] = [];
    for (const country of countries) {
      const [publicList, bankList] = await Promise.all([
        get(`/v1/publicholidays?country=${country}&year=2024`, key).then(json),
        get(`/v1/bankholidays?country=${country}&year=2024`, key).then(json),
      ]);
      if (JSON.stringify(publicList) !== JSON.stringify(publicHolidays(country, 2024))) differing.push(`${country} public`);
      if (JSON.stringify(bankList) !== JSON.stringify(bankHolidays(country, 2024))) differing.push(`${country} bank`);
    }

    // Assess
    expect(countries).toHaveLength(250);
    expect(differing).toEqual([]);
  }, 60_000);

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
    const californiaOnly = await get('/v1/ispublicholiday?country=US&date=2024-04-01', key);

    // Assess
    expect(ordinary.status).toBe(200);
    expect(await json(ordinary)).toEqual({ is_public_holiday: false, public_holiday_name: null, date: '2024-07-05', country: 'US' });
    expect(await json(californiaOnly)).toMatchObject({ is_public_holiday: false, public_holiday_name: null });
  });

  test('answers for the country as a whole without region, and exactly for a subdivision with one (Easter Monday 2024 in GB)', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const uk = await get('/v1/ispublicholiday?country=GB&date=2024-04-01', key);
    const england = await get('/v1/ispublicholiday?country=GB&date=2024-04-01&region=eng', key);
    const scotland = await get('/v1/ispublicholiday?country=GB&date=2024-04-01&region=GB-SCT', key);

    // Assess
    expect(await json(uk)).toEqual({ is_public_holiday: false, public_holiday_name: null, date: '2024-04-01', country: 'GB' });
    expect(await json(england)).toEqual({ is_public_holiday: true, public_holiday_name: 'Easter Monday', date: '2024-04-01', country: 'GB', region: 'GB-ENG' });
    expect(await json(scotland)).toEqual({ is_public_holiday: false, public_holiday_name: null, date: '2024-04-01', country: 'GB', region: 'GB-SCT' });
  });

  test('says Monday 27 January 2025 is Australia Day for Australia as a whole (every state moved it off the Sunday), and the Sunday is not', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const monday = await get('/v1/ispublicholiday?country=AU&date=2025-01-27', key);
    const sunday = await get('/v1/ispublicholiday?country=AU&date=2025-01-26', key);
    const victoria = await get('/v1/ispublicholiday?country=AU&date=2025-01-27&region=VIC', key);

    // Assess: Fair Work Act 2009 s 115(2), the states' substitute days (Fair Work Ombudsman, 2025 public holidays)
    expect(await json(monday)).toEqual({ is_public_holiday: true, public_holiday_name: 'Australia Day', date: '2025-01-27', country: 'AU' });
    expect(await json(sunday)).toEqual({ is_public_holiday: false, public_holiday_name: null, date: '2025-01-26', country: 'AU' });
    expect(await json(victoria)).toMatchObject({ is_public_holiday: true, public_holiday_name: 'Australia Day', region: 'AU-VIC' });
  });

  test('counts a day every state keeps under its own name as national (Australia, 28 December 2026)', async () => {
    // Act
    const response = await get('/v1/ispublicholiday?country=AU&date=2026-12-28', server.demoKeys.free!);

    // Assess: Boxing Day in Tasmania, Boxing Day (observed) in six states and territories, Proclamation Day (observed) in South Australia
    expect(await json(response)).toEqual({
      is_public_holiday: true,
      public_holiday_name: 'Boxing Day / Boxing Day (observed) / Proclamation Day (observed)',
      date: '2026-12-28',
      country: 'AU',
    });
  });

  test("names a state's own name for a national holiday it replaces (Presidents' Day in California)", async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const california = await get('/v1/ispublicholiday?country=US&date=2024-02-19&region=CA', key);

    // Assess
    expect(await json(california)).toEqual({ is_public_holiday: true, public_holiday_name: "Presidents' Day", date: '2024-02-19', country: 'US', region: 'US-CA' });
  });

  test('says 31 October 2024 is Diwali in India', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get('/v1/ispublicholiday?country=IN&date=2024-10-31', key);

    // Assess
    expect(await json(response)).toEqual({ is_public_holiday: true, public_holiday_name: 'Diwali (Deepavali)', date: '2024-10-31', country: 'IN' });
  });

  test('answers 404 no_data for a date the data set does not cover, and 400 on region for an unknown subdivision', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const uncovered = await get('/v1/ispublicholiday?country=DE&date=1990-10-03', key);
    const unknownRegion = await get('/v1/ispublicholiday?country=GB&date=2024-04-01&region=XX', key);
    const noSubdivisions = await get('/v1/ispublicholiday?country=FR&date=2024-07-14&region=IDF', key);

    // Assess
    expect((await expectError(uncovered, 404, 'no_data')).error).toMatch(/1991 to 2050/);
    expect((await expectError(unknownRegion, 400, 'invalid_parameter', 'region')).error).toMatch(/GB-ENG, GB-NIR, GB-SCT, GB-WLS/);
    await expectError(noSubdivisions, 400, 'invalid_parameter', 'region');
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
  test("gives a paid key GB's 2024 bank holidays: the UK-wide ones and each nation's own with their regions", async () => {
    // Prepare: GOV.UK's 2024 lists for England and Wales, and for Scotland (where 30 November, a Saturday, is
    // kept on Monday 2 December; the data set lists both days)
    const key = server.demoKeys.professional!;
    const englandAndWales = ['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-06', '2024-05-27', '2024-08-26', '2024-12-25', '2024-12-26'];
    const scotland = ['2024-01-01', '2024-01-02', '2024-03-29', '2024-05-06', '2024-05-27', '2024-08-05', '2024-11-30', '2024-12-02', '2024-12-25', '2024-12-26'];

    // Act
    const response = await get('/v1/bankholidays?country=GB&year=2024', key);

    // Assess
    const body: { date: string; regions: string[] }[] = await json(response);
    const inNation = (nation: string) => body.filter((e) => e.regions.length === 0 || e.regions.includes(nation)).map((e) => e.date);
    expect(response.status).toBe(200);
    expect(inNation('GB-ENG')).toEqual(englandAndWales);
    expect(inNation('GB-SCT')).toEqual(scotland);
    expect(body).toContainEqual({ name: 'Late Summer Bank Holiday', date: '2024-08-26', country: 'GB', year: 2024, type: 'BANK_HOLIDAY', regions: ['GB-ENG', 'GB-NIR', 'GB-WLS'], observed: false });
    expect(body).toContainEqual({ name: 'Christmas Day', date: '2024-12-25', country: 'GB', year: 2024, type: 'BANK_HOLIDAY', regions: [], observed: false });
  });

  test("gives Japan's bank-only days (2 and 3 January, 31 December) besides its public holidays", async () => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const body: { date: string; name: string }[] = await json(await get('/v1/bankholidays?country=JP&year=2025', key));

    // Assess
    expect(body.filter((e) => e.name === 'Bank Holiday').map((e) => e.date)).toEqual(['2025-01-01', '2025-01-02', '2025-01-03', '2025-12-31']);
    expect(body).toContainEqual(expect.objectContaining({ date: '2025-02-24', name: 'Substitute Holiday', observed: true, regions: [] }));
  });

  test('answers 404 no_data for a year the data set does not cover (Sri Lanka after 2026)', async () => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const response = await get('/v1/bankholidays?country=LK&year=2027', key);

    // Assess
    expect((await expectError(response, 404, 'no_data')).error).toMatch(/2003 to 2026/);
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
  test('answers with the nations that keep a GB bank holiday without region, and for one nation with region (the Late Summer Bank Holiday 2024)', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const uk = await get('/v1/isbankholiday?country=gb&date=2024-08-26', key);
    const ukChristmas = await get('/v1/isbankholiday?country=gb&date=2024-12-25', key);
    const england = await get('/v1/isbankholiday?country=GB&date=2024-08-26&region=ENG', key);
    const scotlandThatDay = await get('/v1/isbankholiday?country=GB&date=2024-08-26&region=SCT', key);
    const scotland = await get('/v1/isbankholiday?country=United%20Kingdom&date=2024-08-05&region=gb-sct', key);

    // Assess: GOV.UK bank holidays 2024 (England and Wales, Northern Ireland: 26 August; Scotland: 5 August)
    expect(uk.status).toBe(200);
    expect(await json(uk)).toEqual({
      is_bank_holiday: true,
      holiday_name: 'Late Summer Bank Holiday',
      date: '2024-08-26',
      country: 'GB',
      regions: ['GB-ENG', 'GB-NIR', 'GB-WLS'],
    });
    expect(await json(ukChristmas)).toEqual({ is_bank_holiday: true, holiday_name: 'Christmas Day', date: '2024-12-25', country: 'GB', regions: [] });
    expect(await json(scotlandThatDay)).toEqual({ is_bank_holiday: false, date: '2024-08-26', country: 'GB', region: 'GB-SCT' });
    expect(await json(england)).toEqual({ is_bank_holiday: true, holiday_name: 'Late Summer Bank Holiday', date: '2024-08-26', country: 'GB', region: 'GB-ENG' });
    expect(await json(scotland)).toEqual({ is_bank_holiday: true, holiday_name: 'Summer Bank Holiday', date: '2024-08-05', country: 'GB', region: 'GB-SCT' });
  });

  test('applies the same rule as /v1/ispublicholiday to a national holiday a state is excluded from (Columbus Day 2025 in Texas)', async () => {
    // Prepare
    const key = server.demoKeys.business!;

    // Act
    const bank = await get('/v1/isbankholiday?country=US&date=2025-10-13&region=TX', key);
    const publicHoliday = await get('/v1/ispublicholiday?country=US&date=2025-10-13&region=TX', key);
    const newYork = await get('/v1/isbankholiday?country=US&date=2025-10-13&region=NY', key);
    const country = await get('/v1/isbankholiday?country=US&date=2025-10-13', key);

    // Assess: a federal holiday that Texas does not keep (the data set's excluded_regions)
    expect(await json(bank)).toEqual({ is_bank_holiday: false, date: '2025-10-13', country: 'US', region: 'US-TX' });
    expect(await json(publicHoliday)).toEqual({ is_public_holiday: false, public_holiday_name: null, date: '2025-10-13', country: 'US', region: 'US-TX' });
    expect(await json(newYork)).toEqual({ is_bank_holiday: true, holiday_name: 'Columbus Day', date: '2025-10-13', country: 'US', region: 'US-NY' });
    expect(await json(country)).toMatchObject({ is_bank_holiday: true, holiday_name: 'Columbus Day', regions: [] });
  });

  test('answers false without holiday_name on a working day, by country name', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const response = await get('/v1/isbankholiday?country=United%20Kingdom&date=2024-08-06', key);

    // Assess
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body).toEqual({ is_bank_holiday: false, date: '2024-08-06', country: 'GB' });
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
    expect(await json(paid)).toEqual({ is_bank_holiday: true, holiday_name: 'Christmas Day', date: `${nextYear}-12-25`, country: 'GB', regions: [] });
  });

  test('lets a free key ask about the last day of the current year and about past years', async () => {
    // Prepare
    const key = server.demoKeys.free!;

    // Act
    const { year, result } = await withinOneUtcYear(async () => ({
      endOfYear: await get(`/v1/isbankholiday?country=DE&date=${utcYear()}-12-31`, key),
      past: await get('/v1/isbankholiday?country=DE&date=1991-10-03', key),
    }));

    // Assess
    expect(result.endOfYear.status).toBe(200);
    expect(await json(result.endOfYear)).toMatchObject({ date: `${year}-12-31`, country: 'DE' });
    expect(result.past.status).toBe(200);
    expect(await json(result.past)).toMatchObject({ is_bank_holiday: true, holiday_name: 'German Unity Day', date: '1991-10-03' });
  });

  test.each([
    ['country=GB', 'missing_parameter', 'date'],
    ['date=2024-08-26', 'missing_parameter', 'country'],
    ['country=Q1&date=2024-08-26', 'invalid_parameter', 'country'],
    ['country=GB&date=2024-13-01', 'invalid_parameter', 'date'],
    ['country=GB&date=1979-12-31', 'invalid_parameter', 'date'],
    ['country=GB&date=2051-01-01', 'invalid_parameter', 'date'],
    ['country=GB&date=2024-08-26&region=Yorkshire', 'invalid_parameter', 'region'],
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
  test('documents the four calendar endpoints with their source, plan rules, region parameter and choices', async () => {
    // Prepare / Act
    const response = await server.call('/openapi.json');

    // Assess
    const document = await json(response);
    expect(response.status).toBe(200);
    for (const path of ['/v1/publicholidays', '/v1/ispublicholiday', '/v1/bankholidays', '/v1/isbankholiday']) {
      expect(document.paths[path]?.get?.description).toEqual(expect.stringContaining('python-holidays'));
      expect(document.paths[path]?.get?.description).toEqual(expect.stringContaining('404 no_data'));
    }
    const region = document.paths['/v1/ispublicholiday'].get.parameters.find((p: { name: string }) => p.name === 'region');
    expect(region).toMatchObject({ required: false, description: expect.stringContaining('US-CA') });
    const year = document.paths['/v1/publicholidays'].get.parameters.find((p: { name: string }) => p.name === 'year');
    expect(year.description).toMatch(/Premium/);
    expect(document.paths['/v1/publicholidays'].get.description).toMatch(/regions/);
  });
});
