import { StoreUnavailableError } from '../../store/dynamo';
import { HttpError, ServiceUnavailableError, toHttpError } from '../errors';
import { errorFacts, logger } from '../observability';
import { errorResponse } from '../response';
import type { PipelineMiddleware } from './state';

/**
 * Turns any error into the CONTRACT error body: our store unreachable becomes 503 service_unavailable (with
 * Retry-After: clients retry that), other unexpected errors a bare 500 (logged, not shown).
 */
export function errorMapper(): PipelineMiddleware {
  return {
    onError: (request) => {
      const error = request.error;
      if (!(error instanceof HttpError)) {
        // never the message: it may quote the caller's input
        logger.error('unexpected error', { ...errorFacts(error) });
      }
      const mayBeCounted = request.internal.mayBeCounted === true;
      request.response = errorResponse(error instanceof StoreUnavailableError ? new ServiceUnavailableError(mayBeCounted) : toHttpError(error, mayBeCounted));
    },
  };
}
