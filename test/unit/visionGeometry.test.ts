import { letterbox, toImageBox } from '../../lib/vision/letterbox';
import { iou, nonMaxSuppression, type Candidate } from '../../lib/vision/nms';
import { decodeYolox, yoloxGrid } from '../../lib/vision/yolox';
import { toBgrPlanes, toDetectedObjects } from '../../lib/vision/detect';

const box = (x1: number, y1: number, x2: number, y2: number, score = 1, classIndex = 0): Candidate => ({ x1, y1, x2, y2, score, classIndex });

describe('letterbox', () => {
  it('fits a landscape photo to the width: 768 × 576 at 416 is scaled by 416/768 to 416 × 312', () => {
    // Act
    const result = letterbox(768, 576, 416);
    // Assess: 576 × 416 / 768 = 312 exactly
    expect(result).toEqual({ scale: 416 / 768, width: 416, height: 312 });
  });

  it('truncates the short side like YOLOX: 640 × 426 becomes 416 × 276 (276.9 truncated)', () => {
    // Act
    const result = letterbox(640, 426, 416);
    // Assess: 426 × 0.65 = 276.9
    expect(result).toEqual({ scale: 0.65, width: 416, height: 276 });
  });

  it('fits a portrait photo to the height: 300 × 600 becomes 208 × 416', () => {
    // Act
    const result = letterbox(300, 600, 416);
    // Assess
    expect(result).toEqual({ scale: 416 / 600, width: 208, height: 416 });
  });

  it('scales small images up: 208 × 104 becomes 416 × 208', () => {
    // Act
    const result = letterbox(208, 104, 416);
    // Assess
    expect(result).toEqual({ scale: 2, width: 416, height: 208 });
  });

  it('keeps at least one pixel on a very thin image: 1999 × 3 becomes 416 × 1', () => {
    // Act
    const result = letterbox(1999, 3, 416);
    // Assess: 3 × 416 / 1999 = 0.62
    expect(result.width).toBe(416);
    expect(result.height).toBe(1);
  });
});

describe('toImageBox', () => {
  it('divides by the scale and rounds: (52, 26.1, 104.3, 78) at scale 0.65 is (80, 40, 160, 120)', () => {
    // Act
    const result = toImageBox({ x1: 52, y1: 26.1, x2: 104.3, y2: 78 }, 0.65, 640, 426);
    // Assess: 52/0.65 = 80, 26.1/0.65 = 40.15, 104.3/0.65 = 160.46, 78/0.65 = 120
    expect(result).toEqual({ x1: 80, y1: 40, x2: 160, y2: 120 });
  });

  it('clamps boxes that reach past the image to its edges', () => {
    // Act: at scale 0.5, (-10, -4, 400, 330) is (-20, -8, 800, 660) in a 768 × 576 image
    const result = toImageBox({ x1: -10, y1: -4, x2: 400, y2: 330 }, 0.5, 768, 576);
    // Assess
    expect(result).toEqual({ x1: 0, y1: 0, x2: 768, y2: 576 });
  });

  it('maps a box in the padding below a landscape image to a flat box on its bottom edge', () => {
    // Act: 768 × 576 fills 416 × 312; y 320…340 lies in the padding
    const result = toImageBox({ x1: 10, y1: 320, x2: 20, y2: 340 }, 416 / 768, 768, 576);
    // Assess
    expect(result.y1).toBe(576);
    expect(result.y2).toBe(576);
  });
});

describe('iou', () => {
  it('is 81/119 for two 10 × 10 boxes offset by one pixel diagonally', () => {
    // Act
    const result = iou(box(0, 0, 10, 10), box(1, 1, 11, 11));
    // Assess: intersection 9 × 9 = 81, union 100 + 100 − 81 = 119
    expect(result).toBeCloseTo(81 / 119, 10);
  });

  it('is 1/3 for two 10 × 10 boxes overlapping by half their width', () => {
    // Act
    const result = iou(box(0, 0, 10, 10), box(5, 0, 15, 10));
    // Assess: intersection 50, union 150
    expect(result).toBeCloseTo(1 / 3, 10);
  });

  it('is 0 for boxes that only touch', () => {
    // Assess
    expect(iou(box(0, 0, 10, 10), box(10, 0, 20, 10))).toBe(0);
  });
});

