import { findCountry, normalizeCountryName, requireCountry } from '../../lib/calendars/country';
import { bankHolidays, bankHolidaysOn, publicHolidays, publicHolidaysOn, requireRegion } from '../../lib/calendars/holidays';
import { isWithinHolidayRange } from '../../lib/calendars/range';
import { InvalidParameterError, NoDataError } from '../../lib/http/errors';
import { thrown } from '../support/thrown';

// Facts from official calendars, each checked against what the endpoints serve (the python-holidays data set;
// holidayFidelity.test.ts checks every entry against the data set itself). Publications:
// - US: Office of Personnel Management, "Federal Holidays" 2024 (5 U.S.C. 6103).
// - GB: GOV.UK "UK bank holidays" 2025, lists for England and Wales, Scotland, Northern Ireland.
// - DE: the Länder holiday laws (Feiertagsgesetze): Reformationstag in BB, HB, HH, MV, NI, SH, SN, ST, TH.
// - JP: Cabinet Office (内閣府) "国民の祝日について", 2025 list with substitute holidays (振替休日); Banking Act
//   enforcement order art. 5 (banks closed 31 December to 3 January).
// - CN: State Council General Office notices on the 2024 and 2025 holiday arrangements (国办发明电〔2023〕7号, 〔2024〕12号).
// - IN: Department of Personnel and Training, holidays to be observed in central government offices during 2024.
// - NG: Federal Government declarations (Ministry of Interior) of Eid-el-Maulud 2024 (Monday 16 September) and
//   2025 (Friday 5 September), and of 15 July 2025 in honour of former President Buhari.
// - MX: Ley Federal del Trabajo art. 74 fr. VII (1 October every six years from 2024, Transmisión del Poder Ejecutivo Federal).
// - BR: Lei nº 14.759/2023 (20 November, Dia Nacional de Zumbi e da Consciência Negra, national from 2024).

const datesOf = (entries: { date: string }[]) => entries.map((e) => e.date);
const onDate = <T extends { date: string }>(entries: T[], date: string) => entries.filter((e) => e.date === date);
const national = (country: string, year: number) => publicHolidays(country, year).filter((h) => h.federal);
/** Weekdays (Monday to Friday) from `first` to `last`, YYYY-MM-DD. */
function weekdays(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() % 6 !== 0) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

