import { COMMODITIES, COMMODITY_NAMES, commodityNamed } from '../../lib/commodities/catalog';
import { contractOf, frontContractOf, listedContracts, parseContractSymbol, yahooContractSymbol } from '../../lib/commodities/contracts';
import { FRONT_MONTH_SYMBOLS } from '../../lib/commodities/futuresSymbols';
import { freeCommodities, rotationStart, rotationWeek } from '../../lib/commodities/rotation';

const SPEC_ORDER = [
  'gold', 'platinum', 'micro_silver', 'lean_hogs', 'corn', 'oat', 'silver', 'soybean', 'lumber', 'live_cattle', 'natural_gas',
  'crude_oil', 'orange_juice', 'coffee', 'cotton', 'copper', 'micro_gold', 'feeder_cattle', 'rough_rice', 'palladium', 'cocoa',
  'gasoline_rbob', 'heating_oil', 'soybean_oil', 'wheat', 'aluminum', 'soybean_meal', 'sugar', 'brent_crude_oil', 'class_3_milk',
];
const ROOTS = ['GC', 'PL', 'SIL', 'HE', 'ZC', 'ZO', 'SI', 'ZS', 'LBR', 'LE', 'NG', 'CL', 'OJ', 'KC', 'CT', 'HG', 'MGC', 'GF', 'ZR', 'PA', 'CC', 'RB', 'HO', 'ZL', 'ZW', 'ALI', 'ZM', 'SB', 'BZ', 'DC'];
const WEEK = 7 * 86_400_000;
const at = (iso: string) => new Date(iso);