describe('nonMaxSuppression', () => {
  it('drops a same-class box overlapping a better one by more than the threshold and keeps one at 1/3', () => {
    // Prepare
    const best = box(0, 0, 10, 10, 0.9);
    const overlapping = box(1, 1, 11, 11, 0.8); // IoU 0.68 with best
    const beside = box(5, 0, 15, 10, 0.7); // IoU 0.33 with best, 0.39 with overlapping
    // Act
    const kept = nonMaxSuppression([beside, overlapping, best], 0.45);
    // Assess
    expect(kept).toEqual([best, beside]);
  });

  it('never lets boxes of different classes suppress each other', () => {
    // Prepare
    const car = box(0, 0, 10, 10, 0.8, 2);
    const truck = box(0, 0, 10, 10, 0.6, 7);
    // Act
    const kept = nonMaxSuppression([truck, car], 0.45);
    // Assess
    expect(kept).toEqual([car, truck]);
  });

  it('compares against kept boxes only: a box suppressed by the best does not suppress a third', () => {
    // Prepare: 10 × 10 boxes shifted diagonally by one pixel each
    const a = box(0, 0, 10, 10, 0.9);
    const b = box(1, 1, 11, 11, 0.8); // IoU with a: 81 / 119 = 0.68 → suppressed
    const c = box(2, 2, 12, 12, 0.7); // IoU with a: 64 / 136 = 0.47 → suppressed
    const d = box(3, 3, 13, 13, 0.6); // IoU with a: 49 / 151 = 0.32 → kept, though 0.47 with the dropped b
    // Act
    const kept = nonMaxSuppression([d, c, b, a], 0.45);
    // Assess
    expect(kept).toEqual([a, d]);
  });
});

describe('yoloxGrid', () => {
  it('has 52² + 26² + 13² = 3549 cells at 416, row by row, stride 8 first', () => {
    // Act
    const grid = yoloxGrid(416);
    // Assess
    expect(grid).toHaveLength(3549);
    expect(grid[0]).toEqual({ gx: 0, gy: 0, stride: 8 });
    expect(grid[1]).toEqual({ gx: 1, gy: 0, stride: 8 });
    expect(grid[52]).toEqual({ gx: 0, gy: 1, stride: 8 });
    expect(grid[2704]).toEqual({ gx: 0, gy: 0, stride: 16 });
    expect(grid[3548]).toEqual({ gx: 12, gy: 12, stride: 32 });
  });
});

