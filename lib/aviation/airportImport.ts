import { parseCsvRecords } from '../text/delimited';
import { AIRPORT_SIZE_BY_TYPE, elevationMetres } from './airportFile';
import type { AirportRecord, AirportSize, Runway } from './types';

/**
 * OurAirports airports.csv + runways.csv + regions.csv + countries.csv → airport records.
 *
 * - size from the OurAirports type: large_airport → large, medium_airport → medium; small_airport,
 *   seaplane_base, heliport and balloonport → small. Closed airports are left out.
 * - icao: the GPS/ICAO code when it is four letters (else the ident when that is four letters), else "";
 *   iata: the IATA code, else "". region: the region's name ("New York"); city: the municipality;
 *   country_name from countries.csv. ident, region_code (iso_region), continent, type, scheduled_service,
 *   gps_code, local_code, home_link, wikipedia_link and keywords (split at commas) as OurAirports has them.
 * - elevation_ft: OurAirports', except where ELEVATION_CORRECTIONS holds the aeronautical authority's
 *   published figure; elevation_m is elevation_ft in metres, 1 decimal.
 * - runways: the open runways (closed ones dropped), length/width in feet, has_lights from `lighted`, surface
 *   code, end designators and true headings; longest_runway_ft the longest of them.
 * - timezone: computed from the coordinates by the `timezoneAt` function given (geo-tz at build time).
 * Sorted large → medium → small, then by name, which is the order results are served in.
 */
export interface AirportSources {
  airports: string;
  runways?: string;
  regions?: string;
  countries?: string;
}

/**
 * Elevations (feet) where OurAirports differs from the figure the airport's aeronautical authority publishes,
 * by OurAirports ident: the authority's figure is served. Found by the data audit (issue 27): OurAirports
 * has LAX at 125 ft and Haneda at 35 ft.
 */
export const ELEVATION_CORRECTIONS: Readonly<Record<string, { feet: number; source: string }>> = {
  KLAX: {
    feet: 128,
    source:
      'FAA Airport Master Record (Form 5010) for LAX, Los Angeles Intl: elevation 127.8 ft (surveyed), rounded to 128 ft as FAA charts show it',
  },
  RJTT: {
    feet: 21,
    source: 'AIP Japan (Japan Civil Aviation Bureau), RJTT AD 2.2 aerodrome geographical and administrative data: elevation 21 ft (6.4 m)',
  },
};

const SIZE_RANK: Record<AirportSize, number> = { large: 0, medium: 1, small: 2 };
const byName = new Intl.Collator('en');

/** A whole number of feet from a CSV field (null when empty or not a number). */
function integer(value: string | undefined): number | null {
  if (!value || !/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
  return Math.round(Number(value));
}

/** A number of degrees from a CSV field, as published (null when empty or not a number). */
function degrees(value: string | undefined): number | null {
  if (!value || !/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
  return Number(value);
}

const text = (value: string | undefined): string | null => value?.trim() || null;

export function buildAirportRecords(sources: AirportSources, timezoneAt: (lat: number, lon: number) => string | null): AirportRecord[] {
  const regionNames = new Map<string, string>();
  for (const region of sources.regions ? parseCsvRecords(sources.regions) : []) {
    if (region.code && region.name && !region.name.startsWith('(')) regionNames.set(region.code, region.name);
  }
  const countryNames = new Map<string, string>();
  for (const country of sources.countries ? parseCsvRecords(sources.countries) : []) {
    if (country.code && country.name) countryNames.set(country.code.toUpperCase(), country.name);
  }
  const runwaysByAirport = new Map<string, Runway[]>();
  for (const runway of sources.runways ? parseCsvRecords(sources.runways) : []) {
    if (runway.closed === '1' || !runway.airport_ref) continue;
    const list = runwaysByAirport.get(runway.airport_ref) ?? [];
    list.push({
      length: integer(runway.length_ft),
      width: integer(runway.width_ft),
      has_lights: runway.lighted === '1',
      surface: text(runway.surface),
      closed: false,
      le_ident: text(runway.le_ident),
      he_ident: text(runway.he_ident),
      le_heading_deg: degrees(runway.le_heading_degT),
      he_heading_deg: degrees(runway.he_heading_degT),
    });
    runwaysByAirport.set(runway.airport_ref, list);
  }

  const airports: AirportRecord[] = [];
  for (const row of parseCsvRecords(sources.airports)) {
    const type = row.type ?? '';
    const size = AIRPORT_SIZE_BY_TYPE[type];
    const latitude = Number(row.latitude_deg);
    const longitude = Number(row.longitude_deg);
    if (!size || !row.name || !row.iso_country || !row.latitude_deg || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const gps = (row.gps_code ?? '').toUpperCase();
    const ident = (row.ident ?? '').toUpperCase();
    const iata = (row.iata_code ?? '').toUpperCase();
    const country = row.iso_country.toUpperCase();
    const runways = runwaysByAirport.get(row.id ?? '') ?? [];
    const lengths = runways.flatMap((r) => (r.length === null ? [] : [r.length]));
    const elevation = ELEVATION_CORRECTIONS[ident]?.feet ?? integer(row.elevation_ft);
    airports.push({
      icao: /^[A-Z]{4}$/.test(gps) ? gps : /^[A-Z]{4}$/.test(ident) ? ident : '',
      iata: /^[A-Z0-9]{3}$/.test(iata) ? iata : '',
      ident,
      name: row.name,
      city: row.municipality || null,
      region: regionNames.get(row.iso_region ?? '') ?? null,
      region_code: text(row.iso_region),
      country,
      country_name: countryNames.get(country) ?? null,
      continent: text(row.continent),
      elevation_ft: elevation,
      elevation_m: elevationMetres(elevation),
      latitude,
      longitude,
      timezone: timezoneAt(latitude, longitude),
      type,
      size,
      scheduled_service: row.scheduled_service === 'yes',
      is_closed: false,
      gps_code: text(row.gps_code),
      local_code: text(row.local_code),
      home_link: text(row.home_link),
      wikipedia_link: text(row.wikipedia_link),
      keywords: (row.keywords ?? '').split(',').map((keyword) => keyword.trim()).filter(Boolean),
      num_runways: runways.length,
      longest_runway_ft: lengths.length > 0 ? Math.max(...lengths) : null,
      runways,
    });
  }
  return airports.sort((a, b) => SIZE_RANK[a.size] - SIZE_RANK[b.size] || byName.compare(a.name, b.name));
}
