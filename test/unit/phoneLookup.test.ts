import { createRequire } from 'node:module';
import type { MetadataJson } from 'libphonenumber-js/core';
import { getCountries } from 'libphonenumber-js/max';
import { DataUnavailableError, InvalidParameterError } from '../../lib/http/errors';
import { importPhoneData } from '../../lib/phone/import';
import { describePhone, parsePhoneInput, phoneCountry } from '../../lib/phone/lookup';
import { callingCodePrefixes, phoneMetadata } from '../../lib/phone/prefixData';
import {
  compactPrefixTable,
  longestPrefixMatch,
  PHONE_METADATA_FILE,
  PHONE_PREFIX_INDEX_FILE,
  phonePrefixFile,
  type CallingCodePrefixes,
  type PrefixIndex,
} from '../../lib/phone/prefixTable';
import { withEmptyReferenceData } from '../support/emptyReferenceData';
import { thrown } from '../support/thrown';

let tables: Record<string, { data: unknown }>;
beforeAll(async () => {
  tables = (await importPhoneData()).files;
});

/** The imported numbering metadata, as the handler loads it. */
const metadata = () => tables[PHONE_METADATA_FILE]!.data as MetadataJson;

/** The imported prefix tables of a calling code, as the handler would load them. */
const prefixesOf = (callingCode: string) => (tables[phonePrefixFile(callingCode)]?.data ?? null) as CallingCodePrefixes | null;

/** Parses and describes a number as the endpoint does (Business+ view unless `detailed` is false). */
function lookUp(number: string, country?: string, detailed = true) {
  const region = country === undefined ? undefined : phoneCountry(country, metadata());
  const phone = parsePhoneInput(number, region, metadata());
  return describePhone(phone, region, prefixesOf(phone.countryCallingCode), (tables[PHONE_PREFIX_INDEX_FILE]?.data as PrefixIndex).countryNames, detailed, metadata());
}

const invalidParameter = (act: () => unknown) => thrown(InvalidParameterError, act);

describe('prefix tables', () => {
  test('keep each description once and find the longest matching prefix', () => {
    // Prepare
    const table = compactPrefixTable({ '20': 'London', '207': 'Central London', '121': 'Birmingham', '161': 'Manchester', '1612': 'Manchester' });

    // Act
    const matches = ['2079460018', '2034567890', '1214960000', '1612345678', '3000000000'].map((n) => longestPrefixMatch(table, n));

    // Assess
    expect(table.names).toHaveLength(4);
    expect(matches).toEqual(['Central London', 'London', 'Birmingham', 'Manchester', null]);
  });

  test('the import writes an index and one file per calling code with English locations and carriers', () => {
    // Prepare
    const index = tables[PHONE_PREFIX_INDEX_FILE]?.data as PrefixIndex;

    // Act
    const us = prefixesOf('1');
    const china = prefixesOf('86');

    // Assess
    expect(index.callingCodes).toEqual(expect.arrayContaining(['1', '44', '49', '86']));
    expect(longestPrefixMatch(us!.location, '2125550000')).toBe('New York, NY');
    expect(longestPrefixMatch(china!.carrier, '13800138000')).toBe('China Mobile');
  });

  test('the index names every region libphonenumber knows, in English as CLDR names it', () => {
    // Prepare
    const index = tables[PHONE_PREFIX_INDEX_FILE]?.data as PrefixIndex;
    const cldr = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

    // Act
    const names = index.countryNames;

    // Assess
    expect(Object.keys(names).sort()).toEqual([...getCountries()].sort());
    for (const code of getCountries()) expect(names[code]).toBe(cldr.of(code));
    expect(names).toMatchObject({ GB: 'United Kingdom', US: 'United States', CN: 'China', AC: 'Ascension Island' });
  });

  test('answers 503 data_unavailable when the tables were not imported', () => {
    // Act / Assess: as if the import step never ran
    expect(() => withEmptyReferenceData(() => callingCodePrefixes('1'))).toThrow(DataUnavailableError);
    expect(() => withEmptyReferenceData(() => phoneMetadata())).toThrow(DataUnavailableError);
  });

  test('writes the numbering metadata exactly as libphonenumber-js ships it, named with its version', async () => {
    // Prepare
    const shipped = createRequire(import.meta.url)('libphonenumber-js/metadata.max.json') as MetadataJson;
    const { version } = createRequire(import.meta.url)('libphonenumber-js/package.json') as { version: string };

    // Act
    const { files } = await importPhoneData();

    // Assess
    expect(files[PHONE_METADATA_FILE]!.data).toEqual(shipped);
    expect(files[PHONE_METADATA_FILE]!.summary).toBe(`libphonenumber-js ${version} (MIT) metadata.max.json: Google libphonenumber numbering plans (Apache-2.0)`);
  });
});

