import { taxByBrackets } from '../../lib/tax/brackets';
import { calculateCa, calculateUs, canadianTax, usFederal, usFica, usStateTax } from '../../lib/tax/calculator';
import type { FicaParameters } from '../../lib/tax/tables';
import type { Bracket, CaTaxTable, UsTaxTable } from '../../lib/tax/types';

const b = (rows: Array<[number, number | null, number]>): Bracket[] => rows.map(([min, max, rate]) => ({ min, max, rate }));
const forAll = <T>(value: T) => ({ single: value, married: value, married_separate: value, head_of_household: value });

// 2024 federal figures as published by the IRS (Rev. Proc. 2023-34) and the SSA
const FEDERAL_2024: UsTaxTable = {
  brackets: {
    single: b([[0, 11600, 0.1], [11600, 47150, 0.12], [47150, 100525, 0.22], [100525, 191950, 0.24], [191950, 243725, 0.32], [243725, 609350, 0.35], [609350, null, 0.37]]),
    married: b([[0, 23200, 0.1], [23200, 94300, 0.12], [94300, 201050, 0.22], [201050, 383900, 0.24], [383900, 487450, 0.32], [487450, 731200, 0.35], [731200, null, 0.37]]),
    married_separate: b([[0, 11600, 0.1], [11600, 47150, 0.12], [47150, 100525, 0.22], [100525, 191950, 0.24], [191950, 243725, 0.32], [243725, 365600, 0.35], [365600, null, 0.37]]),
    head_of_household: b([[0, 16550, 0.1], [16550, 63100, 0.12], [63100, 100500, 0.22], [100500, 191950, 0.24], [191950, 243700, 0.32], [243700, 609350, 0.35], [609350, null, 0.37]]),
  },
  standard_deduction: { single: 14600, married: 29200, married_separate: 14600, head_of_household: 21900 },
};
const FICA_2024: FicaParameters = {
  social_security_rate: 0.062,
  social_security_employer_rate: 0.062,
  social_security_wage_cap: 168600,
  medicare_rate: 0.0145,
  medicare_employer_rate: 0.0145,
  additional_medicare_rate: 0.009,
  additional_medicare_threshold: { single: 200000, married: 250000, married_separate: 125000, head_of_household: 200000 },
};
// Canada 2024 federal (CRA): 15 % to 55,867, 20.5 % to 111,733 ...; basic personal amount 15,705
const CA_FEDERAL_2024: CaTaxTable = {
  brackets: b([[0, 55867, 0.15], [55867, 111733, 0.205], [111733, 173205, 0.26], [173205, 246752, 0.29], [246752, null, 0.33]]),
  basic_personal_amount: 15705,
};

const wages = (income: number, extra: Partial<Parameters<typeof usFica>[0]> = {}) => ({
  income,
  filingStatus: 'single' as const,
  selfEmployed: false,
  ...extra,
});

describe('taxByBrackets', () => {
  test('taxes each part of the amount at its bracket rate', () => {
    // Prepare
    const brackets = b([[0, 1000, 0.1], [1000, 5000, 0.2], [5000, null, 0.5]]);

    // Act
    const inFirst = taxByBrackets(brackets, 500);
    const onBoundary = taxByBrackets(brackets, 1000);
    const inTop = taxByBrackets(brackets, 6000);

    // Assess
    expect(inFirst).toBeCloseTo(50, 10);
    expect(onBoundary).toBeCloseTo(100, 10);
    expect(inTop).toBeCloseTo(100 + 800 + 500, 10);
  });

  test("starts a bracket with a base from the law's fixed amount instead of the sum of the brackets below", () => {
    // Prepare: Ohio 2024 (ORC 5747.02): 0 % to 26,050; $360.69 + 2.75 % of the excess; $2,394.32 + 3.5 % over 100,000
    const ohio = [
      { min: 0, max: 26050, rate: 0 },
      { min: 26050, max: 100000, rate: 0.0275, base: 360.69 },
      { min: 100000, max: null, rate: 0.035, base: 2394.32 },
    ];

    // Act
    const atThreshold = taxByBrackets(ohio, 26050);
    const justAbove = taxByBrackets(ohio, 27050);
    const top = taxByBrackets(ohio, 250000);

    // Assess: nothing owed up to 26,050; 360.69 + 27.50 = 388.19; 2,394.32 + 5,250 = 7,644.32
    expect(atThreshold).toBe(0);
    expect(justAbove).toBeCloseTo(388.19, 10);
    expect(top).toBeCloseTo(7644.32, 10);
  });

  test('gives 0 for no income and for a table without brackets', () => {
    // Act
    const zero = taxByBrackets(FEDERAL_2024.brackets.single, 0);
    const none = taxByBrackets([], 50000);

    // Assess
    expect(zero).toBe(0);
    expect(none).toBe(0);
  });
});