describe('publicHolidays against official calendars', () => {
  test('gives the 11 US federal holidays of 2024 as the national list, Washington\'s Birthday and Columbus Day included', () => {
    // Prepare: OPM 2024
    const opm = ['2024-01-01', '2024-01-15', '2024-02-19', '2024-05-27', '2024-06-19', '2024-07-04', '2024-09-02', '2024-10-14', '2024-11-11', '2024-11-28', '2024-12-25'];

    // Act
    const holidays = national('US', 2024);

    // Assess
    expect(datesOf(holidays)).toEqual(opm);
    expect(onDate(holidays, '2024-02-19')).toEqual([
      { name: "Washington's Birthday", local_name: "Washington's Birthday", date: '2024-02-19', country: 'US', year: 2024, regions: [], federal: true, observed: false },
    ]);
    expect(onDate(holidays, '2024-10-14')).toEqual([expect.objectContaining({ name: 'Columbus Day', federal: true, regions: [] })]);
  });

  test("gives California's Cesar Chavez Day (31 March, Monday 1 April in 2024) as a regional holiday, not a national one", () => {
    // Prepare: California Government Code §6700 (a Sunday holiday is kept on the Monday)
    const holidays = publicHolidays('US', 2024);

    // Act
    const sunday = onDate(holidays, '2024-03-31').find((h) => h.name === 'Cesar Chavez Day');
    const monday = onDate(holidays, '2024-04-01').find((h) => h.name === 'Cesar Chavez Day (observed)');

    // Assess
    expect(sunday).toMatchObject({ federal: false, regions: expect.arrayContaining(['US-CA']), observed: false });
    expect(monday).toMatchObject({ federal: false, regions: ['US-CA'], observed: true });
    expect(publicHolidaysOn('US', '2024-04-01')).toEqual([]);
    expect(publicHolidaysOn('US', '2024-04-01', 'US-CA')).toEqual(['Cesar Chavez Day (observed)']);
  });

  test('gives Reformation Day 2024 to the 9 Länder whose laws keep it, with its German name, and German Unity Day to all', () => {
    // Prepare
    const laender = ['BB', 'HB', 'HH', 'MV', 'NI', 'SH', 'SN', 'ST', 'TH'].map((code) => `DE-${code}`);

    // Act
    const holidays = publicHolidays('DE', 2024);

    // Assess
    expect(onDate(holidays, '2024-10-31')).toEqual([expect.objectContaining({ name: 'Reformation Day', local_name: 'Reformationstag', federal: false, regions: laender })]);
    expect(onDate(holidays, '2024-10-03')).toEqual([expect.objectContaining({ local_name: 'Tag der Deutschen Einheit', federal: true, regions: [] })]);
  });

  test('gives the 19 Japanese holidays of 2025 with their Japanese names, substitute holidays marked observed', () => {
    // Prepare: Cabinet Office list
    const cabinetOffice = [
      ['2025-01-01', '元日'], ['2025-01-13', '成人の日'], ['2025-02-11', '建国記念の日'], ['2025-02-23', '天皇誕生日'], ['2025-02-24', '振替休日'],
      ['2025-03-20', '春分の日'], ['2025-04-29', '昭和の日'], ['2025-05-03', '憲法記念日'], ['2025-05-04', 'みどりの日'], ['2025-05-05', 'こどもの日'],
      ['2025-05-06', '振替休日'], ['2025-07-21', '海の日'], ['2025-08-11', '山の日'], ['2025-09-15', '敬老の日'], ['2025-09-23', '秋分の日'],
      ['2025-10-13', 'スポーツの日'], ['2025-11-03', '文化の日'], ['2025-11-23', '勤労感謝の日'], ['2025-11-24', '振替休日'],
    ];

    // Act
    const holidays = publicHolidays('JP', 2025);

    // Assess
    expect(holidays.map((h) => [h.date, h.local_name])).toEqual(cabinetOffice);
    expect(holidays.filter((h) => h.observed).map((h) => h.name)).toEqual(['Substitute Holiday', 'Substitute Holiday', 'Substitute Holiday']);
  });

  test('gives the days off of the State Council notice for 2024 in China, and not the make-up working days or the half-day observances', () => {
    // Prepare: the notice's holiday spans (weekend days inside them are off anyway) and make-up working days
    const spans = [['2024-01-01', '2024-01-01'], ['2024-02-10', '2024-02-17'], ['2024-04-04', '2024-04-06'], ['2024-05-01', '2024-05-05'], ['2024-06-10', '2024-06-10'], ['2024-09-15', '2024-09-17'], ['2024-10-01', '2024-10-07']];
    const workingDays = ['2024-02-04', '2024-02-18', '2024-04-07', '2024-04-28', '2024-05-11', '2024-09-14', '2024-09-29', '2024-10-12'];
    const inSpan = (date: string) => spans.some(([first, last]) => date >= first! && date <= last!);

    // Act
    const holidays = national('CN', 2024);

    // Assess
    expect(datesOf(holidays)).toEqual(expect.arrayContaining(spans.flatMap(([first, last]) => weekdays(first!, last!))));
    expect(datesOf(holidays).filter((date) => !inSpan(date))).toEqual([]);
    for (const date of [...workingDays, '2024-02-09', '2024-03-08', '2024-05-04', '2024-06-01', '2024-08-01']) expect(publicHolidaysOn('CN', date)).toEqual([]);
    expect(onDate(holidays, '2024-02-10')).toEqual([expect.objectContaining({ local_name: '春节', observed: false })]);
    expect(onDate(holidays, '2024-02-15')).toEqual([
      { name: 'Day off (substituted from 02/04/2024)', local_name: '休息日（由 2024-02-04 调休）', date: '2024-02-15', country: 'CN', year: 2024, regions: [], federal: true, observed: true },
    ]);
  });

  test('gives China 31 January and 2 May 2025 off, as the 2025 notice does', () => {
    // Prepare / Act
    const answers = ['2025-01-31', '2025-05-02'].map((date) => publicHolidaysOn('CN', date));

    // Assess
    expect(answers).toEqual([['Chinese New Year (Spring Festival)'], ['Labor Day']]);
  });

  test("gives India's central-government holidays of 2024, Diwali on 31 October included", () => {
    // Prepare: DoPT list for 2024 (14 compulsory holidays and the 3 chosen for Delhi: Holi, Ram Navami, Janmashtami)
    const dopt = ['2024-01-26', '2024-03-25', '2024-03-29', '2024-04-11', '2024-04-17', '2024-04-21', '2024-05-23', '2024-06-17', '2024-07-17', '2024-08-15', '2024-08-26', '2024-09-16', '2024-10-02', '2024-10-12', '2024-10-31', '2024-11-15', '2024-12-25'];

    // Act
    const dates = datesOf(national('IN', 2024));

    // Assess
    expect(dates).toEqual(expect.arrayContaining(dopt));
    expect(publicHolidaysOn('IN', '2024-10-31')).toEqual(['Diwali (Deepavali)']);
  });

  test("gives Nigeria's declared days: the Prophet's Birthday on 16 September 2024 and 5 September 2025, and 15 July 2025", () => {
    // Prepare / Act
    const answers = ['2024-09-15', '2024-09-16', '2025-09-04', '2025-09-05', '2025-07-15'].map((date) => publicHolidaysOn('NG', date));

    // Assess
    expect(answers).toEqual([[], ["Prophet's Birthday"], [], ["Prophet's Birthday"], ['Day of Mourning for President Muhammadu Buhari']]);
  });

  test("gives Mexico's Transmisión del Poder Ejecutivo Federal on 1 October 2024, not on 1 December", () => {
    // Prepare / Act
    const holidays = publicHolidays('MX', 2024);

    // Assess
    expect(onDate(holidays, '2024-10-01')).toEqual([expect.objectContaining({ local_name: 'Transmisión del Poder Ejecutivo Federal', federal: true })]);
    expect(onDate(holidays, '2024-12-01')).toEqual([]);
  });

  test('gives Brazil 20 November as a national holiday from 2024, and only regional before', () => {
    // Prepare / Act
    const in2024 = onDate(publicHolidays('BR', 2024), '2024-11-20');
    const in2023 = onDate(publicHolidays('BR', 2023), '2023-11-20');

    // Assess
    expect(in2024).toEqual([expect.objectContaining({ local_name: 'Dia Nacional de Zumbi e da Consciência Negra', federal: true, regions: [] })]);
    expect(in2023).toEqual([expect.objectContaining({ federal: false, regions: expect.arrayContaining(['BR-RJ', 'BR-São Paulo Capital']) })]);
  });
});

