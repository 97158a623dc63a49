/**
 * Vehicle identification numbers (ISO 3779, 49 CFR 565) and Japanese chassis numbers: recognising the
 * input, the position-9 check digit, the model year of position 10. Pure functions; the messages
 * complete "Parameter 'vin' ...".
 */
import { InvalidParameterError } from '../http/errors';

export const VIN_LENGTH = 17;

/** Characters allowed in a VIN, in ISO 3779 order (letters without I, O, Q, then 1-9, then 0). */
export const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';

/** Model-year codes of position 10, one per year of a 30-year cycle starting 1980 (A) / 2010 (A). */
const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** 49 CFR 565.15 transliteration of letters for the check digit. */
const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** A Japanese chassis (frame) number: model code, a hyphen, the serial number (e.g. ZVW30-1234567). */
const CHASSIS_NUMBER = /^([A-Z][A-Z0-9]{1,7})-(\d{4,8})$/;

export type VehicleIdentifier =
  | { kind: 'vin'; vin: string }
  | { kind: 'chassis'; chassis: string; modelCode: string; serial: string };

/** 400 invalid_parameter on `vin`; `reason` completes "Parameter 'vin' ...". */
function invalidVin(reason: string): InvalidParameterError {
  return new InvalidParameterError(`Parameter 'vin' ${reason}.`, 'vin');
}

/** The check digit (0-9 or X) the other 16 characters of a well-formed VIN call for. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const char = vin[i]!;
    const value = /\d/.test(char) ? Number(char) : TRANSLITERATION[char];
    if (value === undefined) throw new RangeError(`'${char}' cannot appear in a VIN`);
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** WMIs of the North American zone (first character 1-5), where the check digit is mandatory. */
export function isNorthAmerican(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/**
 * Recognises a VIN (17 characters without I, O, Q; case-insensitive) or a Japanese chassis number;
 * enforces the check digit for North American WMIs. Anything else → 400 invalid_parameter with the reason.
 */
export function parseVehicleIdentifier(input: string): VehicleIdentifier {
  const text = input.trim().toUpperCase();
  const chassis = CHASSIS_NUMBER.exec(text);
  if (chassis) return { kind: 'chassis', chassis: text, modelCode: chassis[1]!, serial: chassis[2]! };

  if (text.length !== VIN_LENGTH || !/^[A-Z0-9]+$/.test(text)) {
    throw invalidVin(
      `must be a 17-character VIN (letters and digits) or a Japanese chassis number such as ZVW30-1234567; got ${text.length} characters`,
    );
  }
  const forbidden = [...new Set(text.replace(/[^IOQ]/g, ''))];
  if (forbidden.length > 0) {
    throw invalidVin(`must not contain the letters I, O or Q (VINs use 1 and 0 instead); found ${forbidden.join(', ')}`);
  }
  if (isNorthAmerican(text)) {
    const expected = vinCheckDigit(text);
    if (text[8] !== expected) {
      throw invalidVin(
        `fails the check digit: position 9 is '${text[8]}' but the other characters call for '${expected}' (mandatory for North American VINs, first character 1-5)`,
      );
    }
  }
  return { kind: 'vin', vin: text };
}

/**
 * The model year of position 10. VINs made to the US/Canadian rule (49 CFR 565.15) — every North
 * American WMI, and a vehicle from elsewhere whose position 9 holds the right check digit, as vehicles
 * built for that market do — read position 7: a digit puts the code in the 1980-2009 cycle, a letter in
 * 2010-2039. Other VINs (where the year code is optional) get the most recent of the code's years
 * (1980 + 30k) that is not after next year. Null when position 10 holds no year code (U, Z, 0).
 */
export function modelYear(vin: string, now: Date): number | null {
  const index = MODEL_YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return null;
  if (followsNorthAmericanRule(vin)) return (/\d/.test(vin[6] ?? '') ? 1980 : 2010) + index;
  const latest = now.getUTCFullYear() + 1;
  let year = 1980 + index;
  while (year + 30 <= latest) year += 30;
  return year;
}

/** A North American WMI, or a valid check digit (the mark of a VIN made to the US/Canadian rule). */
export function followsNorthAmericanRule(vin: string): boolean {
  return isNorthAmerican(vin) || vin[8] === vinCheckDigit(vin);
}
