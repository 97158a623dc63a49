import { HttpError, toHttpError } from '../errors';
import { logger } from '../observability';
import { errorResponse } from '../response';
import type { PipelineMiddleware } from './state';

/** Turns any error into the CONTRACT error body; unexpected errors become a bare 500 (logged, not shown). */
export function errorMapper(): PipelineMiddleware {
  return {
    onError: (request) => {
      const error = request.error;
      if (!(error instanceof HttpError)) {
        // the frames only: an error's message may quote the caller's input, which is never logged
        logger.error('unexpected error', { error_name: error?.name, frames: error?.stack?.split('\n').slice(1).join('\n') });
      }
      request.response = errorResponse(toHttpError(error));
    },
  };
}
