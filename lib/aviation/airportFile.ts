import type { AirportRecord, AirportSize, Runway } from './types';

/**
 * airports.json in a compact form (about a third of the plain JSON): one array per airport, with repeated
 * strings (timezones, regions) as indexes into shared lists and runways flattened to
 * [length, width, lights(0/1), ...]. `packAirports` at import, `unpackAirports` once per container.
 */
export interface PackedAirports {
  version: 1;
  timezones: string[];
  regions: string[];
  /** [icao, iata, name, city, regionIndex, country, elevation_ft, latitude, longitude, timezoneIndex, size, runways] */
  rows: PackedAirport[];
}

type PackedAirport = [
  string | null,
  string | null,
  string,
  string | null,
  number,
  string,
  number | null,
  number,
  number,
  number,
  'l' | 'm' | 's',
  (number | null)[],
];

const SIZE_CODE = { large: 'l', medium: 'm', small: 's' } as const;
const SIZE_OF = { l: 'large', m: 'medium', s: 'small' } as const satisfies Record<string, AirportSize>;

function interner() {
  const list: string[] = [];
  const index = new Map<string, number>();
  return {
    list,
    of(value: string | null): number {
      if (value === null) return -1;
      let i = index.get(value);
      if (i === undefined) {
        i = list.length;
        list.push(value);
        index.set(value, i);
      }
      return i;
    },
  };
}

export function packAirports(airports: AirportRecord[]): PackedAirports {
  const timezones = interner();
  const regions = interner();
  const rows = airports.map(
    (a): PackedAirport => [
      a.icao,
      a.iata,
      a.name,
      a.city,
      regions.of(a.region),
      a.country,
      a.elevation_ft,
      a.latitude,
      a.longitude,
      timezones.of(a.timezone),
      SIZE_CODE[a.size],
      a.runways.flatMap((r) => [r.length, r.width, r.has_lights ? 1 : 0]),
    ],
  );
  return { version: 1, timezones: timezones.list, regions: regions.list, rows };
}

export function unpackAirports(packed: PackedAirports): AirportRecord[] {
  return packed.rows.map(([icao, iata, name, city, region, country, elevation, latitude, longitude, timezone, size, flat]) => {
    const runways: Runway[] = [];
    for (let i = 0; i + 2 < flat.length; i += 3) runways.push({ length: flat[i]!, width: flat[i + 1]!, has_lights: flat[i + 2] === 1 });
    return {
      icao,
      iata,
      name,
      city,
      region: packed.regions[region] ?? null,
      country,
      elevation_ft: elevation,
      latitude,
      longitude,
      timezone: packed.timezones[timezone] ?? null,
      size: SIZE_OF[size],
      num_runways: runways.length,
      runways,
    };
  });
}
