import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { patternParam, textParam } from '../http/params';
import { parseVehicleIdentifier } from '../vehicles/vin';
import { REFERENCE_DATA } from '../http/caching';

const nullableString = () => z.nullable(z.string());

/** Lookups (spec 4.2, 4.11): phone numbers and VINs. */
export const lookupEndpoints = {
  phoneLookup: defineEndpoint({
    path: '/v1/phonelookup',
    method: 'GET',
    entry: 'functions/phoneLookup.ts',
    summary: 'Validate a phone number: E.164 form, country, location; line type and carrier on Business+',
    description:
      "number: digits with optional spaces, dashes, dots, parentheses and a leading +; the whole text must be the number. " +
      "Without country the number must start with its country calling code (the + may be left out or written 00); with country, a number " +
      "without + is read in that country's national format (a number with + keeps its own country). " +
      'Text that cannot be read as a phone number (letters, too short, too long, unknown calling code) → 400 invalid_parameter; ' +
      'a readable number that no numbering plan assigns → 200 with is_valid false. ' +
      'country is the English name and region_code the ISO 3166-1 code of the region the number belongs to (e.g. GG for ' +
      'Guernsey numbers under +44); both null for non-geographic codes (+800, +881, ...) and for invalid numbers whose ' +
      'calling code several countries share. location: the sub-national area of geographic numbers (landlines; mobiles only ' +
      'in Mexico, Argentina, Brazil, Indonesia and China, where mobile numbers have areas), null otherwise. ' +
      'Business+ adds: line_type — landline, mobile, voip, toll_free, fixed_line_or_mobile (North American numbers and other ' +
      'plans where the two share ranges), and the finer types premium_rate, shared_cost, personal_number, pager, uan ' +
      '(universal access number), voicemail; null when the number is invalid. carrier: the operator the number range was ' +
      'originally allocated to (not corrected for number portability), for mobile, fixed_line_or_mobile and pager numbers ' +
      'where known (none for North America), else null. is_voip: line_type is voip. is_disposable: line_type is voip or ' +
      'personal_number — ranges not tied to a line or a SIM, which can be obtained and dropped at will (no live check of ' +
      'temporary-number services). mcc, mnc: always null — the offline carrier data name operators without mobile network ' +
      'codes. Data: Google libphonenumber metadata, geocoder and carrier tables (Apache-2.0).',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      number: textParam(64, 'phone number, with country calling code unless country is set'),
      country: z.optional(
        patternParam(/^[A-Za-z]{2}$/, 'a 2-letter ISO 3166-1 country code (e.g. US, GB)', 'country of a number written without its calling code'),
      ),
    }),
    response: {
      json: () => z.object({
        is_valid: z.boolean(),
        number: z.string(),
        country: nullableString(),
        country_code: z.int(),
        region_code: nullableString(),
        location: nullableString(),
        line_type: z.optional(nullableString()),
        carrier: z.optional(nullableString()),
        is_voip: z.optional(z.boolean()),
        mcc: z.optional(nullableString()),
        mnc: z.optional(nullableString()),
        is_disposable: z.optional(z.boolean()),
      }),
    },
    layers: ['referenceData'],
  }),
  vinLookup: defineEndpoint({
    path: '/v1/vinlookup',
    method: 'GET',
    entry: 'functions/vinLookup.ts',
    summary: 'Decode a VIN (or a Japanese chassis number): country, region, sections, model year; manufacturer, model, body class on paid plans',
    description:
      'vin: 17 characters, letters and digits without I, O, Q (case-insensitive; answered upper-case), or a Japanese chassis ' +
      'number <model code>-<serial> such as ZVW30-1234567. Anything else → 400 invalid_parameter, as is a VIN from a North ' +
      'American WMI (first character 1-5) whose check digit (position 9) is wrong. ' +
      'wmi: characters 1-3, vds: 4-9, vis: 10-17. country: from the NHTSA vPIC WMI table (the 6-character WMI of small ' +
      'manufacturers — third character 9 completed by characters 12-14 — where it applies), else from the ISO 3779 range of ' +
      'the first two characters, else null. region: the ISO 3779 zone of the first character (Africa, Asia, Europe, North ' +
      'America, Oceania, South America). year: model year from position 10. VINs made to the US/Canadian rule (49 CFR 565.15: North ' +
      'American WMIs, and VINs from elsewhere whose position 9 holds a valid check digit, as vehicles built for that market ' +
      'do) read position 7: a digit means 1980-2009, a letter 2010-2039. Other VINs get the latest year of the code not after ' +
      'next year (outside North America the code is optional and may not be a model year); null when position 10 holds no ' +
      'year code. ' +
      'Chassis numbers: country Japan, region Asia; wmi, vds, vis and year null (the number carries no year). ' +
      'Paid plans add manufacturer (vPIC WMI table, as registered with NHTSA), model and class (body class) from the offline ' +
      'vPIC VIN patterns; null where vPIC has no pattern for the VIN (mostly vehicles not sold in the US) and for chassis numbers.',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({ vin: textParam(32, '17-character VIN or Japanese chassis number') }),
    rules: (p) => {
      parseVehicleIdentifier(p.vin);
    },
    response: {
      json: () => z.object({
        vin: z.string(),
        country: nullableString(),
        region: nullableString(),
        wmi: nullableString(),
        vds: nullableString(),
        vis: nullableString(),
        year: nullableString(),
        manufacturer: z.optional(nullableString()),
        model: z.optional(nullableString()),
        class: z.optional(nullableString()),
      }),
    },
    memoryMb: 512,
    layers: ['referenceData', 'vpic'],
  }),
};
