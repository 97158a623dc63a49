import { StoreUnavailableError } from '../../store/dynamo';
import { countInWindow, refundCall, releaseCall, reserveCall, type CallSlot } from '../../store/usage';
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

/** How long a call the quota refuses may wait for running calls near the boundary that may give a unit back (usage.ts reserveCall). */
const HOLD_WAIT_MS = 3000;
/** The part of its own run time a waiting call keeps for answering. */
const ANSWER_RESERVE_MS = 1000;

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
 * day's per-API usage (both in the month item, which holds only the latest day's counts: usage.ts), before
 * anything that writes or reaches the internet runs; a call that then fails is refunded (at most once:
 * usage.ts refundCall). HEAD and conditional GETs are reserved like the GET they
 * stand for (CONTRACT: a 304 counts). Where runsBesideQuota allows, the handler runs beside that write: its
 * answer waits for the write and is dropped when the quota was used up (429), and a failure waits for it
 * too before the refund. Rate-limited endpoints count a per-minute window instead, for every call. Either
 * way the RateLimit-* headers describe what is left.
 */
export function meter(definition: EndpointDefinition): PipelineMiddleware {
  const beside = runsBesideQuota(definition);

  const reserveQuota = async (request: PipelineRequest) => {
    const state = request.internal;
    const account = state.account!;
    const period = billingPeriod(account.createdOn, state.now);
    const quota = account.quotaOverride ?? MONTHLY_QUOTA[account.tier];
    const slot: CallSlot = { account: account.keyHash, periodStart: period.start, day: utcDate(state.now), api: definition.path };
    const setRemaining = (used: number) => {
      state.headers = { ...state.headers, ...rateLimitHeaders(quota, quota - used, period.secondsToReset) };
    };
    const endsBy = Date.now() + request.context.getRemainingTimeInMillis();
    const timing = { endsBy, waitUntil: Math.min(Date.now() + HOLD_WAIT_MS, endsBy - ANSWER_RESERVE_MS) };
    // a write that fails may still have been applied: until it answers, the call may be counted
    state.mayBeCounted = true;
    const outcome = await reserveCall(slot, quota, state.now, timing).catch((error: unknown) => {
      // no attempt reached the store (refused before it was sent, or throttled): nothing can have been counted
      if (error instanceof StoreUnavailableError && !error.mayHaveApplied) state.mayBeCounted = false;
      throw error;
    });
    if (outcome.kind === 'refused') {
      state.mayBeCounted = false;
      setRemaining(quota);
      // while a running call may still give a unit back, the retry is worth making once it has ended
      const retryAfter = outcome.holdsEndBy === undefined ? period.secondsToReset : Math.max(1, Math.ceil((outcome.holdsEndBy - Date.now()) / 1000));
      throw new QuotaExceededError(retryAfter, period.reset);
    }
    setRemaining(outcome.used);
    state.reservation = outcome.reservation;
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

  /** the call ended and keeps its unit: a call reserved near the quota stops holding it */
  const release = async (request: PipelineRequest) => {
    const reservation = request.internal.reservation;
    request.internal.reservation = undefined;
    if (!reservation) return;
    // left in place, the listing is void once the call's time is up (usage.ts)
    await releaseCall(reservation).catch((error: unknown) => logger.warn('quota hold not released', { ...errorFacts(error) }));
  };

  return {
    before: async (request) => {
      if (!request.internal.account) return;
      if (definition.metering === 'rateLimit') await limitRate(request);
      if (definition.metering !== 'quota') return;
      if (beside) request.internal.pendingReservation = reserveQuota(request).then(() => undefined, (error: Error) => error);
      else await reserveQuota(request);
    },
    after: async (request) => {
      const refused = await settleReservation(request);
      if (refused) throw refused;
      await release(request);
    },
    onError: async (request) => {
      const state = request.internal;
      // a call whose quota write refused it (429) or failed answers that, whatever its handler did; one it accepted is refunded below
      const refused = await settleReservation(request);
      if (refused) {
        request.error = refused;
        return;
      }
      if (!refundable(request.error)) return release(request);
      const reservation = state.reservation;
      if (!reservation) return;
      state.reservation = undefined;
      try {
        await refundCall(reservation);
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
