import { fstatSync, openSync } from 'node:fs';
import { endianness } from 'node:os';
import { readRange } from '../reference/fileRange';
import { referenceData, referenceFile } from '../reference/referenceData';
import type { AirportRecord, AirportSize, Runway } from './types';

/**
 * The airports (about 54,000) as three reference-data files, laid out so that a search reads only what it
 * tests and parses only the airports it returns (a whole-file JSON parse cost more than the rest of a cold
 * start; npm run bench):
 *
 * - `airports.json`: the records, one array per airport in served order (large, medium, small; then name):
 *   [icao, iata, ident, name, city, regionIndex, country, continent, elevation_ft, latitude, longitude,
 *   timezoneIndex, type, scheduled_service (0/1), gps_code, local_code, home_link, wikipedia_link, keywords,
 *   runways flattened to [length, width, lights (0/1), surface, le_ident, he_ident, le_heading, he_heading, ...]].
 *   A valid JSON array, never parsed whole: a row is read by its byte range. size, elevation_m, is_closed,
 *   longest_runway_ft and the runways' `closed` are derived when a row is read.
 * - `airports-index.json`: the filtered columns, one entry per airport in the same order: ICAO, IATA and
 *   country as fixed-width strings (spaces for none); elevation, timezone and region as base64 little-endian
 *   arrays; each row's byte offset in airports.json; the timezone and region lists the indexes point into
 *   (regions by ISO 3166-2 code, with their names), and the country names.
 * - `airports-names.json`: names and cities lower-cased, one line per airport, read only for a name or city
 *   filter.
 *
 * `packAirports` writes them at import (lib/aviation/import.ts); `AirportTable` reads them.
 */
export const AIRPORT_FILES = { rows: 'airports.json', index: 'airports-index.json', names: 'airports-names.json' } as const;

type PackedAirport = [
  icao: string,
  iata: string,
  ident: string,
  name: string,
  city: string | null,
  region: number,
  country: string,
  continent: string | null,
  elevation: number | null,
  latitude: number,
  longitude: number,
  timezone: number,
  type: string,
  scheduled: 0 | 1,
  gps: string | null,
  local: string | null,
  home: string | null,
  wikipedia: string | null,
  keywords: string[],
  runways: (string | number | null)[],
];

/** values per runway in a row's flattened runways */
const RUNWAY_VALUES = 8;

export interface AirportIndex {
  version: 3;
  count: number;
  /** byte length of airports.json, which the offsets are for */
  rowsBytes: number;
  timezones: string[];
  /** ISO 3166-2 region codes (GB-ENG) */
  regionCodes: string[];
  /** each region code's name, null where OurAirports has none */
  regions: (string | null)[];
  /** country code → English name (OurAirports countries.csv) */
  countryNames: Record<string, string>;
  /** 4 characters per airport */
  icao: string;
  /** 3 characters per airport */
  iata: string;
  /** 2 characters per airport */
  country: string;
  /** base64 Int16LE per airport; NO_ELEVATION for none */
  elevation: string;
  /** base64 Uint16LE index into timezones per airport; NO_INDEX for none */
  timezone: string;
  /** base64 Uint16LE index into regions per airport; NO_INDEX for none */
  region: string;
  /** base64 Uint32LE byte offset of each row in airports.json, then the offset just past the last row's end */
  offsets: string;
}

export interface AirportNames {
  /** lower-cased names, one line per airport */
  name: string;
  /** lower-cased cities, one line per airport (empty for none) */
  city: string;
}

export interface PackedAirportFiles {
  rows: PackedAirport[];
  index: AirportIndex;
  names: AirportNames;
}

/** in the elevation column: no elevation known */
export const NO_ELEVATION = -0x8000;
const NO_INDEX = 0xffff;

/** The served size of each OurAirports type served (other types, e.g. closed, are not imported). */
export const AIRPORT_SIZE_BY_TYPE: Readonly<Record<string, AirportSize>> = {
  large_airport: 'large',
  medium_airport: 'medium',
  small_airport: 'small',
  seaplane_base: 'small',
  heliport: 'small',
  balloonport: 'small',
};

/** Metres (1 decimal) of an elevation in feet. */
export const elevationMetres = (feet: number | null): number | null => (feet === null ? null : Math.round(feet * 0.3048 * 10) / 10);

function interner() {
  const list: string[] = [];
  const index = new Map<string, number>();
  return {
    list,
    of(value: string | null): number {
      if (value === null) return NO_INDEX;
      let i = index.get(value);
      if (i === undefined) {
        i = list.length;
        if (i >= NO_INDEX) throw new Error('airports: more than 65,534 distinct timezones or regions');
        list.push(value);
        index.set(value, i);
      }
      return i;
    },
  };
}

/** A code in its fixed-width column: spaces for none (""). */
function fixedWidth(value: string, width: number, what: string): string {
  if (value !== '' && value.length !== width) throw new Error(`airports: ${what} '${value}' is not ${width} characters`);
  return value || ' '.repeat(width);
}

