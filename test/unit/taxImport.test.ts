import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bracketProblem, buildTaxTables, importTaxData, type RegionalSources } from '../../lib/tax/import';
import { correctedPolicy, usFederalYear, type PolicyCorrection, type TaxCalculatorPolicy } from '../../lib/tax/taxCalculatorPolicy';
import type { CaTaxTable, UsTaxTable } from '../../lib/tax/types';

const datasets = resolve(process.env.DATASETS_DIR ?? '../shared/datasets');
const policy = JSON.parse(readFileSync(join(datasets, 'tax', 'taxcalc_policy_current_law.json'), 'utf8')) as TaxCalculatorPolicy;

const flat = (rate: number) => [{ min: 0, max: null, rate }];
const forAll = <T>(value: T) => ({ single: value, married: value, married_separate: value, head_of_household: value });
const usState = (rate: number): UsTaxTable => ({ brackets: forAll(flat(rate)), standard_deduction: forAll(0) });
const caTable = (rate: number, bpa: number): CaTaxTable => ({ brackets: flat(rate), basic_personal_amount: bpa });
const sourced = <T>(table: T) => ({ table, source: 'test publication' });

describe('bracketProblem', () => {
  test('accepts contiguous brackets from 0 with an open top', () => {
    // Act
    const problem = bracketProblem([{ min: 0, max: 100, rate: 0.1 }, { min: 100, max: null, rate: 0.2 }]);

    // Assess
    expect(problem).toBeUndefined();
  });

  test('names gaps, percentages instead of decimals and a closed top bracket', () => {
    // Act
    const gap = bracketProblem([{ min: 0, max: 100, rate: 0.1 }, { min: 150, max: null, rate: 0.2 }]);
    const percent = bracketProblem([{ min: 0, max: null, rate: 22 }]);
    const closed = bracketProblem([{ min: 0, max: 100, rate: 0.1 }]);

    // Assess
    expect(gap).toMatch(/does not start where/);
    expect(percent).toMatch(/not a decimal/);
    expect(closed).toMatch(/top bracket/);
  });

  test('accepts a base amount and names one that is not an amount', () => {
    // Act
    const ok = bracketProblem([{ min: 0, max: 100, rate: 0 }, { min: 100, max: null, rate: 0.03, base: 12.5 }]);
    const negative = bracketProblem([{ min: 0, max: 100, rate: 0 }, { min: 100, max: null, rate: 0.03, base: -1 }]);

    // Assess
    expect(ok).toBeUndefined();
    expect(negative).toMatch(/bracket 2 base -1 is not an amount/);
  });
});

describe('corrections of the Tax-Calculator file', () => {
  test("serves 2023 married filing separately's 35 % bracket up to 346,875 (Rev. Proc. 2022-38), not the file's 578,125", () => {
    // Act
    const uncorrected = usFederalYear(policy, 2023)!.federal.brackets.married_separate[5];
    const { tables, warnings } = buildTaxTables(policy, {});

    // Assess
    expect(uncorrected).toEqual({ min: 231250, max: 578125, rate: 0.35 });
    expect(tables.US['2023']!.federal.brackets.married_separate[5]).toEqual({ min: 231250, max: 346875, rate: 0.35 });
    expect(tables.US['2023']!.federal.brackets.married_separate[6]).toEqual({ min: 346875, max: null, rate: 0.37 });
    expect(tables.sources['US/2023/federal']).toMatch(/corrected: married_separate 35 % bracket up to 346,875 .*Rev\. Proc\. 2022-38/);
    expect(tables.sources['US/2024/federal']).not.toMatch(/corrected/);
    expect(warnings).toEqual([]);
  });

  test('does nothing once the file states the right value, and warns when it states a third one', () => {
    // Prepare
    const correction: PolicyCorrection = { parameter: 'II_brk6', year: 2023, MARS: 'mseparate', stated: 578125, value: 346875, note: 'test' };
    const withValue = (value: number) => {
      const brk6 = policy.II_brk6 as { value: Array<{ year: number; MARS?: string; value: number }> };
      return { ...policy, II_brk6: { ...brk6, value: brk6.value.map((e) => (e.year === 2023 && e.MARS === 'mseparate' ? { ...e, value } : e)) } };
    };

    // Act
    const fixed = correctedPolicy(withValue(346875), [correction]);
    const changed = correctedPolicy(withValue(400000), [correction]);

    // Assess
    expect(fixed.applied.size).toBe(0);
    expect(fixed.warnings).toEqual([]);
    expect(changed.applied.size).toBe(0);
    expect(changed.warnings).toEqual([expect.stringMatching(/II_brk6 2023 mseparate not applied: the file states 400000, not 578125/)]);
  });
});

