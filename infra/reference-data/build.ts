/**
 * The reference-data import step (`npm run build:data`): reads the public datasets in their published
 * formats and writes the compact files the `reference-data` layer ships (`/opt/reference-data` in Lambda).
 * Missing sources are reported, not fatal: the data that depend on them answer 503 data_unavailable, with
 * the reason the manifest records.
 *
 * A build is skipped when its inputs are unchanged (`referenceDataInputs`: the datasets, the import code,
 * the npm packages and the settings it reads); `--force` builds anyway.
 *
 * Files built from sample data (an importer says so: `sample` in its result) are listed in the manifest's
 * `samples`. Local runs serve them, labelled; a build for deployment (`--deployment`, what `cdk synth` makes
 * for the layer) leaves them out and lists them as missing, so their endpoints answer 503 data_unavailable
 * saying what to import, and it refuses any other file that holds records marked `"sample": true`.
 *
 *   npx tsx infra/reference-data/build.ts [outDir] [--force] [--deployment]
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleGraph } from '../bundling';
import type { MissingData, ReferenceImporter } from '../../lib/reference/importer';
import { MANIFEST_FILE, readManifest, type ReferenceManifest } from '../../lib/reference/referenceData';
import { ACS_FIXTURE_DIR, acsDirectory } from '../../lib/tax/acs';
import { PROJECT_ROOT } from '../projectRoot';

export const REFERENCE_DATA_OUT = 'layers/reference-data/build/reference-data';

/** DATASETS_DIR, else ../shared/datasets beside the project when it exists. */
export function datasetsDir(): string | undefined {
  if (process.env.DATASETS_DIR) return resolve(process.env.DATASETS_DIR);
  const beside = resolve(PROJECT_ROOT, '../shared/datasets');
  return existsSync(beside) ? beside : undefined;
}

/** Every import step, each writing its own files; loaded only when a build runs (a skipped build stays quick). */
async function importers(): Promise<ReferenceImporter[]> {
  const [jokes, tax, vehicles, phone, email, aviation, libor, holidays, zones] = await Promise.all([
    import('../../lib/jokes/import'),
    import('../../lib/tax/import'),
    import('../../lib/vehicles/import'),
    import('../../lib/phone/import'),
    import('../../lib/email/import'),
    import('../../lib/aviation/import'),
    import('../../lib/rates/liborImport'),
    import('../../lib/calendars/import'),
    import('../../lib/time/zoneImport'),
  ]);
  return [jokes.importJokeData, tax.importTaxData, vehicles.importVehicleData, phone.importPhoneData, email.importEmailDomains, aviation.importAviationData, libor.importLiborFixings, holidays.importHolidays, zones.importTimeZones];
}

/** Settings the import steps read besides the datasets directory. */
const IMPORT_SETTINGS = ['ACS_DIR', 'LIBOR_LICENCE_NOTE'];

export interface BuildReport extends ReferenceManifest {
  outDir: string;
}

/** Every file under `dir` by relative path, size and modification time (a changed file changes the line). */
function fileStamps(dir: string): string[] {
  if (!existsSync(dir)) return [`${dir}: none`];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .flatMap((name) => {
      const stat = statSync(join(dir, name));
      return stat.isFile() ? [`${name} ${stat.size} ${stat.mtimeMs}`] : [];
    });
}

/**
 * A fingerprint of everything the import reads: the project modules it loads (by content, from esbuild's
 * module graph of this script), package-lock.json (the npm packages whose data it imports), its settings, and
 * the data files (datasets directory, ACS responses) by path, size and modification time.
 */
export async function referenceDataInputs(sources = datasetsDir()): Promise<string> {
  const hash = createHash('sha256');
  const metafile = await moduleGraph({ build: 'infra/reference-data/build.ts' });
  for (const input of Object.keys(metafile.inputs).sort()) hash.update(`${input}\n`).update(readFileSync(join(PROJECT_ROOT, input)));
  hash.update(readFileSync(join(PROJECT_ROOT, 'package-lock.json')));
  for (const name of IMPORT_SETTINGS) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  hash.update(`datasets ${sources ?? 'none'}\n`);
  for (const dir of [sources, acsDirectory() ?? ACS_FIXTURE_DIR]) {
    if (dir) hash.update(fileStamps(resolve(dir)).join('\n'));
  }
  return hash.digest('hex');
}

/** One line per import step as it finishes (progress for npm start and npm run build:data). */
export type BuildLog = (line: string) => void;

