import type { Box } from './letterbox';

/** A scored box of one class. */
export interface Candidate extends Box {
  score: number;
  classIndex: number;
}

/** Intersection over union of two boxes (0 when either has no area). */
export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (w <= 0 || h <= 0) return 0;
  const intersection = w * h;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - intersection;
  return union > 0 ? intersection / union : 0;
}

/**
 * Class-aware non-maximum suppression: highest score first, a box is dropped when it overlaps a kept box
 * of the same class by more than `iouThreshold`; boxes of different classes never suppress each other.
 * Returns the kept candidates, highest score first.
 */
export function nonMaxSuppression<C extends Candidate>(candidates: readonly C[], iouThreshold: number): C[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const kept: C[] = [];
  for (const candidate of sorted) {
    const overlapped = kept.some((k) => k.classIndex === candidate.classIndex && iou(k, candidate) > iouThreshold);
    if (!overlapped) kept.push(candidate);
  }
  return kept;
}
