/**
 * USD LIBOR history for /v1/liborhistorical. LIBOR publication has ended, so the fixings are static
 * reference data: the import step (lib/rates/liborImport.ts) turns the daily fixings CSV into one file per
 * tenor (`libor-3_months.json`, …) in the reference-data layer, and the endpoint pages through its tenor's file
 * in memory (a call parses one tenor, a fifth of the fixings: npm run bench, 5.5 ms → 1.1 ms on a cold start).
 *
 * Licensing: LIBOR fixings are ICE Benchmark Administration data. The demo file (../shared/datasets) may be
 * used for demonstration and tests only; production builds the same file from a licensed copy (DATASETS_DIR).
 * The file carries its `source` and `licence` lines and every response repeats them.
 */


export const LIBOR_TENORS = {
  overnight: { column: 'overnight', label: 'overnight' },
  '1_month': { column: '1m', label: '1 month' },
  '3_months': { column: '3m', label: '3 months' },
  '6_months': { column: '6m', label: '6 months' },
  '12_months': { column: '12m', label: '12 months' },
} as const;

export type LiborTenor = keyof typeof LIBOR_TENORS;
export const LIBOR_TYPES = Object.keys(LIBOR_TENORS) as [LiborTenor, ...LiborTenor[]];

/** The parsed fixings CSV: every tenor's columns, with the source and licence lines. */
export interface LiborFixings {
  currency: 'USD';
  source: string;
  licence: string;
  tenors: Record<LiborTenor, LiborColumns>;
}

/**
 * A tenor's layer file: its fixings as two columns, oldest first: `days` (days since 1970-01-01) and `rates`
 * (%), with the source and licence lines. Columns of plain numbers parse in a quarter of the time of
 * [day, rate] pairs, and only the points a call returns become objects (npm run bench: the pairs and their
 * conversion cost 20 ms per cold start).
 */
export interface LiborSeries extends LiborColumns {
  currency: 'USD';
  tenor: LiborTenor;
  source: string;
  licence: string;
}

export const liborFile = (tenor: LiborTenor) => `libor-${tenor}.json`;

export interface LiborColumns {
  days: number[];
  rates: number[];
}

export interface LiborPoint {
  /** 00:00 UTC of the fixing day, Unix seconds */
  time: number;
  rate_pct: number;
}

const DAY_SECONDS = 86_400;

export const liborName = (tenor: LiborTenor) => `USD LIBOR - ${LIBOR_TENORS[tenor].label}`;

/** Points with time in [from, to], oldest first, at most `limit` (binary search for the first). */
export function liborRange(series: LiborColumns, from: number, to: number, limit: number): LiborPoint[] {
  const { days, rates } = series;
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (days[middle]! * DAY_SECONDS < from) low = middle + 1;
    else high = middle;
  }
  const result: LiborPoint[] = [];
  for (let i = low; i < days.length && result.length < limit && days[i]! * DAY_SECONDS <= to; i += 1) {
    result.push({ time: days[i]! * DAY_SECONDS, rate_pct: rates[i]! });
  }
  return result;
}
