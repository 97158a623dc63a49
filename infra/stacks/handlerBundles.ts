/**
 * The functions' code at synth: every handler of the registry bundled by ONE esbuild run (the entries are
 * built in parallel and the code they share is parsed once), instead of one esbuild process per function.
 * Each handler gets its own directory (index.mjs and its source map), staged as an asset hashed by content,
 * so an unchanged bundle is not uploaded again. The bundles stay in node_modules/.cache/lambda-bundles with
 * the list of their inputs: the next synth (`cdk deploy` synthesizes again) reuses them when no input changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';
import { endpointList, ingestionJobs } from '../../lib/api/registry';
import { LAMBDA_BUNDLE } from '../bundling';
import { PROJECT_ROOT } from '../projectRoot';

const BUNDLES_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'lambda-bundles');
const INPUTS_FILE = join(BUNDLES_DIR, 'inputs.json');

/**
 * Sample data (recorded or hand-written payloads, test fixtures) live under test/ and serve local runs and
 * tests only: a bundle that holds one fails the synth.
 */
export const isSampleModule = (input: string): boolean => input.split(/[/\\]/)[0] === 'test';

/** A handler module's bundle directory, relative to BUNDLES_DIR: functions/counter.ts → functions/counter. */
const bundleName = (entry: string) => entry.replace(/\.[cm]?[jt]s$/, '');

/** Every file the bundles were made from, by size and modification time. */
type InputStamps = Record<string, string>;

const stamp = (path: string) => {
  const stat = statSync(join(PROJECT_ROOT, path), { throwIfNoEntry: false });
  return stat ? `${stat.size} ${stat.mtimeMs}` : 'none';
};

/** true when the bundles on disk were made with these options from inputs that are all unchanged. */
function upToDate(key: string): boolean {
  if (!existsSync(INPUTS_FILE)) return false;
  const previous = JSON.parse(readFileSync(INPUTS_FILE, 'utf8')) as { key: string; inputs: InputStamps };
  if (previous.key !== key) return false;
  return Object.entries(previous.inputs).every(([path, was]) => stamp(path) === was);
}

const bundled = new Set<string>();

/** Bundles the entries (with every other bundled so far), all in one esbuild run, unless nothing changed. */
function bundle(entries: readonly string[]): void {
  if (entries.every((entry) => bundled.has(entry))) return;
  for (const entry of entries) bundled.add(entry);
  const options: BuildOptions = {
    entryPoints: Object.fromEntries([...bundled].sort().map((entry) => [`${bundleName(entry)}/index`, join(PROJECT_ROOT, entry)])),
    absWorkingDir: PROJECT_ROOT,
    outdir: BUNDLES_DIR,
    outExtension: { '.js': '.mjs' },
    ...LAMBDA_BUNDLE,
    metafile: true,
    logLevel: 'warning',
  };
  const key = createHash('sha256').update(JSON.stringify(options)).digest('hex');
  if (upToDate(key)) return;
  rmSync(BUNDLES_DIR, { recursive: true, force: true });
  const { metafile } = buildSync(options);
  const withSamples = Object.entries(metafile!.outputs).flatMap(([output, { inputs }]) =>
    Object.keys(inputs).filter(isSampleModule).map((input) => `${output} holds ${input}`),
  );
  if (withSamples.length > 0) {
    rmSync(BUNDLES_DIR, { recursive: true, force: true });
    throw new Error(`sample data are never deployed, but ${withSamples.join('; ')}`);
  }
  mkdirSync(BUNDLES_DIR, { recursive: true });
  const inputs = Object.fromEntries(Object.keys(metafile!.inputs).map((path) => [path, stamp(path)]));
  writeFileSync(INPUTS_FILE, JSON.stringify({ key, inputs }));
}

/** Functions of the deployment that no registry entry names: the one that runs every job after a deploy. */
export const DEPLOYMENT_FUNCTIONS = ['functions/ingest/afterDeploy.ts'];

/** The bundle directory of `entry`, bundled (with every other handler) if it is not yet. */
function bundleDir(entry: string): string {
  bundle([...endpointList.map((e) => e.entry), ...ingestionJobs.map((job) => job.entry), ...DEPLOYMENT_FUNCTIONS, entry]);
  return join(BUNDLES_DIR, bundleName(entry));
}

/**
 * The code of the function whose handler module is `entry` (relative to the project root); its handler is
 * `index.handler`. The first call bundles every handler of the registry.
 */
export function handlerCode(entry: string): Code {
  return Code.fromAsset(bundleDir(entry));
}

/** The bundled code itself (index.mjs), as it is deployed: what the stack reads to learn what the code uses. */
export function handlerBundle(entry: string): string {
  return readFileSync(join(bundleDir(entry), 'index.mjs'), 'utf8');
}