describe('US federal income tax', () => {
  test('matches the cross-check: 2024 single, 100,000, standard deduction → taxable 85,400, tax 13,841', () => {
    // Prepare: 10 % × 11,600 + 12 % × 35,550 + 22 % × 38,250 = 1,160 + 4,266 + 8,415

    // Act
    const result = usFederal(wages(100000), FEDERAL_2024);

    // Assess
    expect(result).toEqual({
      income: 100000,
      taxable_income: 85400,
      deductions: 14600,
      credits: 0,
      federal_effective_rate: 0.1384,
      federal_taxes_owed: 13841,
    });
  });

  test('uses the given deductions instead of the standard deduction', () => {
    // Prepare: taxable 70,000 → 1,160 + 4,266 + 22 % × 22,850 = 10,453

    // Act
    const result = usFederal(wages(100000, { deductions: 30000 }), FEDERAL_2024);

    // Assess
    expect(result.taxable_income).toBe(70000);
    expect(result.deductions).toBe(30000);
    expect(result.federal_taxes_owed).toBe(10453);
  });

  test('subtracts credits but never goes below 0', () => {
    // Prepare: income 20,000 single → taxable 5,400 → tax 540

    // Act
    const some = usFederal(wages(20000, { credits: 100 }), FEDERAL_2024);
    const tooMany = usFederal(wages(20000, { credits: 2000 }), FEDERAL_2024);

    // Assess
    expect(some.federal_taxes_owed).toBe(440);
    expect(tooMany.federal_taxes_owed).toBe(0);
    expect(tooMany.credits).toBe(2000);
  });

  test('never has negative taxable income when deductions exceed income', () => {
    // Act
    const result = usFederal(wages(10000), FEDERAL_2024);

    // Assess
    expect(result.taxable_income).toBe(0);
    expect(result.federal_taxes_owed).toBe(0);
    expect(result.federal_effective_rate).toBe(0);
  });

  test('gives rate 0 for an income of 0', () => {
    // Act
    const result = usFederal(wages(0), FEDERAL_2024);

    // Assess
    expect(result.federal_effective_rate).toBe(0);
  });
});

describe('FICA', () => {
  test('charges 6.2 % and 1.45 % on wages below the cap', () => {
    // Act
    const fica = usFica(wages(100000), FICA_2024);

    // Assess
    expect(fica).toEqual({
      fica_social_security: 6200,
      fica_social_security_rate: 0.062,
      fica_social_security_cap: 168600,
      fica_medicare: 1450,
      fica_medicare_rate: 0.0145,
      fica_total: 7650,
    });
  });

  test('stops social security at the wage cap while Medicare continues', () => {
    // Prepare: 6.2 % × 168,600 = 10,453.20; 1.45 % × 200,000 = 2,900 (not above the single threshold)

    // Act
    const fica = usFica(wages(200000), FICA_2024);

    // Assess
    expect(fica.fica_social_security).toBe(10453.2);
    expect(fica.fica_medicare).toBe(2900);
  });

  test('adds 0.9 % Additional Medicare above the filing status threshold', () => {
    // Prepare: 250,000 of wages; 1.45 % = 3,625; excess over 200k / 250k / 125k

    // Act
    const single = usFica(wages(250000), FICA_2024);
    const married = usFica(wages(250000, { filingStatus: 'married' }), FICA_2024);
    const separate = usFica(wages(250000, { filingStatus: 'married_separate' }), FICA_2024);

    // Assess
    expect(single.fica_medicare).toBe(3625 + 450);
    expect(married.fica_medicare).toBe(3625);
    expect(separate.fica_medicare).toBe(3625 + 1125);
  });

  test('taxes the self-employed on 92.35 % of income at both shares (Schedule SE)', () => {
    // Prepare: 100,000 × 92.35 % = 92,350; × 12.4 % = 11,451.40; × 2.9 % = 2,678.15

    // Act
    const fica = usFica(wages(100000, { selfEmployed: true }), FICA_2024);

    // Assess
    expect(fica).toEqual({
      fica_social_security: 11451.4,
      fica_social_security_rate: 0.124,
      fica_social_security_cap: 168600,
      fica_medicare: 2678.15,
      fica_medicare_rate: 0.029,
      fica_total: 14129.55,
    });
  });

  test('applies the cap and Additional Medicare to self-employed net earnings', () => {
    // Prepare: 300,000 × 92.35 % = 277,050; 12.4 % × 168,600 = 20,906.40; 2.9 % × 277,050 + 0.9 % × 77,050 = 8,034.45 + 693.45

    // Act
    const fica = usFica(wages(300000, { selfEmployed: true }), FICA_2024);

    // Assess
    expect(fica.fica_social_security).toBe(20906.4);
    expect(fica.fica_medicare).toBe(8727.9);
  });
});