function oneLine(value: string | null): string {
  if (value?.includes('\n')) throw new Error(`airports: a name or city has a line break: ${JSON.stringify(value)}`);
  return (value ?? '').toLowerCase();
}

/** The three files for `airports` (in served order). `rows` is written as JSON.stringify(rows), which `index.offsets` are for. */
export function packAirports(airports: readonly AirportRecord[]): PackedAirportFiles {
  const timezones = interner();
  const regions = interner();
  const regionNames: (string | null)[] = [];
  const countryNames: Record<string, string> = {};
  const count = airports.length;
  const elevation = Buffer.alloc(2 * count);
  const timezone = Buffer.alloc(2 * count);
  const region = Buffer.alloc(2 * count);
  const offsets = Buffer.alloc(4 * (count + 1));
  const rows: PackedAirport[] = [];
  let offset = 1; // after '['
  airports.forEach((a, i) => {
    const regionIndex = regions.of(a.region_code);
    if (regionIndex !== NO_INDEX) regionNames[regionIndex] = a.region;
    if (a.country_name !== null) countryNames[a.country] = a.country_name;
    const row: PackedAirport = [
      a.icao,
      a.iata,
      a.ident,
      a.name,
      a.city,
      regionIndex,
      a.country,
      a.continent,
      a.elevation_ft,
      a.latitude,
      a.longitude,
      timezones.of(a.timezone),
      a.type,
      a.scheduled_service ? 1 : 0,
      a.gps_code,
      a.local_code,
      a.home_link,
      a.wikipedia_link,
      a.keywords,
      a.runways.flatMap((r) => [r.length, r.width, r.has_lights ? 1 : 0, r.surface, r.le_ident, r.he_ident, r.le_heading_deg, r.he_heading_deg]),
    ];
    rows.push(row);
    if (a.elevation_ft !== null && !(a.elevation_ft > NO_ELEVATION && a.elevation_ft <= 0x7fff)) throw new Error(`airports: elevation ${a.elevation_ft} out of range`);
    elevation.writeInt16LE(a.elevation_ft ?? NO_ELEVATION, 2 * i);
    timezone.writeUInt16LE(row[11], 2 * i);
    region.writeUInt16LE(regionIndex, 2 * i);
    offsets.writeUInt32LE(offset, 4 * i);
    offset += Buffer.byteLength(JSON.stringify(row)) + 1; // the row, then ',' (or the closing ']')
  });
  offsets.writeUInt32LE(offset, 4 * count);
  const rowsBytes = count === 0 ? 2 : offset;
  return {
    rows,
    index: {
      version: 3,
      count,
      rowsBytes,
      timezones: timezones.list,
      regionCodes: regions.list,
      regions: regions.list.map((_, i) => regionNames[i] ?? null),
      countryNames,
      icao: airports.map((a) => fixedWidth(a.icao, 4, 'ICAO code')).join(''),
      iata: airports.map((a) => fixedWidth(a.iata, 3, 'IATA code')).join(''),
      country: airports.map((a) => fixedWidth(a.country, 2, 'country code')).join(''),
      elevation: elevation.toString('base64'),
      timezone: timezone.toString('base64'),
      region: region.toString('base64'),
      offsets: offsets.toString('base64'),
    },
    names: { name: airports.map((a) => oneLine(a.name)).join('\n'), city: airports.map((a) => oneLine(a.city)).join('\n') },
  };
}

/** Where a reader gets the parts: the index whole, the names when asked, row bytes by range. */
export interface AirportSource {
  index: AirportIndex;
  names: () => AirportNames;
  /** the text of airports.json from byte `start` (inclusive) to `end` (exclusive) */
  readRows: (start: number, end: number) => string;
}

/** Lines of a text: the rows whose line contains `part`. */
function linesContaining(text: string, count: number, part: string): Uint8Array {
  const found = new Uint8Array(count);
  let line = 0;
  let lineEnd = text.indexOf('\n');
  if (lineEnd < 0) lineEnd = text.length;
  for (let at = text.indexOf(part); at >= 0; ) {
    while (at > lineEnd) {
      line += 1;
      const next = text.indexOf('\n', lineEnd + 1);
      lineEnd = next < 0 ? text.length : next;
    }
    if (at + part.length <= lineEnd) {
      found[line] = 1;
      at = text.indexOf(part, lineEnd + 1); // the next line
    } else {
      at = text.indexOf(part, at + 1); // the match ran into the next line: try further on
    }
  }
  return found;
}

const CODE_WIDTH = { icao: 4, iata: 3, country: 2 } as const;
export type AirportCode = keyof typeof CODE_WIDTH;

