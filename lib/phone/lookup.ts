/**
 * Phone number lookup (spec 4.2): parsing with libphonenumber-js's core and its max metadata (which knows
 * number types), passed in: the import step writes it to the reference-data layer (PHONE_METADATA_FILE), so
 * it is parsed as JSON on the first call instead of compiled with the bundle (npm run bench: about 4 ms of a
 * cold start). Location and original carrier from libphonenumber's prefix tables. Plain values in, plain
 * values out.
 */
import {
  getCountryCallingCode,
  isSupportedCountry,
  ParseError,
  parsePhoneNumberWithError,
  type CountryCode,
  type MetadataJson,
  type NumberType,
  type PhoneNumber,
} from 'libphonenumber-js/core';
import { InvalidParameterError } from '../http/errors';
import { longestPrefixMatch, type CallingCodePrefixes } from './prefixTable';

export const LINE_TYPES = [
  'mobile',
  'landline',
  'fixed_line_or_mobile',
  'voip',
  'toll_free',
  'premium_rate',
  'shared_cost',
  'personal_number',
  'pager',
  'uan',
  'voicemail',
] as const;
export type LineType = (typeof LINE_TYPES)[number];

/** libphonenumber's number types under the names of the API. */
const LINE_TYPE_NAMES: Record<NonNullable<NumberType>, LineType> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'landline',
  FIXED_LINE_OR_MOBILE: 'fixed_line_or_mobile',
  VOIP: 'voip',
  TOLL_FREE: 'toll_free',
  PREMIUM_RATE: 'premium_rate',
  SHARED_COST: 'shared_cost',
  PERSONAL_NUMBER: 'personal_number',
  PAGER: 'pager',
  UAN: 'uan',
  VOICEMAIL: 'voicemail',
};

/** Line types whose numbers are not tied to a physical line or a SIM and can be had and dropped at will. */
export const DISPOSABLE_LINE_TYPES: ReadonlySet<LineType> = new Set(['voip', 'personal_number']);

/**
 * Calling codes where mobile numbers carry a geographic area (libphonenumber's GEO_MOBILE_COUNTRIES:
 * Mexico, Argentina, Brazil, Indonesia, China); elsewhere a mobile number has no sub-national location.
 */
const GEOGRAPHIC_MOBILE_CALLING_CODES: ReadonlySet<string> = new Set(['52', '54', '55', '62', '86']);
/** libphonenumber maps original carriers only for these types (PhoneNumberToCarrierMapper). */
const CARRIER_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PAGER']);

/** The `country` parameter as a region libphonenumber knows, upper-cased; 400 otherwise. */
export function phoneCountry(country: string, metadata: MetadataJson): CountryCode {
  // a supported code is a CountryCode (core's isSupportedCountry does not narrow the type as max's does)
  const code = country.toUpperCase() as CountryCode;
  if (!isSupportedCountry(code, metadata)) {
    throw new InvalidParameterError(
      `Parameter 'country' must be a 2-letter ISO 3166-1 country code with a telephone numbering plan (e.g. US, GB, DE); '${country}' is not one.`,
      'country',
    );
  }
  return code;
}

const PARSE_PROBLEMS: Record<string, (countrySet: boolean) => string> = {
  NOT_A_NUMBER: () => "Parameter 'number' is not a phone number: use digits with optional spaces, dashes, dots or parentheses and a leading +.",
  INVALID_COUNTRY: (countrySet) =>
    countrySet
      ? "Parameter 'number' starts with + and an unknown country calling code."
      : "Parameter 'number' must start with a country calling code (e.g. +44 20 7946 0018) when 'country' is not set.",
  TOO_SHORT: () => "Parameter 'number' is too short to be a phone number.",
  TOO_LONG: () => "Parameter 'number' is too long to be a phone number.",
  INVALID_LENGTH: () => "Parameter 'number' has a length no phone number of its country has.",
};

