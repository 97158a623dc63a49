import Holidays from 'date-holidays';
import { findCountry, holidayCountryCodes, normalizeCountryName, requireCountry } from '../../lib/calendars/country';
import { bankHolidays, bankHolidaysOn, nationalPublicHolidaysOn, publicHolidays, subdivisionsOf } from '../../lib/calendars/holidays';
import { FIRST_HOLIDAY_YEAR, isWithinHolidayRange, LAST_HOLIDAY_YEAR } from '../../lib/calendars/range';
import { InvalidParameterError } from '../../lib/http/errors';

// Expected dates below are published ones: GOV.UK "UK bank holidays" (England and Wales, Scotland),
// the US Office of Personnel Management's federal holiday list, state statutes (California Government
// Code §6700 César Chávez Day; Massachusetts and Maine Patriots' Day), the German states' holiday laws,
// the Japanese Banking Act enforcement order (banks closed 31 Dec to 3 Jan) and China's State Council
// holiday notice for 2024.

const datesOf = (entries: { date: string }[]) => entries.map((e) => e.date);
const onDate = <T extends { date: string }>(entries: T[], date: string) => entries.filter((e) => e.date === date);

describe('bankHolidays', () => {
  test('gives the 8 England-and-Wales bank holidays of 2024 for GB, with the Summer bank holiday on 26 August', () => {
    // Prepare
    const published = ['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-06', '2024-05-27', '2024-08-26', '2024-12-25', '2024-12-26'];

    // Act
    const holidays = bankHolidays('GB', 2024);

    // Assess
    expect(datesOf(holidays)).toEqual(published);
    expect(onDate(holidays, '2024-08-26')).toEqual([{ name: 'Summer bank holiday', date: '2024-08-26', country: 'GB', year: 2024, type: 'BANK_HOLIDAY' }]);
    expect(onDate(holidays, '2024-05-06')[0]?.name).toMatch(/Early May bank holiday/);
  });

  test('includes the one-off UK bank holidays and substitute days of 2020, 2022 and 2023', () => {
    // Prepare: GOV.UK lists these moved and extra days
    const published: Record<number, string[]> = {
      2020: ['2020-05-08', '2020-12-28'], // VE Day early May bank holiday (moved from Monday 4 May); Boxing Day substitute
      2022: ['2022-01-03', '2022-06-02', '2022-06-03', '2022-09-19', '2022-12-27'], // Platinum Jubilee, State Funeral, Christmas substitute
      2023: ['2023-01-02', '2023-05-08'], // New Year substitute, Coronation of King Charles III
    };

    // Act
    const dates = Object.fromEntries(Object.keys(published).map((year) => [year, datesOf(bankHolidays('GB', Number(year)))]));

    // Assess
    for (const [year, days] of Object.entries(published)) expect(dates[year]).toEqual(expect.arrayContaining(days));
    expect(dates[2020]).not.toContain('2020-05-04');
    expect(dates[2022]).not.toContain('2022-05-30');
  });

  test("gives Japan's bank closing days around the new year (31 December to 3 January)", () => {
    // Prepare
    const published = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-12-31'];

    // Act
    const dates = datesOf(bankHolidays('JP', 2024));

    // Assess
    expect(dates).toEqual(expect.arrayContaining(published));
  });

  test('names every entry with its country code, year and type BANK_HOLIDAY, in date order', () => {
    // Prepare
    const country = 'DE';

    // Act
    const holidays = bankHolidays(country, 2025);

    // Assess
    expect(holidays.length).toBeGreaterThan(8);
    for (const holiday of holidays) expect(holiday).toEqual({ name: expect.any(String), date: expect.stringMatching(/^2025-\d\d-\d\d$/), country, year: 2025, type: 'BANK_HOLIDAY' });
    expect(datesOf(holidays)).toEqual([...datesOf(holidays)].sort());
    expect(datesOf(holidays)).toContain('2025-10-03'); // Tag der Deutschen Einheit
  });
});

describe('bankHolidaysOn', () => {
  test('names the GB bank holiday on 26 August 2024 and finds none on the Scottish Summer bank holiday (5 August)', () => {
    // Prepare / Act
    const summer = bankHolidaysOn('GB', '2024-08-26');
    const scottish = bankHolidaysOn('GB', '2024-08-05');

    // Assess
    expect(summer).toEqual(['Summer bank holiday']);
    expect(scottish).toEqual([]);
  });
});

