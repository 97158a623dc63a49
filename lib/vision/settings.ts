/** The detector's fixed settings, shared by the pipeline and the API reference (no dependencies: the registry imports it). */

/** The multipart form field that carries the photo. */
export const IMAGE_FIELD = 'image';
/** The largest upload: the API's body limit (lib/http/limits.ts), which the pipeline enforces first with a 413. */
export { MAX_BODY_BYTES as MAX_UPLOAD_BYTES } from '../http/limits';
/** Images must be smaller than this on both sides (spec: smaller than 2000 × 2000). */
export const MAX_SIDE = 2000;
/** Detections below this confidence are dropped (spec). */
export const MIN_CONFIDENCE = 0.3;
/** Same-class boxes overlapping more than this are one object (YOLOX's NMS threshold). */
export const NMS_IOU = 0.45;
/** At most this many objects per image, the most confident first. */
export const MAX_OBJECTS = 100;
/** The model's square input side, in pixels. */
export const MODEL_INPUT_SIZE = 416;
/** YOLOX pads the letterbox with this grey. */
export const PAD_VALUE = 114;
