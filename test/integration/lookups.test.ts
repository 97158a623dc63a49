import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, startTestServer, type TestServer } from '../support/testServer';
import { cachedVpicPatternTable } from '../../lib/vehicles/vpicTrim';

let server: TestServer;
let wmiRows: Map<string, string>;

beforeAll(async () => {
  // the offline vPIC decoder reads VPIC_DB_PATH once per container: give it the pattern table
  process.env.VPIC_DB_PATH = await cachedVpicPatternTable();
  server = await startTestServer();
  // expected manufacturers come straight from the NHTSA CSV (wmi,"manufacturer",...)
  const csv = readFileSync(join(process.env.DATASETS_DIR ?? join(process.cwd(), '../shared/datasets'), 'vin/vpic_wmi.csv'), 'utf8');
  wmiRows = new Map(
    csv
      .split('\n')
      .map((line) => /^([A-Z0-9]{3,6}),"([^"]*)"/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1]!, match[2]!.trim()]),
  );
}, 120_000);
afterAll(() => server.close());

const phone = (query: string, key: string) => server.call(`/v1/phonelookup?${query}`, { key });
const vin = (query: string, key: string) => server.call(`/v1/vinlookup?${query}`, { key });

/** An independent 49 CFR 565.15 check digit, to build test VINs. */
function checkDigit(vin17: string): string {
  const letterValue: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin17].reduce((total, char, i) => total + (/\d/.test(char) ? Number(char) : letterValue[char]!) * weights[i]!, 0);
  return sum % 11 === 10 ? 'X' : String(sum % 11);
}
const withCheckDigit = (vin17: string) => vin17.slice(0, 8) + checkDigit(vin17) + vin17.slice(9);

describe('/v1/phonelookup', () => {
  test('gives a free key the fields of all plans for a US number', async () => {
    // Act
    const response = await phone('number=%2B1%20650-253-0000', server.demoKeys.free!);
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toEqual({
      is_valid: true,
      number: '+16502530000',
      country: 'United States',
      country_code: 1,
      region_code: 'US',
      location: 'Mountain View, CA',
    });
  });

  test('a Developer key (paid, below Business) gets no line type or carrier', async () => {
    // Act
    const body = await json(await phone('number=%2B44%2020%207946%200018', server.demoKeys.developer!));

    // Assess
    expect(body).toEqual({ is_valid: true, number: '+442079460018', country: 'United Kingdom', country_code: 44, region_code: 'GB', location: 'London' });
  });

  test('gives a Business key line type, carrier, VoIP, network codes and the disposable flag', async () => {
    // Act
    const response = await phone('number=%2B86%20138%200013%208000', server.demoKeys.business!);
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toEqual({
      is_valid: true,
      number: '+8613800138000',
      country: 'China',
      country_code: 86,
      region_code: 'CN',
      location: 'Beijing',
      line_type: 'mobile',
      carrier: 'China Mobile',
      is_voip: false,
      mcc: null,
      mnc: null,
      is_disposable: false,
    });
  });

  test('reads a national number with country, and a number without + as international', async () => {
    // Prepare
    const key = server.demoKeys.enterprise!;

    // Act
    const national = await json(await phone('number=020%207946%200018&country=gb', key));
    const noPlus = await json(await phone('number=16502530000', key));

    // Assess
    expect(national).toMatchObject({ is_valid: true, number: '+442079460018', region_code: 'GB', line_type: 'landline' });
    expect(noPlus).toMatchObject({ is_valid: true, number: '+16502530000', line_type: 'fixed_line_or_mobile' });
  });

  test('answers 200 with is_valid false for a readable number no plan assigns', async () => {
    // Act
    const response = await phone('number=%2B1%20555%20555%205555', server.demoKeys.business!);
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ is_valid: false, number: '+15555555555', country_code: 1, location: null, line_type: null, carrier: null });
  });

  test.each([
    ['', 400, 'missing_parameter', 'number'],
    ['number=hello', 400, 'invalid_parameter', 'number'],
    ['number=%2B1', 400, 'invalid_parameter', 'number'],
    ['number=020%207946%200018', 400, 'invalid_parameter', 'number'],
    [`number=${'1'.repeat(65)}`, 400, 'invalid_parameter', 'number'],
    ['number=2079460018&country=XX', 400, 'invalid_parameter', 'country'],
    ['number=2079460018&country=GBR', 400, 'invalid_parameter', 'country'],
  ])('rejects %p with %i %s on %s', async (query, status, code, param) => {
    // Act
    const response = await phone(query, server.demoKeys.business!);
    const body = await json(response);

    // Assess
    expect(response.status).toBe(status);
    expect(body).toEqual({ error: expect.stringContaining(`'${param}'`), code, param });
  });
});

