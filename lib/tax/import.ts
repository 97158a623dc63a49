import type { ReferenceImporter } from '../reference/importer';

/** Placeholder until this family's importer lands: produces no files. */
export const importTaxData: ReferenceImporter = async () => ({ files: {}, warnings: [] });
