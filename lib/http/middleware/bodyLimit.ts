import { PayloadTooLargeError } from '../errors';
import { MAX_BODY_BYTES } from '../limits';
import type { PipelineMiddleware } from './state';

/** The size of the body the caller sent: decoded when API Gateway passed it base64-encoded. */
export function requestBodyBytes(body: string | undefined, isBase64Encoded: boolean | undefined): number {
  if (!body) return 0;
  if (!isBase64Encoded) return Buffer.byteLength(body, 'utf8');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

/** A body over MAX_BODY_BYTES gets our JSON 413 before anything else runs (no key lookup, no quota). */
export function bodyLimit(): PipelineMiddleware {
  return {
    before: (request) => {
      if (requestBodyBytes(request.event.body, request.event.isBase64Encoded) > MAX_BODY_BYTES) throw new PayloadTooLargeError();
    },
  };
}
