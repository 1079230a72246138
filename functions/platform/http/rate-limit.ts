import type middy from '@middy/core';
import { ApiError, serviceUnavailable } from '../../../domain/errors.js';
import { rateLimitHeaders, type RateDecision } from '../../../domain/limits/rate-limits.js';
import { access } from '../catalogue/endpoint.js';
import { RateLimiter } from '../access/rate-limiter.js';
import { logger } from '../observability/logger.js';
import { peekState, stateOf, type PipelineState } from './state.js';
import type { ApiEvent, ApiResult } from './types.js';

/** This container's limiter: its leases and what it knows of full counters live as long as it does. */
const limiter = new RateLimiter();

export const clearRateLimitCaches = (): void => {
  limiter.clear();
};

/** Applies the decision: headers on every authenticated response, 429 past the limit. */
async function settle(state: PipelineState): Promise<void> {
  const decision = await state.rateLimit!;
  Object.assign(state.responseHeaders, rateLimitHeaders(decision));
  if (!decision.admitted) {
    const retryAfter = Math.max(1, decision.reset - Math.floor(state.now.getTime() / 1000));
    throw new ApiError(
      'rate_limit_exceeded',
      `Rate limit of ${decision.limit} requests per minute exceeded`,
      {
        headers: { 'Retry-After': String(retryAfter) },
      },
    );
  }
}

/**
 * 120 requests a minute per key and 600 per organisation (or the organisation's own limits). Most
 * requests are decided from the container's leased slots before anything else runs, with no I/O; a
 * counter this container has seen full refuses the rest of its window the same way. When a lease must be
 * written, a write waits for it (a refused request never has an effect), and so does a read unless the
 * container expects to admit it: then the lease write runs alongside the data access and is awaited
 * before responding.
 */
export const rateLimit = (): middy.MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    const state = stateOf(request);
    if (state.endpoint.public) return;
    const check = limiter.check(state.auth!, state.now);
    if ('decision' in check) {
      state.rateLimit = Promise.resolve<RateDecision>(check.decision);
      await settle(state);
      return;
    }
    const pending = check.pending.catch((error: unknown) => {
      logger.error('rate limiter unavailable', { error, requestId: state.requestId });
      throw serviceUnavailable();
    });
    // Settled later (after/onError); until then a rejection must not count as unhandled.
    pending.catch(() => undefined);
    state.rateLimit = pending;
    if (access(state.endpoint) === 'write' || !check.overlap) await settle(state);
  },
  after: async (request) => {
    const state = stateOf(request);
    if (state.rateLimit) await settle(state);
  },
  onError: async (request) => {
    const state = peekState(request);
    if (!state?.rateLimit) return;
    try {
      await settle(state as PipelineState);
    } catch (error) {
      // Over the limit (or the limiter down) outranks whatever the operation answered.
      request.error = error as Error;
    }
  },
});
