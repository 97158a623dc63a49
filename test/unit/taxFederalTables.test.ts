import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { usFederalYear, usFederalYears, type TaxCalculatorPolicy } from '../../lib/tax/taxCalculatorPolicy';

const datasets = resolve(process.env.DATASETS_DIR ?? '../shared/datasets');
const policy = JSON.parse(readFileSync(join(datasets, 'tax', 'taxcalc_policy_current_law.json'), 'utf8')) as TaxCalculatorPolicy;

/** A tiny policy in Tax-Calculator's format: thresholds are indexed, rates are not. */
function miniPolicy(): TaxCalculatorPolicy {
  const perStatus = (year: number, value: number) =>
    ['single', 'mjoint', 'mseparate', 'headhh', 'widow'].map((MARS) => ({ year, MARS, value: MARS === 'mjoint' ? 2 * value : value }));
  const indexed = (values: Array<[number, number]>) => ({ indexed: true, value: values.flatMap(([year, v]) => perStatus(year, v)) });
  const fixed = (value: number) => ({ indexed: false, value: [{ year: 2020, value }] });
  const policy: TaxCalculatorPolicy = {
    schema: { labels: { year: { validators: { range: { min: 2020, max: 2023 } } } } },
    II_brk1: indexed([[2020, 1000], [2021, 1100]]),
    II_brk2: indexed([[2020, 9e99], [2021, 9e99]]),
    STD: indexed([[2020, 500], [2021, 550]]),
    SS_Earnings_c: { indexed: true, value: [{ year: 2020, value: 100 }, { year: 2021, value: 110 }, { year: 2022, value: 120 }] },
    AMEDT_ec: { indexed: false, value: perStatus(2020, 200) },
    FICA_ss_trt_employee: fixed(0.062),
    FICA_ss_trt_employer: fixed(0.062),
    FICA_mc_trt_employee: fixed(0.0145),
    FICA_mc_trt_employer: fixed(0.0145),
    AMEDT_rt: fixed(0.009),
    II_rt1: { indexed: false, value: [{ year: 2020, value: 0.1 }, { year: 2021, value: 0.11 }] },
    II_rt2: fixed(0.2),
  };
  for (let i = 3; i <= 7; i += 1) policy[`II_brk${i}`] = indexed([[2020, 9e99], [2021, 9e99]]);
  for (let i = 3; i <= 8; i += 1) policy[`II_rt${i}`] = fixed(0.9);
  return policy;
}

describe('US federal tables from the Tax-Calculator parameter file', () => {
  test('gives the 2024 brackets of IRS Rev. Proc. 2023-34 for a single filer', () => {
    // Prepare: IRS Rev. Proc. 2023-34, table 3 (unmarried individuals)
    const published = [
      [0, 11600, 0.1], [11600, 47150, 0.12], [47150, 100525, 0.22], [100525, 191950, 0.24],
      [191950, 243725, 0.32], [243725, 609350, 0.35], [609350, null, 0.37],
    ].map(([min, max, rate]) => ({ min, max, rate }));

    // Act
    const year = usFederalYear(policy, 2024)!;

    // Assess
    expect(year.federal.brackets.single).toEqual(published);
  });

  test('maps MARS to filing statuses with the 2024 standard deductions and married top thresholds', () => {
    // Prepare: Rev. Proc. 2023-34: standard deductions 14,600 / 29,200 / 14,600 / 21,900; 37 % from 731,200 (joint), 365,600 (separate)

    // Act
    const year = usFederalYear(policy, 2024)!;

    // Assess
    expect(year.federal.standard_deduction).toEqual({ single: 14600, married: 29200, married_separate: 14600, head_of_household: 21900 });
    expect(year.federal.brackets.married.at(-1)).toEqual({ min: 731200, max: null, rate: 0.37 });
    expect(year.federal.brackets.married_separate.at(-1)).toEqual({ min: 365600, max: null, rate: 0.37 });
  });

  test('gives the pre-2018 seven brackets with 39.6 % on top for 2017', () => {
    // Prepare: Rev. Proc. 2016-55: single 39.6 % above 418,400

    // Act
    const year = usFederalYear(policy, 2017)!;

    // Assess
    expect(year.federal.brackets.single).toHaveLength(7);
    expect(year.federal.brackets.single.at(-1)).toEqual({ min: 418400, max: null, rate: 0.396 });
  });

  test('gives the 2024 FICA parameters: 6.2 % up to the SSA wage base of 168,600, 1.45 % Medicare, 0.9 % above 200k/250k/125k', () => {
    // Prepare: SSA 2024 contribution and benefit base; IRC 3101(b)(2)

    // Act
    const { fica } = usFederalYear(policy, 2024)!;

    // Assess
    expect(fica).toEqual({
      social_security_rate: 0.062,
      social_security_employer_rate: 0.062,
      social_security_wage_cap: 168600,
      medicare_rate: 0.0145,
      medicare_employer_rate: 0.0145,
      additional_medicare_rate: 0.009,
      additional_medicare_threshold: { single: 200000, married: 250000, married_separate: 125000, head_of_household: 200000 },
    });
  });

  test('covers exactly the years the file states, 2013 to 2026', () => {
    // Prepare: the file states indexed thresholds from 2013 through 2026 and projects later years

    // Act
    const years = [...usFederalYears(policy).keys()];

    // Assess
    expect(years).toEqual(Array.from({ length: 14 }, (_, i) => 2013 + i));
  });

  test('carries a non-indexed rate forward but drops a year whose indexed thresholds are not stated', () => {
    // Prepare
    const mini = miniPolicy();

    // Act
    const years = usFederalYears(mini);

    // Assess
    expect([...years.keys()]).toEqual([2020, 2021]);
    expect(years.get(2021)!.federal.brackets.single).toEqual([
      { min: 0, max: 1100, rate: 0.11 },
      { min: 1100, max: null, rate: 0.2 },
    ]);
    expect(years.get(2021)!.fica.additional_medicare_threshold.married).toBe(400);
    expect(years.get(2021)!.fica.social_security_wage_cap).toBe(110);
  });

  test('rejects a file that lacks a required parameter', () => {
    // Prepare
    const broken = miniPolicy();
    delete broken.STD;

    // Act
    const act = () => usFederalYears(broken);

    // Assess
    expect(act).toThrow(/STD/);
  });
});
