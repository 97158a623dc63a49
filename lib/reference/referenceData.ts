import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataUnavailableError } from '../http/errors';

/** Where the reference-data layer lives: /opt in Lambda, the layer's build output locally. */
export function referenceDataDir(): string {
  if (process.env.REFERENCE_DATA_DIR) return resolve(process.env.REFERENCE_DATA_DIR);
  if (existsSync('/opt/reference-data')) return '/opt/reference-data';
  return resolve('layers/reference-data/build/reference-data');
}

const loaded = new Map<string, unknown>();

/** A reference-data file, read once per container; 503 when the import step has not produced it. */
export function referenceData<T>(file: string): T {
  if (!loaded.has(file)) {
    const path = join(referenceDataDir(), file);
    if (!existsSync(path)) {
      throw new DataUnavailableError(`Reference data '${file}' has not been imported yet (run npm run build:data).`);
    }
    loaded.set(file, JSON.parse(readFileSync(path, 'utf8')));
  }
  return loaded.get(file) as T;
}
