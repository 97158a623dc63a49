import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataUnavailableError, InvalidParameterError } from '../../lib/http/errors';
import { referenceData } from '../../lib/reference/referenceData';
import { buildWmiTable, importVehicleData } from '../../lib/vehicles/import';
import { describeVehicle } from '../../lib/vehicles/lookup';
import { modelYear, parseVehicleIdentifier, vinCheckDigit } from '../../lib/vehicles/vin';
import { findWmi, vinCountry, vinRegion, vpicCountryName, WMI_TABLE_FILE, wmiKey, wmiPartFile, type WmiIndex, type WmiTable } from '../../lib/vehicles/wmi';
import { withEmptyReferenceData } from '../support/emptyReferenceData';
import { thrown } from '../support/thrown';

const invalidParameter = (act: () => unknown) => thrown(InvalidParameterError, act);

const JUNE_2026 = new Date('2026-06-15T12:00:00Z');

/** Rows in the vPIC export's format: quoted names with commas, an empty country, a 6-character WMI. */
const WMI_CSV = [
  'wmi,manufacturer,makes,vehicle_type,country',
  '1HG,"AMERICAN HONDA MOTOR CO., INC.",Honda,"Passenger Car","UNITED STATES (USA)"',
  'WVW,"VOLKSWAGEN AG",Volkswagen,"Passenger Car",GERMANY',
  '1A9756,"ABSOLUTE CONCEPTS INC.","Absolute Concepts",Trailer,',
  'KMH,"HYUNDAI MOTOR CO","Hyundai; Genesis","Passenger Car","SOUTH KOREA"',
  '1OY,"J D Bertolini Industries Inc",BERTOLINI,Trailer,"UNITED STATES (USA)"',
].join('\r\n');

describe('check digit', () => {
  test.each([
    ['1M8GDM9AXKP042788', 'X'], // the 49 CFR 565 / Wikipedia worked example
    ['1HGCM82633A004352', '3'], // NHTSA vPIC's sample VIN
    ['11111111111111111', '1'], // the classic all-ones VIN
  ])('%s calls for %s at position 9', (vin, digit) => {
    // Act
    const computed = vinCheckDigit(vin);

    // Assess
    expect(computed).toBe(digit);
  });
});

describe('recognising the vin parameter', () => {
  test('accepts a lower-case VIN and answers it upper-case', () => {
    // Act
    const id = parseVehicleIdentifier('1m8gdm9axkp042788');

    // Assess
    expect(id).toEqual({ kind: 'vin', vin: '1M8GDM9AXKP042788' });
  });

  test('rejects a North American VIN whose check digit is wrong, naming the expected digit', () => {
    // Act
    const error = invalidParameter(() => parseVehicleIdentifier('1M8GDM9A1KP042788'));

    // Assess
    expect(error).toMatchObject({ statusCode: 400, code: 'invalid_parameter', param: 'vin' });
    expect(error.message).toContain("call for 'X'");
  });

  test('does not enforce the check digit outside North America', () => {
    // Act
    const id = parseVehicleIdentifier('WVWZZZ1KZ6W612305');

    // Assess
    expect(id).toEqual({ kind: 'vin', vin: 'WVWZZZ1KZ6W612305' });
  });

  test('accepts a Japanese chassis number', () => {
    // Act
    const id = parseVehicleIdentifier('zvw30-1234567');

    // Assess
    expect(id).toEqual({ kind: 'chassis', chassis: 'ZVW30-1234567', modelCode: 'ZVW30', serial: '1234567' });
  });

  test.each([
    ['1M8GDM9AXKP04278', '17-character'],
    ['1M8GDM9AXKP0427888', '17-character'],
    ['1M8GDM9AXKP0427-8', '17-character'],
    ['WVWZZZ1KZ6WO12305', 'I, O or Q'],
    ['JH4KA7561PC0Q8269', 'I, O or Q'],
    ['ZVW30-12', '17-character'],
    ['hello', '17-character'],
  ])('rejects %p', (input, reason) => {
    // Act
    const error = invalidParameter(() => parseVehicleIdentifier(input));

    // Assess
    expect(error.param).toBe('vin');
    expect(error.message).toContain(reason);
  });
});

describe('model year', () => {
  test.each([
    ['1M8GDM9AXKP042788', 1989], // position 7 digit: K in the 1980-2009 cycle
    ['1HGCM82633A004352', 2003],
    ['5YJ3E1EA7KF317000', 2019], // position 7 letter: K in the 2010-2039 cycle
    ['JH4KA7561PC008269', 1993], // made in Japan for the US: its valid check digit brings the position-7 rule
  ])('%s is model year %i', (vin, year) => {
    // Act
    const result = modelYear(vin, JUNE_2026);

    // Assess
    expect(result).toBe(year);
  });

  test('a VIN without a valid check digit outside North America gets the latest year of the code not after next year', () => {
    // Act
    const years = ['WVWZZZ1KZ6W612305', 'WVWZZZ1KZVW612305', 'WVWZZZ1KZWW612305', 'JH4KA7562PC008269'].map((vin) => modelYear(vin, JUNE_2026));

    // Assess
    expect(years).toEqual([2006, 2027, 1998, 2023]);
  });

  test('has no year where position 10 holds no year code', () => {
    // Act
    const years = ['WVWZZZ1KZZW612305', 'WVWZZZ1KZ0W612305', 'WVWZZZ1KZUW612305'].map((vin) => modelYear(vin, JUNE_2026));

    // Assess
    expect(years).toEqual([null, null, null]);
  });
});

