import { BENCHMARKS, BENCHMARK_INFO } from '../../lib/energy/benchmarks';
import { latestQuote, pricedDays, type SpotQuote } from '../../lib/energy/spot';

const NOW = new Date('2026-11-20T21:00:00Z');
const LATER = new Date('2026-11-21T21:00:00Z');
const FRED = { name: 'FRED' as const, series: 'DCOILWTICO' };

describe('pricedDays', () => {
  test('drops days without a value and sorts oldest first, one price per day', () => {
    const days = pricedDays([
      { date: '2026-11-16', value: 62.77 },
      { date: '2026-11-12', value: null },
      { date: '2026-11-13', value: 62.02 },
      { date: '2026-11-13', value: 62.05 },
    ]);
    expect(days).toEqual([
      { date: '2026-11-13', price: 62.05 },
      { date: '2026-11-16', price: 62.77 },
    ]);
  });
});

describe('latestQuote', () => {
  const days = [
    { date: '2026-11-12', price: 63.13 },
    { date: '2026-11-13', price: 62.02 },
    { date: '2026-11-16', price: 62.77 },
  ];

  test('is the newest day with the day before it as previous close', () => {
    expect(latestQuote('wti', days, FRED, NOW)).toEqual({
      benchmark: 'wti',
      date: '2026-11-16',
      price: 62.77,
      previous_date: '2026-11-13',
      previous_close: 62.02,
      source: 'FRED',
      series: 'DCOILWTICO',
      updated: Math.floor(NOW.getTime() / 1000),
    });
  });

  test('no priced days: no quote', () => {
    expect(latestQuote('wti', [], FRED, NOW)).toBeUndefined();
  });

  test('a single day has no previous close unless an older day is stored', () => {
    expect(latestQuote('wti', [days[2]!], FRED, NOW)?.previous_close).toBeNull();
    const stored = latestQuote('wti', days.slice(0, 2), FRED, NOW)!;
    expect(latestQuote('wti', [days[2]!], FRED, LATER, stored)).toMatchObject({ previous_date: '2026-11-13', previous_close: 62.02 });
  });

  test('re-running with nothing new keeps the stored quote, including when it was first stored', () => {
    const first = latestQuote('wti', days, FRED, NOW)!;
    expect(latestQuote('wti', days, FRED, LATER, first)).toEqual(first);
  });

  test('a revised price for the same day counts as new', () => {
    const first = latestQuote('wti', days, FRED, NOW)!;
    const revised = latestQuote('wti', [...days.slice(0, 2), { date: '2026-11-16', price: 62.8 }], FRED, LATER, first)!;
    expect(revised.price).toBe(62.8);
    expect(revised.updated).toBe(Math.floor(LATER.getTime() / 1000));
  });

  test('an answer older than the stored quote never moves the price back', () => {
    const stored: SpotQuote = latestQuote('wti', days, FRED, NOW)!;
    expect(latestQuote('wti', days.slice(0, 2), FRED, LATER, stored)).toBe(stored);
  });
});

describe('BENCHMARK_INFO', () => {
  test('every benchmark has its futures symbol, FRED and EIA series, and a physical benchmark', () => {
    expect(BENCHMARKS.map((b) => BENCHMARK_INFO[b].futuresSymbol)).toEqual(['CL=F', 'BZ=F', 'NG=F', 'RB=F', 'HO=F']);
    expect(BENCHMARKS.map((b) => BENCHMARK_INFO[b].spot.fredSeries)).toEqual(['DCOILWTICO', 'DCOILBRENTEU', 'DHHNGSP', 'DGASNYH', 'DHOILNYH']);
    expect(BENCHMARK_INFO.natural_gas.spot.eiaRoute).toBe('natural-gas/pri/fut');
    expect(BENCHMARK_INFO.wti.spot.benchmark).toContain('Cushing');
    expect(BENCHMARK_INFO.natural_gas.spot.benchmark).toContain('Henry Hub');
    expect(BENCHMARK_INFO.diesel.spot.benchmark).toContain('NY Harbor');
  });
});
