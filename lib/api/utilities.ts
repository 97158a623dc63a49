import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { booleanParam, dateParam, enumParam, integerParam, patternParam, textParam } from '../http/params';
import { InvalidParameterError } from '../http/errors';
import { utcDate } from '../time/calendarDate';
import { BARCODE_TYPES, MAX_BARCODE_TEXT_LENGTH } from '../media/barcodeTypes';
import { ZODIAC_SIGNS } from '../horoscope/signs';
import { NOT_STORED, REFERENCE_DATA, UTC_DAY } from '../http/caching';

const jokeList = () => z.array(z.object({ joke: z.string() }));
const noParams = () => z.object({});

/** Utilities (spec 4.1, 4.12): counter, analytics, jokes, profanity filter, barcodes, horoscope. */
export const utilityEndpoints = {
  counter: defineEndpoint({
    path: '/v1/counter',
    method: 'GET',
    entry: 'functions/counter.ts',
    summary: 'Read, increment or set a named counter scoped to your API key',
    description:
      'An unused id creates the counter at 0. hit=true adds 1; value sets it (0 resets); hit and value together are rejected. ' +
      'Free accounts keep a counter 14 days from its creation; paid accounts keep it until 180 days without a request.',
    access: 'all',
    metering: 'quota',
    cache: NOT_STORED,
    params: () => z.object({
      id: patternParam(/^[A-Za-z0-9_.-]{1,64}$/, '1 to 64 characters of A-Z, a-z, 0-9, _ . -', 'counter name'),
      hit: z.optional(enumParam(['true'], 'add 1 to the counter')),
      value: z.optional(integerParam(0, Number.MAX_SAFE_INTEGER, 'set the counter to this value (0 resets)')),
    }),
    rules: (p) => {
      if (p.hit !== undefined && p.value !== undefined) {
        throw new InvalidParameterError("Parameters 'hit' and 'value' cannot be used together.", 'value');
      }
    },
    response: { json: () => z.object({ id: z.string(), value: z.int() }) },
    tables: { counters: 'readWrite' },
  }),
  analytics: defineEndpoint({
    path: '/v1/analytics',
    method: 'GET',
    entry: 'functions/analytics.ts',
    summary: 'Usage of your key in the current billing month',
    description: 'The key goes in the api_key query parameter. Not counted against the quota; at most 10 calls per minute.',
    access: 'analytics',
    keyIn: 'query',
    metering: 'rateLimit',
    cache: NOT_STORED,
    params: noParams,
    response: {
      json: () => z.object({
        api_key: z.string(),
        account_creation_date: z.string(),
        subscription_tier: z.string(),
        subscription_period: z.enum(['month', 'year']),
        api_reset_date: z.string(),
        current_month_usage: z.int(),
        api_call_history: z.record(z.string(), z.record(z.string(), z.int())),
      }),
    },
    tables: { usage: 'read' },
  }),
  jokes: defineEndpoint({
    path: '/v1/jokes',
    method: 'GET',
    entry: 'functions/jokes.ts',
    summary: 'Random jokes',
    description: 'Free keys draw one joke from a fixed pool of 100; paid keys draw up to 100 from every joke we have.',
    access: 'all',
    metering: 'quota',
    cache: NOT_STORED,
    params: () => z.object({ limit: z._default(integerParam(1, 100, 'number of jokes (paid plans)'), 1) }),
    paramGates: { limit: { access: 'premium', freeValue: (limit) => limit === 1 } },
    response: { json: jokeList },
    layers: ['referenceData'],
  }),
  jokeOfTheDay: defineEndpoint({
    path: '/v1/jokeoftheday',
    method: 'GET',
    entry: 'functions/jokeOfTheDay.ts',
    summary: 'The joke of the day (UTC), the same for every caller',
    access: 'all',
    metering: 'quota',
    cache: UTC_DAY,
    params: noParams,
    response: { json: jokeList },
    layers: ['referenceData'],
  }),
  profanityFilter: defineEndpoint({
    path: '/v1/profanityfilter',
    method: 'GET',
    entry: 'functions/profanityFilter.ts',
    summary: 'Detect and censor profanity, including obfuscated spellings',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({ text: textParam(1000, 'text to check, at most 1000 characters') }),
    response: { json: () => z.object({ original: z.string(), censored: z.string(), has_profanity: z.boolean() }) },
  }),
  barcodeGenerate: defineEndpoint({
    path: '/v1/barcodegenerate',
    method: 'GET',
    entry: 'functions/barcodeGenerate.ts',
    summary: 'Barcode image (PNG or SVG)',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      text: textParam(MAX_BARCODE_TEXT_LENGTH, 'data to encode'),
      type: z._default(enumParam(BARCODE_TYPES, 'symbology'), 'upc'),
      format: z.optional(enumParam(['png', 'svg'], 'image format')),
      include_text: z._default(booleanParam('print the human-readable text under the bars'), true),
    }),
    response: { binary: ['image/png', 'image/svg+xml'] },
    // without format, Accept chooses SVG or PNG
    vary: ['Accept'],
    memoryMb: 512,
  }),
  horoscope: defineEndpoint({
    path: '/v1/horoscope',
    method: 'GET',
    entry: 'functions/horoscope.ts',
    summary: 'Daily horoscope per zodiac sign',
    description:
      'Dates are UTC days. Free keys get today; paid keys may ask for any past date. Future dates are rejected. zodiac is the sign as asked ' +
      '(lower case), sign its English name capitalised ("Aries"), as the live API Ninjas service sends it.',
    access: 'all',
    metering: 'quota',
    cache: UTC_DAY,
    params: () => z.object({
      zodiac: enumParam(ZODIAC_SIGNS, 'zodiac sign'),
      date: z.optional(dateParam('day of the horoscope (paid plans), today or earlier')),
    }),
    paramGates: { date: { access: 'premium', freeValue: (date, now) => date === utcDate(now) } },
    rules: (p, now) => {
      if (p.date !== undefined && p.date > utcDate(now)) {
        throw new InvalidParameterError(`Parameter 'date' is in the future; horoscopes exist up to today (${utcDate(now)}, UTC).`, 'date');
      }
    },
    response: {
      json: () => z.object({
        date: z.string(),
        zodiac: z.string(),
        sign: z.string().check(z.meta({ description: 'the sign\'s English name, capitalised ("Aries"), as the live service names it' })),
        horoscope: z.string(),
      }),
    },
  }),
};