export async function buildReferenceData(
  outDir = resolve(PROJECT_ROOT, REFERENCE_DATA_OUT),
  sources = datasetsDir(),
  log: BuildLog = () => undefined,
  inputs?: string,
): Promise<BuildReport> {
  mkdirSync(outDir, { recursive: true });
  const previous = readManifest(outDir);
  const warnings: string[] = [];
  if (!sources) warnings.push('No datasets directory (set DATASETS_DIR or put ../shared/datasets beside the project).');
  const files: BuildReport['files'] = {};
  const missing: Record<string, MissingData> = {};
  const samples: Record<string, MissingData> = {};

  for (const importer of await importers()) {
    const started = performance.now();
    const result = await importer(sources);
    const ms = Math.round(performance.now() - started);
    for (const [file, { data, summary, sample }] of Object.entries(result.files)) {
      writeFileSync(join(outDir, file), JSON.stringify(data));
      files[file] = summary ?? '';
      if (sample) samples[file] = sample;
    }
    warnings.push(...result.warnings);
    Object.assign(missing, result.missing);
    const made = Object.entries(result.files).flatMap(([file, { summary }]) => (summary ? [`${file}: ${summary}`] : []));
    const lacking = Object.keys(result.missing ?? {}).map((name) => `${name}: MISSING`);
    for (const line of [...made, ...lacking]) log(`  ${line} (${(ms / 1000).toFixed(1)} s)`);
  }

  // files the previous build wrote and this one did not (renamed, or their dataset is gone) would still be served
  for (const file of Object.keys(previous?.files ?? {})) if (!(file in files)) rmSync(join(outDir, file), { force: true });
  const manifest: ReferenceManifest = { files, warnings, missing, samples, ...(inputs ? { inputs } : {}) };
  // the manifest last: a build cut off half-way has none (or the previous one's inputs), so it is built again
  writeFileSync(join(outDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  return { outDir, ...manifest };
}

/** The build in `dir`, when it was made from exactly these inputs and all its files are there. */
function currentBuild(dir: string, inputs: string): ReferenceManifest | undefined {
  const manifest = readManifest(dir);
  if (manifest?.inputs !== inputs) return undefined;
  return Object.keys(manifest.files).every((file) => existsSync(join(dir, file))) ? manifest : undefined;
}

/**
 * The reference data in `outDir`, built only when the inputs changed since the last build (or `force`).
 * Another directory (the layer's asset at cdk synth) gets a copy of the project's own build when that is
 * current. `built` says whether the import ran.
 */
export async function ensureReferenceData(
  outDir = resolve(PROJECT_ROOT, REFERENCE_DATA_OUT),
  { force = false, log }: { force?: boolean; log?: BuildLog } = {},
): Promise<{ built: boolean; report: BuildReport }> {
  const sources = datasetsDir();
  const inputs = await referenceDataInputs(sources);
  if (!force) {
    const own = resolve(PROJECT_ROOT, REFERENCE_DATA_OUT);
    const current = currentBuild(outDir, inputs);
    if (current) return { built: false, report: { outDir, ...current } };
    const copied = outDir !== own ? currentBuild(own, inputs) : undefined;
    if (copied) {
      cpSync(own, outDir, { recursive: true });
      return { built: false, report: { outDir, ...copied } };
    }
  }
  return { built: true, report: await buildReferenceData(outDir, sources, log, inputs) };
}

/** A record marked as sample data, as the importers and the served answers mark them. */
const SAMPLE_MARK = '"sample":true';

/**
 * Makes the build in `dir` fit for deployment: the files its manifest lists as samples are removed and listed
 * as missing (their endpoints answer 503 with the importer's reason), and a file that still holds a record
 * marked `"sample": true` stops the build.
 */
export function withoutSamples(dir: string): ReferenceManifest {
  const manifest = readManifest(dir);
  if (!manifest) throw new Error(`no reference-data build in ${dir}`);
  const samples = manifest.samples ?? {};
  for (const file of Object.keys(samples)) rmSync(join(dir, file), { force: true });
  const files = Object.fromEntries(Object.entries(manifest.files).filter(([file]) => !(file in samples)));
  const marked = Object.keys(files).filter((file) => readFileSync(join(dir, file), 'utf8').includes(SAMPLE_MARK));
  if (marked.length > 0) {
    throw new Error(`reference data for deployment: ${marked.join(', ')} hold(s) records marked "sample": true that no importer declared as sample data`);
  }
  const deployed: ReferenceManifest = {
    ...manifest,
    files,
    missing: { ...manifest.missing, ...samples },
    samples: {},
    warnings: [...manifest.warnings, ...Object.keys(samples).map((file) => `${file} holds sample data and is not deployed.`)],
    deployment: true,
  };
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(deployed, null, 2));
  return deployed;
}

/** The missing data as lines for a console: one per cause, with the endpoints that answer 503. */
export function describeMissing(missing: Record<string, MissingData>): string[] {
  const byReason = new Map<string, string[]>();
  for (const { reason, endpoints } of Object.values(missing)) byReason.set(reason, [...(byReason.get(reason) ?? []), ...endpoints]);
  return [...byReason].map(([reason, endpoints]) => `  ${[...new Set(endpoints)].join(', ')}: ${reason}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const target = args.find((arg) => !arg.startsWith('--'));
  const outDir = target ? resolve(target) : undefined;
  const { built, report } = await ensureReferenceData(outDir, { force: args.includes('--force'), log: console.log });
  if (args.includes('--deployment')) {
    if (!outDir || outDir === resolve(PROJECT_ROOT, REFERENCE_DATA_OUT)) throw new Error('--deployment writes into another directory than the local build');
    const deployed = withoutSamples(outDir);
    for (const file of Object.keys(report.samples ?? {})) console.warn(`not deployed: ${file} holds sample data; ${deployed.missing[file]!.reason}`);
  }
  if (!built) {
    console.log(`reference data up to date in ${relative(process.cwd(), report.outDir) || '.'} (inputs unchanged; --force rebuilds)`);
  } else {
    for (const warning of report.warnings) console.warn(`warning: ${warning}`);
    if (Object.keys(report.missing).length > 0) console.warn(['missing (these answer 503 data_unavailable):', ...describeMissing(report.missing)].join('\n'));
    console.log(`reference data written to ${report.outDir}`);
  }
}
