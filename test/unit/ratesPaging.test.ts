import { resolve } from 'node:path';
import { InvalidParameterError } from '../../lib/http/errors';
import { CENTRAL_BANK_COUNTRIES, isRateId, RATE_IDS, rateInfo } from '../../lib/rates/catalogue';
import { yearWindows } from '../../lib/rates/ingest';
import { liborFile, liborRange, LIBOR_TYPES, type LiborSeries } from '../../lib/rates/libor';
import { DEFAULT_LIBOR_LICENCE, importLiborFixings, LIBOR_SOURCE, parseLiborCsv } from '../../lib/rates/liborImport';
import { historyBounds, historyPage, PAGE_SIZE } from '../../lib/rates/paging';
import { monthDayYear } from '../../lib/rates/service';
import { thrown } from '../support/thrown';

const NOW = new Date('2025-06-20T12:00:00Z');
const DAY = 86_400;
/** 250 daily points from 2024-06-01 (all before NOW) */
const POINTS = Array.from({ length: 250 }, (_, i) => ({ time: Date.UTC(2024, 5, 1) / 1000 + i * DAY, rate_pct: i / 100 }));
const read = (from: number, to: number, limit: number) => POINTS.filter((p) => p.time >= from && p.time <= to).slice(0, limit);

describe('rate catalogue', () => {
  test('lists 22 central banks, 7 benchmarks and 7 prime or base lending rates', () => {
    expect(CENTRAL_BANK_COUNTRIES).toHaveLength(22);
    expect(RATE_IDS).toHaveLength(36);
    expect(RATE_IDS).toEqual(expect.arrayContaining(['central_bank_us', 'central_bank_eu', 'sofr', 'corra', 'prime_cn', 'base_lending_my', 'prime_br']));
    expect(isRateId('central_bank_xx')).toBe(false);
  });

  test('gives rate_type and source to prime and base rates only, with the spec history depths', () => {
    expect(rateInfo('central_bank_us').rateType).toBeUndefined();
    for (const id of ['prime_us', 'prime_ca', 'prime_jp', 'prime_za', 'prime_cn', 'base_lending_my', 'prime_br'] as const) {
      expect(rateInfo(id)).toMatchObject({ rateType: expect.any(String), source: expect.any(String) });
    }
    expect([rateInfo('prime_us').historyFrom, rateInfo('prime_ca').historyFrom, rateInfo('prime_jp').historyFrom, rateInfo('prime_br').historyFrom]).toEqual([
      '1990-01-01',
      '1990-01-01',
      '1989-01-01',
      '2011-01-01',
    ]);
    expect(rateInfo('prime_br').rateType).toMatch(/no prime rate/);
  });
});

describe('historyBounds', () => {
  test('makes dates inclusive UTC days', () => {
    expect(historyBounds({ start_date: '2025-01-02', end_date: '2025-01-02' })).toEqual({ from: Date.UTC(2025, 0, 2) / 1000, to: Date.UTC(2025, 0, 3) / 1000 - 1 });
  });

  test('mixes a date on one side with a time on the other', () => {
    expect(historyBounds({ start_date: '2025-01-02', end_time: 1_800_000_000 })).toEqual({ from: Date.UTC(2025, 0, 2) / 1000, to: 1_800_000_000 });
  });

  test.each([
    [{ start_date: '2025-01-02', start_time: 1 }, 'start_time'],
    [{ end_date: '2025-01-02', end_time: 1 }, 'end_time'],
    [{ start_date: '2025-01-03', end_date: '2025-01-02' }, 'start_date'],
    [{ start_time: 10, end_time: 9 }, 'start_time'],
  ])('rejects %j naming %s', (params, param) => {
    expect(thrown(InvalidParameterError, () => historyBounds(params)).param).toBe(param);
  });
});

describe('historyPage', () => {
  test('serves 100 points oldest first and a cursor that leads through every point exactly once', async () => {
    // Act
    const seen: number[] = [];
    let page: string | undefined;
    let calls = 0;
    do {
      const result = await historyPage({ series: 'sofr', page, now: NOW }, read);
      expect(result.data.length).toBeLessThanOrEqual(PAGE_SIZE);
      seen.push(...result.data.map((p) => p.time));
      page = result.next ?? undefined;
      calls += 1;
    } while (page);

    // Assess
    expect(calls).toBe(3);
    expect(seen).toEqual(POINTS.map((p) => p.time));
  });

  test('has next null when the page holds exactly the last points', async () => {
    const result = await historyPage({ series: 'sofr', from: POINTS[150]!.time, now: NOW }, read);
    expect(result.data).toHaveLength(100);
    expect(result.next).toBeNull();
  });

  test('keeps an open end fixed across pages', async () => {
    // Prepare
    const first = await historyPage({ series: 'sofr', now: NOW }, read);

    // Act: a later call (clock moved on) with the cursor
    const calls: number[] = [];
    await historyPage({ series: 'sofr', page: first.next!, now: new Date('2030-01-01T00:00:00Z') }, (from, to, limit) => {
      calls.push(to);
      return read(from, to, limit);
    });

    // Assess
    expect(calls).toEqual([NOW.getTime() / 1000]);
  });

  test.each([
    ['garbage', 'not a cursor!'],
    ['base64 that is not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON of the wrong shape', Buffer.from(JSON.stringify({ s: 'sofr' })).toString('base64url')],
  ])('rejects a malformed cursor (%s) on page', async (_, page) => {
    await expect(historyPage({ series: 'sofr', page, now: NOW }, read)).rejects.toMatchObject({ statusCode: 400, param: 'page' });
  });

  test('rejects a cursor made for another rate or other bounds', async () => {
    // Prepare
    const { next } = await historyPage({ series: 'sofr', from: POINTS[0]!.time, now: NOW }, read);

    // Act / Assess
    await expect(historyPage({ series: 'effr', from: POINTS[0]!.time, page: next!, now: NOW }, read)).rejects.toMatchObject({ param: 'page' });
    await expect(historyPage({ series: 'sofr', page: next!, now: NOW }, read)).rejects.toMatchObject({ param: 'page' });
    await expect(historyPage({ series: 'sofr', from: POINTS[0]!.time, page: next!, now: NOW }, read)).resolves.toMatchObject({ data: expect.any(Array) });
  });
});