describe('the commodity catalog', () => {
  test('holds the 30 names of spec 4.4 in the spec order, each with its exchange symbol root', () => {
    expect(COMMODITY_NAMES).toEqual(SPEC_ORDER);
    expect(COMMODITIES.map((c) => c.root)).toEqual(ROOTS);
  });

  test('names each commodity\'s Yahoo front-month symbol and exchange', () => {
    expect(commodityNamed('gold')).toMatchObject({ exchange: 'COMEX', yahooSymbol: 'GC=F' });
    expect(commodityNamed('corn')).toMatchObject({ exchange: 'CBOT', yahooSymbol: 'ZC=F' });
    expect(commodityNamed('coffee')).toMatchObject({ exchange: 'ICE', yahooSymbol: 'KC=F' });
    expect(commodityNamed('lean_hogs')).toMatchObject({ exchange: 'CME', yahooSymbol: 'HE=F' });
    expect(commodityNamed('brent_crude_oil')).toMatchObject({ exchange: 'NYMEX', yahooSymbol: 'BZ=F' });
    expect(commodityNamed('lumber')).toMatchObject({ exchange: 'CME', yahooSymbol: 'LBR=F' });
  });

  test('fetches each front-month symbol once, the oil benchmarks included', () => {
    const symbols = FRONT_MONTH_SYMBOLS.map((s) => s.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(symbols).toEqual(expect.arrayContaining(['CL=F', 'BZ=F', 'NG=F', 'RB=F', 'HO=F']));
    expect(symbols).toHaveLength(30);
  });
});

describe('the weekly free rotation', () => {
  test('counts k in whole weeks from Monday 2024-01-01 UTC', () => {
    expect(rotationWeek(at('2024-01-01T00:00:00Z'))).toBe(0);
    expect(rotationWeek(at('2024-01-07T23:59:59.999Z'))).toBe(0);
    expect(rotationWeek(at('2024-01-08T00:00:00Z'))).toBe(1);
    expect(rotationWeek(at('2023-12-31T23:59:59Z'))).toBe(-1);
    expect(rotationWeek(at('2025-01-01T12:00:00Z'))).toBe(52);
    expect(rotationWeek(at('2026-11-20T12:00:00Z'))).toBe(150);
  });

  test('frees 7 names from index (7 × k) mod 30 for known weeks', () => {
    expect(freeCommodities(at('2024-01-03T00:00:00Z')).map((c) => c.name)).toEqual(SPEC_ORDER.slice(0, 7));
    expect(freeCommodities(at('2024-01-10T00:00:00Z')).map((c) => c.name)).toEqual(SPEC_ORDER.slice(7, 14));
    expect(rotationStart(at('2026-11-20T12:00:00Z'))).toBe(0); // 7 × 150 = 1050 ≡ 0 (mod 30)
    expect(rotationStart(at('2023-12-31T00:00:00Z'))).toBe(23); // k = −1: −7 ≡ 23
  });

  test('wraps past the end of the list', () => {
    // k = 4: start 28 → names 28, 29, 0, 1, 2, 3, 4
    const names = freeCommodities(at('2024-01-29T09:00:00Z')).map((c) => c.name);
    expect(names).toEqual([SPEC_ORDER[28], SPEC_ORDER[29], ...SPEC_ORDER.slice(0, 5)]);
  });

  test('changes exactly at Monday 00:00 UTC and stays the same through Sunday, for every week of 4 years', () => {
    for (let k = -60; k <= 150; k += 1) {
      const monday = Date.UTC(2024, 0, 1) + k * WEEK;
      const expected = Array.from({ length: 7 }, (_, i) => SPEC_ORDER[(((7 * k + i) % 30) + 30) % 30]);
      for (const offset of [0, 1, 86_400_000 * 3.5, WEEK - 1]) {
        expect(freeCommodities(new Date(monday + offset)).map((c) => c.name)).toEqual(expected);
      }
      const sundayNight = freeCommodities(new Date(monday - 1)).map((c) => c.name);
      expect(sundayNight).not.toEqual(expected);
      expect(new Set(expected).size).toBe(7);
    }
  });

  test('reaches all 30 names, each free in exactly 7 of every 30 consecutive weeks', () => {
    for (const firstWeek of [0, 13, -29]) {
      const counts = new Map<string, number>();
      for (let k = firstWeek; k < firstWeek + 30; k += 1) {
        for (const c of freeCommodities(new Date(Date.UTC(2024, 0, 1) + k * WEEK))) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
      }
      expect(counts.size).toBe(30);
      expect([...counts.values()].every((n) => n === 7)).toBe(true);
    }
  });
});

describe('contract symbols', () => {
  test('are root + month code + 2-digit year', () => {
    expect(contractOf('GC', { year: 2026, month: 12 })).toEqual({ root: 'GC', year: 2026, month: 12, symbol: 'GCZ26', contractMonth: '2026-12' });
    expect(contractOf('CL', { year: 2027, month: 1 }).symbol).toBe('CLF27');
    expect(contractOf('ZC', { year: 2030, month: 3 }).symbol).toBe('ZCH30');
  });

  test('parse back, telling SIL (micro silver) from SI (silver)', () => {
    expect(parseContractSymbol('SILH27')).toMatchObject({ root: 'SIL', year: 2027, month: 3, contractMonth: '2027-03' });
    expect(parseContractSymbol('SIH27')).toMatchObject({ root: 'SI', commodity: { name: 'silver' } });
    expect(parseContractSymbol('MGCQ26')?.commodity.name).toBe('micro_gold');
    for (const bad of ['GC', 'GCZ2', 'GCA26', 'XXZ26', 'gcz26', 'GCZ266']) expect(parseContractSymbol(bad)).toBeUndefined();
  });

  test('map to Yahoo contract symbols with each exchange\'s suffix', () => {
    const of = (name: string, month: number) => {
      const c = commodityNamed(name)!;
      return yahooContractSymbol(contractOf(c.root, { year: 2026, month }), c);
    };
    expect(of('gold', 12)).toBe('GCZ26.CMX');
    expect(of('crude_oil', 12)).toBe('CLZ26.NYM');
    expect(of('corn', 12)).toBe('ZCZ26.CBT');
    expect(of('lean_hogs', 12)).toBe('HEZ26.CME');
    expect(of('coffee', 12)).toBe('KCZ26.NYB');
  });

  test('list the next listed months: metals add the current and next two months to their cycle', () => {
    const now = at('2026-11-20T12:00:00Z');
    expect(listedContracts(commodityNamed('gold')!, now, 6).map((c) => c.symbol)).toEqual(['GCX26', 'GCZ26', 'GCF27', 'GCG27', 'GCJ27', 'GCM27']);
    expect(listedContracts(commodityNamed('corn')!, now, 6).map((c) => c.symbol)).toEqual(['ZCZ26', 'ZCH27', 'ZCK27', 'ZCN27', 'ZCU27', 'ZCZ27']);
    expect(listedContracts(commodityNamed('crude_oil')!, now, 4).map((c) => c.symbol)).toEqual(['CLX26', 'CLZ26', 'CLF27', 'CLG27']);
    expect(listedContracts(commodityNamed('sugar')!, now, 5).map((c) => c.symbol)).toEqual(['SBH27', 'SBK27', 'SBN27', 'SBV27', 'SBH28']);
  });

  test('name the front contract from the Yahoo short name', () => {
    expect(frontContractOf('Crude Oil Oct 26', 'CL')).toMatchObject({ symbol: 'CLV26', contractMonth: '2026-10' });
    expect(frontContractOf('Gold Apr 25', 'GC')).toMatchObject({ symbol: 'GCJ25', contractMonth: '2025-04' });
    expect(frontContractOf('Brent Crude Oil Last Day Financ', 'BZ')).toBeUndefined();
    expect(frontContractOf(null, 'BZ')).toBeUndefined();
    expect(frontContractOf('Gold Abc 25', 'GC')).toBeUndefined();
  });
});