/**
 * Parses the `number` parameter. Without `country` the number must carry its calling code, with or
 * without the leading + (or with 00 in its place); with `country`, numbers without + are read in that
 * country's national (or international-without-plus) format. The whole text must be the number: no surrounding words.
 * Text libphonenumber cannot read as a phone number → 400 invalid_parameter.
 */
export function parsePhoneInput(number: string, country: CountryCode | undefined, metadata: MetadataJson): PhoneNumber {
  const text = number.trim();
  // without a country the number carries its calling code; codes never start with 0, so a leading 00 is
  // the common international call prefix
  const input = country !== undefined || text.startsWith('+') ? text : `+${text.replace(/^00/, '')}`;
  try {
    return parsePhoneNumberWithError(input, country ? { defaultCountry: country, extract: false } : { extract: false }, metadata);
  } catch (error) {
    if (error instanceof ParseError) {
      const problem = PARSE_PROBLEMS[error.message] ?? PARSE_PROBLEMS.NOT_A_NUMBER!;
      throw new InvalidParameterError(problem(country !== undefined), 'number');
    }
    throw error;
  }
}

export interface PhoneLookup {
  is_valid: boolean;
  number: string;
  country: string | null;
  country_code: number;
  region_code: string | null;
  location: string | null;
}

export interface PhoneLookupDetails {
  line_type: LineType | null;
  carrier: string | null;
  is_voip: boolean;
  mcc: string | null;
  mnc: string | null;
  is_disposable: boolean;
}

/**
 * The region of the number: the one libphonenumber assigns (valid numbers), else the `country` asked
 * for when it shares the calling code, else the only region of the calling code; null for
 * non-geographic codes (+800, +881, ...) and ambiguous invalid numbers (e.g. an invalid +1 number).
 */
function regionOf(phone: PhoneNumber, asked: CountryCode | undefined, metadata: MetadataJson): string | null {
  if (phone.country) return phone.country;
  if (asked && getCountryCallingCode(asked, metadata) === phone.countryCallingCode) return asked;
  const possible = phone.getPossibleCountries();
  return possible.length === 1 ? possible[0]! : null;
}

/**
 * All plans' fields, plus the Business+ fields when `detailed`. `countryNames`: English region names by
 * ISO 3166 alpha-2 code (the import step's, prefixData.ts).
 */
export function describePhone(
  phone: PhoneNumber,
  asked: CountryCode | undefined,
  prefixes: CallingCodePrefixes | null,
  countryNames: Readonly<Record<string, string>>,
  detailed: boolean,
  metadata: MetadataJson,
): PhoneLookup & Partial<PhoneLookupDetails> {
  const isValid = phone.isValid();
  const type = isValid ? phone.getType() : undefined;
  const regionCode = regionOf(phone, asked, metadata);
  const country = regionCode ? (countryNames[regionCode] ?? null) : null;
  const callingCode = phone.countryCallingCode;
  const national = phone.nationalNumber;

  const geographic =
    type === 'FIXED_LINE' || type === 'FIXED_LINE_OR_MOBILE' || (type === 'MOBILE' && GEOGRAPHIC_MOBILE_CALLING_CODES.has(callingCode));
  const area = geographic ? longestPrefixMatch(prefixes?.location ?? null, national) : null;
  const basics: PhoneLookup = {
    is_valid: isValid,
    number: phone.number,
    country,
    country_code: Number(callingCode),
    region_code: regionCode,
    // a description that only repeats the country says nothing sub-national
    location: area && area !== country ? area : null,
  };
  if (!detailed) return basics;

  const lineType = type ? LINE_TYPE_NAMES[type] : null;
  return {
    ...basics,
    line_type: lineType,
    carrier: type && CARRIER_TYPES.has(type) ? longestPrefixMatch(prefixes?.carrier ?? null, national) : null,
    is_voip: lineType === 'voip',
    // libphonenumber's carrier data names the operator only; no offline source maps it to MCC/MNC
    mcc: null,
    mnc: null,
    is_disposable: lineType !== null && DISPOSABLE_LINE_TYPES.has(lineType),
  };
}
