import { NO_ELEVATION, type AirportTable } from './airportFile';
import { recordReader, type PackedRecords } from '../reference/packedRecords';
import type { AircraftRecord, AirlineEntry, AirlineRecord, AirportRecord } from './types';

/** Searches over the imported records (pure: records and filters in, results out). */

export const AIRCRAFT_ENGINE_TYPES = ['piston', 'propjet', 'jet'] as const;

export interface AircraftFilters {
  manufacturer?: string;
  model?: string;
  engine_type?: (typeof AIRCRAFT_ENGINE_TYPES)[number];
  min_speed?: number;
  max_speed?: number;
  min_range?: number;
  max_range?: number;
  min_length?: number;
  max_length?: number;
  min_height?: number;
  max_height?: number;
  min_wingspan?: number;
  max_wingspan?: number;
}

/** The numeric filters: [min param, max param, record field]. */
export const AIRCRAFT_BOUNDS = [
  ['min_speed', 'max_speed', 'max_speed_knots'],
  ['min_range', 'max_range', 'range_nautical_miles'],
  ['min_length', 'max_length', 'length_ft'],
  ['min_height', 'max_height', 'height_ft'],
  ['min_wingspan', 'max_wingspan', 'wing_span_ft'],
] as const satisfies readonly (readonly [keyof AircraftFilters, keyof AircraftFilters, keyof AircraftRecord])[];

const contains = (value: string | null, part: string | undefined) =>
  part === undefined || (value !== null && value.toLowerCase().includes(part.toLowerCase()));

function within(value: string | null, min: number | undefined, max: number | undefined): boolean {
  if (min === undefined && max === undefined) return true;
  if (value === null) return false;
  const n = Number(value);
  return (min === undefined || n >= min) && (max === undefined || n <= max);
}

/**
 * Aircraft matching every filter: manufacturer/model are case-insensitive substrings, engine_type exact,
 * bounds inclusive on max speed, range, length, height and wingspan (a record without the value does not
 * match a bound on it). In the records' order (manufacturer, model), at most `limit`.
 */
export function searchAircraft(records: PackedRecords<AircraftRecord>, filters: AircraftFilters, limit: number): AircraftRecord[] {
  const { value, record } = recordReader(records);
  const results: AircraftRecord[] = [];
  for (const row of records.rows) {
    if (!contains(value(row, 'manufacturer'), filters.manufacturer) || !contains(value(row, 'model'), filters.model)) continue;
    if (filters.engine_type && value(row, 'engine_type')?.toLowerCase() !== filters.engine_type) continue;
    if (!AIRCRAFT_BOUNDS.every(([min, max, field]) => within(value(row, field), filters[min] as number | undefined, filters[max] as number | undefined))) continue;
    results.push(record(row));
    if (results.length >= limit) break;
  }
  return results;
}

export interface AirlineFilters {
  iata?: string;
  icao?: string;
  name?: string;
}

export const MAX_AIRLINE_RESULTS = 30;

/** Airlines by exact IATA/ICAO code and/or name substring (case-insensitive); active airlines first; at most 30. */
export function searchAirlines(entries: PackedRecords<AirlineEntry>, filters: AirlineFilters): AirlineRecord[] {
  const { value, record } = recordReader(entries);
  const iata = filters.iata?.toUpperCase();
  const icao = filters.icao?.toUpperCase();
  const results: AirlineRecord[] = [];
  for (const row of entries.rows) {
    if (iata !== undefined && value(row, 'iata') !== iata) continue;
    if (icao !== undefined && value(row, 'icao') !== icao) continue;
    if (!contains(value(row, 'name'), filters.name)) continue;
    const { active: _active, ...served } = record(row);
    results.push(served);
    if (results.length >= MAX_AIRLINE_RESULTS) break;
  }
  return results;
}

export interface AirportFilters {
  icao?: string;
  iata?: string;
  name?: string;
  city?: string;
  region?: string;
  country?: string;
  timezone?: string;
  min_elevation?: number;
  max_elevation?: number;
}

export const MAX_AIRPORT_RESULTS = 30;

/**
 * Airports matching every filter: codes, country and timezone exact (case-insensitive); name, city and
 * region case-insensitive substrings; elevation bounds inclusive. Large airports first, then medium,
 * small; `offset` skips that many matches; at most 30. Reads the index columns the filters need and only
 * the records it returns (lib/aviation/airportFile.ts).
 */
export function searchAirports(table: AirportTable, filters: AirportFilters, offset = 0): AirportRecord[] {
  const codes = (['icao', 'iata', 'country'] as const).flatMap((field) => (filters[field] === undefined ? [] : [[field, filters[field]!.toUpperCase()] as const]));
  const timezone = filters.timezone?.toLowerCase();
  const timezones = timezone === undefined ? undefined : table.timezonesWhere((tz) => tz.toLowerCase() === timezone);
  const regions = filters.region === undefined ? undefined : table.regionsWhere((region) => contains(region, filters.region));
  const names = filters.name === undefined ? undefined : table.containing('name', filters.name);
  const cities = filters.city === undefined ? undefined : table.containing('city', filters.city);
  const min = filters.min_elevation ?? -Infinity;
  const max = filters.max_elevation ?? Infinity;
  const bounded = filters.min_elevation !== undefined || filters.max_elevation !== undefined;
  // the first code filter picks the candidates by a string search; the others are checked on those
  const [first, ...otherCodes] = codes;
  const candidates = first ? table.withCode(first[0], first[1]) : undefined;
  const results: AirportRecord[] = [];
  let skipped = 0;
  for (let n = 0, end = candidates ? candidates.length : table.count; n < end; n += 1) {
    const i = candidates ? candidates[n]! : n;
    if (otherCodes.length > 0 && otherCodes.some(([field, code]) => !table.hasCode(field, i, code))) continue;
    if (timezones && !timezones.has(table.timezoneIndexes[i]!)) continue;
    if (regions && !regions.has(table.regionIndexes[i]!)) continue;
    if ((names && !names[i]) || (cities && !cities[i])) continue;
    if (bounded) {
      const elevation = table.elevations[i]!;
      if (elevation === NO_ELEVATION || elevation < min || elevation > max) continue;
    }
    if (skipped < offset) {
      skipped += 1;
      continue;
    }
    results.push(table.record(i));
    if (results.length >= MAX_AIRPORT_RESULTS) break;
  }
  return results;
}
