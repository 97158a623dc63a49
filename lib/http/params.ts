import * as z from 'zod/mini';
import { isCalendarDate } from '../time/calendarDate';

/**
 * Query-parameter schemas with the CONTRACT's common rules. Values arrive as strings, already trimmed;
 * empty values count as absent. Each message completes the sentence "Parameter '<name>' ...".
 * (zod/mini keeps every handler bundle small; the API reference reads the `meta` of each schema.)
 */

/** Base-10 digits only (a leading minus where `min` is negative), within bounds. */
export function integerParam(min: number, max: number, description: string) {
  const bounds = `must be an integer from ${min} to ${max}`;
  return z
    .pipe(
      z.string().check(z.regex(min < 0 ? /^-?\d+$/ : /^\d+$/, bounds)),
      z.transform((s: string) => Number(s)),
    )
    .check(z.refine((n: number) => n >= min && n <= max, bounds), z.meta({ type: 'integer', minimum: min, maximum: max, description }));
}

/** A decimal number within bounds (a sign only where `min` is negative), with at most `decimals` places when given. */
export function decimalParam(min: number, max: number, description: string, decimals?: number) {
  const places = decimals === undefined ? '+' : `{1,${decimals}}`;
  const pattern = new RegExp(`^${min < 0 ? '[-+]?' : ''}(\\d+(\\.\\d${places})?|\\.\\d${places})$`);
  const rule = `must be a number from ${min} to ${max}${decimals === undefined ? '' : ` with at most ${decimals} decimals`}`;
  return z
    .pipe(
      z.string().check(z.regex(pattern, rule)),
      z.transform((s: string) => Number(s)),
    )
    .check(z.refine((n: number) => n >= min && n <= max, rule), z.meta({ type: 'number', minimum: min, maximum: max, description }));
}

/** `true` or `false`, case-insensitive. */
export function booleanParam(description: string) {
  return z
    .pipe(
      z.string().check(z.refine((s: string) => /^(true|false)$/i.test(s), 'must be true or false')),
      z.transform((s: string) => s.toLowerCase() === 'true'),
    )
    .check(z.meta({ type: 'boolean', description }));
}

/** One of a fixed list, case-insensitive; the value is returned in lower case. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  return z
    .pipe(
      z.pipe(z.string(), z.transform((s: string) => s.toLowerCase())),
      z.enum(values, { error: `must be one of: ${values.join(', ')}` }),
    )
    .check(z.meta({ type: 'string', enum: [...values], description }));
}

/** A valid calendar date YYYY-MM-DD. */
export function dateParam(description: string) {
  return z.string().check(z.refine(isCalendarDate, 'must be a valid date in the form YYYY-MM-DD'), z.meta({ format: 'date', description }));
}

/** Free text within a length limit (in characters, not UTF-16 units). */
export function textParam(maxLength: number, description: string) {
  return z
    .string()
    .check(z.refine((s: string) => [...s].length <= maxLength, `must be at most ${maxLength} characters`), z.meta({ maxLength, description }));
}

/** Text matching a pattern, with the human description of the pattern for the message. */
export function patternParam(pattern: RegExp, rule: string, description: string) {
  return z.string().check(z.regex(pattern, `must be ${rule}`), z.meta({ description }));
}
