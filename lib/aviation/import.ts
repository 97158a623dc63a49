import type { ReferenceImporter } from '../reference/importer';

/** Placeholder until this family's importer lands: produces no files. */
export const importAviationData: ReferenceImporter = async () => ({ files: {}, warnings: [] });
