import { StoreUnavailableError } from '../../store/dynamo';
import { callsUsed, countInWindow, refundCall, reserveCall, type CallSlot } from '../../store/usage';
import type { EndpointDefinition } from '../definition';
import { NoDataError, QuotaExceededError, RateLimitedError } from '../errors';
import { billingPeriod, MONTHLY_QUOTA } from '../plans';
import { utcDate } from '../../time/calendarDate';
import { errorFacts, logger } from '../observability';
import type { PipelineMiddleware, PipelineRequest } from './state';

/** /v1/analytics and other rate-limited endpoints: calls per minute per key. */
export const RATE_LIMIT_PER_MINUTE = 10;

function rateLimitHeaders(limit: number, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, remaining)),
    'RateLimit-Reset': String(resetSeconds),
  };
}

/** A failed call gives its quota back, except a valid query that found no data (it was answered). */
const refundable = (error: unknown) => !(error instanceof NoDataError);

/**
 * Whether the call's quota is decided after the handler instead of reserved before it: a HEAD never uses
 * quota, and a conditional GET (If-None-Match) uses it only when it does not end in 304 Not Modified,
 * which is known once the handler's answer has its ETag.
 */
function decidedAfter(request: PipelineRequest): 'head' | 'conditional' | undefined {
  const { requestContext, headers } = request.event;
  if (requestContext.http.method === 'HEAD') return 'head';
  return headers?.['if-none-match'] ? 'conditional' : undefined;
}

/**
 * Whether the handler runs while the call's quota write is in flight instead of after it: it writes no
 * table, reaches nothing on the internet and takes no upload, so running it for a call the quota then
 * refuses changes nothing stored and costs no more than its reads. An accepted call then waits for one
 * store round trip (the write and the handler's reads side by side) instead of two in a row.
 */
export function runsBesideQuota(definition: EndpointDefinition): boolean {
  return (
    definition.metering === 'quota' &&
    !definition.upload &&
    !definition.reachesInternet &&
    Object.values(definition.tables ?? {}).every((access) => access === 'read')
  );
}

/**
 * Quota: one atomic conditional update reserves the call against the billing month and counts it in the
 * day's per-API usage; a call that then fails is refunded. Where runsBesideQuota allows, the handler runs
 * beside that write: its answer waits for the write and is dropped when the quota was used up (429), and
 * a failure waits for it too before the refund. HEAD and conditional GETs only read the month's
 * count first (429 when it is used up; RateLimit-* as it stands); a conditional GET that ends in a 200 (or
 * 404 no_data) then reserves like any GET, a 304 or a HEAD writes nothing. Rate-limited endpoints count a
 * per-minute window instead, for every call. Either way the RateLimit-* headers describe what is left.
 */
export function meter(definition: EndpointDefinition): PipelineMiddleware {
  const beside = runsBesideQuota(definition);
  const quotaOf = (request: PipelineRequest) => {
    const state = request.internal;
    const account = state.account!;
    const period = billingPeriod(account.createdOn, state.now);
    const quota = account.quotaOverride ?? MONTHLY_QUOTA[account.tier];
    const slot: CallSlot = { account: account.keyHash, periodStart: period.start, day: utcDate(state.now), api: definition.path };
    const setRemaining = (used: number) => {
      state.headers = { ...state.headers, ...rateLimitHeaders(quota, quota - used, period.secondsToReset) };
    };
    return { state, period, quota, slot, setRemaining };
  };

  const reserveQuota = async (request: PipelineRequest) => {
    const { state, period, quota, slot, setRemaining } = quotaOf(request);
    // a write that fails may still have been applied: until it answers, the call may be counted
    state.mayBeCounted = true;
    const used = await reserveCall(slot, quota, state.now).catch((error: unknown) => {
      // no attempt reached the store (refused before it was sent, or throttled): nothing can have been counted
      if (error instanceof StoreUnavailableError && !error.mayHaveApplied) state.mayBeCounted = false;
      throw error;
    });
    setRemaining(used ?? quota);
    if (used === undefined) {
      state.mayBeCounted = false;
      throw new QuotaExceededError(period.secondsToReset, period.reset);
    }
    state.reservation = slot;
  };

  const checkQuota = async (request: PipelineRequest, mode: 'head' | 'conditional') => {
    const { state, period, quota, slot, setRemaining } = quotaOf(request);
    const used = await callsUsed(slot);
    setRemaining(Math.min(used, quota));
    if (used >= quota) throw new QuotaExceededError(period.secondsToReset, period.reset);
    if (mode === 'conditional') state.deferredReservation = true;
  };

  const limitRate = async (request: PipelineRequest) => {
    const state = request.internal;
    const nowSeconds = Math.floor(state.now.getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % 60);
    const resetSeconds = windowStart + 60 - nowSeconds;
    const count = await countInWindow(
      state.account!.keyHash,
      new Date(windowStart * 1000).toISOString().slice(0, 16),
      RATE_LIMIT_PER_MINUTE,
      windowStart + 120,
    );
    state.headers = {
      ...state.headers,
      ...rateLimitHeaders(RATE_LIMIT_PER_MINUTE, RATE_LIMIT_PER_MINUTE - (count ?? RATE_LIMIT_PER_MINUTE), resetSeconds),
    };
    if (count === undefined) throw new RateLimitedError(RATE_LIMIT_PER_MINUTE, resetSeconds);
  };

  /** the outcome of a reservation made beside the handler, once: the error it ended in, or undefined (reserved) */
  const settleReservation = async (request: PipelineRequest): Promise<Error | undefined> => {
    const state = request.internal;
    const pending = state.pendingReservation;
    state.pendingReservation = undefined;
    return pending && (await pending);
  };

  return {
    before: async (request) => {
      if (!request.internal.account) return;
      if (definition.metering === 'rateLimit') await limitRate(request);
      if (definition.metering !== 'quota') return;
      const mode = decidedAfter(request);
      if (mode) await checkQuota(request, mode);
      else if (beside) request.internal.pendingReservation = reserveQuota(request).then(() => undefined, (error: Error) => error);
      else await reserveQuota(request);
    },
    after: async (request) => {
      const state = request.internal;
      const refused = await settleReservation(request);
      if (refused) throw refused;
      if (!state.deferredReservation) return;
      state.deferredReservation = false;
      if (request.response && typeof request.response === 'object' && request.response.statusCode === 304) return;
      await reserveQuota(request);
    },
    onError: async (request) => {
      const state = request.internal;
      // a call whose quota write refused it (429) or failed answers that, whatever its handler did; one it accepted is refunded below
      const refused = await settleReservation(request);
      if (refused) {
        request.error = refused;
        return;
      }
      if (state.deferredReservation) {
        // a conditional GET that failed counts exactly as a plain GET would: only a 404 no_data uses quota
        state.deferredReservation = false;
        if (!refundable(request.error)) await reserveQuota(request).catch(() => undefined);
        return;
      }
      const slot = state.reservation;
      if (!slot || !refundable(request.error)) return;
      state.reservation = undefined;
      try {
        await refundCall(slot);
        state.mayBeCounted = false;
        const remaining = Number(state.headers['RateLimit-Remaining']);
        state.headers['RateLimit-Remaining'] = String(remaining + 1);
      } catch (error) {
        // the answer then says the call may have been counted (errorMapper), never that it was not
        logger.error('quota refund failed', { ...errorFacts(error) });
      }
    },
  };
}
