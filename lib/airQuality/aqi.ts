/**
 * US EPA Air Quality Index from the 2024 breakpoint table (EPA-454/B-24-002, effective 6 May 2024: PM2.5
 * "Good" ends at 9.0 µg/m³ and 301–500 is one Hazardous band). Pure functions: concentrations in, indexes out.
 *
 * I = round((I_hi − I_lo) / (BP_hi − BP_lo) × (C − BP_lo) + I_lo), after truncating C to the table's
 * precision (O3 3 decimals in ppm, PM2.5 and CO 1 decimal, PM10, SO2, NO2 integers). Values above the top
 * breakpoint ("beyond the AQI") are reported as 500.
 */

export interface Band {
  cLo: number;
  cHi: number;
  iLo: number;
  iHi: number;
}

const bands = (rows: [number, number, number, number][]): Band[] => rows.map(([cLo, cHi, iLo, iHi]) => ({ cLo, cHi, iLo, iHi }));

/** The 2024 table; units: PM µg/m³, O3 and CO ppm, SO2 and NO2 ppb. */
export const EPA_BREAKPOINTS = {
  /** 24-hour mean, 1 decimal */
  pm25_24h: { decimals: 1, bands: bands([[0.0, 9.0, 0, 50], [9.1, 35.4, 51, 100], [35.5, 55.4, 101, 150], [55.5, 125.4, 151, 200], [125.5, 225.4, 201, 300], [225.5, 325.4, 301, 500]]) },
  /** 24-hour mean, integer */
  pm10_24h: { decimals: 0, bands: bands([[0, 54, 0, 50], [55, 154, 51, 100], [155, 254, 101, 150], [255, 354, 151, 200], [355, 424, 201, 300], [425, 604, 301, 500]]) },
  /** 8-hour mean, ppm, 3 decimals; defined up to AQI 300 */
  o3_8h: { decimals: 3, bands: bands([[0.0, 0.054, 0, 50], [0.055, 0.07, 51, 100], [0.071, 0.085, 101, 150], [0.086, 0.105, 151, 200], [0.106, 0.2, 201, 300]]) },
  /** 1-hour, ppm, 3 decimals; defined from AQI 101 */
  o3_1h: { decimals: 3, bands: bands([[0.125, 0.164, 101, 150], [0.165, 0.204, 151, 200], [0.205, 0.404, 201, 300], [0.405, 0.604, 301, 500]]) },
  /** 8-hour mean, ppm, 1 decimal */
  co_8h: { decimals: 1, bands: bands([[0.0, 4.4, 0, 50], [4.5, 9.4, 51, 100], [9.5, 12.4, 101, 150], [12.5, 15.4, 151, 200], [15.5, 30.4, 201, 300], [30.5, 50.4, 301, 500]]) },
  /** 1-hour, ppb, integer; defined up to AQI 200 */
  so2_1h: { decimals: 0, bands: bands([[0, 35, 0, 50], [36, 75, 51, 100], [76, 185, 101, 150], [186, 304, 151, 200]]) },
  /** 24-hour mean, ppb, integer; used from AQI 201 */
  so2_24h: { decimals: 0, bands: bands([[305, 604, 201, 300], [605, 1004, 301, 500]]) },
  /** 1-hour, ppb, integer */
  no2_1h: { decimals: 0, bands: bands([[0, 53, 0, 50], [54, 100, 51, 100], [101, 360, 101, 150], [361, 649, 151, 200], [650, 1249, 201, 300], [1250, 2049, 301, 500]]) },
} as const;

export type Averaging = keyof typeof EPA_BREAKPOINTS;

/** Truncates (not rounds) to `decimals`, tolerant of binary noise (0.07 × 1000 = 70.00000000000001). */
export function truncate(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.floor(value * factor + 1e-9) / factor;
}

/**
 * The index of one concentration on one table, or null when the concentration is below the table's first
 * breakpoint (the 1-hour O3 and 24-hour SO2 tables start high). Above the top breakpoint → 500.
 */
export function aqiFor(table: Averaging, concentration: number): number | null {
  const { decimals, bands: rows } = EPA_BREAKPOINTS[table];
  const c = truncate(Math.max(0, concentration), decimals);
  const top = rows[rows.length - 1]!;
  if (c > top.cHi) return 500;
  const band = rows.find((b) => c >= b.cLo && c <= b.cHi);
  if (!band) return null;
  return Math.round(((band.iHi - band.iLo) / (band.cHi - band.cLo)) * (c - band.cLo) + band.iLo);
}

