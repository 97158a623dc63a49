/**
 * Linear barcode rendering with bwip-js (PNG or SVG).
 *
 * Each public barcode type maps to one bwip-js encoder. The text is checked here first wherever
 * bwip-js would answer with a cryptic message (digits only, lengths, check digits, prefixes);
 * anything bwip-js still rejects becomes a BarcodeTextError with bwip's "bwipp.xxx#123:" prefix removed.
 */
// The "./node" entry point: the package root only has platform conditions (node, browser, ...), which
// TypeScript's Bundler resolution does not pick, while "./node" resolves the same module everywhere.
import { code128, code39, drawingSVG, ean13, ean8, gs1_128, isbn, issn, itf14, pzn, upca, type RenderOptions } from 'bwip-js/node';

import { MAX_BARCODE_TEXT_LENGTH, type BarcodeType } from './barcodeTypes';

export { BARCODE_TYPES, MAX_BARCODE_TEXT_LENGTH, type BarcodeType } from './barcodeTypes';
export type BarcodeFormat = 'png' | 'svg';

export interface BarcodeImage {
  body: Buffer;
  contentType: 'image/png' | 'image/svg+xml';
}

/** The text cannot be encoded as the requested barcode type; the message says why. */
export class BarcodeTextError extends Error {
  override readonly name = 'BarcodeTextError';
}

/**
 * The bwip-js encoders drawn with, by bcid. Imported by name: bwip-js's own lookup by bcid (toBuffer, toSVG)
 * would bundle all of its ~100 encoders (the function's bundle 4 × larger, its cold start 2 ×; npm run bench).
 */
const BWIP_ENCODERS = { code39, code128, ean13, ean8, 'gs1-128': gs1_128, itf14, isbn, issn, pzn, upca } as const;

/** What bwip-js is asked to draw: an encoder, the text in the form it expects, and encoder-specific options. */
interface EncoderRequest {
  bcid: keyof typeof BWIP_ENCODERS;
  text: string;
  /** bwip-js options missing from its type definitions (pzn8, text2). */
  extra?: Record<string, string | boolean>;
}

/** A GS1 number (EAN, UPC, GTIN): `digits` long without its check digit, one more with it. */
interface Gs1Number {
  name: string;
  digits: number;
}

const EAN13: Gs1Number = { name: 'EAN-13', digits: 12 };
const EAN8: Gs1Number = { name: 'EAN-8', digits: 7 };
const JAN: Gs1Number = { name: 'JAN', digits: 12 };
const UPCA: Gs1Number = { name: 'UPC-A', digits: 11 };
const GTIN14: Gs1Number = { name: 'GTIN-14', digits: 13 };

const upcA = (text: string): EncoderRequest => ({ bcid: 'upca', text: checkGs1Number(text, UPCA) });

const ENCODERS: Record<BarcodeType, (text: string) => EncoderRequest> = {
  code39: (text) => ({ bcid: 'code39', text }),
  code128: prepareCode128,
  ean: prepareEan,
  ean13: (text) => ({ bcid: 'ean13', text: checkGs1Number(text, EAN13) }),
  ean8: (text) => ({ bcid: 'ean8', text: checkGs1Number(text, EAN8) }),
  gs1: prepareGs1128,
  // GTIN-14 goes to ITF-14, not bwip's "ean14": ITF-14 is the GS1 symbology made for a bare GTIN-14
  // (printed on outer cartons) and takes the 13 or 14 digits as they are, whereas "ean14" is just GS1-128
  // with AI (01) and needs "(01)" syntax — that case is already served by the gs1 type.
  gtin: (text) => ({ bcid: 'itf14', text: checkGs1Number(text, GTIN14) }),
  isbn: (text) => prepareIsbn(text, 'any'),
  isbn10: (text) => prepareIsbn(text, 'isbn10'),
  isbn13: (text) => prepareIsbn(text, 'isbn13'),
  issn: prepareIssn,
  jan: prepareJan,
  pzn: preparePzn,
  upc: upcA,
  upca: upcA,
};

export async function renderBarcode(o: {
  text: string;
  type: BarcodeType;
  format: BarcodeFormat;
  includeText: boolean;
}): Promise<BarcodeImage> {
  checkTextLength(o.text);
  const request = ENCODERS[o.type](o.text);
  const options: RenderOptions = {
    bcid: request.bcid,
    text: request.text,
    scale: 3,
    height: 10,
    includetext: o.includeText,
    textxalign: 'center',
    // opaque white behind the bars (bwip-js leaves the background transparent): scanners and viewers
    // that show transparency as black read nothing otherwise
    backgroundcolor: 'FFFFFF',
    ...request.extra,
  };
  const encode = BWIP_ENCODERS[request.bcid] as typeof ean13;
  try {
    if (o.format === 'svg') {
      return { body: Buffer.from(encode(options, drawingSVG()), 'utf8'), contentType: 'image/svg+xml' };
    }
    return { body: await encode(options), contentType: 'image/png' };
  } catch (error) {
    throw toBarcodeTextError(error);
  }
}

