import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildReferenceData, withoutSamples } from '../../infra/reference-data/build';
import { liborFile, LIBOR_TYPES } from '../../lib/rates/libor';
import { LIBOR_CSV } from '../../lib/rates/liborImport';
import { MANIFEST_FILE, readManifest } from '../../lib/reference/referenceData';
import { ACS_COUNTY_FILE, ACS_ZCTA_FILE } from '../../lib/tax/acsZcta';
import { PROPERTY_TAX_FILE } from '../../lib/tax/propertyTax';

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'dqs-refbuild-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

test('removes the files an earlier build wrote that this build no longer produces, and nothing else', async () => {
  // Prepare: a first build from a datasets directory holding only the LIBOR fixings, and a file of the operator's
  const withLibor = join(work, 'datasets-a');
  mkdirSync(join(withLibor, 'libor'), { recursive: true });
  copyFileSync(resolve('../shared/datasets', LIBOR_CSV), join(withLibor, LIBOR_CSV));
  const out = join(work, 'reference-data');
  await buildReferenceData(out, withLibor);
  for (const tenor of LIBOR_TYPES) expect(existsSync(join(out, liborFile(tenor)))).toBe(true);
  writeFileSync(join(out, 'operator-notes.txt'), 'kept');
  const empty = join(work, 'datasets-b');
  mkdirSync(empty);

  // Act: the same directory built again without the fixings
  const report = await buildReferenceData(out, empty);

  // Assess: the fixings are gone (the endpoint answers 503 with the reason) and the foreign file stays
  for (const tenor of LIBOR_TYPES) {
    expect(existsSync(join(out, liborFile(tenor)))).toBe(false);
    expect(report.missing[liborFile(tenor)]?.endpoints).toEqual(['/v1/liborhistorical']);
  }
  expect(JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8')).files).toEqual(report.files);
  expect(readFileSync(join(out, 'operator-notes.txt'), 'utf8')).toBe('kept');
}, 60_000);

test('lists the property-tax file under samples in the manifest without the Census data set, and not with it', async () => {
  // Prepare: one datasets directory without acs-zcta, one with a copy of it (no ACS_DIR)
  const acsDir = process.env.ACS_DIR;
  delete process.env.ACS_DIR;
  const withoutAcs = join(work, 'datasets-none');
  mkdirSync(withoutAcs);
  const withAcs = join(work, 'datasets-acs');
  mkdirSync(join(withAcs, 'acs-zcta'), { recursive: true });
  for (const file of [ACS_ZCTA_FILE, ACS_COUNTY_FILE]) copyFileSync(resolve('../shared/datasets', file), join(withAcs, file));

  // Act
  const sampleBuild = await buildReferenceData(join(work, 'out-sample'), withoutAcs);
  const realBuild = await buildReferenceData(join(work, 'out-real'), withAcs).finally(() => {
    if (acsDir !== undefined) process.env.ACS_DIR = acsDir;
  });

  // Assess
  const manifest = (dir: string) => JSON.parse(readFileSync(join(work, dir, MANIFEST_FILE), 'utf8'));
  expect(Object.keys(manifest('out-sample').samples)).toEqual([PROPERTY_TAX_FILE]);
  expect(sampleBuild.files['property-tax.json']).toMatch(/SAMPLE fixture/);
  expect(manifest('out-real').samples).toEqual({});
  expect(realBuild.files['property-tax.json']).toMatch(/U\.S\. Census Bureau, ACS 5-year estimates 2020–2024/);
}, 120_000);

test('a build without the Census ACS data serves the labelled property-tax sample; the same build for deployment leaves it out and says what to import', async () => {
  // Prepare: an empty datasets directory and no ACS_DIR: the property-tax import falls back on its sample fixture
  const out = join(work, 'reference-data');
  const noDatasets = join(work, 'datasets-none');
  mkdirSync(noDatasets);
  const acsDir = process.env.ACS_DIR;
  delete process.env.ACS_DIR;
  try {
    await buildReferenceData(out, noDatasets);
  } finally {
    if (acsDir !== undefined) process.env.ACS_DIR = acsDir;
  }
  const local = readManifest(out)!;
  const sampleRecords = readFileSync(join(out, PROPERTY_TAX_FILE), 'utf8');

  // Act
  const deployed = withoutSamples(out);

  // Assess
  expect(Object.keys(local.samples ?? {})).toEqual([PROPERTY_TAX_FILE]);
  expect(sampleRecords).toContain('"sample":true');
  expect(existsSync(join(out, PROPERTY_TAX_FILE))).toBe(false);
  expect(deployed).toMatchObject({ deployment: true, samples: {} });
  expect(deployed.missing[PROPERTY_TAX_FILE]).toEqual({ reason: expect.stringMatching(/Census ACS 5-year data/), endpoints: ['/v1/propertytax'] });
  expect(readManifest(out)).toEqual(deployed);
}, 60_000);

test('refuses a deployment build in which a file holds records marked sample that its importer did not declare', () => {
  // Prepare: a build whose manifest lists no samples, with a file holding a record marked "sample": true
  const out = join(work, 'reference-data');
  mkdirSync(out);
  writeFileSync(join(out, 'clean.json'), JSON.stringify({ records: [{ id: 1 }] }));
  writeFileSync(join(out, 'undeclared.json'), JSON.stringify({ records: [{ id: 1, sample: true }] }));
  writeFileSync(join(out, MANIFEST_FILE), JSON.stringify({ files: { 'clean.json': '', 'undeclared.json': '' }, warnings: [], missing: {}, samples: {} }));

  // Act / Assess
  expect(() => withoutSamples(out)).toThrow('reference data for deployment: undeclared.json hold(s) records marked "sample": true that no importer declared as sample data');
});
