import { BinaryBody, binaryResponse, CompleteResponse, jsonResponse, Redirect, redirectResponse, TextBody, textResponse } from '../response';
import type { PipelineMiddleware } from './state';

/** The handler's result as an HTTP response: JSON, base64 bytes for a BinaryBody, text for a TextBody, a redirect, or a CompleteResponse as it is. */
export function serializer(): PipelineMiddleware {
  return {
    after: (request) => {
      const result: unknown = request.response;
      request.response =
        result instanceof BinaryBody ? binaryResponse(result)
        : result instanceof TextBody ? textResponse(result)
        : result instanceof Redirect ? redirectResponse(result)
        : result instanceof CompleteResponse ? result.response
        : jsonResponse(200, result);
    },
  };
}
