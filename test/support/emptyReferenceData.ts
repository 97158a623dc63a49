import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `act` with REFERENCE_DATA_DIR pointing at an empty directory (an import that never ran), then restores it. */
export function withEmptyReferenceData<T>(act: () => T): T {
  const previous = process.env.REFERENCE_DATA_DIR;
  const empty = mkdtempSync(join(tmpdir(), 'dqs-no-reference-data-'));
  process.env.REFERENCE_DATA_DIR = empty;
  try {
    return act();
  } finally {
    process.env.REFERENCE_DATA_DIR = previous;
    rmSync(empty, { recursive: true, force: true });
  }
}
