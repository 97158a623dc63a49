import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';
import { AIRPORT_FILES, AirportTable, packAirports, type AirportIndex, type AirportNames } from '../../lib/aviation/airportFile';
import { searchAirports, type AirportFilters } from '../../lib/aviation/search';
import { parseDelimited } from '../../lib/text/delimited';
import { ELEVATION_CORRECTIONS } from '../../lib/aviation/airportImport';
import { AVIATION_SOURCES, importAviationData } from '../../lib/aviation/import';
import type { AircraftRecord, AirlineEntry, AirportRecord } from '../../lib/aviation/types';
import { unpackRecords, type PackedRecords } from '../../lib/reference/packedRecords';

const sources = datasetsDir();
if (!sources) throw new Error('These tests need the public datasets (DATASETS_DIR or ../shared/datasets).');

let aircraft: AircraftRecord[];
let airlines: AirlineEntry[];
let airports: AirportRecord[];
let airportRows: unknown[];
let airportTable: AirportTable;
let warnings: string[];
let airlinesSummary: string;

/** The airports as the three files are written (JSON.stringify) and read in Lambda (rows by byte range). */
function tableOf(files: { rows: unknown; index: unknown; names: unknown }): AirportTable {
  const rows = Buffer.from(JSON.stringify(files.rows));
  const index = JSON.parse(JSON.stringify(files.index)) as AirportIndex;
  expect(rows.length).toBe(index.rowsBytes);
  return new AirportTable({
    index,
    names: () => JSON.parse(JSON.stringify(files.names)) as AirportNames,
    readRows: (start, end) => rows.subarray(start, end).toString('utf8'),
  });
}

beforeAll(async () => {
  const result = await importAviationData(sources);
  aircraft = unpackRecords(result.files['aircraft.json']!.data as PackedRecords<AircraftRecord>);
  airlines = unpackRecords(result.files['airlines.json']!.data as PackedRecords<AirlineEntry>);
  const file = (name: string) => result.files[name]!.data;
  airportRows = file(AIRPORT_FILES.rows) as unknown[];
  airportTable = tableOf({ rows: airportRows, index: file(AIRPORT_FILES.index), names: file(AIRPORT_FILES.names) });
  airports = Array.from({ length: airportTable.count }, (_, i) => airportTable.record(i));
  warnings = result.warnings;
  airlinesSummary = result.files['airlines.json']!.summary!;
}, 60_000);

/** Rows of a source file, header first (read here with a plain line split where the file allows it). */
const sourceLines = (file: string) => readFileSync(join(sources, file), 'utf8').split(/\r?\n/).filter(Boolean);

describe('parseDelimited', () => {
  test('reads quoted fields with commas, doubled quotes and line breaks, and OpenFlights \\N as null', () => {
    // Prepare
    const text = 'a,"b, c","say ""hi""",\\N,"\\N"\r\n"multi\nline",2,,x,y\n';

    // Act
    const rows = parseDelimited(text, { nullMarkers: ['\\N'] });

    // Assess
    expect(rows).toEqual([
      ['a', 'b, c', 'say "hi"', null, '\\N'],
      ['multi\nline', '2', '', 'x', 'y'],
    ]);
  });
});

