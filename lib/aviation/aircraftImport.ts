import { parseCsvRecords, parseDelimited } from '../text/delimited';
import { roundDecimal } from '../numbers/round';
import type { AircraftRecord } from './types';
import { AIRCRAFT_CORRECTIONS, AIRCRAFT_NOTES, speedLimitKnots } from './aircraftAuthorities';

/**
 * Builds the aircraft records from the published source texts:
 * - FAA Aircraft Characteristics Database (CSV export; the authority for dimensions and weights, preferred where
 *   the sources disagree): class, engine count and type, FAA weight class, ICAO wake category (whatisflying's
 *   where the FAA gives none or "Light/Medium"), CWT, length, tail height, wingspan (with winglets or sharklets
 *   where the type has them), MTOW.
 * - whatisflying aircraft types (ODbL): ICAO/IATA codes, names, speeds (kt), ceiling (ft), climb (ft/min),
 *   range (nm), empty weight (kg → lb); dimensions (m → ft) and MTOW where the FAA database has none.
 * - the Bluebook performance table: per-variant horsepower, thrust, speeds, distances, weights, dimensions.
 * - OpenFlights planes.dat: IATA ↔ ICAO type codes.
 *
 * One record per ICAO airplane type, except that a type whose variants are in the performance table is
 * served as those variants (each merged with its type's codes and categories). Performance rows that match
 * no type are served on their own. Helicopters, gyroplanes, gliders and tiltrotors are left out.
 * Then the publications of aircraftAuthorities.ts: corrections of the FAA database where a manufacturer's
 * airport-planning document settles it, notes, and speeds above a type's certified Mach limit dropped (null).
 */
export interface AircraftSources {
  faaAcd?: string;
  whatIsFlying?: string;
  bluebook?: string;
  planes?: string;
}

const M_TO_FT = 1 / 0.3048;
const KG_TO_LB = 1 / 0.45359237;

/** A number from a source field ("174,200", "12.57", "N/A", ""), or null. */
export function sourceNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const cleaned = value.replace(/,/g, '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The spec's string-typed numbers: rounded to `decimals`, no trailing zeros ("129.49", "174198"). */
export function numberString(value: number | null, decimals: number): string | null {
  if (value === null) return null;
  return String(roundDecimal(value, decimals));
}

const whole = (n: number | null) => numberString(n, 0);
const speed = (n: number | null) => numberString(n, 1);
const feet = (n: number | null) => numberString(n, 2);

function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s\-/(])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

const ENGINE_BY_LETTER: Record<string, string> = { J: 'Jet', T: 'Propjet', P: 'Piston', E: 'Electric', R: 'Rocket' };
const CLASS_BY_LETTER: Record<string, string> = {
  L: 'Fixed-wing Landplane',
  S: 'Fixed-wing Seaplane',
  A: 'Fixed-wing Amphibian',
  H: 'Helicopter',
  G: 'Gyroplane',
  T: 'Powered-lift',
};
const WAKE_BY_LETTER: Record<string, string> = { L: 'Light', M: 'Medium', H: 'Heavy', J: 'Super' };
const AIRPLANE_CLASSES = new Set(['Fixed-wing Landplane', 'Fixed-wing Seaplane', 'Fixed-wing Amphibian']);

function faaEngineType(value: string): string | null {
  const map: Record<string, string> = { jet: 'Jet', turboprop: 'Propjet', piston: 'Piston', turboshaft: 'Turboshaft', electric: 'Electric' };
  return map[value.trim().toLowerCase()] ?? null;
}

function faaClass(value: string, descriptionLetter: string | undefined): string | null {
  const v = value.trim().toLowerCase();
  if (v === 'amphibian') return 'Fixed-wing Amphibian';
  if (v === 'tiltrotor') return 'Powered-lift';
  if (v === 'helicopter') return 'Helicopter';
  if (v === 'gyroplane') return 'Gyroplane';
  if (v === 'fixed-wing') {
    const byLetter = descriptionLetter ? CLASS_BY_LETTER[descriptionLetter] : undefined;
    return byLetter && AIRPLANE_CLASSES.has(byLetter) ? byLetter : 'Fixed-wing Landplane';
  }
  return null;
}

