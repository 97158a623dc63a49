/**
 * USD LIBOR history for /v1/liborhistorical. LIBOR publication has ended, so the fixings are static
 * reference data: the import step (lib/rates/liborImport.ts) turns the daily fixings CSV into `libor.json`
 * in the reference-data layer, and the endpoint pages through it in memory.
 *
 * Licensing: LIBOR fixings are ICE Benchmark Administration data. The demo file (../shared/datasets) may be
 * used for demonstration and tests only; production builds the same file from a licensed copy (DATASETS_DIR).
 * The file carries its `source` and `licence` lines and every response repeats them.
 */

export const LIBOR_FILE = 'libor.json';

export const LIBOR_TENORS = {
  overnight: { column: 'overnight', label: 'overnight' },
  '1_month': { column: '1m', label: '1 month' },
  '3_months': { column: '3m', label: '3 months' },
  '6_months': { column: '6m', label: '6 months' },
  '12_months': { column: '12m', label: '12 months' },
} as const;

export type LiborTenor = keyof typeof LIBOR_TENORS;
export const LIBOR_TYPES = Object.keys(LIBOR_TENORS) as [LiborTenor, ...LiborTenor[]];

/** The layer file: each tenor's fixings as [days since 1970-01-01, rate %], oldest first. */
export interface LiborFile {
  currency: 'USD';
  source: string;
  licence: string;
  tenors: Record<LiborTenor, [number, number][]>;
}

export interface LiborPoint {
  /** 00:00 UTC of the fixing day, Unix seconds */
  time: number;
  rate_pct: number;
}

export interface LiborSeries {
  source: string;
  licence: string;
  tenors: Record<LiborTenor, LiborPoint[]>;
}

const DAY_SECONDS = 86_400;

/** The file as the endpoint searches it (referenceData's prepare step). */
export function prepareLibor(file: LiborFile): LiborSeries {
  const tenors = {} as Record<LiborTenor, LiborPoint[]>;
  for (const tenor of LIBOR_TYPES) tenors[tenor] = (file.tenors[tenor] ?? []).map(([day, rate_pct]) => ({ time: day * DAY_SECONDS, rate_pct }));
  return { source: file.source, licence: file.licence, tenors };
}

export const liborName = (tenor: LiborTenor) => `USD LIBOR - ${LIBOR_TENORS[tenor].label}`;

/** Points with time in [from, to], oldest first, at most `limit` (binary search for the first). */
export function liborRange(points: readonly LiborPoint[], from: number, to: number, limit: number): LiborPoint[] {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (points[middle]!.time < from) low = middle + 1;
    else high = middle;
  }
  const result: LiborPoint[] = [];
  for (let i = low; i < points.length && result.length < limit && points[i]!.time <= to; i += 1) result.push(points[i]!);
  return result;
}
