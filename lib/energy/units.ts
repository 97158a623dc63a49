import { InvalidParameterError } from '../http/errors';
import { BENCHMARK_INFO, type Benchmark, type Dimension } from './benchmarks';

/**
 * Unit conversion of energy prices (spec 4.3): a price per native unit (barrel, US gallon, MMBtu) as a
 * price per requested unit of the same dimension. Exact definitions, no rounded conversion factors:
 *
 * - 1 barrel (oil) = 42 US gallons; 1 US gallon = 231 in³ = 3.785411784 L; 1 m³ = 1000 L
 * - 1 MMBtu = 10^6 Btu (International Table) = 1.05505585262 GJ (1 Btu_IT = 1055.05585262 J);
 *   1 MWh = 3.6 GJ; 1 therm (US) = 100,000 Btu_IT = 0.1 MMBtu
 *
 * A price per unit scales with the unit's size: price per target = price per native × size(target) / size(native).
 * A unit of the other dimension (gallons of natural gas, MWh of crude) is a 400 naming the allowed units.
 */
export const VOLUME_UNITS = ['barrel', 'gallon', 'liter', 'cubic_meter'] as const;
export const ENERGY_UNITS = ['MMBtu', 'MWh', 'GJ', 'therm'] as const;
export type VolumeUnit = (typeof VOLUME_UNITS)[number];
export type EnergyUnit = (typeof ENERGY_UNITS)[number];
export type Unit = VolumeUnit | EnergyUnit;
export const UNITS: readonly Unit[] = [...VOLUME_UNITS, ...ENERGY_UNITS];

const LITERS_PER_GALLON = 3.785411784;
const GALLONS_PER_BARREL = 42;
const GJ_PER_MMBTU = 1.05505585262;

/** Size of each unit in its dimension's base: litres for volume, gigajoules for energy. */
const UNIT_SIZE: Record<Unit, number> = {
  barrel: GALLONS_PER_BARREL * LITERS_PER_GALLON,
  gallon: LITERS_PER_GALLON,
  liter: 1,
  cubic_meter: 1000,
  MMBtu: GJ_PER_MMBTU,
  MWh: 3.6,
  GJ: 1,
  therm: GJ_PER_MMBTU / 10,
};

const UNIT_DIMENSION: Record<Unit, Dimension> = {
  barrel: 'volume',
  gallon: 'volume',
  liter: 'volume',
  cubic_meter: 'volume',
  MMBtu: 'energy',
  MWh: 'energy',
  GJ: 'energy',
  therm: 'energy',
};

const BY_LOWER_CASE = new Map<string, Unit>(UNITS.map((unit) => [unit.toLowerCase(), unit]));

/** The unit as written in responses (MMBtu, MWh, GJ, therm, barrel ...), case-insensitive; undefined when unknown. */
export function canonicalUnit(value: string): Unit | undefined {
  return BY_LOWER_CASE.get(value.trim().toLowerCase());
}

/** The units a benchmark's price may be given in. */
export function unitsFor(benchmark: Benchmark): readonly Unit[] {
  return BENCHMARK_INFO[benchmark].dimension === 'volume' ? VOLUME_UNITS : ENERGY_UNITS;
}

/**
 * The unit checked against the benchmark's dimension: the canonical unit, or 400 (param `unit`) naming
 * the units allowed for this benchmark.
 */
export function unitFor(benchmark: Benchmark, unit: string): Unit {
  const canonical = canonicalUnit(unit);
  const info = BENCHMARK_INFO[benchmark];
  if (canonical === undefined || UNIT_DIMENSION[canonical] !== info.dimension) {
    const allowed = unitsFor(benchmark).join(', ');
    throw new InvalidParameterError(
      canonical === undefined
        ? `Parameter 'unit' must be one of: ${allowed} (for ${benchmark}).`
        : `Parameter 'unit' ${canonical} is a unit of ${UNIT_DIMENSION[canonical]}, but ${benchmark} is priced by ${info.dimension}; use one of: ${allowed}.`,
      'unit',
    );
  }
  return canonical;
}

/** A price per native unit (USD/bbl, USD/gal, USD/MMBtu) as the price per `unit`; 400 on a unit of the other dimension. */
export function pricePerUnit(pricePerNativeUnit: number, benchmark: Benchmark, unit: string): number {
  const target = unitFor(benchmark, unit);
  const native = BENCHMARK_INFO[benchmark].nativeUnit;
  if (target === native) return pricePerNativeUnit;
  return (pricePerNativeUnit * UNIT_SIZE[target]) / UNIT_SIZE[native];
}
