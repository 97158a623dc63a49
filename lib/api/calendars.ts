import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { dateParam, integerParam, textParam } from '../http/params';
import { InvalidParameterError } from '../http/errors';
import { FIRST_HOLIDAY_DATE, FIRST_HOLIDAY_YEAR, isWithinHolidayRange, LAST_HOLIDAY_DATE, LAST_HOLIDAY_YEAR, yearOf } from '../calendars/range';
import { REFERENCE_DATA } from '../http/caching';

// Country names, codes and regions are checked by the handlers (lib/calendars/country.ts, holidays.ts):
// they come from the reference-data files, which this registry file (imported by every handler) must not read.

const SOURCE =
  'From the python-holidays data set (v0.102, MIT: the library\'s rules for 250 countries and their subdivisions), ' +
  `${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR}, in local calendar days. Lunar dates without an official table are estimates, ` +
  'named "... (estimated)", and may be a day or two off; holidays declared after the data set are missing. ' +
  'A year the data set does not cover for the country (Germany before 1991, Sri Lanka after 2026) is 404 no_data naming the covered years; ' +
  'an empty list means no such holidays that year. Served as people keep them, where official calendars settle it against the data set: ' +
  'a holiday every subdivision keeps is national, one none keeps is not served, and Sweden\'s weekly Sundays and Belgium\'s Easter Sunday ' +
  'and Whit Sunday are not public holidays.';

const ENTRIES =
  'One entry per holiday and day, by date, national ones first; holidays sharing a day are separate entries. observed is true for ' +
  'days made by an observed or substitution rule, which are days off: weekend substitutes ("... (observed)", JP "Substitute Holiday"), ' +
  'holidays moved by law (only the new day is listed) and days off swapped for a working weekend day (CN "Day off (substituted from 02/04/2024)").';

const REGIONS =
  'regions are ISO 3166-2 codes (US-CA, GB-SCT, BR-AC), or "<country>-" and the data set\'s code where ISO has none: DE-Augsburg (a city, ' +
  'listed besides DE-BY), CH-Stadt Zurich, BR-São Paulo Capital, IT-Andria, IT-Barletta, IT-Cesena, IT-Forli, IT-Pesaro, IT-Trani, IT-Urbino, ' +
  'NZ-South Canterbury, MO-I, MO-M; Norway uses its 2024 county numbers (NO-31 to NO-56).';

const YEAR_ACCESS = 'Free keys get the current year (UTC); any other year needs a paid plan (403 plan_required), sending year = the current year is allowed.';

const REGION_PARAM = 'optional subdivision as in regions, "US-CA" or "CA", any case (unknown: 400 listing the codes)';

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

const publicHolidayEntry = () => z.object({
  name: z.string(),
  local_name: z.string(),
  date: z.string(),
  country: z.string(),
  year: z.int(),
  regions: z.array(z.string()),
  federal: z.boolean(),
  observed: z.boolean(),
});