describe('yearWindows', () => {
  test('cuts a span into windows of at most N years that cover it without overlap', () => {
    expect(yearWindows('2011-01-01', '2025-06-20', 10)).toEqual([
      { from: '2011-01-01', to: '2020-12-31' },
      { from: '2021-01-01', to: '2025-06-20' },
    ]);
    expect(yearWindows('2025-06-06', '2025-06-20', 5)).toEqual([{ from: '2025-06-06', to: '2025-06-20' }]);
  });
});

describe('monthDayYear', () => {
  test('writes last_updated as MM-DD-YYYY', () => {
    expect(monthDayYear('2025-06-13')).toBe('06-13-2025');
  });
});

describe('LIBOR import', () => {
  const datasets = resolve('../shared/datasets');

  test('imports every tenor from the datasets directory into its own file, each with the source and licence lines', async () => {
    // Act
    const result = await importLiborFixings(datasets);
    const tenor = (name: (typeof LIBOR_TYPES)[number]) => result.files[liborFile(name)]!.data as LiborSeries;

    // Assess
    expect(result.warnings).toEqual([]);
    expect(Object.keys(result.files).sort()).toEqual(LIBOR_TYPES.map(liborFile).sort());
    for (const name of LIBOR_TYPES) {
      expect(tenor(name)).toMatchObject({ currency: 'USD', tenor: name, source: LIBOR_SOURCE, licence: DEFAULT_LIBOR_LICENCE });
      expect(tenor(name).days.length).toBe(tenor(name).rates.length);
    }
    const { days, rates } = tenor('3_months');
    expect([days[0], rates[0]]).toEqual([Date.UTC(1986, 0, 2) / 86_400_000, 8]);
    expect([tenor('1_month').days.at(-1), tenor('1_month').rates.at(-1)]).toEqual([Date.UTC(2021, 8, 29) / 86_400_000, 0.08238]);
    expect(tenor('overnight').days.length).toBeGreaterThan(1000);
    expect(days.length).toBeLessThan(tenor('1_month').days.length);
  });

  test('names the missing file as the reason /v1/liborhistorical answers 503, instead of failing', async () => {
    const result = await importLiborFixings(resolve('test/fixtures'));
    expect(result.files).toEqual({});
    const reason = 'The USD LIBOR fixings could not be imported: libor/usd_libor_daily.csv was not in the datasets directory when the reference data were built.';
    expect(result.missing).toEqual(Object.fromEntries(LIBOR_TYPES.map((t) => [liborFile(t), { reason, endpoints: ['/v1/liborhistorical'] }])));
  });

  test.each([
    ['a missing tenor column', 'date,overnight,1m,3m,6m\n2020-01-02,1,1,1,1\n'],
    ['a bad date', 'date,overnight,1m,3m,6m,12m\n2020-02-30,1,1,1,1,1\n'],
    ['a value that is not a number', 'date,overnight,1m,3m,6m,12m\n2020-01-02,x,1,1,1,1\n'],
    ['dates out of order', 'date,overnight,1m,3m,6m,12m\n2020-01-03,1,1,1,1,1\n2020-01-02,1,1,1,1,1\n'],
  ])('rejects a CSV with %s', (_, text) => {
    expect(() => parseLiborCsv(text)).toThrow(Error);
  });

  test('finds a range by binary search, inclusive on both ends', () => {
    const series = parseLiborCsv('date,overnight,1m,3m,6m,12m\n2020-01-02,1,2,,,\n2020-01-03,1.1,2.1,,,\n2020-01-06,1.2,,,,\n');
    const jan3 = Date.UTC(2020, 0, 3) / 1000;
    const jan6 = Date.UTC(2020, 0, 6) / 1000;
    expect(liborRange(series.tenors.overnight, jan3, jan6, 10)).toEqual([
      { time: jan3, rate_pct: 1.1 },
      { time: jan6, rate_pct: 1.2 },
    ]);
    expect(liborRange(series.tenors['1_month'], 0, jan6, 10).map((p) => p.rate_pct)).toEqual([2, 2.1]);
    expect(liborRange(series.tenors['3_months'], 0, jan6, 10)).toEqual([]);
  });
});
