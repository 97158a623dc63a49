import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataUnavailableError } from '../http/errors';
import type { MissingData } from './importer';

/** Where the reference-data layer lives: /opt in Lambda, the layer's build output locally. */
export function referenceDataDir(): string {
  if (process.env.REFERENCE_DATA_DIR) return resolve(process.env.REFERENCE_DATA_DIR);
  if (existsSync('/opt/reference-data')) return '/opt/reference-data';
  return resolve('layers/reference-data/build/reference-data');
}

export const MANIFEST_FILE = 'manifest.json';

/** What the import step wrote beside the files: what each holds, its warnings, and what it could not produce and why. */
export interface ReferenceManifest {
  files: Record<string, string>;
  warnings: string[];
  missing: Record<string, MissingData>;
  /** files that hold sample data (local runs only), with what a deployment answers instead */
  samples?: Record<string, MissingData>;
  /** a build for deployment: it holds no sample data (its samples are among `missing`) */
  deployment?: true;
  /** fingerprint of the import's inputs (datasets, import code, packages, settings): a build with the same inputs is skipped */
  inputs?: string;
}

/** The manifest in `dir`, or undefined when the import never ran there (or left no readable manifest). */
export function readManifest(dir = referenceDataDir()): ReferenceManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as ReferenceManifest;
  } catch {
    return undefined;
  }
}

const loaded = new Map<string, unknown>();

/**
 * The path of a reference-data file; 503 when the import step has not produced it, with the import's reason
 * (e.g. its dataset was missing) when it gave one.
 */
export function referenceFile(file: string): string {
  const path = join(referenceDataDir(), file);
  if (!existsSync(path)) {
    throw new DataUnavailableError(readManifest()?.missing?.[file]?.reason ?? `Reference data '${file}' has not been imported yet (run npm run build:data).`);
  }
  return path;
}

/**
 * A reference-data file, read once per container; 503 when the import step has not produced it (referenceFile).
 * `prepare` turns the file's content into the form its one endpoint searches (an index, unpacked records);
 * the container then keeps only that form.
 */
export function referenceData<T, R = T>(file: string, prepare?: (content: T) => R): R {
  if (!loaded.has(file)) {
    const content = JSON.parse(readFileSync(referenceFile(file), 'utf8')) as T;
    loaded.set(file, prepare ? prepare(content) : content);
  }
  return loaded.get(file) as R;
}
