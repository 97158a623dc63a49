/**
 * An import step of the reference data: reads public datasets in their published formats from the datasets
 * directory (undefined when there is none) and returns the compact files to ship in the reference-data layer.
 * A missing source is a warning, not a failure: the data depending on it answer 503 data_unavailable.
 */
export interface ImportedFile {
  /** JSON-serialisable content */
  data: unknown;
  /** one line for the build log and manifest: what the file holds and where it came from (omitted for the
   * parts of a set that one file of the set describes) */
  summary?: string;
}

export interface ImportResult {
  files: Record<string, ImportedFile>;
  warnings: string[];
}

export type ReferenceImporter = (datasetsDir: string | undefined) => Promise<ImportResult>;