/** Molecular weights (g/mol) for µg/m³ ↔ ppb at 25 °C and 1 atm (molar volume 24.45 L). */
export const MOLECULAR_WEIGHT = { O3: 48.0, NO2: 46.01, SO2: 64.07, CO: 28.01 } as const;
export const MOLAR_VOLUME_25C = 24.45;

/** ppb = µg/m³ × 24.45 / MW */
export function ppbFromMicrograms(microgramsPerM3: number, gas: keyof typeof MOLECULAR_WEIGHT): number {
  return (microgramsPerM3 * MOLAR_VOLUME_25C) / MOLECULAR_WEIGHT[gas];
}

/** ppm = mg/m³ × 24.45 / MW = ppb / 1000 */
export function ppmFromMicrograms(microgramsPerM3: number, gas: keyof typeof MOLECULAR_WEIGHT): number {
  return ppbFromMicrograms(microgramsPerM3, gas) / 1000;
}

/** Concentrations in µg/m³ over the EPA averaging periods (null when unknown). */
export interface PollutantAverages {
  pm25_24h: number | null;
  pm10_24h: number | null;
  o3_8h: number | null;
  o3_1h: number | null;
  co_8h: number | null;
  so2_1h: number | null;
  so2_24h: number | null;
  no2_1h: number | null;
}

export const POLLUTANTS = ['CO', 'PM10', 'SO2', 'PM2.5', 'O3', 'NO2'] as const;
export type Pollutant = (typeof POLLUTANTS)[number];

/** O3: the higher of the 8-hour and 1-hour indexes; 8-hour values above the table (> 0.200 ppm) need the 1-hour one. */
function ozoneAqi(o3_8h: number | null, o3_1h: number | null): number | null {
  const eight = o3_8h === null ? null : ppmFromMicrograms(o3_8h, 'O3');
  const one = o3_1h === null ? null : ppmFromMicrograms(o3_1h, 'O3');
  const fromOne = one === null ? null : aqiFor('o3_1h', one);
  let fromEight: number | null = null;
  if (eight !== null) fromEight = truncate(eight, 3) > 0.2 ? (fromOne ?? 300) : aqiFor('o3_8h', eight);
  if (fromEight === null) return fromOne;
  return fromOne === null ? fromEight : Math.max(fromEight, fromOne);
}

/** SO2: the 1-hour table up to 304 ppb; above it the 24-hour mean decides (200 when that mean is below 305 ppb). */
function sulphurDioxideAqi(so2_1h: number | null, so2_24h: number | null): number | null {
  if (so2_1h === null) return null;
  const ppb = ppbFromMicrograms(so2_1h, 'SO2');
  if (truncate(ppb, 0) <= 304) return aqiFor('so2_1h', ppb);
  const dayPpb = ppbFromMicrograms(so2_24h ?? so2_1h, 'SO2');
  return aqiFor('so2_24h', dayPpb) ?? 200;
}

/** The sub-index of each pollutant (null when its concentration is unknown). */
export function subIndices(a: PollutantAverages): Record<Pollutant, number | null> {
  return {
    'PM2.5': a.pm25_24h === null ? null : aqiFor('pm25_24h', a.pm25_24h),
    PM10: a.pm10_24h === null ? null : aqiFor('pm10_24h', a.pm10_24h),
    O3: ozoneAqi(a.o3_8h, a.o3_1h),
    CO: a.co_8h === null ? null : aqiFor('co_8h', ppmFromMicrograms(a.co_8h, 'CO')),
    SO2: sulphurDioxideAqi(a.so2_1h, a.so2_24h),
    NO2: a.no2_1h === null ? null : aqiFor('no2_1h', ppbFromMicrograms(a.no2_1h, 'NO2')),
  };
}

/** The overall AQI: the highest sub-index (null when none is known). */
export function overallAqi(indices: Record<Pollutant, number | null>): number | null {
  const known = Object.values(indices).filter((v): v is number => v !== null);
  return known.length ? Math.max(...known) : null;
}
