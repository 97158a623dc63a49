import type { AirQualityPayload, AirQualityVariable } from '../sources/openMeteo';
import { roundDecimal } from '../numbers/round';
import { overallAqi, subIndices, type Pollutant, type PollutantAverages } from './aqi';

/** One pollutant of the response (spec 2.5): current concentration in µg/m³ and its EPA sub-index. */
export interface PollutantReading {
  concentration: number | null;
  aqi: number | null;
}

export type AirQualityResult = Record<Pollutant, PollutantReading> & {
  overall_aqi: number | null;
  /** present (true) only on recorded sample data served by a local run without internet */
  sample?: true;
};

const VARIABLE_OF: Record<Pollutant, AirQualityVariable> = {
  CO: 'carbon_monoxide',
  PM10: 'pm10',
  SO2: 'sulphur_dioxide',
  'PM2.5': 'pm2_5',
  O3: 'ozone',
  NO2: 'nitrogen_dioxide',
};

/** The hourly readings of one variable up to the current time, oldest first. */
function readingsUpToNow(payload: AirQualityPayload, variable: AirQualityVariable): (number | null)[] {
  const { time, values } = payload.hourly;
  const end = payload.current?.time ?? time[time.length - 1] ?? '';
  return values[variable].filter((_v, i) => time[i]! <= end);
}

/** Mean of the known readings among the last `hours` hours; null when none is known. */
function meanOfLast(readings: (number | null)[], hours: number): number | null {
  const known = readings.slice(-hours).filter((v): v is number => v !== null);
  return known.length ? known.reduce((sum, v) => sum + v, 0) / known.length : null;
}

/** The current reading, else the latest known hourly one. */
function latest(payload: AirQualityPayload, variable: AirQualityVariable): number | null {
  const now = payload.current?.values[variable];
  if (now !== undefined && now !== null) return now;
  const known = readingsUpToNow(payload, variable).filter((v): v is number => v !== null);
  return known.length ? known[known.length - 1]! : null;
}

/**
 * The EPA averaging periods as far as an hourly model series allows: PM 24-hour means, O3 and CO 8-hour
 * means, O3/SO2/NO2 1-hour values (the current reading), SO2 24-hour mean for the upper bands. A mean uses
 * the known hours in its window (EPA's 75 %-completeness rule is not applied); a window with no known hour
 * falls back to the current reading.
 */
export function pollutantAverages(payload: AirQualityPayload): PollutantAverages {
  const mean = (variable: AirQualityVariable, hours: number) => meanOfLast(readingsUpToNow(payload, variable), hours) ?? latest(payload, variable);
  return {
    pm25_24h: mean('pm2_5', 24),
    pm10_24h: mean('pm10', 24),
    o3_8h: mean('ozone', 8),
    o3_1h: latest(payload, 'ozone'),
    co_8h: mean('carbon_monoxide', 8),
    so2_1h: latest(payload, 'sulphur_dioxide'),
    so2_24h: mean('sulphur_dioxide', 24),
    no2_1h: latest(payload, 'nitrogen_dioxide'),
  };
}

/** The spec 2.5 result from one Open-Meteo answer. */
export function airQualityFromPayload(payload: AirQualityPayload): AirQualityResult {
  const indices = subIndices(pollutantAverages(payload));
  const reading = (pollutant: Pollutant): PollutantReading => ({ concentration: latest(payload, VARIABLE_OF[pollutant]), aqi: indices[pollutant] });
  return {
    CO: reading('CO'),
    PM10: reading('PM10'),
    SO2: reading('SO2'),
    'PM2.5': reading('PM2.5'),
    O3: reading('O3'),
    NO2: reading('NO2'),
    overall_aqi: overallAqi(indices),
  };
}

/** Coordinates rounded to 2 decimals (about 1 km), the granularity of the cache and of upstream requests. */
export function roundedLocation(latitude: number, longitude: number): { latitude: number; longitude: number; key: string } {
  const round = (v: number) => roundDecimal(v, 2);
  const lat = round(latitude);
  const lon = round(longitude);
  return { latitude: lat, longitude: lon, key: `${lat.toFixed(2)},${lon.toFixed(2)}` };
}
