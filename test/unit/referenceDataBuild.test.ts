import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildReferenceData } from '../../infra/reference-data/build';
import { liborFile, LIBOR_TYPES } from '../../lib/rates/libor';
import { LIBOR_CSV } from '../../lib/rates/liborImport';
import { MANIFEST_FILE } from '../../lib/reference/referenceData';
import { ACS_COUNTY_FILE, ACS_ZCTA_FILE } from '../../lib/tax/acsZcta';

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
  expect(manifest('out-sample').samples).toEqual(['property-tax.json']);
  expect(sampleBuild.files['property-tax.json']).toMatch(/SAMPLE fixture/);
  expect(manifest('out-real').samples).toBeUndefined();
  expect(realBuild.files['property-tax.json']).toMatch(/U\.S\. Census Bureau, ACS 5-year estimates 2020–2024/);
}, 120_000);
