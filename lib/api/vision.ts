import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { COCO_LABELS } from '../vision/cocoLabels';
import { MAX_OBJECTS, MAX_SIDE, MIN_CONFIDENCE, NMS_IOU } from '../vision/settings';
import { NOT_STORED } from '../http/caching';

const pixel = () => z.int().check(z.minimum(0));

/** Vision (spec 4.12): object detection. */
export const visionEndpoints = {
  objectDetection: defineEndpoint({
    path: '/v1/objectdetection',
    method: 'POST',
    entry: 'functions/objectDetection.ts',
    summary: 'Objects in a photo (80 COCO categories), with confidences and bounding boxes',
    description:
      "Upload the photo as multipart/form-data in the file field 'image' (for example `curl -F image=@photo.jpg`). " +
      `JPEG or PNG, recognised by the file's content (the declared type is ignored); smaller than ${MAX_SIDE} × ${MAX_SIDE} pixels; ` +
      'the whole request at most 4 MB (4,194,304 bytes): API Gateway base64-encodes an upload inside Lambda\'s 6 MB invocation payload, ' +
      'so a larger one could not reach the service. ' +
      'The answer is an array of objects, most confident first: label (one of the 80 COCO 2017 category names), ' +
      `confidence (0–1, two decimals; below ${MIN_CONFIDENCE} dropped) and bounding_box {x1, y1, x2, y2}: the top-left and bottom-right ` +
      'corners in whole pixels of the uploaded image from its top-left corner, within 0…width and 0…height (EXIF orientation applied, ' +
      'as image viewers show the photo). An image without recognised objects gives an empty array. ' +
      `Overlapping boxes of the same label (IoU above ${NMS_IOU}) count as one object; a box may appear under two labels when the model ` +
      `is unsure (e.g. car and truck). At most ${MAX_OBJECTS} objects. Model: YOLOX-Nano (Apache-2.0) at 416 × 416; images are not stored. ` +
      'Errors: 415 unsupported_media_type when the body is not multipart/form-data or the file is not a JPEG or PNG; ' +
      "400 missing_parameter when 'image' is absent or empty; 400 invalid_parameter when the image is 2000 px or more on a side " +
      'or cannot be decoded; 413 payload_too_large above 4 MB; 503 data_unavailable when the model is not installed. ' +
      `Labels: ${COCO_LABELS.join(', ')}.`,
    access: 'all',
    metering: 'quota',
    cache: NOT_STORED,
    params: () => z.object({}),
    upload: { field: 'image', types: ['image/jpeg', 'image/png'] },
    response: {
      json: () => z.array(
        z.object({
          label: z.string(),
          confidence: z.number().check(z.minimum(MIN_CONFIDENCE), z.maximum(1)),
          bounding_box: z.object({ x1: pixel(), y1: pixel(), x2: pixel(), y2: pixel() }),
        }),
      ),
    },
    memoryMb: 2048,
    timeoutSeconds: 20,
    layers: ['onnxruntime', 'model'],
  }),
};
