import * as z from 'zod/mini';
import type { ParamGate } from '../http/definition';
import { InvalidParameterError } from '../http/errors';
import { enumParam } from '../http/params';
import { BENCHMARKS, type Benchmark } from './benchmarks';
import { UNITS, canonicalUnit, unitFor, type Unit } from './units';

/**
 * The parameters /v1/oilprice and /v1/oilspot share (CONTRACT "Batch (types)"):
 *
 * - `type`: one benchmark (default wti). Declared WITHOUT a schema default so that `type` together with
 *   `types` can be told apart from `types` alone; `requestedBenchmarks` applies the default.
 * - `types`: comma-separated benchmarks for a batch; case-insensitive, spaces around names ignored,
 *   a name asked twice is served once (first position kept); an unknown or empty name → 400.
 *   The response is a JSON array in the order asked. Business+ or annual (`TYPES_GATE`).
 * - `unit`: one of the 8 units, case-insensitive, answered in canonical spelling (MMBtu, MWh ...);
 *   `batchRules` checks it against every requested benchmark's dimension (wrong dimension → 400).
 */

export function typeParam(description = 'benchmark: wti (default), brent, natural_gas, gasoline, diesel') {
  return enumParam(BENCHMARKS, description);
}

export function typesParam(description = `comma-separated benchmarks for a batch (${BENCHMARKS.join(', ')}); answered as an array in this order`) {
  return z
    .pipe(
      z.string(),
      z.transform((text: string, context) => {
        const asked: Benchmark[] = [];
        for (const raw of text.split(',')) {
          const name = raw.trim().toLowerCase();
          if (!(BENCHMARKS as readonly string[]).includes(name)) {
            context.issues.push({
              code: 'custom',
              input: text,
              message:
                name === ''
                  ? `must be a comma-separated list of: ${BENCHMARKS.join(', ')} (an empty name was given)`
                  : `must be a comma-separated list of: ${BENCHMARKS.join(', ')} ('${raw.trim()}' is not a benchmark)`,
            });
            return z.NEVER;
          }
          if (!asked.includes(name as Benchmark)) asked.push(name as Benchmark);
        }
        return asked;
      }),
    )
    .check(z.meta({ type: 'string', description }));
}

export function unitParam(description = 'unit: barrel, gallon, liter, cubic_meter (oil and products) or MMBtu, MWh, GJ, therm (natural gas); default the native unit') {
  return z
    .pipe(
      z.string().check(z.refine((s: string) => canonicalUnit(s) !== undefined, `must be one of: ${UNITS.join(', ')}`)),
      z.transform((s: string) => canonicalUnit(s) as Unit),
    )
    .check(z.meta({ type: 'string', enum: [...UNITS], description }));
}

/** `types` is for Business+ or annual plans (spec 4.3). */
export const TYPES_GATE: ParamGate<readonly Benchmark[] | undefined> = { access: 'businessOrAnnual' };

export interface BatchParams {
  type?: Benchmark;
  types?: readonly Benchmark[];
  unit?: string;
}

/** The benchmarks to answer, in order: `types`, else `type`, else wti. */
export function requestedBenchmarks(params: BatchParams): Benchmark[] {
  return params.types ? [...params.types] : [params.type ?? 'wti'];
}

/** `rules` of both endpoints: `type` with `types` → 400; a `unit` of the wrong dimension for any requested benchmark → 400. */
export function batchRules(params: BatchParams): void {
  if (params.type !== undefined && params.types !== undefined) {
    throw new InvalidParameterError("Give either 'type' (one benchmark) or 'types' (a batch), not both.", 'types');
  }
  if (params.unit !== undefined) for (const benchmark of requestedBenchmarks(params)) unitFor(benchmark, params.unit);
}