function pick<T>(...values: (T | null | undefined)[]): T | null {
  for (const v of values) if (v !== null && v !== undefined) return v;
  return null;
}

const emptyRecord = (manufacturer: string, model: string): AircraftRecord => ({
  manufacturer,
  model,
  notes: null,
  icao_type: null,
  iata_types: [],
  aircraft_class: null,
  engine_count: null,
  engine_type: null,
  engine_horsepower: null,
  engine_thrust_lbf: null,
  engine_thrust_lb_ft: null,
  max_speed_knots: null,
  cruise_speed_knots: null,
  stall_knots: null,
  ceiling_ft: null,
  rate_of_climb_ft_per_min: null,
  takeoff_over_50ft_ft: null,
  takeoff_ground_run_ft: null,
  landing_over_50ft_ft: null,
  landing_ground_roll_ft: null,
  gross_weight_lbs: null,
  empty_weight_lbs: null,
  length_ft: null,
  height_ft: null,
  wing_span_ft: null,
  range_nautical_miles: null,
  faa_weight_class: null,
  icao_wake_category: null,
  faa_cwt_category: null,
});

/** Lower-case words and designators of a name, for matching performance-table variants to types. */
function nameTokens(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^a-z0-9+]+/)
    .map((t) => t.replace(/\+$/, ''))
    .filter((t) => t && t !== 'model');
}

/** The maker's first word ("Cessna Aircraft Company" → "cessna"), the key both tables share. */
function brandOf(manufacturer: string): string {
  return manufacturer.toLowerCase().split(/[^a-z]+/).find(Boolean) ?? '';
}

interface TypeEntry {
  record: AircraftRecord;
  brand: string;
  tokens: string[];
}

