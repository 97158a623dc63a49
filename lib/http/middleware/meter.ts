import { countInWindow, refundCall, reserveCall } from '../../store/usage';
import type { EndpointDefinition } from '../definition';
import { NoDataError, QuotaExceededError, RateLimitedError } from '../errors';
import { billingPeriod, MONTHLY_QUOTA } from '../plans';
import { utcDate } from '../../time/calendarDate';
import { logger } from '../observability';
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
 * Quota: one atomic conditional update reserves the call against the billing month and counts it in the
 * day's per-API usage; a call that then fails is refunded. Rate-limited endpoints count a per-minute
 * window instead. Either way the RateLimit-* headers describe what is left.
 */
export function meter(definition: EndpointDefinition): PipelineMiddleware {
  const reserveQuota = async (request: PipelineRequest) => {
    const state = request.internal;
    const account = state.account!;
    const period = billingPeriod(account.createdOn, state.now);
    const quota = account.quotaOverride ?? MONTHLY_QUOTA[account.tier];
    const slot = { account: account.keyHash, periodStart: period.start, day: utcDate(state.now), api: definition.path };
    const used = await reserveCall(slot, quota, state.now);
    state.headers = { ...state.headers, ...rateLimitHeaders(quota, quota - (used ?? quota), period.secondsToReset) };
    if (used === undefined) throw new QuotaExceededError(period.secondsToReset, period.reset);
    state.reservation = slot;
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

  return {
    before: async (request) => {
      if (!request.internal.account) return;
      if (definition.metering === 'quota') await reserveQuota(request);
      if (definition.metering === 'rateLimit') await limitRate(request);
    },
    onError: async (request) => {
      const state = request.internal;
      const slot = state.reservation;
      if (!slot || !refundable(request.error)) return;
      state.reservation = undefined;
      try {
        await refundCall(slot);
        const remaining = Number(state.headers['RateLimit-Remaining']);
        state.headers['RateLimit-Remaining'] = String(remaining + 1);
      } catch (error) {
        logger.error('quota refund failed', { error_name: (error as Error).name });
      }
    },
  };
}
