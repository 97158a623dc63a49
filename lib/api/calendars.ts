import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { dateParam, integerParam, textParam } from '../http/params';
import { InvalidParameterError } from '../http/errors';
import { FIRST_HOLIDAY_DATE, FIRST_HOLIDAY_YEAR, isWithinHolidayRange, LAST_HOLIDAY_DATE, LAST_HOLIDAY_YEAR, yearOf } from '../calendars/range';
import { REFERENCE_DATA } from '../http/caching';

// Country names, codes and regions are checked by the handlers (lib/calendars/country.ts, holidays.ts):
// they come from the reference-data files, which this registry file (imported by every handler) must not read.

const SOURCE =
  'From the python-holidays data set (v0.102, MIT; the library\'s rules evaluated for 250 countries and territories and their ' +
  `subdivisions), for the years ${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR}. Dates are the country's local calendar days. ` +
  'Future years, and lunar dates the library has no official table for, are computed by rule: such names carry "(estimated)" ' +
  '(e.g. "Eid al-Fitr (estimated)") and the real day can differ by one or two days; one-off holidays a government declares later are not included. ' +
  'A year the data set does not cover for the country (e.g. Germany before 1991, Sri Lanka after 2026) answers 404 no_data naming the covered years, ' +
  'never an empty list: an empty list (200 []) means the country has no holidays of that kind in the year.';

const ENTRIES =
  'One entry per holiday and day, sorted by date (national entries first on a day). Several holidays can share a day, each its own entry. ' +
  'observed is true when the day exists through an observed or substitution rule: a holiday moved off a weekend ("... (observed)", ' +
  'JP "Substitute Holiday"), a holiday moved by law, or a day off given in exchange for a working weekend day (CN "Day off (substituted from 02/04/2024)"). ' +
  'These are days off and are listed; where the law moves a holiday, only the day off is listed, where it adds a substitute, both days are.';

const REGIONS =
  'regions lists subdivisions as "<country>-<code>" ISO 3166-2 codes (US-CA, DE-BY, GB-SCT, BR-AC). Where ISO 3166-2 has no code the data set\'s own ' +
  'follows the prefix: the cities DE-Augsburg (besides DE-BY), CH-Stadt Zurich, BR-São Paulo Capital, IT-Andria, IT-Barletta, IT-Cesena, IT-Forli, ' +
  'IT-Pesaro, IT-Trani, IT-Urbino, the area NZ-South Canterbury and Macao\'s MO-I and MO-M; Norway uses its 2024 county numbers (NO-31 to NO-56).';

const YEAR_ACCESS = 'Free keys get the current year (UTC); any other year needs a paid plan (403 plan_required), sending year = the current year is allowed.';

const REGION_PARAM =
  'optional subdivision, as in the regions of the lists: "US-CA" or "CA", any case (400 invalid_parameter listing the codes when unknown)';

const countryCodeOrName = (what: string) => textParam(100, what);
const year = () => z.optional(integerParam(FIRST_HOLIDAY_YEAR, LAST_HOLIDAY_YEAR, `calendar year, ${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR} (paid plans; default the current year, UTC)`));
const holidayDate = (description: string) => dateParam(description);
const region = () => z.optional(textParam(40, REGION_PARAM));
const isCurrentYear = (value: number | undefined, now: Date) => value === now.getUTCFullYear();

/** 400 for a date outside the years the holiday rules are served for. */
function checkDateRange(date: string): void {
  if (!isWithinHolidayRange(date)) {
    throw new InvalidParameterError(`Parameter 'date' must be from ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}.`, 'date');
  }
}

const publicHolidayEntry = z.object({
  name: z.string(),
  local_name: z.string(),
  date: z.string(),
  country: z.string(),
  year: z.int(),
  regions: z.array(z.string()),
  federal: z.boolean(),
  observed: z.boolean(),
});

const bankHolidayEntry = z.object({
  name: z.string(),
  date: z.string(),
  country: z.string(),
  year: z.int(),
  type: z.literal('BANK_HOLIDAY'),
  regions: z.array(z.string()),
  observed: z.boolean(),
});