describe('aviation import', () => {
  test('warns about nothing when every source file is present', () => {
    // Assess
    expect(warnings).toEqual([]);
  });

  test('imports every OurAirports airport that is not closed', () => {
    // Prepare: count the airports.csv rows by type, reading the type column directly
    const rows = parseDelimited(readFileSync(join(sources, AVIATION_SOURCES.airports), 'utf8')).slice(1);
    const open = rows.filter((row) => row[2] !== 'closed').length;

    // Assess
    expect(airports).toHaveLength(open);
    expect(airports.length).toBeGreaterThan(50_000);
  });

  test('gives JFK its four runways, size large and the America/New_York timezone', () => {
    // Prepare: published runway data for KJFK (FAA chart supplement: 04L/22R 12079×200, 04R/22L 8400×200,
    // 13L/31R 10000×200, 13R/31L 14511×200, all lighted)
    const published = [
      { length: 12079, width: 200, has_lights: true },
      { length: 8400, width: 200, has_lights: true },
      { length: 10000, width: 200, has_lights: true },
      { length: 14511, width: 200, has_lights: true },
    ];

    // Act
    const jfk = airports.find((a) => a.icao === 'KJFK');

    // Assess
    expect(jfk).toMatchObject({
      iata: 'JFK',
      name: 'John F Kennedy International Airport',
      city: 'New York',
      region: 'New York',
      country: 'US',
      elevation_ft: 13,
      timezone: 'America/New_York',
      size: 'large',
      num_runways: 4,
    });
    expect(jfk!.latitude).toBeCloseTo(40.6398, 3);
    expect(jfk!.longitude).toBeCloseTo(-73.7789, 3);
    const runways = jfk!.runways.map(({ length, width, has_lights }) => ({ length, width, has_lights }));
    expect(runways.sort((a, b) => a.length! - b.length!)).toEqual([...published].sort((a, b) => a.length - b.length));
    expect(jfk!.longest_runway_ft).toBe(14511);
  });

  test('carries the OurAirports fields the live service sends: Heathrow as airports.csv, runways.csv and countries.csv list it', () => {
    // Prepare: Heathrow's rows, read here with the plain CSV reader and the files' header names
    const table = (file: string): Record<string, string>[] => {
      const [header, ...rows] = parseDelimited(readFileSync(join(sources, file), 'utf8'));
      return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
    };
    const row = table(AVIATION_SOURCES.airports).find((r) => r.ident === 'EGLL')!;
    const runwayRows = table(AVIATION_SOURCES.runways).filter((r) => r.airport_ident === 'EGLL' && r.closed !== '1');
    const countryName = table(AVIATION_SOURCES.countries).find((r) => r.code === 'GB')!.name;

    // Act
    const heathrow = airports.find((a) => a.ident === 'EGLL')!;

    // Assess
    expect(heathrow).toMatchObject({
      icao: 'EGLL',
      iata: 'LHR',
      region_code: row.iso_region,
      country_name: countryName,
      continent: row.continent,
      type: row.type,
      scheduled_service: row.scheduled_service === 'yes',
      is_closed: false,
      gps_code: row.gps_code,
      local_code: row.local_code || null,
      home_link: row.home_link,
      wikipedia_link: row.wikipedia_link,
      keywords: row.keywords!.split(',').map((k) => k.trim()),
      elevation_ft: Number(row.elevation_ft),
      elevation_m: Math.round(Number(row.elevation_ft) * 0.3048 * 10) / 10,
      num_runways: runwayRows.length,
      longest_runway_ft: Math.max(...runwayRows.map((r) => Number(r.length_ft))),
    });
    expect(heathrow.runways).toEqual(
      runwayRows.map((r) => ({
        length: Number(r.length_ft),
        width: Number(r.width_ft),
        has_lights: r.lighted === '1',
        surface: r.surface,
        closed: false,
        le_ident: r.le_ident,
        he_ident: r.he_ident,
        le_heading_deg: Number(r.le_heading_degT),
        he_heading_deg: Number(r.he_heading_degT),
      })),
    );
  });

  test('gives an airport without ICAO or IATA code "" for them (the spec types them as strings)', () => {
    // Prepare: the first airports.csv row, a heliport whose codes are not ICAO/IATA codes
    const [, ident, , name, latitude] = parseDelimited(sourceLines(AVIATION_SOURCES.airports)[1]!)[0]!;

    // Act
    const served = airports.find((a) => a.name === name && a.latitude === Number(latitude))!;

    // Assess
    expect(served).toMatchObject({ ident, icao: '', iata: '' });
  });

  test('serves the aeronautical authority\'s elevation where OurAirports differs: LAX 128 ft (not 125), Haneda 21 ft (not 35)', () => {
    // Prepare: what OurAirports has for them
    const csvElevation = (ident: string) => Number(parseDelimited(sourceLines(AVIATION_SOURCES.airports).find((line) => line.includes(`,"${ident}",`))!)[0]![6]);

    // Act
    const lax = airports.find((a) => a.ident === 'KLAX')!;
    const haneda = airports.find((a) => a.ident === 'RJTT')!;

    // Assess: the corrected figures, cited in ELEVATION_CORRECTIONS, replace OurAirports' 125 and 35
    expect([csvElevation('KLAX'), csvElevation('RJTT')]).toEqual([125, 35]);
    expect(lax).toMatchObject({ elevation_ft: 128, elevation_m: 39 });
    expect(haneda).toMatchObject({ elevation_ft: 21, elevation_m: 6.4 });
    expect(ELEVATION_CORRECTIONS.KLAX!.source).toMatch(/FAA/);
    expect(ELEVATION_CORRECTIONS.RJTT!.source).toMatch(/AIP Japan/);
  });

  test('computes timezones that agree with the OpenFlights table for large airports', () => {
    // Prepare: OpenFlights airports.dat lists an IANA timezone per airport (column 12) keyed by ICAO (column 6)
    const openflights = new Map(
      parseDelimited(readFileSync(join(sources, 'airports/openflights_airports.dat'), 'utf8'), { nullMarkers: ['\\N'] }).map((r) => [r[5], r[11]]),
    );
    const checked = airports.filter((a) => a.size === 'large' && a.icao && openflights.get(a.icao));

    // Act
    const agreeing = checked.filter((a) => a.timezone === openflights.get(a.icao!));

    // Assess: zone names differ where IANA renamed or split zones since OpenFlights was compiled
    expect(checked.length).toBeGreaterThan(300);
    expect(agreeing.length / checked.length).toBeGreaterThan(0.9);
  });

  test('maps OurAirports types to sizes: a heliport is served as small', () => {
    // Prepare: the first heliport row of airports.csv
    const heliport = parseDelimited(sourceLines(AVIATION_SOURCES.airports).find((line) => line.includes('"heliport"'))!)[0]!;

    // Act
    const sizes = new Set(airports.map((a) => a.size));
    const served = airports.filter((a) => a.name === heliport[3] && a.latitude === Number(heliport[4]));

    // Assess
    expect(sizes).toEqual(new Set(['large', 'medium', 'small']));
    expect(served.map((a) => a.size)).toEqual(['small']);
  });

  test('reads every airport back by its byte range as the whole rows file parses it', () => {
    // Prepare: the rows file parsed whole, the way the index is meant to avoid
    const parsed = JSON.parse(JSON.stringify(airportRows)) as unknown[][];

    // Act: each record read by offset, back in the row form
    const mismatches = airports.flatMap((a, i) => {
      const [icao, iata, ident, name, city, , country, continent, elevation, latitude, longitude, , type, scheduled, gps, local, home, wikipedia, keywords, runways] =
        parsed[i]!;
      const expected = JSON.stringify([icao, iata, ident, name, city, country, continent, elevation, latitude, longitude, type, scheduled, gps, local, home, wikipedia, keywords, runways]);
      const read = JSON.stringify([
        ...[a.icao, a.iata, a.ident, a.name, a.city, a.country, a.continent, a.elevation_ft, a.latitude, a.longitude, a.type, a.scheduled_service ? 1 : 0],
        ...[a.gps_code, a.local_code, a.home_link, a.wikipedia_link, a.keywords],
        a.runways.flatMap((r) => [r.length, r.width, r.has_lights ? 1 : 0, r.surface, r.le_ident, r.he_ident, r.le_heading_deg, r.he_heading_deg]),
      ]);
      return read === expected ? [] : [{ i, read, expected }];
    });

    // Assess
    expect(airports).toHaveLength(parsed.length);
    expect(mismatches).toEqual([]);
  });

  test('round-trips airports with missing codes, elevations, regions and timezones unchanged', () => {
    // Prepare: real records, some with their optional fields removed
    const sample = airports.slice(0, 200).map((a, i) =>
      i % 4 === 0
        ? { ...a, icao: '', iata: '', city: null, region: null, region_code: null, elevation_ft: null, elevation_m: null, timezone: null, home_link: null, keywords: [] }
        : a,
    );

    // Act
    const table = tableOf(packAirports(sample));

    // Assess
    expect(Array.from({ length: table.count }, (_, i) => table.record(i))).toEqual(sample);
  });

  describe('search over the index', () => {
    /** The rules of /v1/airports applied to every record (independent of the index). */
    const lower = (value: string | null) => value?.toLowerCase();
    const matches = (a: AirportRecord, f: AirportFilters) =>
      (f.icao === undefined || a.icao === f.icao.toUpperCase()) &&
      (f.iata === undefined || a.iata === f.iata.toUpperCase()) &&
      (f.country === undefined || a.country === f.country.toUpperCase()) &&
      (f.timezone === undefined || lower(a.timezone) === f.timezone.toLowerCase()) &&
      (['name', 'city', 'region'] as const).every((field) => f[field] === undefined || (lower(a[field])?.includes(f[field]!.toLowerCase()) ?? false)) &&
      (f.min_elevation === undefined || (a.elevation_ft !== null && a.elevation_ft >= f.min_elevation)) &&
      (f.max_elevation === undefined || (a.elevation_ft !== null && a.elevation_ft <= f.max_elevation));

    test.each<[AirportFilters, number]>([
      [{ country: 'US', min_elevation: 5000 }, 0],
      [{ icao: 'kjfk' }, 0],
      [{ iata: 'LHR' }, 0],
      [{ city: 'london', name: 'heathrow' }, 0],
      [{ region: 'york' }, 30],
      [{ timezone: 'america/denver', min_elevation: 9000 }, 0],
      [{ max_elevation: -1000 }, 0],
      [{ country: 'gb' }, 30],
      [{ name: 'international' }, 300],
      [{ city: 'são' }, 0],
      [{ name: 'ÅLESUND' }, 0],
      [{ name: 'port', country: 'FR', max_elevation: 100 }, 5],
      [{ country: 'us', iata: 'jfk' }, 0],
      [{ iata: 'LHR', country: 'gb' }, 0],
      [{ country: 'SA' }, 0],
    ])('answers %j at offset %i as a filter over every record does', (filters, offset) => {
      // Prepare
      const expected = airports.filter((a) => matches(a, filters)).slice(offset, offset + 30);

      // Act
      const found = searchAirports(airportTable, filters, offset);

      // Assess
      expect(expected.length).toBeGreaterThan(0);
      expect(found).toEqual(expected);
    });

    test('never matches text across two airports (a name ending and the next one starting)', () => {
      // Prepare: the end of one name and the start of the next, as they lie in the names file
      const [a, b] = [airports[0]!.name.toLowerCase(), airports[1]!.name.toLowerCase()];

      // Act
      const found = searchAirports(airportTable, { name: `${a.slice(-3)}\n${b.slice(0, 3)}` });

      // Assess
      expect(found).toEqual([]);
      expect(searchAirports(airportTable, { name: a.slice(-3) }).length).toBeGreaterThan(0);
    });
  });

  test('finds British Airways by IATA BA with ICAO BAW, its bases from OpenTravelData and null for what no source has', () => {
    // Act
    const ba = airlines.filter((a) => a.iata === 'BA');

    // Assess
    expect(ba[0]).toEqual({
      name: 'British Airways',
      country: 'United Kingdom',
      year_created: null,
      base: 'London Gatwick Airport, London Heathrow Airport',
      iata: 'BA',
      icao: 'BAW',
      fleet: null,
      logo_url: null,
      brandmark_url: null,
      tail_logo_url: null,
      active: true,
    });
    expect(ba.filter((a) => a.name === 'British Airways' && a.icao === 'BAW')).toHaveLength(1);
  });

  test('imports every airline of airlines.dat that has a code', () => {
    // Prepare: rows with a 2-character IATA or 3-letter ICAO code, excluding the placeholder rows
    const rows = parseDelimited(readFileSync(join(sources, AVIATION_SOURCES.airlines), 'utf8'), { nullMarkers: ['\\N'] });
    const distinct = new Set(
      rows
        .filter((r) => Number(r[0]) > 0 && r[1] !== 'Private flight' && (/^[A-Z0-9]{2}$/i.test(r[3] ?? '') || /^[A-Z]{3}$/i.test(r[4] ?? '')))
        .map((r) => `${r[1]}|${r[3]}|${r[4]}`),
    );

    // Assess
    expect(airlines).toHaveLength(distinct.size);
  });

  test('merges the Boeing 737-800 from the FAA database, whatisflying and planes.dat, the FAA database first for dimensions and weights', () => {
    // Prepare: FAA ACD B738: 2 jet engines, Large, CWT F, length 129.5 ft, tail height 41.4 ft, wingspan 117.4 ft with
    // winglets (112.6 without), MTOW 174,200 lb; whatisflying B738: OEW 41413 kg, cruise 455 kt, ceiling 41000 ft,
    // range 2935 nm (and length 39.47 m, wingspan 34.32 m, MTOW 79015 kg, not used); planes.dat IATA 738
    const lb = (kg: number) => kg / 0.45359237;

    // Act
    const b738 = aircraft.filter((a) => a.icao_type === 'B738');

    // Assess
    expect(b738).toHaveLength(1);
    const record = b738[0]!;
    expect(record).toMatchObject({
      manufacturer: 'Boeing',
      model: '737-800',
      iata_types: ['738'],
      aircraft_class: 'Fixed-wing Landplane',
      engine_count: 2,
      engine_type: 'Jet',
      cruise_speed_knots: '455',
      ceiling_ft: '41000',
      range_nautical_miles: '2935',
      faa_weight_class: 'Large',
      icao_wake_category: 'Medium',
      faa_cwt_category: 'F',
    });
    expect(record).toMatchObject({ length_ft: '129.5', height_ft: '41.4', wing_span_ft: '117.4', gross_weight_lbs: '174200' });
    expect(Number(record.empty_weight_lbs)).toBe(Math.round(lb(41413)));
    expect(Object.keys(record)).toHaveLength(29);
  });

  test('types every numeric spec field as a string and engine_count as an integer', () => {
    // Prepare
    const stringFields = [
      'engine_horsepower', 'engine_thrust_lbf', 'engine_thrust_lb_ft', 'max_speed_knots', 'cruise_speed_knots', 'stall_knots',
      'ceiling_ft', 'rate_of_climb_ft_per_min', 'takeoff_over_50ft_ft', 'takeoff_ground_run_ft', 'landing_over_50ft_ft',
      'landing_ground_roll_ft', 'gross_weight_lbs', 'empty_weight_lbs', 'length_ft', 'height_ft', 'wing_span_ft', 'range_nautical_miles',
    ] as const;

    // Act
    const wrong = aircraft.filter(
      (a) =>
        stringFields.some((f) => a[f] !== null && (typeof a[f] !== 'string' || Number.isNaN(Number(a[f])))) ||
        (a.engine_count !== null && !Number.isInteger(a.engine_count)),
    );

    // Assess
    expect(wrong).toEqual([]);
  });

  test('carries performance-table variants with horsepower, distances and the deprecated engine_thrust_lb_ft', () => {
    // Prepare: Bluebook row "B200 Super King Air": Propjet, SHP 850, Slo 1942, Sl 1760, Vlo 3345, Vl 2845
    const row = sourceLines(AVIATION_SOURCES.bluebook).find((line) => line.startsWith('B200 Super King Air,'))!;

    // Act
    const b200 = aircraft.find((a) => a.model === 'B200 Super King Air');

    // Assess
    expect(row).toContain('Propjet');
    expect(b200).toMatchObject({
      engine_type: 'Propjet',
      engine_horsepower: '850',
      engine_thrust_lbf: null,
      engine_thrust_lb_ft: '850',
      takeoff_ground_run_ft: '1942',
      landing_ground_roll_ft: '1760',
      takeoff_over_50ft_ft: '3345',
      landing_over_50ft_ft: '2845',
    });
  });

  test('serves airplanes only', () => {
    // Act
    const classes = new Set(aircraft.map((a) => a.aircraft_class));

    // Assess
    expect([...classes].every((c) => c === null || c.startsWith('Fixed-wing'))).toBe(true);
    expect(aircraft.some((a) => a.icao_type === 'R44' || a.icao_type === 'V22')).toBe(false);
  });

  test('names each file it could not make, with the missing source and its endpoint, without failing', async () => {
    // Prepare
    const empty = mkdtempSync(join(tmpdir(), 'aviation-empty-'));

    // Act
    const result = await importAviationData(empty);
    const withoutDirectory = await importAviationData(undefined);
    rmSync(empty, { recursive: true, force: true });

    // Assess
    expect(result.files).toEqual({});
    expect(result.missing).toEqual({
      'aircraft.json': { reason: expect.stringContaining(`${AVIATION_SOURCES.faaAcd} was not in the datasets directory`), endpoints: ['/v1/aircraft'] },
      'airlines.json': { reason: expect.stringContaining(`${AVIATION_SOURCES.airlines} was not in the datasets directory`), endpoints: ['/v1/airlines'] },
      'airports-index.json': { reason: expect.stringContaining(`${AVIATION_SOURCES.airports} was not in the datasets directory`), endpoints: ['/v1/airports'] },
    });
    expect(withoutDirectory.missing?.['airports-index.json']?.reason).toBe(
      `The airport data (OurAirports) could not be imported: no datasets directory was set when the reference data were built (it needs ${AVIATION_SOURCES.airports}).`,
    );
  });
});