function checkTextLength(text: string): void {
  if (text.length === 0) throw new BarcodeTextError('Barcode text must not be empty');
  if (text.length > MAX_BARCODE_TEXT_LENGTH) {
    throw new BarcodeTextError(`Barcode text must be at most ${MAX_BARCODE_TEXT_LENGTH} characters`);
  }
}

/** bwip-js reports bad input as "bwipp.<name>#<line>: <reason>"; anything else is a real failure and is rethrown. */
function toBarcodeTextError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const withReason = /^bwipp\.\w+#\d+: (.+)$/s.exec(message);
  if (withReason?.[1]) return new BarcodeTextError(withReason[1]);
  const bare = /^bwipp\.(\w+)/.exec(message);
  if (bare?.[1]) return new BarcodeTextError(`The text cannot be encoded (${bare[1]})`);
  return error;
}

/** Code 128 covers ASCII and, through FNC4, Latin-1; bwip-js would silently mangle anything beyond. */
function prepareCode128(text: string): EncoderRequest {
  for (const char of text) {
    if (char.codePointAt(0)! > 0xff) {
      throw new BarcodeTextError(`Code 128 can only encode ASCII and Latin-1 characters, not '${char}'`);
    }
  }
  return { bcid: 'code128', text };
}

/** Plain "ean" picks EAN-8 or EAN-13 from the number of digits. */
function prepareEan(text: string): EncoderRequest {
  requireDigits(text, 'EAN');
  if (text.length === 7 || text.length === 8) return { bcid: 'ean8', text: checkGs1Number(text, EAN8) };
  if (text.length === 12 || text.length === 13) return { bcid: 'ean13', text: checkGs1Number(text, EAN13) };
  throw new BarcodeTextError('EAN needs 7 or 8 digits (EAN-8) or 12 or 13 digits (EAN-13)');
}

/** JAN is EAN-13 with one of Japan's GS1 prefixes, 45 or 49. */
function prepareJan(text: string): EncoderRequest {
  const digits = checkGs1Number(text, JAN);
  if (!digits.startsWith('45') && !digits.startsWith('49')) {
    throw new BarcodeTextError('JAN must start with the Japanese prefix 45 or 49');
  }
  return { bcid: 'ean13', text: digits };
}

function prepareGs1128(text: string): EncoderRequest {
  if (!text.startsWith('(')) {
    throw new BarcodeTextError('GS1-128 text must use AI syntax, e.g. (01)09501101530003');
  }
  return { bcid: 'gs1-128', text };
}

/**
 * ISBN-10 (9 digits + check digit 0-9 or X) or ISBN-13 (978/979 + 10 digits), hyphens optional.
 * Both print as an EAN-13 "Bookland" barcode. bwip-js insists on hyphens, but correct hyphenation needs
 * the ISBN range tables; so unhyphenated input gets neutral hyphens for bwip and is printed unhyphenated.
 */
function prepareIsbn(text: string, accepts: 'any' | 'isbn10' | 'isbn13'): EncoderRequest {
  const compact = text.replaceAll('-', '').toUpperCase();
  const kind = compact.length === 10 ? 'isbn10' : compact.length === 13 ? 'isbn13' : undefined;
  if (kind === undefined) throw new BarcodeTextError(isbnLengthReason(accepts));
  if (accepts === 'isbn13' && kind === 'isbn10') {
    throw new BarcodeTextError('ISBN-13 needs 13 digits starting with 978 or 979; this looks like an ISBN-10');
  }
  if (accepts === 'isbn10' && kind === 'isbn13') {
    throw new BarcodeTextError('ISBN-10 needs 10 characters; this looks like an ISBN-13');
  }
  if (kind === 'isbn13') checkIsbn13(compact);
  else checkIsbn10(compact);
  if (text.includes('-')) return { bcid: 'isbn', text: text.toUpperCase() };
  return { bcid: 'isbn', text: hyphenateNeutrally(compact), extra: { text2: `ISBN ${compact}` } };
}

function isbnLengthReason(accepts: 'any' | 'isbn10' | 'isbn13'): string {
  if (accepts === 'isbn10') return 'ISBN-10 needs 10 characters (9 digits and a check digit 0-9 or X)';
  if (accepts === 'isbn13') return 'ISBN-13 needs 13 digits';
  return 'ISBN needs 10 characters (ISBN-10) or 13 digits (ISBN-13), hyphens aside';
}