function buildTypes(sources: AircraftSources): Map<string, TypeEntry> {
  const faaRows = sources.faaAcd ? parseCsvRecords(sources.faaAcd).filter((r) => r.ICAO_Code) : [];
  const wifRows = sources.whatIsFlying ? parseCsvRecords(sources.whatIsFlying).filter((r) => r.icao_code) : [];
  const faaByCode = new Map(faaRows.map((r) => [r.ICAO_Code!.toUpperCase(), r]));
  const wifByCode = new Map(wifRows.map((r) => [r.icao_code!.toUpperCase(), r]));

  const iataByIcao = new Map<string, Set<string>>();
  const addIata = (icao: string, iata: string | null | undefined) => {
    const code = iata?.trim().toUpperCase();
    if (!code || !/^[A-Z0-9]{3}$/.test(code)) return;
    if (!iataByIcao.has(icao)) iataByIcao.set(icao, new Set());
    iataByIcao.get(icao)!.add(code);
  };
  for (const row of sources.planes ? parseDelimited(sources.planes, { nullMarkers: ['\\N'] }) : []) {
    const icao = row[2]?.trim().toUpperCase();
    if (icao) addIata(icao, row[1]);
  }
  for (const row of wifRows) addIata(row.icao_code!.toUpperCase(), row.iata_code);

  const types = new Map<string, TypeEntry>();
  for (const code of new Set([...faaByCode.keys(), ...wifByCode.keys()])) {
    const faa = faaByCode.get(code);
    const wif = wifByCode.get(code);
    const description = wif?.description ?? '';
    const aircraftClass = pick(faa ? faaClass(faa.Class ?? '', description[0]) : null, CLASS_BY_LETTER[description[0] ?? '']);
    if (!aircraftClass || !AIRPLANE_CLASSES.has(aircraftClass)) continue;

    const faaMaker = faa?.Manufacturer ? titleCase(faa.Manufacturer) : '';
    const manufacturer = wif?.manufacturer || faaMaker;
    let model = wif?.name ?? '';
    if (!model && faa?.Model_FAA) {
      const prefix = `${brandOf(faaMaker)} `;
      model = faa.Model_FAA.toLowerCase().startsWith(prefix) ? faa.Model_FAA.slice(prefix.length) : faa.Model_FAA;
    }
    if (!manufacturer || !model) continue;

    const record = emptyRecord(manufacturer, model);
    record.icao_type = code;
    record.iata_types = [...(iataByIcao.get(code) ?? [])].sort();
    record.aircraft_class = aircraftClass;
    const countFromDescription = /^\d$/.test(description[1] ?? '') ? Number(description[1]) : null;
    const faaCount = faa ? sourceNumber(faa.Num_Engines) : null;
    record.engine_count = pick(faaCount === null ? null : Math.round(faaCount), countFromDescription);
    record.engine_type = pick(faa ? faaEngineType(faa.Physical_Class_Engine ?? '') : null, ENGINE_BY_LETTER[description[2] ?? '']);
    if (wif) {
      record.max_speed_knots = speed(sourceNumber(wif.maximum_speed));
      record.cruise_speed_knots = speed(sourceNumber(wif.cruise_speed));
      record.ceiling_ft = whole(sourceNumber(wif.service_ceiling));
      record.rate_of_climb_ft_per_min = whole(sourceNumber(wif.climb_rate));
      record.range_nautical_miles = whole(sourceNumber(wif.operating_range));
    }
    const metres = (v: string | undefined) => {
      const n = sourceNumber(v);
      return n === null ? null : n * M_TO_FT;
    };
    const kilograms = (v: string | undefined) => {
      const n = sourceNumber(v);
      return n === null ? null : n * KG_TO_LB;
    };
    record.length_ft = feet(pick(sourceNumber(faa?.Length_ft), metres(wif?.length)));
    record.height_ft = feet(pick(sourceNumber(faa?.Tail_Height_at_OEW_ft), metres(wif?.height)));
    // the span with winglets or sharklets where the type has them: the span that decides gate and taxiway fit
    record.wing_span_ft = feet(
      pick(
        sourceNumber(faa?.Wingspan_ft_with_winglets_sharklets),
        sourceNumber(faa?.Wingspan_ft_without_winglets_sharklets),
        metres(wif?.wingspan),
      ),
    );
    record.gross_weight_lbs = whole(pick(sourceNumber(faa?.MTOW_lb), kilograms(wif?.mtow)));
    record.empty_weight_lbs = whole(kilograms(wif?.oew));
    if (faa) {
      const weight = faa.FAA_Weight?.trim();
      record.faa_weight_class = weight && ['Small', 'Small+', 'Large', 'Heavy', 'Super'].includes(weight) ? weight : null;
      const cwt = faa.CWT?.trim().toUpperCase();
      record.faa_cwt_category = cwt && /^[A-I]$/.test(cwt) ? cwt : null;
    }
    const faaWake = faa?.ICAO_WTC?.trim();
    record.icao_wake_category = pick(
      faaWake && ['Light', 'Medium', 'Heavy', 'Super'].includes(faaWake) ? faaWake : null,
      WAKE_BY_LETTER[wif?.wtc?.trim().toUpperCase() ?? ''],
    );
    types.set(code, { record, brand: brandOf(manufacturer), tokens: nameTokens(model) });
  }
  return types;
}

/** The type whose whole name appears in the variant's name (same maker); the most specific wins, ties match nothing. */
function matchType(brand: string, variantTokens: string[], types: TypeEntry[]): TypeEntry | undefined {
  const have = new Set(variantTokens);
  let best: TypeEntry | undefined;
  let bestScore = 0;
  let tie = false;
  for (const type of types) {
    if (type.brand !== brand || type.tokens.length === 0) continue;
    if (!type.tokens.every((t) => have.has(t))) continue;
    const designator = type.tokens.some((t) => /\d/.test(t));
    if (!designator && type.tokens.length < 2) continue;
    const score = type.tokens.length;
    if (score > bestScore) {
      best = type;
      bestScore = score;
      tie = false;
    } else if (score === bestScore) {
      tie = true;
    }
  }
  return tie ? undefined : best;
}

/** The publications' corrections and notes, and no speed above what the type's Mach limit allows. */
function applyAuthorities(record: AircraftRecord): void {
  for (const correction of AIRCRAFT_CORRECTIONS) {
    if (correction.icao === record.icao_type) (record as unknown as Record<string, unknown>)[correction.field] = correction.value;
  }
  const note = record.icao_type ? AIRCRAFT_NOTES[record.icao_type] : undefined;
  if (note) record.notes = record.notes ? `${record.notes}; ${note}` : note;
  const limit = speedLimitKnots(record.icao_type);
  for (const field of ['max_speed_knots', 'cruise_speed_knots'] as const) {
    if (limit !== undefined && Number(record[field]) > limit) record[field] = null;
  }
}

