import { z } from 'zod';

/**
 * Query-parameter schemas with the CONTRACT's common rules. Values arrive as strings, already trimmed;
 * empty values count as absent. Each message completes the sentence "Parameter '<name>' ...".
 */

/** Base-10 digits only, within bounds. */
export function integerParam(min: number, max: number, description: string) {
  const bounds = `an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, `must be ${bounds}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be ${bounds}`).max(max, `must be ${bounds}`))
    .meta({ type: 'integer', minimum: min, maximum: max, description });
}

/** `true` or `false`, case-insensitive. */
export function booleanParam(description: string) {
  return z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((s) => s === 'true')
    .meta({ type: 'boolean', description });
}

/** One of a fixed list, case-insensitive; the value is returned in lower case. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  return z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(values, { error: `must be one of: ${values.join(', ')}` }))
    .meta({ type: 'string', enum: [...values], description });
}

/** A valid calendar date YYYY-MM-DD. */
export function dateParam(description: string) {
  return z
    .string()
    .refine(isCalendarDate, 'must be a valid date in the form YYYY-MM-DD')
    .meta({ type: 'string', format: 'date', description });
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Free text within a length limit (in characters, not UTF-16 units). */
export function textParam(maxLength: number, description: string) {
  return z
    .string()
    .refine((s) => [...s].length <= maxLength, `must be at most ${maxLength} characters`)
    .meta({ type: 'string', maxLength, description });
}

/** Text matching a pattern, with the human description of the pattern for the message. */
export function patternParam(pattern: RegExp, rule: string, description: string) {
  return z.string().regex(pattern, `must be ${rule}`).meta({ description });
}
