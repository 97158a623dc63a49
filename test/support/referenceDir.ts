import { resolve } from 'node:path';

/**
 * The independent references of the cross-check tests (../shared/reference, each folder with its SOURCE.md):
 * REFERENCE_DIR, default ../shared/reference from the project root. Test input only, read in place and never
 * copied into the project.
 */
export const REFERENCE_DIR = resolve(process.env.REFERENCE_DIR ?? '../shared/reference');