export interface AircraftImport {
  records: AircraftRecord[];
  types: number;
  variants: number;
  matchedVariants: number;
}

export function buildAircraftRecords(sources: AircraftSources): AircraftImport {
  const types = buildTypes(sources);
  const typeList = [...types.values()];
  const covered = new Set<TypeEntry>();
  const records: AircraftRecord[] = [];
  let variants = 0;
  let matched = 0;

  for (const row of sources.bluebook ? parseCsvRecords(sources.bluebook) : []) {
    const company = row.Company ?? '';
    const rawModel = row.Model ?? '';
    const engine = ({ jet: 'Jet', propjet: 'Propjet', piston: 'Piston' } as Record<string, string>)[(row['Engine Type'] ?? '').toLowerCase()];
    if (!company || !rawModel || !engine) continue;
    variants += 1;
    const remarks = [...rawModel.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!.trim()).filter(Boolean);
    const model = rawModel.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim() || rawModel;
    const type = matchType(brandOf(company), nameTokens(rawModel), typeList);
    const record: AircraftRecord = type
      ? { ...type.record, iata_types: [...type.record.iata_types], manufacturer: company, model }
      : emptyRecord(company, model);
    if (type) {
      covered.add(type);
      matched += 1;
    } else {
      const words = rawModel.toLowerCase();
      record.aircraft_class = /amphib/.test(words) ? 'Fixed-wing Amphibian' : /\bfloat/.test(words) ? 'Fixed-wing Seaplane' : 'Fixed-wing Landplane';
      if (row['Multi Engine'] === 'False') record.engine_count = 1;
    }
    record.notes = remarks.length ? remarks.join('; ') : null;
    record.engine_type = engine;
    const horsepower = sourceNumber(row.SHP);
    const thrust = sourceNumber(row.THR);
    record.engine_horsepower = engine === 'Jet' ? null : whole(horsepower);
    record.engine_thrust_lbf = engine === 'Jet' ? whole(thrust) : null;
    record.engine_thrust_lb_ft = engine === 'Jet' ? record.engine_thrust_lbf : record.engine_horsepower;
    const overlay: [keyof AircraftRecord, string | null][] = [
      ['max_speed_knots', speed(sourceNumber(row.Vmax))],
      ['cruise_speed_knots', speed(sourceNumber(row.Vcruise))],
      ['stall_knots', speed(sourceNumber(row.Vstall))],
      ['ceiling_ft', whole(sourceNumber(row.Hmax))],
      ['rate_of_climb_ft_per_min', whole(sourceNumber(row.ROC))],
      ['takeoff_over_50ft_ft', whole(sourceNumber(row.Vlo))],
      ['takeoff_ground_run_ft', whole(sourceNumber(row.Slo))],
      ['landing_over_50ft_ft', whole(sourceNumber(row.Vl))],
      ['landing_ground_roll_ft', whole(sourceNumber(row.Sl))],
      ['gross_weight_lbs', whole(sourceNumber(row.AUW))],
      ['empty_weight_lbs', whole(sourceNumber(row.MEW))],
      ['length_ft', feet(sourceNumber(row.Length))],
      ['height_ft', feet(sourceNumber(row.Height))],
      ['wing_span_ft', feet(sourceNumber(row['Wing Span']))],
      ['range_nautical_miles', whole(sourceNumber(row.Range))],
    ];
    for (const [field, value] of overlay) if (value !== null) (record as unknown as Record<string, unknown>)[field] = value;
    records.push(record);
  }

  for (const type of typeList) {
    if (!covered.has(type)) {
      type.record.engine_thrust_lb_ft = type.record.engine_type === 'Jet' ? type.record.engine_thrust_lbf : type.record.engine_horsepower;
      records.push(type.record);
    }
  }
  for (const record of records) applyAuthorities(record);
  records.sort(
    (a, b) =>
      a.manufacturer.localeCompare(b.manufacturer, 'en', { sensitivity: 'base' }) ||
      a.model.localeCompare(b.model, 'en', { sensitivity: 'base', numeric: true }),
  );
  return { records, types: types.size, variants, matchedVariants: matched };
}