/** Calendars (spec 4.10): public and bank holidays. */
export const calendarEndpoints = {
  publicHolidays: defineEndpoint({
    path: '/v1/publicholidays',
    method: 'GET',
    entry: 'functions/publicHolidays.ts',
    summary: 'Public holidays of a country in a year, national and regional',
    description:
      `${SOURCE}\n\n` +
      'Public holidays are the data set\'s "public" category: official holidays with general time off (not bank-only, government-only, ' +
      'optional, half-day or religious-community days). federal is true for a holiday of the national calendar (regions is then []), ' +
      'false for a regional one, whose regions lists the subdivisions that keep it. A national holiday that a subdivision replaces by its own ' +
      '(e.g. US Washington\'s Birthday, which California keeps as "Presidents\' Day", a regional entry on the same day) stays federal; ' +
      '/v1/ispublicholiday with region answers for one subdivision exactly. name is the English name, local_name the name in the ' +
      'country\'s language (e.g. JP "天皇誕生日", DE "Reformationstag"; the English one where the data set has no translation). ' +
      `${ENTRIES} ${REGIONS}\n\n` +
      'country is a 2-letter ISO 3166-1 code (any case) or a country name: the data set\'s English name, the ISO 3166-1 short name, the common ' +
      'English name or the name in the country\'s language (any case, accents optional; e.g. "United States", "usa", "Korea, Republic of", ' +
      '"Deutschland"); the response always gives the 2-letter code.\n\n' +
      YEAR_ACCESS,
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: z.object({
      country: countryCodeOrName('2-letter ISO 3166-1 country code or country name'),
      year: year(),
    }),
    paramGates: { year: { access: 'premium', freeValue: isCurrentYear } },
    response: { json: z.array(publicHolidayEntry) },
    layers: ['referenceData'],
  }),
  isPublicHoliday: defineEndpoint({
    path: '/v1/ispublicholiday',
    method: 'GET',
    entry: 'functions/isPublicHoliday.ts',
    summary: 'Whether a date is a public holiday in a country or one of its subdivisions',
    description:
      `${SOURCE}\n\n` +
      'Without region the answer is for the country as a whole: is_public_holiday is true when a national public holiday ' +
      '(an entry of /v1/publicholidays with federal true, observed and substituted days off included) falls on the date; holidays that only ' +
      'some subdivisions keep do not count (e.g. Easter Monday in the United Kingdom, not kept in Scotland, or César Chávez Day in California). ' +
      'With region (e.g. region=GB-SCT or region=CA with country=US) the answer is exact for that subdivision: the national holidays it ' +
      'keeps plus its own, as the data set lists them per subdivision (a national holiday the subdivision replaces by its own counts under ' +
      'the subdivision\'s name). The response then repeats region as served in regions. ' +
      'public_holiday_name is the English name (several names joined with " / " when holidays share the date), null when false. ' +
      'country is a 2-letter ISO 3166-1 code (any case); a country name is rejected with a hint to its code. ' +
      `date must be from ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}. All plans, any date in that span. ${REGIONS}`,
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: z.object({
      country: countryCodeOrName('2-letter ISO 3166-1 country code'),
      date: holidayDate(`day to check, YYYY-MM-DD, ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}`),
      region: region(),
    }),
    rules: (p) => checkDateRange(p.date),
    response: {
      json: z.object({
        is_public_holiday: z.boolean(),
        public_holiday_name: z.nullable(z.string()),
        date: z.string(),
        country: z.string(),
        region: z.optional(z.string()),
      }),
    },
    layers: ['referenceData'],
  }),
  bankHolidays: defineEndpoint({
    path: '/v1/bankholidays',
    method: 'GET',
    entry: 'functions/bankHolidays.ts',
    summary: 'Bank holidays (days banks are closed) of a country in a year',
    description:
      `${SOURCE}\n\n` +
      'Bank holidays are the national public holidays plus the data set\'s "bank" category, the days specific to banks in 20 countries ' +
      '(e.g. JP "Bank Holiday" on 2 and 3 January and 31 December, BE Good Friday and 26 December "Bank Holiday", AR "Bankers\' Day", ' +
      'AT and AU regional bank days, SE afternoon closings named "... (from 2pm)"). ' +
      'Regional public holidays are not bank holidays, except where a country\'s bank holidays are set per subdivision: the United Kingdom (GB), ' +
      'whose Banking and Financial Dealings Act 1971 lists England and Wales, Scotland and Northern Ireland separately. Its list is the UK-wide ' +
      'bank holidays (regions []) plus each nation\'s own with their regions (e.g. Late Summer Bank Holiday for GB-ENG, GB-NIR, GB-WLS; ' +
      'Summer Bank Holiday for GB-SCT). Every entry has type BANK_HOLIDAY and its English name; regions is [] for a national bank holiday ' +
      'and lists the subdivisions of a regional one. ' +
      `${ENTRIES} ${REGIONS}\n\n` +
      'country is a 2-letter ISO 3166-1 code (preferred, any case) or a country name as for /v1/publicholidays; ' +
      'the response always gives the 2-letter code.\n\n' +
      YEAR_ACCESS,
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: z.object({
      country: countryCodeOrName('2-letter ISO 3166-1 country code (preferred) or country name'),
      year: year(),
    }),
    paramGates: { year: { access: 'premium', freeValue: isCurrentYear } },
    response: { json: z.array(bankHolidayEntry) },
    layers: ['referenceData'],
  }),
  isBankHoliday: defineEndpoint({
    path: '/v1/isbankholiday',
    method: 'GET',
    entry: 'functions/isBankHoliday.ts',
    summary: 'Whether banks are closed for a holiday on a date in a country or one of its subdivisions',
    description:
      `${SOURCE}\n\n` +
      'Answers from the entries of /v1/bankholidays. Without region: true when a national bank holiday (regions []) falls on the date. ' +
      'With region: true when a national one or one of the region\'s own (its code in regions) does, e.g. country=GB&region=ENG for ' +
      'England\'s Late Summer Bank Holiday, which is not UK-wide; the response then repeats region as served. Weekends are not holidays. ' +
      'holiday_name (English; several names joined with " / ") is present only when is_bank_holiday is true. ' +
      'country is a 2-letter ISO 3166-1 code (any case) or a country name; the response gives the code. ' +
      `date must be from ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}. Free keys may ask for dates up to the end of the current year (UTC); ` +
      'dates in later years need a paid plan (403 plan_required).',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: z.object({
      date: holidayDate(`day to check, YYYY-MM-DD, ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE} (later years than the current one: paid plans)`),
      country: countryCodeOrName('2-letter ISO 3166-1 country code or country name'),
      region: region(),
    }),
    paramGates: { date: { access: 'premium', freeValue: (date, now) => yearOf(date) <= now.getUTCFullYear() } },
    rules: (p) => checkDateRange(p.date),
    response: {
      json: z.object({
        is_bank_holiday: z.boolean(),
        holiday_name: z.optional(z.string()),
        date: z.string(),
        country: z.string(),
        region: z.optional(z.string()),
      }),
    },
    layers: ['referenceData'],
  }),
};