describe('the airlines\' bases (OpenTravelData)', () => {
  // optd_airlines.csv read here on its own: `^`-separated, current records have empty env_id (2) and validity_to (4)
  const optdRows = () =>
    readFileSync(join(sources, AVIATION_SOURCES.airlineBases), 'utf8')
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split('^'))
      .filter((f) => f.length === 20 && f[1] === '' && f[3] === '');

  test('serves the bases of well-known airlines as OPTD lists them, by airport name', () => {
    // Act
    const base = (icao: string) => airlines.find((a) => a.icao === icao && a.active)?.base;

    // Assess: optd_airlines.csv bases BAW LGW=LHR, AFR CDG=ORY, DLH FRA=MUC
    expect(base('BAW')).toBe('London Gatwick Airport, London Heathrow Airport');
    expect(base('AFR')).toBe('Charles de Gaulle International Airport, Paris-Orly Airport');
    expect(base('DLH')).toBe('Frankfurt am Main Airport, Munich Airport');
  });

  test('every served base is the names of the bases of a current OPTD record with the airline\'s ICAO or IATA code', () => {
    // Prepare: airport names by IATA code from the served airport records (largest first, as the import reads them)
    const airportName = new Map<string, string>();
    for (const airport of airports) if (airport.iata && !airportName.has(airport.iata)) airportName.set(airport.iata, airport.name);
    const rows = optdRows();

    // Act
    const served = airlines.filter((a) => a.base !== null);
    const mismatches = served.filter((airline) => {
      const candidates = rows
        .filter((f) => (airline.icao !== null && f[4] === airline.icao) || (airline.iata !== null && f[5] === airline.iata))
        .map((f) => f[15]!.split('=').flatMap((code) => airportName.get(code) ?? []).join(', '));
      return !candidates.includes(airline.base!);
    });

    // Assess
    expect(served.length).toBeGreaterThan(140);
    expect(mismatches.map((a) => `${a.name} ${a.icao}: ${a.base}`)).toEqual([]);
    expect(airlinesSummary).toMatch(/bases of \d+ \(\d+ by ICAO, \d+ by IATA code; \d+ code matches refused by the name check\) from OpenTravelData/);
  });

  test('gives no base where the name check refuses the code match, nor any founding year or fleet', () => {
    // Act
    const byName = (name: string) => airlines.find((a) => a.name === name)!;

    // Assess: OPTD's TUI is TUIfly (LGW=...), its ASL Air Serbia (BEG), its RKA Polar Airlines
    expect(byName('Tuninter')).toMatchObject({ icao: 'TUI', base: null });
    expect(byName('Spurling Aviation')).toMatchObject({ icao: 'ASL', base: null });
    expect(byName('Air Afrique')).toMatchObject({ icao: 'RKA', base: null });
    expect(byName('Air Serbia').base).toBe('Belgrade Nikola Tesla Airport');
    expect(airlines.every((a) => a.year_created === null && a.fleet === null)).toBe(true);
  });
});