describe('WMI', () => {
  test('the import reads the vPIC CSV format and skips WMIs a VIN cannot hold', () => {
    // Act
    const { table, skipped } = buildWmiTable(WMI_CSV);

    // Assess
    expect(table['1HG']).toEqual(['AMERICAN HONDA MOTOR CO., INC.', 'United States', 'Passenger Car']);
    expect(table['1A9756']).toEqual(['ABSOLUTE CONCEPTS INC.', null, 'Trailer']);
    expect(table.KMH?.[1]).toBe('South Korea');
    expect(table['1OY']).toBeUndefined();
    expect(skipped).toBe(1);
  });

  test('the import writes an index and one part per first two VIN characters, each WMI in its part once', async () => {
    // Prepare
    const datasets = mkdtempSync(join(tmpdir(), 'dqs-wmi-'));
    mkdirSync(join(datasets, 'vin'));
    writeFileSync(join(datasets, 'vin/vpic_wmi.csv'), WMI_CSV);
    const { table } = buildWmiTable(WMI_CSV);

    // Act
    const { files } = await importVehicleData(datasets);
    rmSync(datasets, { recursive: true, force: true });

    // Assess
    const index = files[WMI_TABLE_FILE]!.data as WmiIndex;
    const parts = index.prefixes.map((prefix) => [prefix, files[wmiPartFile(prefix)]!.data as WmiTable] as const);
    expect(index.wmis).toBe(Object.keys(table).length);
    expect(index.prefixes).toEqual([...new Set(Object.keys(table).map((wmi) => wmi.slice(0, 2)))].sort());
    for (const [prefix, part] of parts) expect(Object.keys(part).every((wmi) => wmi.startsWith(prefix))).toBe(true);
    expect(Object.assign({}, ...parts.map(([, part]) => part))).toEqual(table);
    expect(Object.keys(files)).toHaveLength(index.prefixes.length + 1);
  });

  test('a third character 9 makes the WMI the 6-character form with characters 12-14', () => {
    // Prepare
    const { table } = buildWmiTable(WMI_CSV);
    const vin = '1A9AAAAA0KA756123';

    // Act
    const key = wmiKey(vin);
    const entry = findWmi(table, vin);

    // Assess
    expect(key).toBe('1A9756');
    expect(entry?.[0]).toBe('ABSOLUTE CONCEPTS INC.');
  });

  test.each([
    ['WVWZZZ1KZ6W612305', 'Germany', 'Europe'],
    ['SALGA2EV5HA123456', 'United Kingdom', 'Europe'],
    ['VF1AB000000000000', 'France', 'Europe'],
    ['ZFA22300005556777', 'Italy', 'Europe'],
    ['JT2AE86A000000000', 'Japan', 'Asia'],
    ['KMHxx000000000000', 'South Korea', 'Asia'],
    ['LSGAA000000000000', 'China', 'Asia'],
    ['2T1BURHE0JC074421', 'Canada', 'North America'],
    ['3VWAA000000000000', 'Mexico', 'North America'],
    ['6T1AA000000000000', 'Australia', 'Oceania'],
    ['9BWAA000000000000', 'Brazil', 'South America'],
    ['AAVZZZ00000000000', 'South Africa', 'Africa'],
  ])('ISO 3779 ranges place %s in %s, %s', (vin, country, region) => {
    // Act
    const place = [vinCountry(vin.toUpperCase()), vinRegion(vin)];

    // Assess
    expect(place).toEqual([country, region]);
  });

  test('vPIC country names read as English names', () => {
    // Act
    const names = ['UNITED STATES (USA)', 'UNITED KINGDOM (UK)', 'BOSNIA AND HERZEGOVINA', 'CZECH REPUBLIC', ' '].map(vpicCountryName);

    // Assess
    expect(names).toEqual(['United States', 'United Kingdom', 'Bosnia and Herzegovina', 'Czech Republic', null]);
  });

  test('the WMI table answers 503 data_unavailable when it was not imported', () => {
    // Act / Assess: as if the import step never ran
    expect(() => withEmptyReferenceData(() => referenceData(WMI_TABLE_FILE))).toThrow(DataUnavailableError);
  });
});

describe('describing a vehicle', () => {
  test('splits a VIN into its sections and takes country and manufacturer from the WMI table', () => {
    // Prepare
    const { table } = buildWmiTable(WMI_CSV);

    // Act
    const result = describeVehicle(parseVehicleIdentifier('1HGCM82633A004352'), table, JUNE_2026);

    // Assess
    expect(result).toEqual({
      lookup: { vin: '1HGCM82633A004352', country: 'United States', region: 'North America', wmi: '1HG', vds: 'CM8263', vis: '3A004352', year: '2003' },
      manufacturer: 'AMERICAN HONDA MOTOR CO., INC.',
    });
  });

  test('falls back to the ISO 3779 country for a WMI the table lacks', () => {
    // Act
    const result = describeVehicle(parseVehicleIdentifier('VF1AB000000000000'), {}, JUNE_2026);

    // Assess
    expect(result.lookup).toMatchObject({ country: 'France', region: 'Europe', wmi: 'VF1' });
    expect(result.manufacturer).toBeNull();
  });

  test('a chassis number is Japanese, in Asia, without sections or year', () => {
    // Act
    const result = describeVehicle(parseVehicleIdentifier('ZVW30-1234567'), {}, JUNE_2026);

    // Assess
    expect(result).toEqual({
      lookup: { vin: 'ZVW30-1234567', country: 'Japan', region: 'Asia', wmi: null, vds: null, vis: null, year: null },
      manufacturer: null,
    });
  });
});