/** A copy of base64 little-endian numbers as a typed array (a copy: typed arrays need aligned memory). */
function numbers<T extends Int16Array | Uint16Array | Uint32Array>(base64: string, Type: { new (buffer: ArrayBuffer): T }): T {
  const bytes = Buffer.from(base64, 'base64');
  return new Type(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
}

/** The airports as the three files hold them: columns for the filters, a record read only when served. */
export class AirportTable {
  readonly count: number;
  /** feet; NO_ELEVATION for none */
  readonly elevations: Int16Array;
  /** index into the timezone list; NO_INDEX for none */
  readonly timezoneIndexes: Uint16Array;
  /** index into the region list; NO_INDEX for none */
  readonly regionIndexes: Uint16Array;
  private readonly offsets: Uint32Array;
  private names?: AirportNames;

  constructor(private readonly source: AirportSource) {
    const index = source.index;
    if (index.version !== 3) throw new Error(`airports index version ${String(index.version)} is not 3: re-run the reference-data import`);
    if (endianness() !== 'LE') throw new Error('the airports index holds little-endian numbers');
    this.count = index.count;
    this.elevations = numbers(index.elevation, Int16Array);
    this.timezoneIndexes = numbers(index.timezone, Uint16Array);
    this.regionIndexes = numbers(index.region, Uint16Array);
    this.offsets = numbers(index.offsets, Uint32Array);
  }

  /** whether airport `i` has this (upper-case) code */
  hasCode(field: AirportCode, i: number, code: string): boolean {
    return this.source.index[field].startsWith(code, CODE_WIDTH[field] * i);
  }

  /** the airports with this (upper-case) code, in order (a string search over the column, not a loop over airports) */
  withCode(field: AirportCode, code: string): number[] {
    const column = this.source.index[field];
    const width = CODE_WIDTH[field];
    const rows: number[] = [];
    if (code.length !== width) return rows;
    for (let at = column.indexOf(code); at >= 0; at = column.indexOf(code, at + 1)) {
      if (at % width === 0) rows.push(at / width);
    }
    return rows;
  }

  /** indexes into `timezones` / `regions` whose value passes `test` */
  timezonesWhere(test: (timezone: string) => boolean): Set<number> {
    return new Set(this.source.index.timezones.flatMap((tz, i) => (test(tz) ? [i] : [])));
  }

  /** indexes into `regionCodes` whose region name passes `test` */
  regionsWhere(test: (region: string) => boolean): Set<number> {
    return new Set(this.source.index.regions.flatMap((region, i) => (region !== null && test(region) ? [i] : [])));
  }

  /** per airport 1 when its name (or city) contains `part`, compared in lower case */
  containing(field: keyof AirportNames, part: string): Uint8Array {
    this.names ??= this.source.names();
    return linesContaining(this.names[field], this.count, part.toLowerCase());
  }

  /** the whole record of airport `i` */
  record(i: number): AirportRecord {
    const text = this.source.readRows(this.offsets[i]!, this.offsets[i + 1]! - 1);
    const [icao, iata, ident, name, city, region, country, continent, elevation, latitude, longitude, timezone, type, scheduled, gps, local, home, wikipedia, keywords, flat] =
      JSON.parse(text) as PackedAirport;
    const runways: Runway[] = [];
    for (let r = 0; r + RUNWAY_VALUES <= flat.length; r += RUNWAY_VALUES) {
      const [length, width, lights, surface, leIdent, heIdent, leHeading, heHeading] = flat.slice(r, r + RUNWAY_VALUES) as [
        number | null, number | null, number, string | null, string | null, string | null, number | null, number | null,
      ];
      runways.push({ length, width, has_lights: lights === 1, surface, closed: false, le_ident: leIdent, he_ident: heIdent, le_heading_deg: leHeading, he_heading_deg: heHeading });
    }
    const lengths = runways.flatMap((r) => (r.length === null ? [] : [r.length]));
    const { regions, regionCodes, timezones, countryNames } = this.source.index;
    return {
      icao,
      iata,
      ident,
      name,
      city,
      region: regions[region] ?? null,
      region_code: regionCodes[region] ?? null,
      country,
      country_name: countryNames[country] ?? null,
      continent,
      elevation_ft: elevation,
      elevation_m: elevationMetres(elevation),
      latitude,
      longitude,
      timezone: timezones[timezone] ?? null,
      type,
      size: AIRPORT_SIZE_BY_TYPE[type]!,
      scheduled_service: scheduled === 1,
      is_closed: false,
      gps_code: gps,
      local_code: local,
      home_link: home,
      wikipedia_link: wikipedia,
      keywords,
      num_runways: runways.length,
      longest_runway_ft: lengths.length > 0 ? Math.max(...lengths) : null,
      runways,
    };
  }
}

/** The airports of the reference-data layer, opened once per container: the index parsed, airports.json kept open. */
export function airportTable(): AirportTable {
  return referenceData(AIRPORT_FILES.index, (index: AirportIndex) => {
    const rows = openSync(referenceFile(AIRPORT_FILES.rows), 'r');
    if (fstatSync(rows).size !== index.rowsBytes) {
      throw new Error(`${AIRPORT_FILES.rows} is not the file ${AIRPORT_FILES.index} indexes: re-run the reference-data import`);
    }
    return new AirportTable({
      index,
      names: () => referenceData<AirportNames>(AIRPORT_FILES.names),
      readRows: (start, end) => readRange(rows, start, end - start).toString('utf8'),
    });
  });
}
