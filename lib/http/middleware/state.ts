import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { Account } from '../../store/accounts';
import type { Reservation } from '../../store/usage';

/** What the pipeline learns about a call, kept in middy's `request.internal`. */
export type CallState = {
  requestId: string;
  startedAt: number;
  now: Date;
  apiKey?: string;
  account?: Account;
  params?: Record<string, unknown>;
  /** names of the parameters the caller actually sent (not defaulted) */
  supplied?: Set<string>;
  /** the call's quota reservation, until the call ends: refunded if it fails, else released */
  reservation?: Reservation;
  /** the quota write in flight beside the handler (runsBesideQuota): the error it ended in, or undefined once reserved */
  pendingReservation?: Promise<Error | undefined>;
  /** true while the call may be counted against the quota: a reservation was made (or its outcome is unknown) and not given back */
  mayBeCounted?: boolean;
  /** headers for whatever response the call ends with (RateLimit-*, Retry-After) */
  headers: Record<string, string>;
};

export type PipelineRequest = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context, CallState>;
export type PipelineMiddleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context, CallState>;

const states = new WeakMap<APIGatewayProxyEventV2, CallState>();

/** Starts the state of a call (first middleware). */
export function beginCall(request: PipelineRequest): CallState {
  const state = request.internal;
  states.set(request.event, state);
  return state;
}

/** The state of the call an event belongs to (for the handler, which sees only the event). */
export function callState(event: APIGatewayProxyEventV2): CallState {
  const state = states.get(event);
  if (!state) throw new Error('call state missing: is the handler wrapped by endpoint()?');
  return state;
}
