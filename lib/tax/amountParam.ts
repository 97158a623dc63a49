import * as z from 'zod/mini';

/** A money amount: digits with up to 2 decimals, from 0 to `max`. */
export function amountParam(max: number, description: string) {
  const rule = `must be an amount from 0 to ${max} with at most 2 decimals (digits only, no signs or separators)`;
  return z
    .pipe(
      z.string().check(z.regex(/^\d{1,15}(\.\d{1,2})?$/, rule)),
      z.transform((s: string) => Number(s)),
    )
    .check(z.refine((n: number) => n <= max, rule), z.meta({ type: 'number', minimum: 0, maximum: max, description }));
}