describe('buildTaxTables', () => {
  test('adds valid regional tables to the federal years and reports the ones it skips', () => {
    // Prepare
    const regions: RegionalSources = {
      usStates: {
        2024: { PA: sourced(usState(0.0307)), ZZ: sourced(usState(0.01)), NY: sourced({ ...usState(0.05), standard_deduction: undefined } as unknown as UsTaxTable) },
        2040: { PA: sourced(usState(0.0307)) },
      },
      caFederal: { 2024: sourced(caTable(0.15, 15705)) },
      caProvinces: { 2024: { ON: sourced(caTable(0.0505, 12399)), XX: sourced(caTable(0.1, 1)) }, 2023: { ON: sourced(caTable(0.0505, 11865)) } },
    };

    // Act
    const { tables, warnings } = buildTaxTables(policy, regions);

    // Assess
    expect(Object.keys(tables.US['2024']!.states)).toEqual(['PA']);
    expect(Object.keys(tables.CA)).toEqual(['2024']);
    expect(Object.keys(tables.CA['2024']!.provinces)).toEqual(['ON']);
    expect(tables.sources['US/2024/PA']).toBe('test publication');
    expect(tables.sources['US/2024/federal']).toMatch(/Tax-Calculator/);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/2024 ZZ .*not a state code/),
        expect.stringMatching(/2024 NY .*not \{brackets, standard_deduction\}/),
        expect.stringMatching(/for 2040 skipped/),
        expect.stringMatching(/2024 XX .*not a province code/),
        expect.stringMatching(/2023 skipped/),
      ]),
    );
  });

  test('builds Canadian tables without the Tax-Calculator file and US tables without regions', () => {
    // Act
    const canadaOnly = buildTaxTables(undefined, { caFederal: { 2025: sourced(caTable(0.145, 16129)) } });
    const usOnly = buildTaxTables(policy, {});

    // Assess
    expect(canadaOnly.tables.US).toEqual({});
    expect(canadaOnly.tables.CA['2025']!.federal.basic_personal_amount).toBe(16129);
    expect(Object.keys(usOnly.tables.US)).toContain('2026');
    expect(usOnly.tables.US['2026']!.states).toEqual({});
  });
});

describe('importTaxData', () => {
  test('writes the tax tables with the federal years and the regional tables, and the property-tax file from the acs-zcta data set', async () => {
    // Prepare
    const acsDir = process.env.ACS_DIR;
    delete process.env.ACS_DIR;

    // Act
    const result = await importTaxData(datasets).finally(() => {
      if (acsDir !== undefined) process.env.ACS_DIR = acsDir;
    });

    // Assess
    const taxTables = result.files['tax-tables.json']!.data as { US: Record<string, { states: object }>; CA: Record<string, object> };
    expect(Object.keys(taxTables.US)).toEqual(expect.arrayContaining(['2013', '2024', '2026']));
    expect(Object.keys(taxTables.US['2024']!.states)).toHaveLength(51);
    expect(Object.keys(taxTables.CA)).toEqual(expect.arrayContaining(['2024', '2025', '2026']));
    expect((result.files['property-tax.json']!.data as { sample: boolean }).sample).toBe(false);
    expect(result.files['property-tax.json']!.sample).toBeUndefined();
    expect(result.warnings.join(' ')).not.toMatch(/SAMPLE/);
  });

  test('marks the property-tax file sample for the manifest when neither ACS_DIR nor the data set is there', async () => {
    // Prepare
    const acsDir = process.env.ACS_DIR;
    delete process.env.ACS_DIR;

    // Act
    const result = await importTaxData('/nonexistent/datasets').finally(() => {
      if (acsDir !== undefined) process.env.ACS_DIR = acsDir;
    });

    // Assess
    expect(result.files['property-tax.json']).toMatchObject({
      sample: { reason: expect.stringMatching(/Census ACS 5-year data/), endpoints: ['/v1/propertytax'] },
      data: { sample: true },
    });
    expect(result.files['property-tax.json']!.summary).toMatch(/SAMPLE fixture/);
  });

  test('names the missing Tax-Calculator file as the reason for the US tables instead of failing', async () => {
    // Act
    const result = await importTaxData('/nonexistent/datasets');

    // Assess
    const taxTables = result.files['tax-tables.json']!.data as { US: object; CA: object; missing: { US: string } };
    const reason =
      'The US federal income-tax tables (PSLmodels Tax-Calculator) could not be imported: tax/taxcalc_policy_current_law.json was not in the datasets directory when the reference data were built.';
    expect(taxTables.US).toEqual({});
    expect(taxTables.missing).toEqual({ US: reason });
    expect(Object.keys(taxTables.CA).length).toBeGreaterThan(0);
    expect(result.missing).toEqual({ 'tax-tables.json#US': { reason, endpoints: ['/v2/incometax', '/v1/incometaxcalculator'] } });
    expect(result.warnings.join(' ')).not.toMatch(/US state tables/);
  });
});