describe('phone numbers', () => {
  test("Google's Mountain View number is a valid US number with its area and the NANP line type", () => {
    // Act
    const result = lookUp('+1 650-253-0000');

    // Assess
    expect(result).toMatchObject({
      is_valid: true,
      number: '+16502530000',
      country: 'United States',
      country_code: 1,
      region_code: 'US',
      location: 'Mountain View, CA',
      line_type: 'fixed_line_or_mobile',
      is_voip: false,
      is_disposable: false,
      mcc: null,
      mnc: null,
    });
  });

  test('a London drama number is a UK landline in London', () => {
    // Act
    const result = lookUp('+44 20 7946 0018');

    // Assess
    expect(result).toMatchObject({
      is_valid: true,
      number: '+442079460018',
      country: 'United Kingdom',
      country_code: 44,
      region_code: 'GB',
      location: 'London',
      line_type: 'landline',
      carrier: null,
    });
  });

  test('reads a national number with country, and a number without + (or with 00) as carrying its calling code', () => {
    // Act
    const national = lookUp('020 7946 0018', 'gb');
    const withoutPlus = lookUp('16502530000');
    const internationalPrefix = lookUp('0044 20 7946 0018');
    const plusWins = lookUp('+44 20 7946 0018', 'US');

    // Assess
    expect(national.number).toBe('+442079460018');
    expect(withoutPlus.number).toBe('+16502530000');
    expect(internationalPrefix.number).toBe('+442079460018');
    expect(plusWins.region_code).toBe('GB');
  });

  test('toll-free, mobile and personal numbers get their line types; mobiles have no UK location', () => {
    // Act
    const tollFree = lookUp('+1 800 555 0199');
    const ukMobile = lookUp('+44 7400 123456');
    const personal = lookUp('+44 70 0012 3456');

    // Assess
    expect(tollFree).toMatchObject({ is_valid: true, line_type: 'toll_free', location: null });
    expect(ukMobile).toMatchObject({ is_valid: true, line_type: 'mobile', location: null, region_code: 'GB' });
    expect(personal).toMatchObject({ line_type: 'personal_number', is_disposable: true, is_voip: false });
  });

  test('a China Mobile number has its city (Chinese mobiles are geographic) and original carrier', () => {
    // Act
    const result = lookUp('+86 138 0013 8000');

    // Assess
    expect(result).toMatchObject({ is_valid: true, country: 'China', region_code: 'CN', line_type: 'mobile', location: 'Beijing', carrier: 'China Mobile' });
  });

  test('a number in the unassigned 555 area code is readable but invalid', () => {
    // Act
    const result = lookUp('+1 555 555 5555');

    // Assess
    expect(result).toMatchObject({ is_valid: false, number: '+15555555555', country_code: 1, country: null, region_code: null, location: null, line_type: null, carrier: null, is_disposable: false });
  });

  test('an invalid number keeps the country asked for when it shares the calling code', () => {
    // Act
    const result = lookUp('555 555 5555', 'CA');

    // Assess
    expect(result).toMatchObject({ is_valid: false, region_code: 'CA', country: 'Canada' });
  });

  test('below Business only the fields of all plans are returned', () => {
    // Act
    const result = lookUp('+1 650-253-0000', undefined, false);

    // Assess
    expect(Object.keys(result).sort()).toEqual(['country', 'country_code', 'is_valid', 'location', 'number', 'region_code']);
  });

  test.each([
    ['abc', undefined, 'not a phone number'],
    ['call +1 650 253 0000 now', undefined, 'not a phone number'],
    ['+1', undefined, 'too short'],
    ['020 7946 0018', undefined, 'country calling code'],
    ['+999 1234567', 'US', 'unknown country calling code'],
  ])('rejects %p (country %p) with a 400 on number', (number, country, reason) => {
    // Act
    const error = invalidParameter(() => lookUp(number, country));

    // Assess
    expect(error.statusCode).toBe(400);
    expect(error.param).toBe('number');
    expect(error.message).toContain(reason);
  });

  test('rejects a country code without a numbering plan with a 400 on country', () => {
    // Act
    const error = invalidParameter(() => phoneCountry('XX', metadata()));

    // Assess
    expect(error.param).toBe('country');
    expect(error.code).toBe('invalid_parameter');
  });
});