describe('publicHolidays', () => {
  const federal2024 = ['2024-01-01', '2024-01-15', '2024-02-19', '2024-05-27', '2024-06-19', '2024-07-04', '2024-09-02', '2024-10-14', '2024-11-11', '2024-11-28', '2024-12-25'];

  test('gives Independence Day and Thanksgiving 2024 as federal US holidays kept everywhere', () => {
    // Prepare / Act
    const holidays = publicHolidays('US', 2024);

    // Assess
    expect(onDate(holidays, '2024-07-04')).toEqual([
      { name: 'Independence Day', local_name: 'Independence Day', date: '2024-07-04', country: 'US', year: 2024, regions: [], federal: true },
    ]);
    expect(onDate(holidays, '2024-11-28')).toEqual([expect.objectContaining({ name: 'Thanksgiving Day', federal: true, regions: [] })]);
  });

  test('lists every OPM federal holiday of 2024 as a national US public holiday', () => {
    // Prepare / Act
    const national = federal2024.map((date) => nationalPublicHolidaysOn('US', date));

    // Assess
    for (const names of national) expect(names.length).toBeGreaterThan(0);
    expect(nationalPublicHolidaysOn('US', '2024-09-02')).toEqual(['Labor Day']);
  });

  test("gives California's César Chávez Day and its Monday substitute as state-only holidays of US-CA", () => {
    // Prepare / Act
    const holidays = publicHolidays('US', 2024);
    const chavez = onDate(holidays, '2024-03-31').find((h) => h.name.startsWith('César Chávez Day'));
    const substitute = onDate(holidays, '2024-04-01').find((h) => h.name.startsWith('César Chávez Day'));

    // Assess
    expect(chavez).toMatchObject({ federal: false, regions: ['US-CA'] });
    expect(substitute).toMatchObject({ federal: false, regions: ['US-CA'] });
    expect(substitute!.name).toMatch(/substitute/i);
    expect(nationalPublicHolidaysOn('US', '2024-03-31')).toEqual([]);
  });

  test("gives Patriots' Day 2024 (third Monday in April) to Massachusetts and Maine only", () => {
    // Prepare / Act
    const patriots = onDate(publicHolidays('US', 2024), '2024-04-15').find((h) => h.name === "Patriots' Day");

    // Assess
    expect(patriots).toMatchObject({ federal: false, regions: ['US-MA', 'US-ME'] });
  });

  test('gives Reformation Day and Corpus Christi to the German states that keep them, with German local names', () => {
    // Prepare
    const reformationStates = ['BB', 'HB', 'HH', 'MV', 'NI', 'SH', 'SN', 'ST', 'TH'].map((s) => `DE-${s}`);
    const corpusChristiStates = ['BW', 'BY', 'HE', 'NW', 'RP', 'SL'].map((s) => `DE-${s}`);

    // Act
    const holidays = publicHolidays('DE', 2024);

    // Assess
    expect(onDate(holidays, '2024-10-31')).toEqual([expect.objectContaining({ local_name: 'Reformationstag', federal: false, regions: reformationStates })]);
    expect(onDate(holidays, '2024-05-30')).toEqual([expect.objectContaining({ local_name: 'Fronleichnam', federal: false, regions: corpusChristiStates })]);
    expect(onDate(holidays, '2024-10-03')).toEqual([expect.objectContaining({ local_name: 'Tag der Deutschen Einheit', federal: true, regions: [] })]);
  });

  test('marks Easter Monday in the UK as kept everywhere but Scotland, and Scotland-only days as GB-SCT', () => {
    // Prepare / Act
    const holidays = publicHolidays('GB', 2024);
    const easterMonday = onDate(holidays, '2024-04-01')[0]!;
    const stAndrewsSubstitute = onDate(holidays, '2024-12-02')[0]!;

    // Assess
    expect(easterMonday.federal).toBe(false);
    expect(easterMonday.regions).toEqual(expect.arrayContaining(['GB-ENG', 'GB-WLS', 'GB-NIR']));
    expect(easterMonday.regions).not.toContain('GB-SCT');
    expect(stAndrewsSubstitute).toMatchObject({ federal: false, regions: ['GB-SCT'] });
    expect(stAndrewsSubstitute.name).toMatch(/St Andrew.s Day \(substitute day\)/);
    expect(onDate(holidays, '2024-12-25')[0]).toMatchObject({ name: 'Christmas Day', federal: true, regions: [] });
  });

  test('gives one entry per day of a multi-day holiday: China National Day on 1, 2 and 3 October 2024', () => {
    // Prepare / Act
    const holidays = publicHolidays('CN', 2024);

    // Assess
    for (const date of ['2024-10-01', '2024-10-02', '2024-10-03']) {
      expect(onDate(holidays, date)).toEqual([expect.objectContaining({ name: 'National Day', local_name: '国庆节', federal: true })]);
    }
  });

  test('lists the days of a holiday that began in the previous year under the year they fall in', () => {
    // Prepare: find, with date-holidays itself, a multi-day holiday starting in late December 2006
    const rules = new Holidays('AE');
    const spanning = rules
      .getHolidays(2006, 'en')
      .find((h) => h.type === 'public' && h.end.getTime() - h.start.getTime() > 1.5 * 86_400_000 && h.date.startsWith('2006-12-3'));

    // Act
    const holidays2006 = publicHolidays('AE', 2006);
    const holidays2007 = publicHolidays('AE', 2007);

    // Assess
    expect(spanning).toBeDefined();
    expect(onDate(holidays2006, spanning!.date.slice(0, 10)).map((h) => h.name)).toContain(spanning!.name);
    expect(onDate(holidays2007, '2007-01-01').map((h) => h.name)).toContain(spanning!.name);
    for (const holiday of holidays2007) expect(holiday.year).toBe(2007);
  });

  test(`computes every country for ${FIRST_HOLIDAY_YEAR} and ${LAST_HOLIDAY_YEAR} with consistent entries`, () => {
    // Prepare
    const countries = holidayCountryCodes();

    // Act
    const problems: string[] = [];
    for (const country of countries) {
      const subdivisions = new Set(subdivisionsOf(country).map((code) => `${country}-${code}`));
      for (const year of [FIRST_HOLIDAY_YEAR, LAST_HOLIDAY_YEAR]) {
        const holidays = publicHolidays(country, year);
        const banks = bankHolidays(country, year);
        if (datesOf(holidays).join() !== [...datesOf(holidays)].sort().join()) problems.push(`${country} ${year} unsorted`);
        for (const h of holidays) {
          if (!h.date.startsWith(`${year}-`) || h.year !== year || h.country !== country) problems.push(`${country} ${year} ${h.date} misfiled`);
          if (h.federal !== (h.regions.length === 0)) problems.push(`${country} ${h.date} federal/regions mismatch`);
          if (h.regions.some((r) => !subdivisions.has(r))) problems.push(`${country} ${h.date} unknown region`);
          if (!h.name || !h.local_name) problems.push(`${country} ${h.date} unnamed`);
        }
        for (const b of banks) if (!b.date.startsWith(`${year}-`) || !b.name) problems.push(`${country} ${year} bad bank entry`);
      }
    }

    // Assess
    expect(countries.length).toBeGreaterThan(190);
    expect(problems).toEqual([]);
  }, 120_000);

  test('answers a repeated year from memory, much faster than the first computation', () => {
    // Prepare
    const started = performance.now();
    const first = publicHolidays('US', 2031);
    const firstMs = performance.now() - started;

    // Act
    const again = performance.now();
    const second = publicHolidays('US', 2031);
    const secondMs = performance.now() - again;

    // Assess
    expect(second).toEqual(first);
    expect(secondMs).toBeLessThan(Math.max(5, firstMs / 10));
  });

  test('returns copies: changing a returned entry does not change later answers', () => {
    // Prepare
    const first = publicHolidays('GB', 2024);

    // Act
    first[0]!.name = 'changed';
    first.find((h) => h.regions.length > 0)!.regions.push('XX');
    const second = publicHolidays('GB', 2024);

    // Assess
    expect(second[0]!.name).toBe("New Year's Day");
    expect(second.some((h) => h.regions.includes('XX'))).toBe(false);
  });
});

