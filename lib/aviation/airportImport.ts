import { parseCsvRecords } from '../text/delimited';
import type { AirportRecord, AirportSize, Runway } from './types';

/**
 * OurAirports airports.csv + runways.csv + regions.csv → airport records.
 *
 * - size from the OurAirports type: large_airport → large, medium_airport → medium; small_airport,
 *   seaplane_base, heliport and balloonport → small. Closed airports are left out.
 * - icao: the GPS/ICAO code when it is four letters (else the ident when that is four letters), else null;
 *   iata: the IATA code, else null. region: the region's name ("New York"); city: the municipality.
 * - runways: the open runways (closed ones dropped), length/width in feet, has_lights from `lighted`.
 * - timezone: computed from the coordinates by the `timezoneAt` function given (geo-tz at build time).
 * Sorted large → medium → small, then by name, which is the order results are served in.
 */
export interface AirportSources {
  airports: string;
  runways?: string;
  regions?: string;
}

const SIZE_BY_TYPE: Record<string, AirportSize> = {
  large_airport: 'large',
  medium_airport: 'medium',
  small_airport: 'small',
  seaplane_base: 'small',
  heliport: 'small',
  balloonport: 'small',
};
const SIZE_RANK: Record<AirportSize, number> = { large: 0, medium: 1, small: 2 };
const byName = new Intl.Collator('en');

function integer(value: string | undefined): number | null {
  if (!value || !/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
  return Math.round(Number(value));
}

export function buildAirportRecords(sources: AirportSources, timezoneAt: (lat: number, lon: number) => string | null): AirportRecord[] {
  const regionNames = new Map<string, string>();
  for (const region of sources.regions ? parseCsvRecords(sources.regions) : []) {
    if (region.code && region.name && !region.name.startsWith('(')) regionNames.set(region.code, region.name);
  }
  const runwaysByAirport = new Map<string, Runway[]>();
  for (const runway of sources.runways ? parseCsvRecords(sources.runways) : []) {
    if (runway.closed === '1' || !runway.airport_ref) continue;
    const list = runwaysByAirport.get(runway.airport_ref) ?? [];
    list.push({ length: integer(runway.length_ft), width: integer(runway.width_ft), has_lights: runway.lighted === '1' });
    runwaysByAirport.set(runway.airport_ref, list);
  }

  const airports: AirportRecord[] = [];
  for (const row of parseCsvRecords(sources.airports)) {
    const size = SIZE_BY_TYPE[row.type ?? ''];
    const latitude = Number(row.latitude_deg);
    const longitude = Number(row.longitude_deg);
    if (!size || !row.name || !row.iso_country || !row.latitude_deg || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const gps = (row.gps_code ?? '').toUpperCase();
    const ident = (row.ident ?? '').toUpperCase();
    const iata = (row.iata_code ?? '').toUpperCase();
    const runways = runwaysByAirport.get(row.id ?? '') ?? [];
    airports.push({
      icao: /^[A-Z]{4}$/.test(gps) ? gps : /^[A-Z]{4}$/.test(ident) ? ident : null,
      iata: /^[A-Z0-9]{3}$/.test(iata) ? iata : null,
      name: row.name,
      city: row.municipality || null,
      region: regionNames.get(row.iso_region ?? '') ?? null,
      country: row.iso_country.toUpperCase(),
      elevation_ft: integer(row.elevation_ft),
      latitude,
      longitude,
      timezone: timezoneAt(latitude, longitude),
      size,
      num_runways: runways.length,
      runways,
    });
  }
  return airports.sort((a, b) => SIZE_RANK[a.size] - SIZE_RANK[b.size] || byName.compare(a.name, b.name));
}