describe('/v1/vinlookup', () => {
  test('gives a free key country, region, sections and model year', async () => {
    // Act
    const response = await vin('vin=1hgcm82633a004352', server.demoKeys.free!);
    const body = await json(response);

    // Assess
    expect(response.status).toBe(200);
    expect(body).toEqual({
      vin: '1HGCM82633A004352',
      country: 'United States',
      region: 'North America',
      wmi: '1HG',
      vds: 'CM8263',
      vis: '3A004352',
      year: '2003',
    });
  });

  test('adds manufacturer, model and body class for a paid key', async () => {
    // Act
    const response = await vin('vin=1HGCM82633A004352', server.demoKeys.developer!);
    const body = await json(response);

    // Assess: NHTSA decodes its sample VIN as a 2003 Honda Accord coupe
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ vin: '1HGCM82633A004352', year: '2003', manufacturer: wmiRows.get('1HG'), model: 'Accord', class: 'Coupe' });
  });

  test('decodes a 2024 Honda Civic sedan, and no model where vPIC has none for the model year (FC1 with year code R)', async () => {
    // Act
    const civic = await json(await vin('vin=2HGFE2F57RH564684', server.demoKeys.developer!));
    const mismatched = await json(await vin('vin=19XFC1E51RA000001', server.demoKeys.developer!));

    // Assess: vPIC knows FC1E5 for 2017-2020 only (test/unit/vinDecoder.test.ts)
    expect(civic).toMatchObject({ year: '2024', manufacturer: wmiRows.get('2HG'), model: 'Civic', class: 'Sedan/Saloon' });
    expect(mismatched).toMatchObject({ year: '2024', manufacturer: wmiRows.get('19X'), model: null, class: null });
  });

  test('finds the manufacturer of a small maker by the 6-character WMI', async () => {
    // Prepare: third character 9, characters 12-14 = 756 → WMI 1A9756
    const sample = withCheckDigit('1A9AAAAA0KA756123');

    // Act
    const body = await json(await vin(`vin=${sample}`, server.demoKeys.professional!));

    // Assess
    expect(body).toMatchObject({ vin: sample, wmi: '1A9', region: 'North America', manufacturer: wmiRows.get('1A9756'), year: '2019' });
  });

  test('decodes a European VIN without enforcing the check digit; vPIC has no model for it', async () => {
    // Act
    const body = await json(await vin('vin=WVWZZZ1KZ6W612305', server.demoKeys.business!));

    // Assess
    expect(body).toEqual({
      vin: 'WVWZZZ1KZ6W612305',
      country: 'Germany',
      region: 'Europe',
      wmi: 'WVW',
      vds: 'ZZZ1KZ',
      vis: '6W612305',
      year: '2006',
      manufacturer: wmiRows.get('WVW'),
      model: null,
      class: null,
    });
  });

  test('a Japanese chassis number is Japanese with null sections, for free and paid keys', async () => {
    // Act
    const free = await json(await vin('vin=ZVW30-1234567', server.demoKeys.free!));
    const paid = await json(await vin('vin=ZVW30-1234567', server.demoKeys.developer!));

    // Assess
    const expected = { vin: 'ZVW30-1234567', country: 'Japan', region: 'Asia', wmi: null, vds: null, vis: null, year: null };
    expect(free).toEqual(expected);
    expect(paid).toEqual({ ...expected, manufacturer: null, model: null, class: null });
  });

  test.each([
    ['', 'missing_parameter', 'is required'],
    ['vin=1M8GDM9A1KP042788', 'invalid_parameter', 'check digit'],
    ['vin=1HGCM82633A00435', 'invalid_parameter', '17-character'],
    ['vin=WVWZZZ1KZ6WO12305', 'invalid_parameter', 'I, O or Q'],
    ['vin=1HGCM82633A0043-2', 'invalid_parameter', '17-character'],
    ['vin=ZVW30-12', 'invalid_parameter', 'chassis number'],
    [`vin=${'A'.repeat(40)}`, 'invalid_parameter', 'at most 32'],
  ])('rejects %p with 400 %s', async (query, code, reason) => {
    // Act
    const response = await vin(query, server.demoKeys.developer!);
    const body = await json(response);

    // Assess
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: expect.stringContaining(reason), code, param: 'vin' });
  });

  test('an invalid VIN is rejected before the quota is used', async () => {
    // Prepare
    const key = await server.newKey({ tier: 'free', period: 'month' });
    const remaining = (r: Response) => Number(r.headers.get('ratelimit-remaining'));

    // Act
    const first = await vin('vin=1HGCM82633A004352', key);
    const rejected = await vin('vin=1HGCM82634A004352', key);
    const second = await vin('vin=1HGCM82633A004352', key);

    // Assess
    expect(rejected.status).toBe(400);
    expect(remaining(second)).toBe(remaining(first) - 1);
  });
});

describe('API reference', () => {
  test('documents both lookups with their parameters, required ones marked', async () => {
    // Act
    const doc = await json(await server.call('/openapi.json'));

    // Assess
    const params = (path: string) =>
      Object.fromEntries((doc.paths[path].get.parameters as { name: string; required: boolean }[]).map((p) => [p.name, p.required]));
    expect(params('/v1/phonelookup')).toEqual({ number: true, country: false });
    expect(params('/v1/vinlookup')).toEqual({ vin: true });
    expect(doc.paths['/v1/phonelookup'].get.description).toContain('is_disposable');
    expect(doc.paths['/v1/vinlookup'].get.description).toContain('check digit');
  });
});
