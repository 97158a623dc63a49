import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { Account } from '../store/accounts';
import type { EndpointDefinition, QueryParams } from './definition';
import { apiKeyAuth } from './middleware/apiKeyAuth';
import { bodyLimit } from './middleware/bodyLimit';
import { errorMapper } from './middleware/errorMapper';
import { meter } from './middleware/meter';
import { planGates } from './middleware/planGates';
import { queryParams } from './middleware/queryParams';
import { representation } from './middleware/representation';
import { requestContext } from './middleware/requestContext';
import { serializer } from './middleware/serializer';
import { callState, type CallState } from './middleware/state';

/** What a handler gets: validated parameters and, on keyed endpoints, the caller's account. */
export interface Call<P> {
  params: P;
  account: Account;
  apiKey: string;
  now: Date;
  event: APIGatewayProxyEventV2;
}

/** Returns the JSON body, a BinaryBody for image bytes, a TextBody or a Redirect (possibly as a promise). */
export type Handle<S extends QueryParams> = (call: Call<z.output<S>>) => unknown;

/**
 * An endpoint's Lambda handler: the shared pipeline around `handle`, in DESIGN order —
 * request id + logging → error mapper → body size (413 over 4 MB) → API key auth → params → plan gates → quota → representation
 * (ETag, Cache-Control, 304, compression) → serializer → handler. The quota stage's single conditional
 * write also records the day's per-API usage; HEAD and 304 answers count like the GET they stand for, and
 * nothing that writes or reaches the internet runs before the call is reserved. A handler that only reads
 * runs while that write is in flight (meter.ts, runsBesideQuota).
 */
export function endpoint<S extends QueryParams>(definition: EndpointDefinition<S>, handle: Handle<S>) {
  const def = definition as unknown as EndpointDefinition;
  const keyed = def.access !== 'public';
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context, CallState>()
    .use(requestContext(def))
    .use(errorMapper())
    .use(bodyLimit());
  if (keyed) chain.use(apiKeyAuth(def));
  chain.use(queryParams(def));
  if (keyed) chain.use(planGates(def)).use(meter(def));
  return chain.use(representation(def)).use(serializer()).handler(async (event) => {
    const state = callState(event);
    return (await handle({
      params: state.params as z.output<S>,
      account: state.account!,
      apiKey: state.apiKey!,
      now: state.now,
      event,
    })) as APIGatewayProxyResultV2;
  });
}
