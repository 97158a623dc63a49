import { BinaryBody, binaryResponse, jsonResponse } from '../response';
import type { PipelineMiddleware } from './state';

/** The handler's result as an HTTP response: JSON, or base64 bytes for a BinaryBody. */
export function serializer(): PipelineMiddleware {
  return {
    after: (request) => {
      const result: unknown = request.response;
      request.response = result instanceof BinaryBody ? binaryResponse(result) : jsonResponse(200, result);
    },
  };
}
