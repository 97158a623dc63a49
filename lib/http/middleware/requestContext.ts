import { randomUUID } from 'node:crypto';
import type { EndpointDefinition } from '../definition';
import { corsHeaders } from '../cors';
import { bodyBytes } from '../response';
import { logger, putMetric } from '../observability';
import { beginCall, type PipelineMiddleware, type PipelineRequest } from './state';

/**
 * Outermost stage: gives the call its request id and, on the way out, puts the request id, CORS and the
 * pipeline's headers on whatever response the call ends with (a HEAD request gets it without the body,
 * with the Content-Length the body had), logs one line and emits the call metric.
 * Only the API, status, tier and duration are recorded.
 */
export function requestContext(definition: EndpointDefinition): PipelineMiddleware {
  const finish = (request: PipelineRequest) => {
    const state = request.internal;
    const response = request.response;
    if (typeof response !== 'object' || response === null) return;
    response.headers = { ...response.headers, ...corsHeaders, ...state.headers, 'X-Request-Id': state.requestId };
    if (request.event.requestContext?.http?.method === 'HEAD' && response.body) {
      response.headers['Content-Length'] = String(bodyBytes(response).length);
      response.body = '';
      response.isBase64Encoded = false;
    }
    const status = response.statusCode ?? 200;
    logger.info('call', {
      api: definition.path,
      status,
      tier: state.account?.tier,
      duration_ms: Math.round(performance.now() - state.startedAt),
    });
    putMetric(status < 400 ? 'Calls' : status < 500 ? 'ClientErrors' : 'ServerErrors', 'Count', 1, { api: definition.path });
    logger.removeKeys(['request_id']);
  };
  return {
    before: (request) => {
      const state = beginCall(request);
      state.requestId = request.event.requestContext?.requestId ?? randomUUID();
      state.startedAt = performance.now();
      state.now = new Date();
      state.headers = {};
      logger.appendKeys({ request_id: state.requestId });
    },
    after: finish,
    onError: finish,
  };
}
