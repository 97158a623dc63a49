import type { Candidate } from './nms';

/** YOLOX heads: one grid per stride over the square input, cells row by row, strides in this order. */
export const YOLOX_STRIDES = [8, 16, 32] as const;

/** Values per anchor in the raw output: cx, cy, w, h, objectness, then one score per class. */
const BOX_VALUES = 5;

/** The grid cell (gx, gy) and stride of every anchor, in output order. */
export function yoloxGrid(inputSize: number, strides: readonly number[] = YOLOX_STRIDES): { gx: number; gy: number; stride: number }[] {
  const cells: { gx: number; gy: number; stride: number }[] = [];
  for (const stride of strides) {
    const side = Math.floor(inputSize / stride);
    for (let gy = 0; gy < side; gy += 1) {
      for (let gx = 0; gx < side; gx += 1) cells.push({ gx, gy, stride });
    }
  }
  return cells;
}

/**
 * Decodes YOLOX's raw grid output ([anchors × (5 + classes)], no NMS in the graph) into boxes in
 * model-input pixels: cx = (x + gx)·stride, cy = (y + gy)·stride, w = exp(w)·stride, h = exp(h)·stride;
 * each anchor keeps its best class, scored objectness × class score, and only if that reaches `minScore`.
 */
export function decodeYolox(
  output: Float32Array,
  inputSize: number,
  classCount: number,
  minScore: number,
  strides: readonly number[] = YOLOX_STRIDES,
): Candidate[] {
  const stride = BOX_VALUES + classCount;
  const grid = yoloxGrid(inputSize, strides);
  if (output.length !== grid.length * stride) {
    throw new Error(`YOLOX output has ${output.length} values; expected ${grid.length} anchors × ${stride}`);
  }
  const candidates: Candidate[] = [];
  for (let anchor = 0; anchor < grid.length; anchor += 1) {
    const base = anchor * stride;
    const objectness = output[base + 4]!;
    if (objectness < minScore) continue; // class scores are ≤ 1, so the product cannot reach minScore
    let classIndex = 0;
    let classScore = output[base + BOX_VALUES]!;
    for (let c = 1; c < classCount; c += 1) {
      const value = output[base + BOX_VALUES + c]!;
      if (value > classScore) {
        classScore = value;
        classIndex = c;
      }
    }
    const score = objectness * classScore;
    if (score < minScore) continue;
    const { gx, gy, stride: cellSize } = grid[anchor]!;
    const cx = (output[base]! + gx) * cellSize;
    const cy = (output[base + 1]! + gy) * cellSize;
    const w = Math.exp(output[base + 2]!) * cellSize;
    const h = Math.exp(output[base + 3]!) * cellSize;
    candidates.push({ x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2, score, classIndex });
  }
  return candidates;
}
