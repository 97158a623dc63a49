/**
 * Security identifiers of a fund share class: CUSIP (9 characters, the last a check digit) and ISIN
 * (12 characters: country code, 9-character national number, check digit). A US ISIN is `US` + the
 * CUSIP + the ISIN check digit (ISO 6166), so a class whose CUSIP is known has a derivable ISIN.
 */

const CUSIP = /^[0-9A-Z*@#]{8}[0-9]$/;
const ISIN = /^[A-Z]{2}[0-9A-Z]{9}[0-9]$/;

/** Value of one CUSIP character: digits 0–9, letters 10–35, then * 36, @ 37, # 38. */
function cusipCharValue(char: string): number {
  if (/[0-9]/.test(char)) return Number(char);
  if (/[A-Z]/.test(char)) return char.charCodeAt(0) - 55;
  const special = { '*': 36, '@': 37, '#': 38 }[char];
  if (special === undefined) throw new RangeError(`'${char}' is not a CUSIP character`);
  return special;
}

/** The check digit of the first 8 CUSIP characters (the "modulus 10 double add double" rule). */
export function cusipCheckDigit(first8: string): number {
  if (!/^[0-9A-Z*@#]{8}$/.test(first8)) throw new RangeError(`'${first8}' is not 8 CUSIP characters`);
  let sum = 0;
  for (let i = 0; i < 8; i += 1) {
    let value = cusipCharValue(first8[i]!);
    if (i % 2 === 1) value *= 2;
    sum += Math.floor(value / 10) + (value % 10);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidCusip(value: string): boolean {
  return CUSIP.test(value) && cusipCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

/**
 * The check digit of the first 11 ISIN characters: letters become two digits (A = 10 … Z = 35), then the
 * Luhn rule over the digit string, doubling from the rightmost digit.
 */
export function isinCheckDigit(first11: string): number {
  if (!/^[A-Z]{2}[0-9A-Z]{9}$/.test(first11)) throw new RangeError(`'${first11}' is not 11 ISIN characters`);
  const digits = [...first11].map((c) => (/[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidIsin(value: string): boolean {
  return ISIN.test(value) && isinCheckDigit(value.slice(0, 11)) === Number(value[11]);
}

/** `US` + CUSIP + check digit; throws on an invalid CUSIP (never derive an ISIN from a bad one). */
export function isinFromCusip(cusip: string, country = 'US'): string {
  if (!isValidCusip(cusip)) throw new RangeError(`'${cusip}' is not a valid CUSIP`);
  if (!/^[A-Z]{2}$/.test(country)) throw new RangeError(`'${country}' is not an ISO country code`);
  const first11 = `${country}${cusip}`;
  return `${first11}${isinCheckDigit(first11)}`;
}