describe('findCountry', () => {
  test('finds codes in any case and names in English or the local language, ignoring case and accents', () => {
    // Prepare
    const inputs: Record<string, string> = {
      us: 'US', Gb: 'GB', 'United States': 'US', USA: 'US', 'united kingdom': 'GB', UK: 'GB', Germany: 'DE',
      DEUTSCHLAND: 'DE', 'cote d ivoire': 'CI', "Côte d'Ivoire": 'CI', 'Antigua and Barbuda': 'AG', 'St Lucia': 'LC',
      'Saint Kitts & Nevis': 'KN', Italy: 'IT', 'the gambia': 'GM', Japan: 'JP', '日本': 'JP',
    };

    // Act
    const found = Object.fromEntries(Object.keys(inputs).map((input) => [input, findCountry(input, 'codeOrName')]));

    // Assess
    expect(found).toEqual(inputs);
  });

  test('finds nothing for unknown codes and names, and no names where only codes are accepted', () => {
    // Prepare / Act
    const results = [findCountry('XX', 'codeOrName'), findCountry('Atlantis', 'codeOrName'), findCountry('Germany', 'code'), findCountry('USA', 'code'), findCountry('de', 'code')];

    // Assess
    expect(results).toEqual([undefined, undefined, undefined, undefined, 'DE']);
  });

  test('normalizes names for comparison', () => {
    // Prepare / Act
    const forms = ['St. Kitts & Nevis', 'Saint Kitts and Nevis', '  SAINT  KITTS-AND-NEVIS '].map(normalizeCountryName);

    // Assess
    expect(new Set(forms)).toEqual(new Set(['saint kitts and nevis']));
  });
});

describe('requireCountry', () => {
  test('throws a 400 invalid_parameter naming the parameter, with the code for a name where only codes are accepted', () => {
    // Prepare / Act
    const unknown = (() => { try { requireCountry('Narnia', 'codeOrName'); } catch (e) { return e; } })();
    const name = (() => { try { requireCountry('Germany', 'code'); } catch (e) { return e; } })();

    // Assess
    expect(unknown).toBeInstanceOf(InvalidParameterError);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'invalid_parameter', param: 'country' });
    expect(name).toBeInstanceOf(InvalidParameterError);
    expect((name as Error).message).toMatch(/DE/);
  });
});

describe('isWithinHolidayRange', () => {
  test('accepts 1980-01-01 to 2050-12-31 and nothing outside', () => {
    // Prepare / Act
    const results = ['1979-12-31', '1980-01-01', '2050-12-31', '2051-01-01'].map(isWithinHolidayRange);

    // Assess
    expect(results).toEqual([false, true, true, false]);
  });
});