describe('decodeYolox', () => {
  const classes = 80;
  const width = 5 + classes;
  const output = () => new Float32Array(3549 * width);
  const setAnchor = (data: Float32Array, anchor: number, values: { x: number; y: number; w: number; h: number; obj: number; cls: number; score: number }) => {
    data.set([values.x, values.y, values.w, values.h, values.obj], anchor * width);
    data[anchor * width + 5 + values.cls] = values.score;
  };

  it('decodes an anchor of the stride-16 grid: centre (x + gx)·16, size exp(w)·16, score objectness × class', () => {
    // Prepare: cell (gx 3, gy 2) of the stride-16 grid is anchor 2704 + 2·26 + 3 = 2759
    const data = output();
    setAnchor(data, 2759, { x: 0.5, y: 0.25, w: Math.log(4), h: 0, obj: 0.9, cls: 16, score: 0.8 });
    // Act
    const [candidate, ...rest] = decodeYolox(data, 416, classes, 0.3);
    // Assess: cx = 3.5·16 = 56, cy = 2.25·16 = 36, w = 4·16 = 64, h = 1·16 = 16
    expect(rest).toEqual([]);
    expect(candidate!.classIndex).toBe(16);
    expect(candidate!.score).toBeCloseTo(0.72, 6);
    expect(candidate!.x1).toBeCloseTo(24, 4);
    expect(candidate!.y1).toBeCloseTo(28, 4);
    expect(candidate!.x2).toBeCloseTo(88, 4);
    expect(candidate!.y2).toBeCloseTo(44, 4);
  });

  it('keeps the best class of an anchor and drops anchors scoring below the minimum', () => {
    // Prepare
    const data = output();
    setAnchor(data, 0, { x: 0, y: 0, w: 0, h: 0, obj: 0.5, cls: 3, score: 0.5 }); // 0.25 < 0.3
    setAnchor(data, 3548, { x: 0, y: 0, w: 0, h: 0, obj: 1, cls: 7, score: 0.4 });
    data[3548 * width + 5 + 2] = 0.6; // car beats truck on the same anchor
    // Act
    const candidates = decodeYolox(data, 416, classes, 0.3);
    // Assess: anchor 3548 is cell (12, 12) of stride 32: centre 12·32 = 384, size 32
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ classIndex: 2, x1: 368, y1: 368, x2: 400, y2: 400 });
    expect(candidates[0]!.score).toBeCloseTo(0.6, 6);
  });

  it('refuses an output of the wrong size', () => {
    // Assess
    expect(() => decodeYolox(new Float32Array(85), 416, classes, 0.3)).toThrow(/expected 3549 anchors/);
  });
});

describe('toDetectedObjects', () => {
  it('reports labelled boxes in image pixels, most confident first, confidence to two decimals', () => {
    // Prepare: a 768 × 576 photo letterboxed at scale 416/768; a dog (class 16) and a bicycle (class 1)
    const data = new Float32Array(3549 * 85);
    const put = (anchor: number, cls: number, obj: number, score: number) => {
      data.set([0, 0, Math.log(2), Math.log(2), obj], anchor * 85);
      data[anchor * 85 + 5 + cls] = score;
    };
    put(2704 + 5 * 26 + 10, 16, 0.9, 0.7); // stride 16, cell (10, 5): centre (160, 80), 32 × 32 → score 0.63
    put(2704 + 5 * 26 + 11, 16, 0.9, 0.6); // same class, centre (176, 80): IoU 1/3 with the first → kept, 0.54
    put(2704 + 5 * 26 + 10 + 26, 1, 1, 0.95); // stride 16, cell (10, 6): centre (160, 96) → bicycle 0.95
    // Act
    const objects = toDetectedObjects(data, { width: 768, height: 576, letterbox: letterbox(768, 576, 416) });
    // Assess: x / (416/768) = x · 768/416; e.g. dog box 144…176 × 64…96 → 265.8…324.9 × 118.2…177.2
    expect(objects).toEqual([
      { label: 'bicycle', confidence: 0.95, bounding_box: { x1: 266, y1: 148, x2: 325, y2: 207 } },
      { label: 'dog', confidence: 0.63, bounding_box: { x1: 266, y1: 118, x2: 325, y2: 177 } },
      { label: 'dog', confidence: 0.54, bounding_box: { x1: 295, y1: 118, x2: 354, y2: 177 } },
    ]);
  });
});

describe('toBgrPlanes', () => {
  it('writes RGB pixels as B, G, R planes at the top left and pads the rest', () => {
    // Prepare: a 2 × 1 image, pixels (10, 20, 30) and (40, 50, 60), into a 2 × 2 square padded with 114
    const rgb = Uint8Array.from([10, 20, 30, 40, 50, 60]);
    // Act
    const planes = Array.from(toBgrPlanes(rgb, 2, 1, 2, 114));
    // Assess
    expect(planes).toEqual([30, 60, 114, 114, 20, 50, 114, 114, 10, 40, 114, 114]);
  });
});