describe('bankHolidays against official calendars', () => {
  /** Dates of the bank holiday entries that count in a GB nation: the UK-wide ones and the nation's own. */
  const inNation = (nation: string) => datesOf(bankHolidays('GB', 2025).filter((h) => h.regions.length === 0 || h.regions.includes(nation)));

  test('gives the 2025 bank holidays of England and Wales, Scotland and Northern Ireland as GOV.UK lists them', () => {
    // Prepare: GOV.UK 2025. Accepted difference: where a holiday falls on a weekend, GOV.UK lists only the
    // substitute Monday; python-holidays lists the day itself too (St Andrew's Day Sunday 30 November,
    // Battle of the Boyne Saturday 12 July), marking the Monday observed.
    const englandAndWales = ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26'];
    const scotland = ['2025-01-01', '2025-01-02', '2025-04-18', '2025-05-05', '2025-05-26', '2025-08-04', '2025-11-30', '2025-12-01', '2025-12-25', '2025-12-26'];
    const northernIreland = ['2025-01-01', '2025-03-17', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-07-12', '2025-07-14', '2025-08-25', '2025-12-25', '2025-12-26'];

    // Act
    const nations = ['GB-ENG', 'GB-WLS', 'GB-SCT', 'GB-NIR'].map(inNation);

    // Assess
    expect(nations).toEqual([englandAndWales, englandAndWales, scotland, northernIreland]);
    expect(onDate(bankHolidays('GB', 2025), '2025-08-25')).toEqual([
      { name: 'Late Summer Bank Holiday', date: '2025-08-25', country: 'GB', year: 2025, type: 'BANK_HOLIDAY', regions: ['GB-ENG', 'GB-NIR', 'GB-WLS'], observed: false },
    ]);
  });

  test('answers the GB bank holiday question with the nations that keep the day without a region, and for a nation with one', () => {
    // Prepare / Act
    const ukWide = bankHolidaysOn('GB', '2025-08-25');
    const england = bankHolidaysOn('GB', '2025-08-25', 'GB-ENG');
    const scotland = bankHolidaysOn('GB', '2025-08-25', 'GB-SCT');
    const christmasInScotland = bankHolidaysOn('GB', '2025-12-25', 'GB-SCT');

    // Assess
    expect(ukWide).toEqual({ names: ['Late Summer Bank Holiday'], regions: ['GB-ENG', 'GB-NIR', 'GB-WLS'] });
    expect([england, scotland, christmasInScotland].map((answer) => answer.names)).toEqual([['Late Summer Bank Holiday'], [], ['Christmas Day']]);
  });

  test("gives Japan's bank closing days 31 December to 3 January on top of the public holidays", () => {
    // Prepare / Act
    const holidays = bankHolidays('JP', 2025);

    // Assess
    expect(datesOf(holidays.filter((h) => h.name === 'Bank Holiday'))).toEqual(['2025-01-01', '2025-01-02', '2025-01-03', '2025-12-31']);
    expect(datesOf(holidays)).toEqual(expect.arrayContaining(datesOf(national('JP', 2025))));
    expect(bankHolidaysOn('JP', '2025-01-02')).toEqual({ names: ['Bank Holiday'], regions: [] });
    expect(publicHolidaysOn('JP', '2025-01-02')).toEqual([]);
  });

  test('leaves regional public holidays out of the bank holidays where banking is national (DE Reformation Day)', () => {
    // Prepare / Act
    const holidays = bankHolidays('DE', 2024);

    // Assess
    expect(onDate(holidays, '2024-10-31')).toEqual([]);
    expect(holidays.every((h) => h.regions.length === 0)).toBe(true);
    expect(onDate(holidays, '2024-10-03')).toEqual([expect.objectContaining({ name: 'German Unity Day', type: 'BANK_HOLIDAY' })]);
  });
});

describe('publicHolidaysOn with a region', () => {
  test('answers for a subdivision that keeps a national holiday under its own name (US-CA Presidents\' Day)', () => {
    // Prepare / Act
    const nationally = publicHolidaysOn('US', '2024-02-19');
    const california = publicHolidaysOn('US', '2024-02-19', 'US-CA');
    const newYork = publicHolidaysOn('US', '2024-02-19', 'US-NY');

    // Assess
    expect([nationally, california, newYork]).toEqual([["Washington's Birthday"], ["Presidents' Day"], ["Washington's Birthday"]]);
  });

  test('gives Easter Monday to England but not Scotland, and not to the United Kingdom as a whole', () => {
    // Prepare / Act
    const answers = [undefined, 'GB-ENG', 'GB-SCT'].map((region) => publicHolidaysOn('GB', '2025-04-21', region));

    // Assess
    expect(answers).toEqual([[], ['Easter Monday'], []]);
  });
});

describe('coverage', () => {
  test('answers 404 no_data with the covered years for Germany before 1991 and Sri Lanka after 2026', () => {
    // Prepare / Act
    const germany = thrown(NoDataError, () => publicHolidays('DE', 1990));
    const sriLanka = thrown(NoDataError, () => bankHolidaysOn('LK', '2027-01-15'));

    // Assess
    expect(germany).toMatchObject({ statusCode: 404, code: 'no_data', message: expect.stringContaining('1991 to 2050') });
    expect(sriLanka).toMatchObject({ statusCode: 404, code: 'no_data', message: expect.stringContaining('2003 to 2026') });
  });

  test('gives an empty list for a territory whose holidays the data set defines as none (Bouvet Island)', () => {
    // Prepare / Act
    const holidays = publicHolidays('BV', 2024);

    // Assess
    expect(holidays).toEqual([]);
  });
});

describe('requireRegion', () => {
  test('accepts the served code with or without its country prefix and maps the data set\'s non-ISO codes', () => {
    // Prepare / Act
    const found = [requireRegion('US', 'ca'), requireRegion('US', 'US-CA'), requireRegion('BQ', 'BO'), requireRegion('IT', 'it-23'), requireRegion('DE', 'augsburg')];

    // Assess
    expect(found).toEqual(['US-CA', 'US-CA', 'BQ-BO', 'IT-23', 'DE-Augsburg']);
  });

  test('throws a 400 on region listing the codes, and says when a country has no subdivisions', () => {
    // Prepare / Act
    const unknown = thrown(InvalidParameterError, () => requireRegion('GB', 'XX'));
    const none = thrown(InvalidParameterError, () => requireRegion('FR', 'IDF'));

    // Assess
    expect(unknown).toMatchObject({ statusCode: 400, param: 'region', message: expect.stringContaining('GB-ENG, GB-NIR, GB-SCT, GB-WLS') });
    expect(none).toMatchObject({ statusCode: 400, param: 'region', message: expect.stringContaining('FR') });
  });
});

describe('findCountry', () => {
  test('finds codes in any case and names from the data set, ISO 3166 and common or local usage, ignoring case and accents', () => {
    // Prepare
    const inputs: Record<string, string> = {
      us: 'US', Gb: 'GB', 'United States': 'US', USA: 'US', 'united states of america': 'US', 'united kingdom': 'GB', UK: 'GB',
      'United Kingdom of Great Britain and Northern Ireland': 'GB', Germany: 'DE', DEUTSCHLAND: 'DE', 'cote d ivoire': 'CI', 'Ivory Coast': 'CI',
      'Korea, Republic of': 'KR', 'South Korea': 'KR', 'Bolivia, Plurinational State of': 'BO', 'Antigua and Barbuda': 'AG', 'St Lucia': 'LC',
      'Saint Kitts & Nevis': 'KN', 'the gambia': 'GM', Japan: 'JP', '日本': 'JP', '中国': 'CN', Macao: 'MO', Macau: 'MO', Kosovo: 'XK',
    };

    // Act
    const found = Object.fromEntries(Object.keys(inputs).map((input) => [input, findCountry(input, 'codeOrName')]));

    // Assess
    expect(found).toEqual(inputs);
  });

  test('finds nothing for unknown codes and names, and no names where only codes are accepted', () => {
    // Prepare / Act
    const results = [findCountry('XX', 'codeOrName'), findCountry('Atlantis', 'codeOrName'), findCountry('Germany', 'code'), findCountry('USA', 'code'), findCountry('de', 'code'), findCountry('constructor', 'codeOrName')];

    // Assess
    expect(results).toEqual([undefined, undefined, undefined, undefined, 'DE', undefined]);
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
    const unknown = thrown(InvalidParameterError, () => requireCountry('Narnia', 'codeOrName'));
    const name = thrown(InvalidParameterError, () => requireCountry('Germany', 'code'));

    // Assess
    expect(unknown).toMatchObject({ statusCode: 400, code: 'invalid_parameter', param: 'country' });
    expect(name.message).toMatch(/\bDE\b/);
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
