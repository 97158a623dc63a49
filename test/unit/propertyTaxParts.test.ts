/**
 * /v1/propertytax's reference data in parts (lib/tax/propertyTax.ts): a call reads the index, at most one name file
 * and the part files that hold its answers, never the whole data set; its answers are those of findPropertyTax over
 * every record. Reads the project's build (npm test builds it first) with a reader that records which files it read.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildReferenceData, withoutSamples } from '../../infra/reference-data/build';
import { referenceDataDir } from '../../lib/reference/referenceData';
import { ACS_COUNTY_FILE, ACS_ZCTA_FILE } from '../../lib/tax/acsZcta';
import { importTaxData } from '../../lib/tax/import';
import { splitPropertyTax } from '../../lib/tax/importPropertyTax';
import {
  findPropertyTax,
  lookupPropertyTax,
  PROPERTY_TAX_COUNTY_FILE,
  PROPERTY_TAX_FILE,
  propertyTaxCityFile,
  propertyTaxPartFile,
  type PropertyTaxFile,
  type PropertyTaxIndex,
  type PropertyTaxQuery,
} from '../../lib/tax/propertyTax';

const built = referenceDataDir();
const parsed = new Map<string, unknown>();
/** A file of the build, parsed once (as referenceData keeps it). */
function readBuilt<T>(file: string): T {
  if (!parsed.has(file)) parsed.set(file, JSON.parse(readFileSync(join(built, file), 'utf8')));
  return parsed.get(file) as T;
}

/** A reader of the build that lists the files a lookup asks for. */
function recordingReader() {
  const files: string[] = [];
  const read = <T>(file: string): T => {
    files.push(file);
    return readBuilt<T>(file);
  };
  return { files, read };
}

/** Every record of the build, as one file: what the handler searched before the split. */
function wholeDataSet(): PropertyTaxFile {
  const index = readBuilt<PropertyTaxIndex>(PROPERTY_TAX_FILE);
  const records = Object.keys(index.parts)
    .sort()
    .flatMap((prefix) => readBuilt<PropertyTaxFile>(propertyTaxPartFile(prefix)).records);
  return { sample: index.sample, source: index.source, records };
}

const partsOf = (results: { zip: string }[]) => [...new Set(results.map((result) => propertyTaxPartFile(result.zip.slice(0, 3))))];

describe('a property-tax lookup', () => {
  test('answers a ZIP code from the index and that ZIP code\'s part file alone, each far smaller than the data set', () => {
    // Act
    const { files, read } = recordingReader();
    const results = lookupPropertyTax({ zip: '02139' }, read);

    // Assess
    expect(results.map((result) => result.zip)).toEqual(['02139']);
    expect(files).toEqual([PROPERTY_TAX_FILE, 'property-tax-021.json']);
    const sizes = readdirSync(built)
      .filter((file) => file.startsWith('property-tax'))
      .map((file) => statSync(join(built, file)).size);
    expect(sizes.length).toBeGreaterThan(900);
    expect(Math.max(...sizes)).toBeLessThan(64 * 1024);
  });

  test('answers a city with a state from the city file and the parts holding the answers', () => {
    // Act
    const { files, read } = recordingReader();
    const results = lookupPropertyTax({ city: 'Springfield', state: 'il' }, read);

    // Assess
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((result) => result.city === 'Springfield' && result.state === 'IL')).toBe(true);
    expect(files).toEqual([PROPERTY_TAX_FILE, propertyTaxCityFile('S'), ...partsOf(results)]);
  });

  test('answers a county from the county file and stops reading parts at the 100th result', () => {
    // Act
    const { files, read } = recordingReader();
    const results = lookupPropertyTax({ county: 'los angeles county' }, read);

    // Assess
    expect(results).toHaveLength(100);
    expect(files).toEqual([PROPERTY_TAX_FILE, PROPERTY_TAX_COUNTY_FILE, ...partsOf(results)]);
  });

  test.each([{ city: '__proto__' }, { city: 'constructor' }, { county: 'constructor' }, { county: 'hasOwnProperty' }, { zip: '00000' }])(
    'answers %j with no result and reads no part',
    (query) => {
      // Act
      const { files, read } = recordingReader();
      const results = lookupPropertyTax(query, read);

      // Assess
      expect(results).toEqual([]);
      expect(files.filter((file) => /^property-tax-\d{3}\.json$/.test(file))).toEqual([]);
    },
  );

  test('answers every 100th ZIP code, city and county, with and without a state, exactly as a search of every record', () => {
    // Prepare
    const whole = wholeDataSet();
    const queries: PropertyTaxQuery[] = whole.records
      .filter((_, i) => i % 100 === 0)
      .flatMap((record) => [
        { zip: record.zip },
        { city: record.city },
        { city: record.city, state: record.state.toLowerCase() },
        { county: `${record.county.toUpperCase()} County` },
        { county: record.county, state: record.state === 'TX' ? 'CA' : 'TX' },
      ]);

    // Act
    const differing = queries.filter((query) => JSON.stringify(lookupPropertyTax(query, readBuilt)) !== JSON.stringify(findPropertyTax(whole, query)));

    // Assess
    expect(whole.records.length).toBeGreaterThan(40_000);
    expect(queries.length).toBeGreaterThan(2_000);
    expect(differing).toEqual([]);
  });
});

