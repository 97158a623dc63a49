import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acsNumber, ACS_VARIABLES, parseAcsTable, ratePercentiles, taxesPaidPercentile, ZCTA_COLUMN } from '../../lib/tax/acs';
import { ACS_FIXTURE_DIR, importPropertyTax, propertyTaxRecords, readAcsDirectory } from '../../lib/tax/importPropertyTax';
import { findPropertyTax, normalizeCounty, type PropertyTaxFile } from '../../lib/tax/propertyTax';

/** B25102 counts: [<800, 800–1,499, 1,500–1,999, 2,000–2,999, 3,000+, none] with a mortgage, then without. */
function distribution(withMortgage: number[], without: number[] = [0, 0, 0, 0, 0, 0]): Record<string, number> {
  const cells: Record<string, number> = {};
  withMortgage.forEach((n, i) => (cells[`B25102_${String(3 + i).padStart(3, '0')}E`] = n));
  without.forEach((n, i) => (cells[`B25102_${String(10 + i).padStart(3, '0')}E`] = n));
  return cells;
}

const HEADER = ['NAME', ...ACS_VARIABLES, ZCTA_COLUMN];
function zctaRow(zcta: string, values: Record<string, number | string>): unknown[] {
  return [`ZCTA5 ${zcta}`, ...ACS_VARIABLES.map((name) => String(values[name] ?? 0)), zcta];
}

describe('acsNumber', () => {
  test('reads ACS strings and treats the negative "no estimate" codes as missing', () => {
    // Act
    const values = ['1234', '0', '-666666666', '-999999999', 'N', null, ''].map(acsNumber);

    // Assess
    expect(values).toEqual([1234, 0, null, null, null, null, null]);
  });
});

describe('taxesPaidPercentile', () => {
  // 100 homes: 5 pay nothing; knots (0, .05) (800, .15) (1500, .25) (2000, .45) (3000, .85); median 2,500
  const counts = distribution([10, 10, 20, 40, 15, 5]);

  test('interpolates linearly inside a bin and through the published median', () => {
    // Act
    const p25 = taxesPaidPercentile(counts, 2500, 0.25);
    const p75 = taxesPaidPercentile(counts, 2500, 0.75);

    // Assess: p25 is the 1,500 bin edge; p75 lies between (2,500, .5) and (3,000, .85)
    expect(p25).toBeCloseTo(1500, 6);
    expect(p75).toBeCloseTo(2500 + (0.25 / 0.35) * 500, 6);
  });

  test('continues into the open "$3,000 or more" bin with the density just below it', () => {
    // Prepare: knots (0, 0) (800, .05) (1500, .10) (2000, .15) (3000, .30) and the median (4,000, .50)
    const high = distribution([5, 5, 5, 15, 70, 0]);

    // Act
    const p25 = taxesPaidPercentile(high, 4000, 0.25);
    const p75 = taxesPaidPercentile(high, 4000, 0.75);

    // Assess: density .2 per 1,000 dollars → 4,000 + .25 / .0002
    expect(p25).toBeCloseTo(2000 + (0.1 / 0.15) * 1000, 6);
    expect(p75).toBeCloseTo(5250, 6);
  });

  test('gives 0 when at least that share of homes pays no tax', () => {
    // Prepare
    const untaxed = distribution([5, 0, 0, 0, 5, 30], [0, 0, 0, 0, 0, 10]);

    // Act
    const p25 = taxesPaidPercentile(untaxed, 0, 0.25);

    // Assess
    expect(p25).toBe(0);
  });

  test('gives null without any counted home', () => {
    // Act
    const p25 = taxesPaidPercentile(distribution([0, 0, 0, 0, 0, 0]), null, 0.25);

    // Assess
    expect(p25).toBeNull();
  });
});

describe('ratePercentiles', () => {
  test('divides each tax percentile by the value quartile of the same rank, as decimals with 4 places', () => {
    // Prepare
    const row = { ...distribution([10, 10, 20, 40, 15, 5]), B25103_001E: 2500, B25076_001E: 150000, B25077_001E: 250000, B25078_001E: 400000 };

    // Act
    const rates = ratePercentiles(row);

    // Assess: 1,500 / 150,000; 2,500 / 250,000; 2,857.14 / 400,000
    expect(rates).toEqual({ p25: 0.01, p50: 0.01, p75: 0.0071 });
  });

  test('leaves a percentile null when its home value is missing', () => {
    // Prepare
    const row = { ...distribution([10, 10, 20, 40, 15, 5]), B25103_001E: 2500, B25076_001E: null, B25077_001E: 250000, B25078_001E: 400000 };

    // Act
    const rates = ratePercentiles(row);

    // Assess
    expect(rates.p25).toBeNull();
    expect(rates.p50).toBe(0.01);
  });
});