describe('US state tax and totals', () => {
  const state: UsTaxTable = {
    brackets: forAll(b([[0, 10000, 0.02], [10000, null, 0.05]])),
    standard_deduction: forAll(5000),
  };

  test("applies the state's own standard deduction when no deductions are given", () => {
    // Prepare: 60,000 − 5,000 = 55,000 → 2 % × 10,000 + 5 % × 45,000 = 200 + 2,250

    // Act
    const tax = usStateTax(wages(60000), state);

    // Assess
    expect(tax).toBeCloseTo(2450, 10);
  });

  test('adds federal tax, FICA and state tax into the total and income after tax', () => {
    // Prepare: federal 13,841 + FICA 7,650 + state (100,000 − 5,000 → 200 + 4,250) 4,450

    // Act
    const result = calculateUs(wages(100000), { federal: FEDERAL_2024, fica: FICA_2024, state });

    // Assess
    expect(result.region_taxes_owed).toBe(4450);
    expect(result.region_effective_rate).toBe(0.0445);
    expect(result.total_taxes_owed).toBe(13841 + 7650 + 4450);
    expect(result.income_after_tax).toBe(100000 - 25941);
    expect(result.total_effective_tax_rate).toBe(0.2594);
  });
});

describe('Canadian tax', () => {
  test('takes the basic personal amount as a credit at the lowest rate', () => {
    // Prepare: 60,001 → 15 % × 55,867 + 20.5 % × 4,134 = 8,380.05 + 847.47; credit 15 % × 15,705 = 2,355.75

    // Act
    const tax = canadianTax(CA_FEDERAL_2024, 60001);

    // Assess
    expect(tax).toBeCloseTo(9227.52 - 2355.75, 6);
  });

  test('never goes below 0 when the basic personal amount credit exceeds the tax', () => {
    // Act
    const tax = canadianTax(CA_FEDERAL_2024, 10000);

    // Assess
    expect(tax).toBe(0);
  });

  test('applies no deduction by default and the credits after the basic personal amount', () => {
    // Prepare: 60,001 → 6,871.77 federal, less 500 of credits

    // Act
    const result = calculateCa({ income: 60001, credits: 500 }, { federal: CA_FEDERAL_2024 });

    // Assess
    expect(result.deductions).toBe(0);
    expect(result.taxable_income).toBe(60001);
    expect(result.federal_taxes_owed).toBe(6371.77);
  });

  test('taxes the province on the same taxable income less its own basic personal amount credit', () => {
    // Prepare: province 5 % to 50,000, 10 % above; BPA 10,000 → 2,500 + 1,000 − 500 on 60,000
    const province: CaTaxTable = { brackets: b([[0, 50000, 0.05], [50000, null, 0.1]]), basic_personal_amount: 10000 };

    // Act
    const result = calculateCa({ income: 60000 }, { federal: CA_FEDERAL_2024, province });

    // Assess
    expect(result.region_taxes_owed).toBe(3000);
    expect(result.total_taxes_owed).toBeCloseTo(result.federal_taxes_owed + 3000, 2);
  });
});
