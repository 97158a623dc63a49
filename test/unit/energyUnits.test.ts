import { BENCHMARKS, BENCHMARK_INFO, type Benchmark } from '../../lib/energy/benchmarks';
import { canonicalUnit, ENERGY_UNITS, pricePerUnit, unitsFor, VOLUME_UNITS } from '../../lib/energy/units';
import { InvalidParameterError } from '../../lib/http/errors';
import { thrown } from '../support/thrown';

/** Size of each unit from the definitions, computed independently of the module (litres, gigajoules). */
const LITRES: Record<string, number> = { barrel: 42 * 3.785411784, gallon: 3.785411784, liter: 1, cubic_meter: 1000 };
const GIGAJOULES: Record<string, number> = { MMBtu: 1.05505585262, MWh: 3.6, GJ: 1, therm: 0.105505585262 };

const VOLUME_BENCHMARKS: Benchmark[] = ['wti', 'brent', 'gasoline', 'diesel'];

/** Relative closeness: conversion factors differ from hand arithmetic only in the last bits. */
function expectClose(actual: number, expected: number) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-12);
}

describe('unitsFor', () => {
  test('crude oil and the refined products are priced by volume, natural gas by energy', () => {
    for (const benchmark of VOLUME_BENCHMARKS) expect(unitsFor(benchmark)).toEqual(['barrel', 'gallon', 'liter', 'cubic_meter']);
    expect(unitsFor('natural_gas')).toEqual(['MMBtu', 'MWh', 'GJ', 'therm']);
  });

  test('every benchmark native unit is one of its own units', () => {
    for (const benchmark of BENCHMARKS) expect(unitsFor(benchmark)).toContain(BENCHMARK_INFO[benchmark].nativeUnit);
  });
});

describe('pricePerUnit: every benchmark × every unit of its dimension', () => {
  const cases = BENCHMARKS.flatMap((benchmark) => unitsFor(benchmark).map((unit) => [benchmark, unit] as const));

  test.each(cases)('%s per %s scales by the exact size ratio', (benchmark, unit) => {
    // Prepare
    const native = BENCHMARK_INFO[benchmark].nativeUnit;
    const sizes = BENCHMARK_INFO[benchmark].dimension === 'volume' ? LITRES : GIGAJOULES;
    const price = 73.41;

    // Act
    const converted = pricePerUnit(price, benchmark, unit);

    // Assess
    expectClose(converted, (price * sizes[unit]!) / sizes[native]!);
  });

  test.each(cases)('%s per %s and back is the original price', (benchmark, unit) => {
    const native = BENCHMARK_INFO[benchmark].nativeUnit;
    const price = 3.217;
    const perUnit = pricePerUnit(price, benchmark, unit);
    // the price per native unit is the price per unit × (native size / unit size): convert a price of
    // the target unit back by asking what one native unit costs
    const nativePerTarget = pricePerUnit(1, benchmark, unit);
    expectClose(perUnit / nativePerTarget, price);
    expect(pricePerUnit(price, benchmark, native)).toBe(price);
  });
});

describe('pricePerUnit: the definitions', () => {
  test('a barrel is 42 US gallons', () => {
    expectClose(pricePerUnit(84, 'wti', 'gallon'), 2);
  });

  test('a US gallon is 3.785411784 litres', () => {
    expectClose(pricePerUnit(3.785411784, 'gasoline', 'liter'), 1);
  });

  test('a cubic metre is 1000 litres: $1/L is $1000/m³', () => {
    expectClose(pricePerUnit(3.785411784, 'diesel', 'cubic_meter'), 1000);
  });

  test('a barrel is 158.987294928 litres', () => {
    expectClose(pricePerUnit(158.987294928, 'brent', 'liter'), 1);
    expectClose(pricePerUnit(1, 'brent', 'cubic_meter'), 1000 / 158.987294928);
  });

  test('gasoline per barrel is 42 × the price per gallon', () => {
    expectClose(pricePerUnit(2.1, 'gasoline', 'barrel'), 88.2);
  });

  test('an MMBtu is 1.05505585262 GJ', () => {
    expectClose(pricePerUnit(1.05505585262, 'natural_gas', 'GJ'), 1);
  });

  test('an MWh is 3.6 GJ: $3/MMBtu ≈ $10.24/MWh', () => {
    expectClose(pricePerUnit(3, 'natural_gas', 'MWh'), (3 * 3.6) / 1.05505585262);
    expect(pricePerUnit(3, 'natural_gas', 'MWh')).toBeCloseTo(10.2364, 4);
  });

  test('a therm is a tenth of an MMBtu', () => {
    expectClose(pricePerUnit(3.4, 'natural_gas', 'therm'), 0.34);
  });

  test('the native unit returns the price unchanged, including negative prices', () => {
    expect(pricePerUnit(-36.98, 'wti', 'barrel')).toBe(-36.98);
    expectClose(pricePerUnit(-36.98, 'wti', 'gallon'), -36.98 / 42);
  });

  test('unit names are case-insensitive', () => {
    expect(pricePerUnit(3, 'natural_gas', 'mmbtu')).toBe(3);
    expectClose(pricePerUnit(84, 'wti', 'GALLON'), 2);
    expect(canonicalUnit('mwh')).toBe('MWh');
    expect(canonicalUnit('Cubic_Meter')).toBe('cubic_meter');
    expect(canonicalUnit('kWh')).toBeUndefined();
  });
});

describe('pricePerUnit: a unit of the wrong dimension is a 400 on unit', () => {
  const wrong = [
    ...VOLUME_BENCHMARKS.flatMap((benchmark) => ENERGY_UNITS.map((unit) => [benchmark, unit] as const)),
    ...VOLUME_UNITS.map((unit) => ['natural_gas', unit] as const),
  ];

  test.each(wrong)('%s in %s is rejected, naming the allowed units', (benchmark, unit) => {
    const error = thrown(InvalidParameterError, () => pricePerUnit(10, benchmark, unit));
    expect(error.statusCode).toBe(400);
    expect(error.param).toBe('unit');
    for (const allowed of unitsFor(benchmark)) expect(error.message).toContain(allowed);
  });

  test('an unknown unit is rejected the same way', () => {
    const error = thrown(InvalidParameterError, () => pricePerUnit(10, 'wti', 'pint'));
    expect(error.param).toBe('unit');
    expect(error.message).toContain('barrel, gallon, liter, cubic_meter');
  });
});
