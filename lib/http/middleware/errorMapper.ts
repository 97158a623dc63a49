import { HttpError, toHttpError } from '../errors';
import { errorFacts, logger } from '../observability';
import { errorResponse } from '../response';
import type { PipelineMiddleware } from './state';

/** Turns any error into the CONTRACT error body; unexpected errors become a bare 500 (logged, not shown). */
export function errorMapper(): PipelineMiddleware {
  return {
    onError: (request) => {
      const error = request.error;
      if (!(error instanceof HttpError)) {
        // never the message: it may quote the caller's input
        logger.error('unexpected error', { ...errorFacts(error) });
      }
      request.response = errorResponse(toHttpError(error, request.internal.mayBeCounted === true));
    },
  };
}