describe('parseAcsTable', () => {
  test('reads ZCTA rows of an ACS API response', () => {
    // Prepare
    const payload = [
      HEADER,
      zctaRow('02139', { ...distribution([10, 10, 20, 40, 15, 5]), B25103_001E: 2500, B25076_001E: 150000, B25077_001E: 250000, B25078_001E: 400000 }),
    ];

    // Act
    const table = parseAcsTable(payload);

    // Assess
    expect(table.level).toBe('zcta');
    expect(table.estimates).toEqual([{ geoid: '02139', name: 'ZCTA5 02139', p25: 0.01, p50: 0.01, p75: 0.0071 }]);
    expect(table.skipped).toEqual([]);
  });

  test('reads county rows keyed by state and county FIPS', () => {
    // Prepare
    const header = ['NAME', ...ACS_VARIABLES, 'state', 'county'];
    const values = { ...distribution([10, 10, 20, 40, 15, 5]), B25103_001E: 2500, B25076_001E: 150000, B25077_001E: 250000, B25078_001E: 400000 };
    const row = ['Middlesex County, Massachusetts', ...ACS_VARIABLES.map((name) => String(values[name as keyof typeof values])), '25', '017'];

    // Act
    const table = parseAcsTable([header, row]);

    // Assess
    expect(table.level).toBe('county');
    expect(table.estimates[0]).toMatchObject({ geoid: '25017', name: 'Middlesex County, Massachusetts', p50: 0.01 });
  });

  test('skips malformed rows and rows without estimates, naming each, and keeps the good ones', () => {
    // Prepare
    const good = { ...distribution([10, 10, 20, 40, 15, 5]), B25103_001E: 2500, B25076_001E: 150000, B25077_001E: 250000, B25078_001E: 400000 };
    const payload = [
      HEADER,
      zctaRow('02139', good),
      ['ZCTA5 02140', '2500'],
      'not a row',
      zctaRow('ABCDE', good),
      [...zctaRow('02141', good).slice(0, -1), null],
      zctaRow('02163', Object.fromEntries(ACS_VARIABLES.map((name) => [name, '-666666666']))),
    ];

    // Act
    const table = parseAcsTable(payload);

    // Assess
    expect(table.estimates.map((e) => e.geoid)).toEqual(['02139']);
    expect(table.skipped).toHaveLength(5);
    expect(table.skipped[0]).toMatch(/^row 3: not a row of/);
    expect(table.skipped[2]).toMatch(/malformed ZCTA code 'ABCDE'/);
    expect(table.skipped[4]).toMatch(/02163.*no estimate/);
  });

  test('rejects payloads that are not ACS responses or lack the variables', () => {
    // Act
    const notArray = () => parseAcsTable({ error: 'unknown variable' });
    const noHeader = () => parseAcsTable([[1, 2, 3]]);
    const missingColumns = () => parseAcsTable([['NAME', 'B25103_001E', ZCTA_COLUMN]]);
    const noGeography = () => parseAcsTable([['NAME', ...ACS_VARIABLES]]);

    // Assess
    expect(notArray).toThrow(/not an ACS API response/);
    expect(noHeader).toThrow(/not an ACS API response/);
    expect(missingColumns).toThrow(/lacks the columns B25076_001E/);
    expect(noGeography).toThrow(/neither/);
  });
});