const bankHolidayEntry = () => z.object({
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
      'Public holidays: the data set\'s "public" category (general time off; not bank-only, optional, half-day or community days). ' +
      'federal is true for the national calendar (regions []), false for a regional holiday, regions then listing the subdivisions that keep it. ' +
      'A national holiday a subdivision replaces by its own stays federal (US Washington\'s Birthday; California\'s "Presidents\' Day" is a ' +
      'regional entry that day); /v1/ispublicholiday with region answers per subdivision. local_name is the name in the country\'s language ' +
      `(JP "天皇誕生日"; English where untranslated). ${ENTRIES} ${REGIONS}\n\n` +
      'country: 2-letter ISO 3166-1 code or name (the data set\'s, ISO 3166-1\'s, the common English or the local one; any case, accents ' +
      'optional: "usa", "Korea, Republic of", "Deutschland"); the response gives the code.\n\n' +
      YEAR_ACCESS,
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      country: countryCodeOrName('2-letter ISO 3166-1 country code or country name'),
      year: year(),
    }),
    paramGates: { year: { access: 'premium', freeValue: isCurrentYear } },
    response: { json: () => z.array(publicHolidayEntry()) },
    layers: ['referenceData'],
  }),
  isPublicHoliday: defineEndpoint({
    path: '/v1/ispublicholiday',
    method: 'GET',
    entry: 'functions/isPublicHoliday.ts',
    summary: 'Whether a date is a public holiday in a country or one of its subdivisions',
    description:
      `${SOURCE}\n\n` +
      'Without region, for the whole country: true when a national public holiday (federal in /v1/publicholidays, observed days included) ' +
      'falls on the date, or when every subdivision keeps one of that day\'s holidays under its own name (AU 2026-12-28: Boxing Day, ' +
      'Boxing Day (observed), Proclamation Day (observed)); a holiday only some keep does not count (GB Easter Monday, not kept in Scotland). ' +
      'A holiday every subdivision keeps is national (AU Australia Day 2025 on Monday 27 January, where every state moved it off the Sunday). ' +
      'With region (GB-SCT, or CA with country=US), ' +
      'exact for that subdivision: the national holidays it keeps and its own, under its own name where it replaces one; region is repeated ' +
      'in the response. public_holiday_name: English name(s), joined with " / ", null when false. country: 2-letter ISO 3166-1 code ' +
      `(a name is rejected with a hint to its code). date: ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}, all plans. ${REGIONS}`,
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      country: countryCodeOrName('2-letter ISO 3166-1 country code'),
      date: holidayDate(`day to check, YYYY-MM-DD, ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}`),
      region: region(),
    }),
    rules: (p) => checkDateRange(p.date),
    response: {
      json: () => z.object({
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
      'Bank holidays: the national public holidays plus the data set\'s "bank" category, bank-only days in 20 countries (JP 2-3 January ' +
      'and 31 December, BE Good Friday, AR "Bankers\' Day", AT and AU regional days, SE "... (from 2pm)" closings). Regional public holidays ' +
      'count only where bank holidays are set per subdivision: GB (Banking and Financial Dealings Act 1971), listing the UK-wide days and each ' +
      'nation\'s own with regions (Late Summer Bank Holiday: GB-ENG, GB-NIR, GB-WLS). type is BANK_HOLIDAY, name English, regions [] for ' +
      `national days. ${ENTRIES} ${REGIONS}\n\n` +
      'country: code (preferred) or name, as for /v1/publicholidays; the response gives the code.\n\n' +
      YEAR_ACCESS,
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      country: countryCodeOrName('2-letter ISO 3166-1 country code (preferred) or country name'),
      year: year(),
    }),
    paramGates: { year: { access: 'premium', freeValue: isCurrentYear } },
    response: { json: () => z.array(bankHolidayEntry()) },
    layers: ['referenceData'],
  }),
  isBankHoliday: defineEndpoint({
    path: '/v1/isbankholiday',
    method: 'GET',
    entry: 'functions/isBankHoliday.ts',
    summary: 'Whether banks are closed for a holiday on a date in a country or one of its subdivisions',
    description:
      `${SOURCE}\n\n` +
      'From the entries of /v1/bankholidays: without region, true when any of them falls on the date, with regions the subdivisions that ' +
      'keep it ([] when it is national), e.g. GB Easter Monday: regions GB-ENG, GB-NIR, GB-WLS; with region, true when one kept there falls ' +
      'on it, by the rule of /v1/ispublicholiday: a national one the region is not excluded from, or one naming the region (country=GB&region=SCT ' +
      'on Easter Monday: false; country=US&region=TX on Columbus Day: false), and region is repeated in the response. Weekends ' +
      'are not holidays. holiday_name (English, joined with " / ") and regions only when true. country: code or name; the response gives the code. ' +
      `date: ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}; free keys up to the end of the current year (UTC), later years need a paid plan (403 plan_required).`,
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      date: holidayDate(`day to check, YYYY-MM-DD, ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE} (later years than the current one: paid plans)`),
      country: countryCodeOrName('2-letter ISO 3166-1 country code or country name'),
      region: region(),
    }),
    paramGates: { date: { access: 'premium', freeValue: (date, now) => yearOf(date) <= now.getUTCFullYear() } },
    rules: (p) => checkDateRange(p.date),
    response: {
      json: () => z.object({
        is_bank_holiday: z.boolean(),
        holiday_name: z.optional(z.string()),
        date: z.string(),
        country: z.string(),
        region: z.optional(z.string()),
        regions: z.optional(z.array(z.string())),
      }),
    },
    layers: ['referenceData'],
  }),
};
