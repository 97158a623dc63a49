import type { AircraftRecord } from './types';

/**
 * What the aircraft import takes from publications rather than from its data sets (lib/aviation/aircraftImport.ts):
 * each entry names the document that settles it.
 */

/** Speed of sound at sea level in the ISA (15 °C): 661.47 kt, the highest it is anywhere an airplane flies. */
export const SEA_LEVEL_SPEED_OF_SOUND_KT = 661.47;

/**
 * Maximum operating Mach number (MMO) of airliner types, from their type certificate data sheets. A true airspeed
 * is Mach × the local speed of sound, which is highest at sea level, so no airplane of the type flies faster than
 * MMO × 661.47 kt anywhere (at low altitude VMO holds it far below that): a `max_speed_knots` above it is not a
 * speed of the type (whatisflying's 616 kt for the 747 family is 1.02 × the 747's MMO at sea level) and is dropped.
 */
export const MAX_OPERATING_MACH: Record<string, { mmo: number; source: string }> = Object.fromEntries([
  ...['B741', 'B742', 'B743', 'B744', 'B74S'].map((code) => [code, { mmo: 0.92, source: 'FAA TCDS A20WE (Boeing 747), MMO 0.92' }]),
  ['B748', { mmo: 0.9, source: 'FAA TCDS A20WE (Boeing 747-8), MMO 0.90' }],
  ...['B772', 'B77L', 'B773', 'B77W'].map((code) => [code, { mmo: 0.89, source: 'FAA TCDS T00001SE (Boeing 777), MMO 0.89' }]),
  ...['B788', 'B789', 'B78X'].map((code) => [code, { mmo: 0.9, source: 'FAA TCDS T00021SE (Boeing 787), MMO 0.90' }]),
  ...['B736', 'B737', 'B738', 'B739', 'B37M', 'B38M', 'B39M'].map((code) => [code, { mmo: 0.82, source: 'FAA TCDS A16WE (Boeing 737), MMO 0.82' }]),
  ['A388', { mmo: 0.89, source: 'EASA TCDS A.110 (Airbus A380), MMO 0.89' }],
  ...['A359', 'A35K'].map((code) => [code, { mmo: 0.89, source: 'EASA TCDS A.151 (Airbus A350), MMO 0.89' }]),
  ...['A318', 'A319', 'A320', 'A321', 'A19N', 'A20N', 'A21N'].map((code) => [code, { mmo: 0.82, source: 'EASA TCDS A.064 (Airbus A318/A319/A320/A321), MMO 0.82' }]),
  ...['A332', 'A333'].map((code) => [code, { mmo: 0.86, source: 'EASA TCDS A.004 (Airbus A330), MMO 0.86' }]),
]);

/** The fastest true airspeed a type can fly, or undefined when its MMO is not in the table. */
export function speedLimitKnots(icaoType: string | null): number | undefined {
  const entry = icaoType ? MAX_OPERATING_MACH[icaoType] : undefined;
  return entry && entry.mmo * SEA_LEVEL_SPEED_OF_SOUND_KT;
}

export interface AircraftCorrection {
  icao: string;
  field: keyof AircraftRecord;
  value: string;
  /** the publication that settles it, and what the data sets have instead */
  source: string;
}

/**
 * Dimensions where the FAA Aircraft Characteristics Database (the authority the import prefers for dimensions and
 * weights) gives another variant's figure, settled by the manufacturer's airport-planning document. Applied to the
 * type's record and its performance-table variants.
 */
export const AIRCRAFT_CORRECTIONS: AircraftCorrection[] = [
  {
    icao: 'B744',
    field: 'wing_span_ft',
    value: '211.42',
    source: 'Boeing D6-58326-1, 747-400 Airplane Characteristics for Airport Planning, General Airplane Dimensions: wingspan 211 ft 5 in (64.4 m); the FAA ACD 195.7 ft is the 747-100/-200/-300 wing without the -400 tip extensions and winglets',
  },
  {
    icao: 'B773',
    field: 'length_ft',
    value: '242.33',
    source: 'Boeing D6-58329, 777 Airplane Characteristics for Airport Planning, General Airplane Dimensions: 777-300 length 242 ft 4 in (73.9 m); the FAA ACD 209.1 ft is the 777-200\'s',
  },
  {
    icao: 'A333',
    field: 'height_ft',
    value: '55.09',
    source: 'Airbus A330 Aircraft Characteristics - Airport and Maintenance Planning, General Aircraft Dimensions: A330-300 height 16.79 m; the FAA ACD 45.7 ft (13.9 m) is below the fuselage-and-fin height of any A330',
  },
];

/**
 * Remarks on what a record's figures stand for, where the ICAO designator covers variants whose figures differ.
 * Shown in `notes`.
 */
export const AIRCRAFT_NOTES: Record<string, string> = {
  B744:
    'ICAO B744 covers the 747-400 and 747-400ER: gross weight (910,000 lb, FAA ACD) and range (7,670 nmi, Boeing 747-400ER) are the -400ER\'s; the -400 is 875,000 lb',
};
