import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * An import step of the reference data: reads public datasets in their published formats from the datasets
 * directory (undefined when there is none) and returns the compact files to ship in the reference-data layer.
 * A missing source is not a failure: the step names what it could not produce (`missing`), and the endpoints
 * depending on it answer 503 data_unavailable with that reason.
 */
export interface ImportedFile {
  /** JSON-serialisable content */
  data: unknown;
  /** one line for the build log and manifest: what the file holds and where it came from (omitted for the
   * parts of a set that one file of the set describes) */
  summary?: string;
  /**
   * Set when the file holds sample data (a made-up fixture standing in for a dataset that was not given): local
   * runs serve it, labelled; a build for deployment leaves it out, and its endpoints answer 503 with this.
   */
  sample?: MissingData;
}

/** Data an import step could not produce. */
export interface MissingData {
  /** the sentence the endpoints' 503 data_unavailable answers with: what is missing and why */
  reason: string;
  /** the endpoints that answer 503 without it */
  endpoints: string[];
}

export interface ImportResult {
  files: Record<string, ImportedFile>;
  warnings: string[];
  /** what the step could not produce, by file name (`<file>#<part>` for a part of a file) */
  missing?: Record<string, MissingData>;
}

export type ReferenceImporter = (datasetsDir: string | undefined) => Promise<ImportResult>;

/** A dataset file's text, or undefined when there is no datasets directory or no such file in it. */
export async function readDatasetFile(datasetsDir: string | undefined, file: string): Promise<string | undefined> {
  if (datasetsDir === undefined) return undefined;
  return readFile(join(datasetsDir, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/** Why `what` was not imported: its source file (relative to the datasets directory) was absent, or there was no directory at all. */
export function missingSource(what: string, source: string, datasetsDir: string | undefined): string {
  return datasetsDir === undefined
    ? `${what} could not be imported: no datasets directory was set when the reference data were built (it needs ${source}).`
    : `${what} could not be imported: ${source} was not in the datasets directory when the reference data were built.`;
}
