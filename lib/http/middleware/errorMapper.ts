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
        logger.error('unexpected error', { error_name: error?.name, stack: error?.stack });
      }
      request.response = errorResponse(toHttpError(error));
    },
  };
}
