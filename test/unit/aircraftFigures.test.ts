import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';
import { buildAircraftRecords } from '../../lib/aviation/aircraftImport';
import { MAX_OPERATING_MACH, SEA_LEVEL_SPEED_OF_SOUND_KT } from '../../lib/aviation/aircraftAuthorities';
import { AVIATION_SOURCES } from '../../lib/aviation/import';
import type { AircraftRecord } from '../../lib/aviation/types';

const sources = datasetsDir();
if (!sources) throw new Error('These tests need the public datasets (DATASETS_DIR or ../shared/datasets).');
const read = (file: keyof typeof AVIATION_SOURCES) => readFileSync(join(sources, AVIATION_SOURCES[file]), 'utf8');

let records: AircraftRecord[];
beforeAll(() => {
  records = buildAircraftRecords({ faaAcd: read('faaAcd'), whatIsFlying: read('whatIsFlying'), bluebook: read('bluebook'), planes: read('planes') }).records;
});

const FT_PER_M = 1 / 0.3048;
const LB_PER_KG = 1 / 0.45359237;
const ftIn = (ft: number, inches: number) => ft + inches / 12;

type Figure = 'length_ft' | 'wing_span_ft' | 'height_ft' | 'gross_weight_lbs';

/**
 * Published figures of 16 well-known types, each with the document it is from: the manufacturers' airport-planning
 * documents ("General Airplane Dimensions"; wingspans with winglets or sharklets) and maximum takeoff weights. The
 * served figure must be within rounding: 0.15 ft (the FAA database's tenth of a foot, the documents' inch or
 * centimetre), 0.5 % of a weight.
 */
const PUBLISHED: [icao: string, source: string, figures: Partial<Record<Figure, number>>][] = [
  ['B738', 'Boeing D6-58325-6, 737 Airplane Characteristics for Airport Planning: 737-800', { length_ft: ftIn(129, 6), wing_span_ft: ftIn(117, 5), gross_weight_lbs: 174_200 }],
  ['B38M', 'Boeing D6-38A004, 737 MAX Airplane Characteristics for Airport Planning: 737-8', { length_ft: ftIn(129, 8), wing_span_ft: ftIn(117, 10), height_ft: ftIn(40, 4), gross_weight_lbs: 181_200 }],
  ['B744', 'Boeing D6-58326-1, 747-400 Airplane Characteristics for Airport Planning', { length_ft: ftIn(231, 10), wing_span_ft: ftIn(211, 5), gross_weight_lbs: 910_000 }],
  ['B748', 'Boeing D6-58326-3, 747-8 Airplane Characteristics for Airport Planning: 747-8 Intercontinental', { length_ft: ftIn(250, 2), wing_span_ft: 68.4 * FT_PER_M, gross_weight_lbs: 987_000 }],
  ['B773', 'Boeing D6-58329, 777 Airplane Characteristics for Airport Planning: 777-300', { length_ft: ftIn(242, 4), wing_span_ft: ftIn(199, 11), gross_weight_lbs: 660_000 }],
  ['B77W', 'Boeing D6-58329-2, 777-200LR/-300ER Airplane Characteristics for Airport Planning: 777-300ER', { length_ft: ftIn(242, 4), wing_span_ft: ftIn(212, 7), gross_weight_lbs: 775_000 }],
  ['B789', 'Boeing D6-58333, 787 Airplane Characteristics for Airport Planning: 787-9', { length_ft: ftIn(206, 1), wing_span_ft: ftIn(197, 3), gross_weight_lbs: 560_000 }],
  ['B763', 'Boeing D6-58328, 767 Airplane Characteristics for Airport Planning: 767-300ER', { length_ft: ftIn(180, 3), gross_weight_lbs: 412_000 }],
  ['A388', 'Airbus A380 Aircraft Characteristics - Airport and Maintenance Planning', { length_ft: 72.72 * FT_PER_M, wing_span_ft: 79.75 * FT_PER_M, height_ft: 24.09 * FT_PER_M, gross_weight_lbs: 575_000 * LB_PER_KG }],
  ['A320', 'Airbus A320 Aircraft Characteristics - Airport and Maintenance Planning (sharklets)', { length_ft: 37.57 * FT_PER_M, wing_span_ft: 35.8 * FT_PER_M, gross_weight_lbs: 78_000 * LB_PER_KG }],
  ['A333', 'Airbus A330 Aircraft Characteristics - Airport and Maintenance Planning: A330-300', { length_ft: 63.66 * FT_PER_M, wing_span_ft: 60.3 * FT_PER_M, height_ft: 16.79 * FT_PER_M, gross_weight_lbs: 242_000 * LB_PER_KG }],
  ['A359', 'Airbus A350 Aircraft Characteristics - Airport and Maintenance Planning: A350-900', { length_ft: 66.8 * FT_PER_M, wing_span_ft: 64.75 * FT_PER_M, gross_weight_lbs: 283_000 * LB_PER_KG }],
  ['E190', 'Embraer 190 Airport Planning Manual', { length_ft: 36.24 * FT_PER_M, wing_span_ft: 28.72 * FT_PER_M }],
  ['CRJ9', 'Bombardier CRJ900 Airport Planning Manual', { length_ft: 36.2 * FT_PER_M, wing_span_ft: 24.85 * FT_PER_M }],
  ['DH8D', 'De Havilland Canada Dash 8-400 Airport Planning Manual', { length_ft: ftIn(107, 9), wing_span_ft: 28.42 * FT_PER_M, gross_weight_lbs: 29_257 * LB_PER_KG }],
  ['AT76', 'ATR 72-600 Airport Planning Manual', { length_ft: 27.17 * FT_PER_M, wing_span_ft: 27.05 * FT_PER_M }],
];