describe('splitPropertyTax', () => {
  const record = (zip: string, city: string, county: string, state: string) => ({
    zip, city, county, state,
    property_tax_25th_percentile: null, property_tax_50th_percentile: 0.012, property_tax_75th_percentile: null,
    estimate_area: 'zip' as const,
  });

  test('writes the records by ZIP prefix with their source, and the parts of each city and county', () => {
    // Prepare
    const file: PropertyTaxFile = {
      sample: false,
      source: 'test source',
      records: [
        record('06390', 'Fishers Island', 'Suffolk', 'NY'),
        record('06401', 'Ansonia', 'New Haven', 'CT'),
        record('62701', 'Springfield', 'Sangamon', 'IL'),
        record('62702', 'Springfield', 'Sangamon', 'IL'),
        record('65801', 'Springfield', 'Greene County', 'MO'),
        record('96799', '', '', 'AS'),
      ],
    };

    // Act
    const { index, files } = splitPropertyTax(file);

    // Assess
    expect(index).toEqual({
      sample: false,
      source: 'test source',
      parts: { '063': ['NY'], '064': ['CT'], '627': ['IL'], '658': ['MO'], '967': ['AS'] },
      cityGroups: ['A', 'F', 'S', '_'],
    });
    expect(files[propertyTaxPartFile('627')]).toEqual({ sample: false, source: 'test source', records: [file.records[2], file.records[3]] });
    expect(files[propertyTaxCityFile('S')]).toEqual({ Springfield: ['627', '658'] });
    expect(files[propertyTaxCityFile('_')]).toEqual({ '': ['967'] });
    expect(files[PROPERTY_TAX_COUNTY_FILE]).toEqual({ suffolk: ['063'], 'new haven': ['064'], sangamon: ['627'], greene: ['658'], '': ['967'] });
    expect(Object.keys(files)).toHaveLength(5 + 4 + 1);
  });
});

describe('the property-tax import', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'dqs-property-tax-parts-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  const withoutAcsDir = async <T>(act: () => Promise<T>): Promise<T> => {
    const acsDir = process.env.ACS_DIR;
    delete process.env.ACS_DIR;
    try {
      return await act();
    } finally {
      if (acsDir !== undefined) process.env.ACS_DIR = acsDir;
    }
  };

  test('keeps the sample fixture in one file, so that a build for deployment leaves it out whole', async () => {
    // Act
    const result = await withoutAcsDir(() => importTaxData('/nonexistent/datasets'));

    // Assess
    expect((result.files[PROPERTY_TAX_FILE]!.data as PropertyTaxFile).records.length).toBeGreaterThan(0);
    expect(Object.keys(result.files).filter((file) => file.startsWith('property-tax'))).toEqual([PROPERTY_TAX_FILE]);
  });

  test('removes the part files of an earlier build when the Census data are gone, and deploys none of them', async () => {
    // Prepare: a build from the acs-zcta data set, then the same directory built without it
    const withAcs = join(work, 'datasets-acs');
    mkdirSync(join(withAcs, 'acs-zcta'), { recursive: true });
    for (const file of [ACS_ZCTA_FILE, ACS_COUNTY_FILE]) copyFileSync(resolve('../shared/datasets', file), join(withAcs, file));
    const empty = join(work, 'datasets-none');
    mkdirSync(empty);
    const out = join(work, 'reference-data');
    const first = await withoutAcsDir(() => buildReferenceData(out, withAcs));
    const partsBefore = Object.keys(first.files).filter((file) => file.startsWith('property-tax-'));

    // Act
    await withoutAcsDir(() => buildReferenceData(out, empty));
    withoutSamples(out);

    // Assess
    expect(partsBefore.length).toBeGreaterThan(900);
    expect(partsBefore.every((file) => !existsSync(join(out, file)))).toBe(true);
    expect(readdirSync(out).filter((file) => file.startsWith('property-tax'))).toEqual([]);
  }, 120_000);
});
