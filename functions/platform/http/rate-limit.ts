import type middy from '@middy/core';
import { ApiError, serviceUnavailable } from '../../../domain/errors.js';
import {
  decide,
  rateLimitHeaders,
  windowOf,
  type Limits,
  type RateDecision,
} from '../../../domain/limits/rate-limits.js';
import { access } from '../catalogue/endpoint.js';
import { loadOrganisationLimits, takeRateLimitSlots } from '../access/rate-limits.js';
import { logger } from '../observability/logger.js';
import { peekState, stateOf, type PipelineState } from './state.js';
import type { ApiEvent, ApiResult, AuthContext } from './types.js';

/** Organisation limits change rarely (back office); a minute's staleness is fine. */
const LIMITS_CACHE_MS = 60_000;
const limitsCache = new Map<string, { limits: Limits; at: number }>();
/** Counters this container has seen full in the current window: later requests are refused without I/O. */
const exhausted = new Map<string, number>();

export const clearRateLimitCaches = (): void => {
  limitsCache.clear();
  exhausted.clear();
};

async function limitsFor(orgId: string, now: number): Promise<Limits> {
  const hit = limitsCache.get(orgId);
  if (hit && now - hit.at < LIMITS_CACHE_MS) return hit.limits;
  const limits = await loadOrganisationLimits(orgId);
  if (limitsCache.size > 10_000) limitsCache.clear();
  limitsCache.set(orgId, { limits, at: now });
  return limits;
}

async function consume(auth: AuthContext, now: Date): Promise<RateDecision> {
  const { start, reset } = windowOf(now);
  const limits = await limitsFor(auth.orgId, now.getTime());
  const keyId = `K#${auth.keyId}`;
  const orgId = `O#${auth.orgId}`;
  if (exhausted.get(keyId) === start || exhausted.get(orgId) === start) {
    const limit = exhausted.get(keyId) === start ? limits.perKey : limits.perOrg;
    return { admitted: false, limit, remaining: 0, reset };
  }
  const { key, org } = await takeRateLimitSlots(auth.orgId, auth.keyId, limits, start);
  if (exhausted.size > 10_000) exhausted.clear();
  if (!key.admitted) exhausted.set(keyId, start);
  if (!org.admitted) exhausted.set(orgId, start);
  return decide(key, org, reset);
}

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
 * 120 requests a minute per key and 600 per organisation (or the organisation's own limits). For reads
 * the counter write runs alongside the data access and is awaited before responding; a write is only
 * attempted once admitted, so a refused request never has an effect.
 */
export const rateLimit = (): middy.MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    const state = stateOf(request);
    if (state.endpoint.public) return;
    const pending = consume(state.auth!, state.now).catch((error: unknown) => {
      logger.error('rate limiter unavailable', { error, requestId: state.requestId });
      throw serviceUnavailable();
    });
    // Settled later (after/onError); until then a rejection must not count as unhandled.
    pending.catch(() => undefined);
    state.rateLimit = pending;
    if (access(state.endpoint) === 'write') await settle(state);
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
