import * as z from 'zod/mini';
import { batchRules, requestedBenchmarks, TYPES_GATE, typeParam, typesParam, unitParam } from '../../lib/energy/batch';
import { changeOf, roundPrice, servedPrice } from '../../lib/energy/pricing';
import { roundDecimal as roundTo } from '../../lib/numbers/round';
import type { UsdConversion } from '../../lib/fx/convert';
import { InvalidParameterError } from '../../lib/http/errors';
import { ACCESS } from '../../lib/http/plans';
import { thrown } from '../support/thrown';

const messageOf = (schema: z.ZodMiniType, value: string) => schema.safeParse(value).error?.issues[0]?.message;

describe('typesParam', () => {
  const types = typesParam();

  test('keeps the order asked, ignores case and spaces, serves a repeated name once', () => {
    expect(types.parse('diesel, WTI ,natural_gas,wti')).toEqual(['diesel', 'wti', 'natural_gas']);
  });

  test('accepts every benchmark', () => {
    expect(types.parse('wti,brent,natural_gas,gasoline,diesel')).toEqual(['wti', 'brent', 'natural_gas', 'gasoline', 'diesel']);
  });

  test('rejects an unknown name, naming it and the valid ones', () => {
    const message = messageOf(types, 'wti,jet_fuel');
    expect(message).toContain("'jet_fuel' is not a benchmark");
    expect(message).toContain('wti, brent, natural_gas, gasoline, diesel');
  });

  test('rejects an empty name between commas', () => {
    expect(messageOf(types, 'wti,,brent')).toContain('empty name');
    expect(types.safeParse('wti,').success).toBe(false);
  });
});

describe('typeParam and unitParam', () => {
  test('type is one benchmark, case-insensitive', () => {
    expect(typeParam().parse('Brent')).toBe('brent');
    expect(typeParam().safeParse('crude').success).toBe(false);
  });

  test('unit is answered in its canonical spelling', () => {
    expect(unitParam().parse('mmbtu')).toBe('MMBtu');
    expect(unitParam().parse('Liter')).toBe('liter');
    expect(messageOf(unitParam(), 'litre')).toContain('barrel, gallon, liter, cubic_meter, MMBtu, MWh, GJ, therm');
  });
});

describe('batchRules', () => {
  test('type together with types is a 400 on types', () => {
    const error = thrown(InvalidParameterError, () => batchRules({ type: 'wti', types: ['brent'] }));
    expect(error.param).toBe('types');
  });

  test('a unit must fit every benchmark of the batch', () => {
    const error = thrown(InvalidParameterError, () => batchRules({ types: ['wti', 'natural_gas'], unit: 'liter' }));
    expect(error.param).toBe('unit');
    expect(error.message).toContain('natural_gas');
  });

  test('a unit of the right dimension passes, as does no unit', () => {
    expect(() => batchRules({ types: ['wti', 'diesel'], unit: 'liter' })).not.toThrow();
    expect(() => batchRules({ type: 'natural_gas', unit: 'therm' })).not.toThrow();
    expect(() => batchRules({})).not.toThrow();
  });

  test('the default type wti meets the unit check too', () => {
    expect(thrown(InvalidParameterError, () => batchRules({ unit: 'MWh' })).param).toBe('unit');
  });
});

describe('requestedBenchmarks and the types gate', () => {
  test('types wins, then type, then wti', () => {
    expect(requestedBenchmarks({ types: ['gasoline', 'brent'] })).toEqual(['gasoline', 'brent']);
    expect(requestedBenchmarks({ type: 'diesel' })).toEqual(['diesel']);
    expect(requestedBenchmarks({})).toEqual(['wti']);
  });

  test('types is for Business+ or paid annual plans', () => {
    const allows = ACCESS[TYPES_GATE.access].allows;
    expect(allows({ tier: 'business', period: 'month' })).toBe(true);
    expect(allows({ tier: 'developer', period: 'year' })).toBe(true);
    expect(allows({ tier: 'developer', period: 'month' })).toBe(false);
    expect(allows({ tier: 'free', period: 'year' })).toBe(false);
  });
});

describe('pricing', () => {
  const eur: UsdConversion = { currency: 'EUR', rateDate: '2026-11-20', sample: false, rate: 0.8, convert: (amount) => amount * 0.8 };

  test('converts the unit first, then the currency', () => {
    const served = servedPrice('wti', 'gallon', eur);
    expect(served.unit).toBe('gallon');
    expect(served.currency_unit).toBe('EUR');
    expect(served.convert(84)).toBeCloseTo(1.6, 12);
  });

  test('without a unit the native unit is served', () => {
    expect(servedPrice('natural_gas', undefined, eur).unit).toBe('MMBtu');
    expect(servedPrice('diesel', undefined, eur).unit).toBe('gallon');
  });

  test('prices round half away from zero to 4 decimals, without a negative zero', () => {
    expect(roundPrice(1.23455)).toBe(1.2346);
    expect(roundPrice(-1.23455)).toBe(-1.2346);
    expect(roundPrice(0.000_04)).toBe(0);
    expect(Object.is(roundPrice(-0.000_04), 0)).toBe(true);
    expect(roundTo(2.675, 2)).toBe(2.68);
  });

  test('change and percent change against the previous close', () => {
    expect(changeOf(62.77, 62.02)).toEqual({ change_24h: 0.75, change_24h_percent: 1.21 });
    expect(changeOf(-36.98, 18.27)).toEqual({ change_24h: -55.25, change_24h_percent: -302.41 });
  });

  test('no previous close (or a zero one) leaves the changes null', () => {
    expect(changeOf(62.77, null)).toEqual({ change_24h: null, change_24h_percent: null });
    expect(changeOf(1, 0)).toEqual({ change_24h: 1, change_24h_percent: null });
  });
});
