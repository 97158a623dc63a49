import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingSource, type ImportResult, type ReferenceImporter } from '../reference/importer';
import { packRecords } from '../reference/packedRecords';
import { buildAircraftRecords } from './aircraftImport';
import { buildAirlineEntries } from './airlineImport';
import { assignBases, OPTD_AIRLINES_SOURCE, parseOptdAirlines } from './airlineBases';
import { AIRPORT_FILES, packAirports } from './airportFile';
import { buildAirportRecords } from './airportImport';
import type { AirportRecord } from './types';

/** Source files, relative to the datasets directory (their published names and formats). */
export const AVIATION_SOURCES = {
  faaAcd: 'aircraft/faa_acd_2023-09-07.csv',
  whatIsFlying: 'aircraft/whatisflying_aircraft_types.csv',
  bluebook: 'aircraft/bluebook_Airplane_Cleaned.csv',
  planes: 'aircraft/openflights_planes.dat',
  airlines: 'airlines/airlines.dat',
  airlineBases: 'airlines/optd_airlines.csv',
  airports: 'airports/airports.csv',
  runways: 'airports/runways.csv',
  regions: 'airports/regions.csv',
  countries: 'airports/countries.csv',
} as const;

export const AVIATION_FILES = { aircraft: 'aircraft.json', airlines: 'airlines.json' } as const;

/** The IANA timezone at a point (geo-tz with every zone, so e.g. Atlantic/Reykjavik rather than a merged zone). */
async function timezoneFinder(): Promise<(lat: number, lon: number) => string | null> {
  const { find } = await import('geo-tz/all');
  return (lat, lon) => {
    try {
      return find(lat, lon)[0] ?? null;
    } catch {
      return null;
    }
  };
}

/** What each file holds, for the 503 when it is missing. */
const MISSING_WHAT = {
  aircraft: 'The aircraft data (FAA Aircraft Characteristics Database, whatisflying, Bluebook)',
  airlines: 'The airline data (OpenFlights)',
  airports: 'The airport data (OurAirports)',
} as const;

/**
 * The aviation import step: aircraft.json, airlines.json (OpenFlights, with bases from OpenTravelData:
 * airlineBases.ts) and the airport files (airportFile.ts; runways merged, timezone computed from coordinates). A
 * file whose required source is missing is not written: it is listed as missing and its endpoint answers 503
 * data_unavailable.
 */
export const importAviationData: ReferenceImporter = async (datasetsDir) => {
  const result: ImportResult = { files: {}, warnings: [], missing: {} };
  const read = (file: keyof typeof AVIATION_SOURCES, required: boolean): string | undefined => {
    const path = datasetsDir ? join(datasetsDir, AVIATION_SOURCES[file]) : undefined;
    if (path && existsSync(path)) return readFileSync(path, 'utf8');
    if (datasetsDir && !required) result.warnings.push(`aviation: ${AVIATION_SOURCES[file]} not found in ${datasetsDir} (imported without it).`);
    return undefined;
  };
  const missing = (name: keyof typeof MISSING_WHAT, files: readonly string[], source: string) => {
    for (const file of files) result.missing![file] = { reason: missingSource(MISSING_WHAT[name], source, datasetsDir), endpoints: [`/v1/${name}`] };
  };

  const faaAcd = read('faaAcd', false);
  const whatIsFlying = read('whatIsFlying', false);
  const bluebook = read('bluebook', false);
  const planes = read('planes', false);
  if (faaAcd || whatIsFlying || bluebook) {
    const aircraft = buildAircraftRecords({ faaAcd, whatIsFlying, bluebook, planes });
    result.files[AVIATION_FILES.aircraft] = {
      data: packRecords(aircraft.records),
      summary:
        `${aircraft.records.length} airplane records (${aircraft.types} ICAO types, ${aircraft.variants} performance-table variants, ` +
        `${aircraft.matchedVariants} matched to a type) from FAA ACD, whatisflying, Bluebook, OpenFlights planes.dat`,
    };
  } else missing('aircraft', [AVIATION_FILES.aircraft], AVIATION_SOURCES.faaAcd);

  const airportsText = read('airports', true);
  let airports: AirportRecord[] = [];
  if (airportsText) {
    airports = buildAirportRecords(
      { airports: airportsText, runways: read('runways', false), regions: read('regions', false), countries: read('countries', false) },
      await timezoneFinder(),
    );
    const runways = airports.reduce((n, a) => n + a.num_runways, 0);
    const packed = packAirports(airports);
    result.files[AIRPORT_FILES.rows] = {
      data: packed.rows,
      summary: `${airports.length} airports with ${runways} runways from OurAirports (timezones computed with geo-tz); ${AIRPORT_FILES.index} and ${AIRPORT_FILES.names} index them`,
    };
    result.files[AIRPORT_FILES.index] = { data: packed.index };
    result.files[AIRPORT_FILES.names] = { data: packed.names };
  } else missing('airports', [AIRPORT_FILES.index], AVIATION_SOURCES.airports); // the file a search opens first

  // after the airports: an airline's base is named by its airport's name
  const airlinesText = read('airlines', true);
  if (airlinesText) {
    const optdText = read('airlineBases', false);
    let airlines = buildAirlineEntries(airlinesText);
    let bases = '';
    if (optdText) {
      // an airport's IATA code → its name (the records are sorted largest first: the first holder of a code wins)
      const airportNames = new Map<string, string>();
      for (const airport of airports) if (airport.iata && !airportNames.has(airport.iata)) airportNames.set(airport.iata, airport.name);
      const assigned = assignBases(airlines, parseOptdAirlines(optdText), (code) => airportNames.get(code));
      airlines = assigned.entries;
      bases = `; bases of ${assigned.matched.icao + assigned.matched.iata} (${assigned.matched.icao} by ICAO, ${assigned.matched.iata} by IATA code; ${assigned.refused.length} code matches refused by the name check) from ${OPTD_AIRLINES_SOURCE}, airport names from OurAirports`;
    }
    result.files[AVIATION_FILES.airlines] = { data: packRecords(airlines), summary: `${airlines.length} airlines from OpenFlights airlines.dat${bases}` };
  } else missing('airlines', [AVIATION_FILES.airlines], AVIATION_SOURCES.airlines);
  return result;
};
