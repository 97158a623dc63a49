/**
 * Letterbox geometry (YOLOX preprocessing): the image is scaled by one factor to fit the square model
 * input, keeping its aspect ratio, and placed at the top-left corner; the rest is padding. Boxes found in
 * model-input pixels map back to the original image by dividing by that factor.
 */
export interface Letterbox {
  /** model-input pixels per original pixel */
  scale: number;
  /** size of the scaled image inside the model input (the rest is padding) */
  width: number;
  height: number;
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * As YOLOX does it: scale = min(size / width, size / height) = size / longest side; the scaled sides are
 * truncated to whole pixels (at least 1), computed in integers so the longest side is exactly `size`.
 */
export function letterbox(width: number, height: number, size: number): Letterbox {
  const longest = Math.max(width, height);
  return {
    scale: size / longest,
    width: Math.max(1, Math.floor((width * size) / longest)),
    height: Math.max(1, Math.floor((height * size) / longest)),
  };
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

/**
 * A box in model-input pixels as integer pixels of the original image (width × height): divided by the
 * letterbox scale, rounded to the nearest pixel and clamped to 0…width and 0…height (box edges, so a box
 * reaching the right border has x2 = width).
 */
export function toImageBox(box: Box, scale: number, width: number, height: number): Box {
  return {
    x1: clamp(Math.round(box.x1 / scale), width),
    y1: clamp(Math.round(box.y1 / scale), height),
    x2: clamp(Math.round(box.x2 / scale), width),
    y2: clamp(Math.round(box.y2 / scale), height),
  };
}
