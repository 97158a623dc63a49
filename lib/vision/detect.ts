/**
 * Object detection with YOLOX-Nano: validate and decode the upload, letterbox it into the model input,
 * run the model, decode the grid, class-aware NMS, and report boxes in the uploaded image's pixels.
 */
import type Sharp from 'sharp';
import { InvalidParameterError, UnsupportedMediaTypeError } from '../http/errors';
import { roundDecimal } from '../numbers/round';
import { COCO_LABELS } from './cocoLabels';
import { sniffImageFormat } from './imageFormat';
import { letterbox, toImageBox, type Box, type Letterbox } from './letterbox';
import { modelSession, runModel } from './model';
import { loadNative } from './native';
import { nonMaxSuppression } from './nms';
import { IMAGE_FIELD, MAX_OBJECTS, MAX_SIDE, MIN_CONFIDENCE, MODEL_INPUT_SIZE, NMS_IOU, PAD_VALUE } from './settings';
import { decodeYolox } from './yolox';

export interface DetectedObject {
  label: string;
  confidence: number;
  bounding_box: Box;
}

/** The decoded upload, ready for the model. */
export interface ModelInput {
  /** CHW, BGR, 0–255, MODEL_INPUT_SIZE² per channel, padded with 114 */
  tensor: Float32Array;
  /** the image's size as shown (EXIF orientation applied) */
  width: number;
  height: number;
  letterbox: Letterbox;
}

let sharpModule: typeof Sharp | undefined;
const sharp = () => (sharpModule ??= loadNative('sharp') as typeof Sharp);

const undecodable = () => new InvalidParameterError(`Parameter '${IMAGE_FIELD}' could not be decoded: the file is damaged or incomplete.`, IMAGE_FIELD);

/**
 * Checks the upload (JPEG or PNG by its bytes, both sides under 2000 px) and decodes it into the model
 * input: EXIF orientation applied, transparency flattened onto the padding grey, scaled to fit 416 × 416
 * keeping the aspect ratio, placed top-left, the rest padded with 114, channels reordered to BGR planes.
 */
export async function prepareImage(image: Buffer, whileDecoding: () => void = () => undefined): Promise<ModelInput> {
  const format = sniffImageFormat(image);
  if (!format) {
    throw new UnsupportedMediaTypeError(`Parameter '${IMAGE_FIELD}' is not a JPEG or PNG image (judged by the file's content, not its declared type).`);
  }
  const decoder = sharp(); // outside the try blocks: a missing native module is our fault (500), not the upload's
  let width: number;
  let height: number;
  try {
    const meta = await decoder(image).metadata();
    ({ width, height } = meta.autoOrient);
  } catch {
    throw undecodable();
  }
  if (!(width > 0 && height > 0)) throw undecodable();
  if (width >= MAX_SIDE || height >= MAX_SIDE) {
    throw new InvalidParameterError(
      `Parameter '${IMAGE_FIELD}' is ${width} × ${height} pixels; images must be smaller than ${MAX_SIDE} × ${MAX_SIDE}.`,
      IMAGE_FIELD,
    );
  }
  const box = letterbox(width, height, MODEL_INPUT_SIZE);
  let pixels: Buffer;
  // sharp decodes on libuv's thread pool: the main thread is free for whileDecoding meanwhile
  const decoding = decoder(image, { failOn: 'truncated', autoOrient: true })
    .flatten({ background: { r: PAD_VALUE, g: PAD_VALUE, b: PAD_VALUE } })
    .toColourspace('srgb')
    .resize(box.width, box.height, { fit: 'fill', kernel: 'linear' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  whileDecoding();
  try {
    const { data, info } = await decoding;
    if (info.channels !== 3 || info.width !== box.width || info.height !== box.height) throw new Error('unexpected raw layout');
    pixels = data;
  } catch {
    throw undecodable();
  }
  return { tensor: toBgrPlanes(pixels, box.width, box.height, MODEL_INPUT_SIZE, PAD_VALUE), width, height, letterbox: box };
}

/** Starts creating the session; its outcome, failure included, is runModel's to answer. */
function startModelSession(): void {
  try {
    modelSession().catch(() => undefined);
  } catch {
    // onnxruntime-node could not be loaded: runModel meets the same error
  }
}

/** Interleaved RGB (width × height) → BGR planes of a size × size square, top-left aligned, padded. */
export function toBgrPlanes(rgb: Uint8Array, width: number, height: number, size: number, pad: number): Float32Array {
  const plane = size * size;
  const tensor = new Float32Array(3 * plane).fill(pad);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = (y * width + x) * 3;
      const to = y * size + x;
      tensor[to] = rgb[from + 2]!; // B
      tensor[plane + to] = rgb[from + 1]!; // G
      tensor[2 * plane + to] = rgb[from]!; // R
    }
  }
  return tensor;
}

/** The model's raw output as the API's objects: decoded, NMS, mapped to image pixels, most confident first. */
export function toDetectedObjects(output: Float32Array, input: Pick<ModelInput, 'width' | 'height' | 'letterbox'>): DetectedObject[] {
  const candidates = decodeYolox(output, MODEL_INPUT_SIZE, COCO_LABELS.length, MIN_CONFIDENCE);
  const objects: DetectedObject[] = [];
  for (const kept of nonMaxSuppression(candidates, NMS_IOU)) {
    const box = toImageBox(kept, input.letterbox.scale, input.width, input.height);
    if (box.x2 <= box.x1 || box.y2 <= box.y1) continue; // nothing left inside the image
    objects.push({ label: COCO_LABELS[kept.classIndex]!, confidence: roundDecimal(kept.score, 2), bounding_box: box });
    if (objects.length === MAX_OBJECTS) break;
  }
  return objects;
}

/**
 * Objects in a JPEG or PNG upload. A container's first call creates the model's session (on the main thread)
 * while sharp decodes the image (on the thread pool), instead of after it. The upload's own errors still come
 * first, and a session that cannot be created (no model) is answered by runModel.
 */
export async function detectObjects(image: Buffer): Promise<DetectedObject[]> {
  const input = await prepareImage(image, startModelSession);
  return toDetectedObjects(await runModel(input.tensor), input);
}
