import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { dateParam, integerParam, textParam } from '../http/params';
import { InvalidParameterError } from '../http/errors';
import { FIRST_HOLIDAY_DATE, FIRST_HOLIDAY_YEAR, isWithinHolidayRange, LAST_HOLIDAY_DATE, LAST_HOLIDAY_YEAR, yearOf } from '../calendars/range';
import { REFERENCE_DATA } from '../http/caching';

// Country names and codes are checked by the handlers (lib/calendars/country.ts): the list comes from
// date-holidays, which must not be pulled into every handler bundle through this registry file.

const SOURCE =
  'Computed from the rules of the open-source date-holidays library (v3.37, about 200 countries and their states/provinces), ' +
  `for the years ${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR}. Dates are the country's local calendar days.`;

const ONE_ENTRY_PER_DAY =
  'A holiday lasting several days (e.g. Eid al-Fitr in some countries) gives one entry per day, all with the same name; ' +
  'a day falling in the next calendar year is listed under that year. Substitute days (a holiday moved off a weekend) are entries ' +
  'of their own named "... (substitute day)". Entries are sorted by date.';

const YEAR_ACCESS = 'Free keys get the current year (UTC); any other year needs a paid plan (403 plan_required), sending year = the current year is allowed.';

const countryCodeOrName = (what: string) => textParam(100, what);
const year = () => z.optional(integerParam(FIRST_HOLIDAY_YEAR, LAST_HOLIDAY_YEAR, `calendar year, ${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR} (paid plans; default the current year, UTC)`));
const holidayDate = (description: string) => dateParam(description);
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
});

const bankHolidayEntry = z.object({
  name: z.string(),
  date: z.string(),
  country: z.string(),
  year: z.int(),
  type: z.literal('BANK_HOLIDAY'),
});

/** Calendars (spec 4.10): public and bank holidays. */
export const calendarEndpoints = {
  publicHolidays: defineEndpoint({
    path: '/v1/publicholidays',
    method: 'GET',
    entry: 'functions/publicHolidays.ts',
    summary: 'Public holidays of a country in a year, national and regional',
    description:
      `${SOURCE} ${ONE_ENTRY_PER_DAY}\n\n` +
      'country is a 2-letter ISO 3166-1 code (any case) or a country name in English or the local language (any case, accents optional, ' +
      'e.g. "United States", "usa", "Deutschland"); the response always gives the 2-letter code. ' +
      'name is the English name, local_name the name in the country\'s first language (the English name where the rules have none). ' +
      'federal is true when the holiday is on the national calendar and every state/province keeps it; regions is then empty. ' +
      'Otherwise federal is false and regions lists the states/provinces that keep it as "<country>-<subdivision>" codes ' +
      '(ISO 3166-2 for most countries, e.g. US-CA, DE-BY, GB-SCT; date-holidays\' own code where ISO has none). ' +
      'A national holiday that some states do not keep (e.g. Columbus Day in the US) is therefore federal false with the keeping states listed. ' +
      'Holidays of cities or counties below the state level are not included; half-day holidays count for their day.\n\n' +
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
    memoryMb: 512,
  }),
  isPublicHoliday: defineEndpoint({
    path: '/v1/ispublicholiday',
    method: 'GET',
    entry: 'functions/isPublicHoliday.ts',
    summary: 'Whether a date is a public holiday in a country',
    description:
      `${SOURCE}\n\n` +
      'country is a 2-letter ISO 3166-1 code (any case); a country name is rejected with a hint to its code. ' +
      'is_public_holiday is true when the date is a public holiday of the national calendar, including one a few states/provinces do not keep ' +
      '(e.g. Easter Monday in the United Kingdom, not a holiday in Scotland); holidays kept only by some regions ' +
      '(those /v1/publicholidays lists with federal false that are not on the national calendar, e.g. César Chávez Day in California) do not count. ' +
      'public_holiday_name is its English name (several names joined with " / " when two holidays fall on the date), null when false. ' +
      `Every day of a multi-day holiday counts. date must be from ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}. All plans, any date in that span.`,
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: z.object({
      country: countryCodeOrName('2-letter ISO 3166-1 country code'),
      date: holidayDate(`day to check, YYYY-MM-DD, ${FIRST_HOLIDAY_DATE} to ${LAST_HOLIDAY_DATE}`),
    }),
    rules: (p) => checkDateRange(p.date),
    response: {
      json: z.object({
        is_public_holiday: z.boolean(),
        public_holiday_name: z.nullable(z.string()),
        date: z.string(),
        country: z.string(),
      }),
    },
    memoryMb: 512,
  }),
  bankHolidays: defineEndpoint({
    path: '/v1/bankholidays',
    method: 'GET',
    entry: 'functions/bankHolidays.ts',
    summary: 'Bank holidays (days banks are closed) of a country in a year',
    description:
      `${SOURCE} ${ONE_ENTRY_PER_DAY}\n\n` +
      'The bank holidays are the national calendar\'s public holidays plus the days the rules mark as bank holidays (e.g. Christmas Eve in Germany); ' +
      'regional holidays are not included. For the United Kingdom (GB) they are the bank holidays of England and Wales, ' +
      'so the Summer bank holiday is the last Monday in August. Every entry has type BANK_HOLIDAY and its English name. ' +
      'country is a 2-letter ISO 3166-1 code (preferred, any case) or a country name in English or the local language; ' +
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
    memoryMb: 512,
  }),
  isBankHoliday: defineEndpoint({
    path: '/v1/isbankholiday',
    method: 'GET',
    entry: 'functions/isBankHoliday.ts',
    summary: 'Whether banks are closed for a holiday on a date in a country',
    description:
      `${SOURCE}\n\n` +
      'Answers from the same calendar as /v1/bankholidays (for GB: England and Wales). Weekends are not holidays. ' +
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
    }),
    paramGates: { date: { access: 'premium', freeValue: (date, now) => yearOf(date) <= now.getUTCFullYear() } },
    rules: (p) => checkDateRange(p.date),
    response: {
      json: z.object({
        is_bank_holiday: z.boolean(),
        holiday_name: z.optional(z.string()),
        date: z.string(),
        country: z.string(),
      }),
    },
    memoryMb: 512,
  }),
};
