import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingSource, type ImportResult, type ReferenceImporter } from '../reference/importer';
import { packRecords } from '../reference/packedRecords';
import { buildAircraftRecords } from './aircraftImport';
import { buildAirlineEntries } from './airlineImport';
import { AIRPORT_FILES, packAirports } from './airportFile';
import { buildAirportRecords } from './airportImport';

/** Source files, relative to the datasets directory (their published names and formats). */
export const AVIATION_SOURCES = {
  faaAcd: 'aircraft/faa_acd_2023-09-07.csv',
  whatIsFlying: 'aircraft/whatisflying_aircraft_types.csv',
  bluebook: 'aircraft/bluebook_Airplane_Cleaned.csv',
  planes: 'aircraft/openflights_planes.dat',
  airlines: 'airlines/airlines.dat',
  airports: 'airports/airports.csv',
  runways: 'airports/runways.csv',
  regions: 'airports/regions.csv',
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
 * The aviation import step: aircraft.json, airlines.json and the airport files (airportFile.ts; runways merged,
 * timezone computed from coordinates). A file whose required source is missing is not written: it is listed as
 * missing and its endpoint answers 503 data_unavailable.
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

  const airlinesText = read('airlines', true);
  if (airlinesText) {
    const airlines = buildAirlineEntries(airlinesText);
    result.files[AVIATION_FILES.airlines] = { data: packRecords(airlines), summary: `${airlines.length} airlines from OpenFlights airlines.dat` };
  } else missing('airlines', [AVIATION_FILES.airlines], AVIATION_SOURCES.airlines);

  const airportsText = read('airports', true);
  if (airportsText) {
    const airports = buildAirportRecords(
      { airports: airportsText, runways: read('runways', false), regions: read('regions', false) },
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
  return result;
};