function checkIsbn13(compact: string): void {
  requireDigits(compact, 'ISBN-13', ' and hyphens');
  if (!compact.startsWith('978') && !compact.startsWith('979')) {
    throw new BarcodeTextError('ISBN-13 must start with 978 or 979');
  }
  requireCheckDigit('ISBN-13', gs1CheckDigit(compact.slice(0, 12)), compact.slice(12));
}

function checkIsbn10(compact: string): void {
  if (!/^\d{9}[\dX]$/.test(compact)) {
    throw new BarcodeTextError('ISBN-10 must be 9 digits followed by a check digit 0-9 or X (hyphens allowed)');
  }
  requireCheckDigit('ISBN-10', mod11CheckCharacter(compact.slice(0, 9), 10), compact.slice(9));
}

/** The group, publisher and title split only shows in the human-readable text, which is overridden. */
function hyphenateNeutrally(compact: string): string {
  return compact.length === 13
    ? `${compact.slice(0, 3)}-${compact.slice(3, 4)}-${compact.slice(4, 9)}-${compact.slice(9, 12)}-${compact.slice(12)}`
    : `${compact.slice(0, 1)}-${compact.slice(1, 6)}-${compact.slice(6, 9)}-${compact.slice(9)}`;
}

/** ISSN: 7 digits and a check digit 0-9 or X, written 1234-567X (the hyphen is added when missing). */
function prepareIssn(text: string): EncoderRequest {
  const match = /^(\d{4})-?(\d{3}[\dX])$/i.exec(text);
  if (!match?.[1] || !match[2]) {
    throw new BarcodeTextError('ISSN needs 7 digits and a check digit 0-9 or X, written like 0317-8471');
  }
  const compact = (match[1] + match[2]).toUpperCase();
  requireCheckDigit('ISSN', mod11CheckCharacter(compact.slice(0, 7), 8), compact.slice(7));
  return { bcid: 'issn', text: `${compact.slice(0, 4)}-${compact.slice(4)}` };
}

/**
 * PZN (German pharmaceutical number): 8 digits (PZN-8, current) or 7 digits (legacy PZN-7), check digit last.
 * Check digit = sum of digit × weight mod 11, weights 1..7 (PZN-8) or 2..7 (PZN-7); a result of 10 is never issued.
 */
function preparePzn(text: string): EncoderRequest {
  requireDigits(text, 'PZN');
  if (text.length !== 7 && text.length !== 8) {
    throw new BarcodeTextError('PZN needs 8 digits (PZN-8) or 7 digits (legacy PZN-7)');
  }
  const pzn8 = text.length === 8;
  const body = text.slice(0, -1);
  const firstWeight = pzn8 ? 1 : 2;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (firstWeight + i), 0);
  const check = sum % 11;
  if (check === 10) throw new BarcodeTextError('This is not a valid PZN: its check digit would be 10');
  requireCheckDigit('PZN', String(check), text.slice(-1));
  return { bcid: 'pzn', text, extra: { pzn8 } };
}

/** Digits only, with or without the check digit; a given check digit must be right. Returns the digits. */
function checkGs1Number(text: string, spec: Gs1Number): string {
  requireDigits(text, spec.name);
  if (text.length !== spec.digits && text.length !== spec.digits + 1) {
    throw new BarcodeTextError(`${spec.name} needs ${spec.digits} or ${spec.digits + 1} digits`);
  }
  if (text.length === spec.digits + 1) {
    requireCheckDigit(spec.name, gs1CheckDigit(text.slice(0, spec.digits)), text.slice(-1));
  }
  return text;
}

function requireDigits(text: string, name: string, alsoAllowed = ''): void {
  if (!/^\d+$/.test(text)) throw new BarcodeTextError(`${name} must contain only digits${alsoAllowed}`);
}

function requireCheckDigit(name: string, expected: string, given: string): void {
  if (expected !== given) {
    throw new BarcodeTextError(`${name} check digit is wrong: expected ${expected}, got ${given}`);
  }
}

/** GS1 mod-10 check digit (EAN, UPC, GTIN, ISBN-13): weights 3,1,3,… from the rightmost digit. */
function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const weight = (digits.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(digits[i]) * weight;
  }
  return String((10 - (sum % 10)) % 10);
}

/** ISBN-10 / ISSN mod-11 check character: weights count down from `firstWeight`; 10 is written X. */
function mod11CheckCharacter(digits: string, firstWeight: number): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (firstWeight - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}