describe('the property-tax import', () => {
  test('reads the committed fixture and warns about its row without estimates', () => {
    // Act
    const sources = readAcsDirectory(ACS_FIXTURE_DIR);

    // Assess
    expect([...sources.zcta.keys()].sort()).toEqual(['02138', '02139', '60601', '77002', '90210']);
    expect([...sources.county.keys()].sort()).toEqual(['06037', '17031', '25017', '48201']);
    expect(sources.warnings.join(' ')).toMatch(/02163/);
  });

  test('computes the fixture ZCTA 02139 percentiles from its cells', () => {
    // Prepare: the 02139 row of the fixture recomputed by hand: the share of homes paying under $3,000 (or
    // nothing), then linear from ($3,000, that share) through the published median (6,200, .5) and beyond it;
    // value quartiles 520,000 / 690,000 / 910,000
    const row = JSON.parse(readFileSync(join(ACS_FIXTURE_DIR, 'acs5_2023_zcta.json'), 'utf8')).find((r: string[]) => r.at(-1) === '02139');
    const header: string[] = JSON.parse(readFileSync(join(ACS_FIXTURE_DIR, 'acs5_2023_zcta.json'), 'utf8'))[0];
    const cell = (name: string) => Number(row[header.indexOf(name)]);
    const total = cell('B25102_001E');
    const below3000 = ['003', '004', '005', '006', '008', '010', '011', '012', '013', '015'].reduce((sum, v) => sum + cell(`B25102_${v}E`), 0);
    const share3000 = below3000 / total;
    const density = (0.5 - share3000) / (6200 - 3000);
    const expected25 = 3000 + (0.25 - share3000) / density;
    const expected75 = 6200 + 0.25 / density;

    // Act
    const estimate = readAcsDirectory(ACS_FIXTURE_DIR).zcta.get('02139')!;

    // Assess
    expect(share3000).toBeLessThan(0.25);
    expect(estimate.p25).toBeCloseTo(expected25 / 520000, 4);
    expect(estimate.p50).toBeCloseTo(6200 / 690000, 4);
    expect(estimate.p75).toBeCloseTo(expected75 / 910000, 4);
  });

  test("labels fixture data as sample and gives a ZIP without its own ZCTA estimate its county's", () => {
    // Act
    const { file, warnings } = importPropertyTax(undefined);

    // Assess
    expect(file!.sample).toBe(true);
    expect(warnings.join(' ')).toMatch(/SAMPLE/);
    const cambridge = file!.records.filter((r) => r.city === 'Cambridge' && r.state === 'MA');
    expect(cambridge.find((r) => r.zip === '02139')).toMatchObject({ county: 'Middlesex', estimate_area: 'zip' });
    expect(cambridge.find((r) => r.zip === '02140')).toMatchObject({ county: 'Middlesex', estimate_area: 'county' });
  });

  test('treats a directory given in ACS_DIR as real data and warns when it does not exist', () => {
    // Act
    const missing = importPropertyTax('/nonexistent/acs');

    // Assess
    expect(missing.file).toBeUndefined();
    expect(missing.warnings.join(' ')).toMatch(/does not exist/);
  });

  test('joins only ZIP codes with an estimate', () => {
    // Prepare
    const zcta = new Map([['90210', { geoid: '90210', name: 'ZCTA5 90210', p25: 0.005, p50: 0.006, p75: 0.007 }]]);

    // Act
    const records = propertyTaxRecords({ zcta, county: new Map() });

    // Assess
    expect(records).toEqual([
      {
        state: 'CA', county: 'Los Angeles', city: 'Beverly Hills', zip: '90210',
        property_tax_25th_percentile: 0.005, property_tax_50th_percentile: 0.006, property_tax_75th_percentile: 0.007,
        estimate_area: 'zip',
      },
    ]);
  });
});

describe('findPropertyTax', () => {
  const record = (zip: string, city: string, county: string, state: string) => ({
    zip, city, county, state,
    property_tax_25th_percentile: 0.01, property_tax_50th_percentile: 0.012, property_tax_75th_percentile: 0.014,
    estimate_area: 'zip' as const,
  });
  const file: PropertyTaxFile = {
    sample: false,
    source: 'test',
    records: [
      record('01001', 'Springfield', 'Hampden', 'MA'),
      record('62701', 'Springfield', 'Sangamon', 'IL'),
      record('65801', 'Springfield', 'Greene', 'MO'),
      ...Array.from({ length: 150 }, (_, i) => record(String(90001 + i), 'Los Angeles', 'Los Angeles', 'CA')),
    ],
  };

  test('matches the city case-sensitively and narrows by state case-insensitively', () => {
    // Act
    const all = findPropertyTax(file, { city: 'Springfield' });
    const illinois = findPropertyTax(file, { city: 'Springfield', state: 'il' });
    const lower = findPropertyTax(file, { city: 'springfield' });

    // Assess
    expect(all.map((r) => r.zip)).toEqual(['01001', '62701', '65801']);
    expect(illinois.map((r) => r.zip)).toEqual(['62701']);
    expect(lower).toEqual([]);
  });

  test('matches counties with or without "County", in any case', () => {
    // Act
    const results = findPropertyTax(file, { county: 'GREENE county' });

    // Assess
    expect(results.map((r) => r.zip)).toEqual(['65801']);
    expect(normalizeCounty('Aleutians West (CA)')).toBe(normalizeCounty('aleutians west'));
  });

  test('returns at most 100 results and labels them with the sample flag', () => {
    // Act
    const results = findPropertyTax(file, { county: 'Los Angeles' });

    // Assess
    expect(results).toHaveLength(100);
    expect(results.every((r) => r.sample === false)).toBe(true);
  });
});
