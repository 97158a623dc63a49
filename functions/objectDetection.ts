import { endpoint } from '../lib/http/endpoint';
import { detectObjects } from '../lib/vision/detect';
import { readImageField, requestBytes } from '../lib/vision/upload';
import { visionEndpoints } from '../lib/api/vision';

export const handler = endpoint(visionEndpoints.objectDetection, async ({ event }) => {
  const image = await readImageField(event.headers?.['content-type'], requestBytes(event.body, event.isBase64Encoded));
  return detectObjects(image);
});
