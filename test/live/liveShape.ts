/**
 * Shape comparison of our answers with the live API Ninjas service's (REFERENCE_DIR/api-ninjas-live, see its
 * SOURCE.md): every field of a live response must exist in ours with the same JSON type, recursively; every
 * documented response field must exist in ours. Values are never compared, and nothing from the reference
 * is copied into the project: it is read at test time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFERENCE_DIR } from '../support/referenceDir';

export const LIVE_DIR = join(REFERENCE_DIR, 'api-ninjas-live');
export const LIVE_RESPONSES_FILE = 'responses-2026-08-15.json';
export const LIVE_DOCUMENTED_FILE = 'documented-2026-08-15.json';

export interface DocumentedOperation {
  params: { name: string; required: boolean; premium: boolean }[];
  responseFields: string[];
}

export function readLiveReference(): { responses: Record<string, unknown>; documented: Record<string, DocumentedOperation> } {
  const read = (file: string) => JSON.parse(readFileSync(join(LIVE_DIR, file), 'utf8'));
  return { responses: read(LIVE_RESPONSES_FILE), documented: read(LIVE_DOCUMENTED_FILE) };
}

/** A JSON value's type as a client decodes it; `binary` for an answer that is not JSON at all. */
export type ShapeType = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'binary' | 'missing';

export const typeOf = (value: unknown): ShapeType =>
  value === undefined ? 'missing' : value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as ShapeType);

/**
 * The live service fills premium fields for a free key with a text ("This field is for premium subscribers
 * only.", "premium subscription required", "Only available for premium subscribers."): not the field's type.
 */
export const isMaskedPremiumText = (value: unknown): boolean => typeof value === 'string' && /premium subscri/i.test(value);

/** One field whose type differs: `field` is a path into the answer (`runways[].surface`, `federal.single.brackets[].max`). */
export interface ShapeDifference {
  path: string;
  field: string;
  live: ShapeType | 'documented';
  ours: ShapeType;
}

/**
 * Every field of `live` whose type differs in `ours`, recursively. A masked premium text is skipped; a live
 * null has no type to compare (any value of ours is accepted). Arrays: each live element against ours at the
 * same index (the last of ours where ours is shorter; an empty array of ours where live has elements is a
 * difference); the live captures keep the first row of each top-level collection.
 */
export function shapeDifferences(path: string, live: unknown, ours: unknown, field = ''): ShapeDifference[] {
  if (isMaskedPremiumText(live) || live === null) return [];
  const liveType = typeOf(live);
  const ourType = typeOf(ours);
  if (liveType !== ourType) return [{ path, field, live: liveType, ours: ourType }];
  if (Array.isArray(live) && Array.isArray(ours)) {
    const element = field === '' ? '' : `${field}[]`;
    if (live.length > 0 && ours.length === 0) return [{ path, field: element, live: typeOf(live[0]), ours: 'missing' }];
    return live.flatMap((item, i) => shapeDifferences(path, item, ours[Math.min(i, ours.length - 1)], element));
  }
  if (liveType === 'object') {
    const ourObject = ours as Record<string, unknown>;
    return Object.entries(live as Record<string, unknown>).flatMap(([key, value]) =>
      shapeDifferences(path, value, ourObject[key], field === '' ? key : `${field}.${key}`),
    );
  }
  return [];
}

/** Documented response fields missing from all of our answers of a path (top level, or the first element of a list). */
export function missingDocumentedFields(path: string, fields: readonly string[], answers: readonly unknown[]): ShapeDifference[] {
  const tops = answers.map((answer) => (Array.isArray(answer) ? answer[0] : answer)).filter((top) => typeOf(top) === 'object') as Record<string, unknown>[];
  return fields.filter((field) => !tops.some((top) => field in top)).map((field) => ({ path, field, live: 'documented', ours: 'missing' }));
}

/** The differences repeated across answers (and across a collection's elements) listed once. */
export const uniqueDifferences = (differences: readonly ShapeDifference[]): ShapeDifference[] => [
  ...new Map(differences.map((d) => [`${d.path} ${d.field} ${d.live} ${d.ours}`, d])).values(),
];