/**
 * Accepted differences: the served figure is the FAA Aircraft Characteristics Database's (2023-09-07), the authority
 * the import prefers for dimensions and weights, and the publication that explains the difference.
 */
const ACCEPTED: Record<string, { served: number; why: string }> = {
  'A359 gross_weight_lbs': {
    served: 617_295,
    why: 'FAA ACD lists the A350-900 at 280,000 kg (weight variant of its 2023 edition); Airbus has since certified a 283,000 kg weight variant (A350 Aircraft Characteristics, weight variants table)',
  },
};

const TOLERANCE: Record<Figure, (published: number) => number> = {
  length_ft: () => 0.15,
  wing_span_ft: () => 0.15,
  height_ft: () => 0.15,
  gross_weight_lbs: (published) => published * 0.005,
};

describe('16 well-known types against their published figures', () => {
  test.each(PUBLISHED)('%s: served figures agree with %s', (icao, _source, figures) => {
    // Prepare
    const record = records.find((r) => r.icao_type === icao);

    // Act
    const differences = Object.entries(figures).flatMap(([field, published]) => {
      const served = Number(record?.[field as Figure]);
      const accepted = ACCEPTED[`${icao} ${field}`];
      if (accepted) return served === accepted.served ? [] : [`${field}: served ${served}, accepted ${accepted.served} (${accepted.why})`];
      return Math.abs(served - published) <= TOLERANCE[field as Figure](published) ? [] : [`${field}: served ${served}, published ${published.toFixed(2)}`];
    });

    // Assess
    expect(record).toBeDefined();
    expect(differences).toEqual([]);
  });

  test('every accepted difference is still a difference (an entry that no longer applies is removed)', () => {
    // Act
    const stale = Object.keys(ACCEPTED).filter((key) => {
      const [icao, field] = key.split(' ') as [string, Figure];
      const published = PUBLISHED.find(([code]) => code === icao)![2][field]!;
      return Math.abs(ACCEPTED[key]!.served - published) <= TOLERANCE[field](published);
    });

    // Assess
    expect(stale).toEqual([]);
  });
});

describe('speeds within physical bounds', () => {
  test("drops the 747-400's 616 kt (whatisflying): above MMO 0.92 × the sea-level speed of sound, 608.6 kt", () => {
    // Act
    const jumbo = records.find((r) => r.icao_type === 'B744')!;

    // Assess: its cruise speed, 504 kt, is possible and stays
    expect(jumbo.max_speed_knots).toBeNull();
    expect(jumbo.cruise_speed_knots).toBe('504');
    expect(jumbo.notes).toMatch(/B744 covers the 747-400 and 747-400ER: gross weight \(910,000 lb, FAA ACD\) and range \(7,670 nmi, Boeing 747-400ER\) are the -400ER's/);
  });

  test('serves no speed of a type above its certified Mach limit at the sea-level speed of sound', () => {
    // Act
    const tooFast = records.flatMap((r) => {
      const limit = r.icao_type && MAX_OPERATING_MACH[r.icao_type] ? MAX_OPERATING_MACH[r.icao_type]!.mmo * SEA_LEVEL_SPEED_OF_SOUND_KT : Infinity;
      return (['max_speed_knots', 'cruise_speed_knots'] as const).filter((field) => Number(r[field]) > limit).map((field) => `${r.icao_type} ${field} ${r[field]}`);
    });
    const checked = records.filter((r) => r.icao_type && MAX_OPERATING_MACH[r.icao_type] && r.max_speed_knots !== null);

    // Assess: the table's other types keep their speeds (777: 511 kt, under 0.89 × 661.47)
    expect(tooFast).toEqual([]);
    expect(checked.length).toBeGreaterThan(10);
  });
});
