import { fileURLToPath } from 'node:url';

/** The project's top directory (handler entries and layer inputs are relative to it). */
export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
