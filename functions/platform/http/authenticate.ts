import type middy from '@middy/core';
import { ApiError, serviceUnavailable } from '../../../domain/errors.js';
import { AUTH_FAILURES_PER_MINUTE, windowOf } from '../../../domain/limits/rate-limits.js';
import { findTokenByHash, hashApiKey, tokenIsLive, type ApiKeyToken } from '../access/api-keys.js';
import { countAuthFailure } from '../access/rate-limits.js';
import type { ApiEvent } from './types.js';
import { stateOf } from './state.js';
import { logger } from '../observability/logger.js';

/** Revocation must take effect within 10 s; a 5 s cache keeps that with margin and saves a read per call. */
export const AUTH_CACHE_MS = 5_000;
const CACHE_LIMIT = 5_000;
const cache = new Map<string, { token: ApiKeyToken | null; at: number }>();

export const clearAuthCache = (): void => {
  cache.clear();
  reading.clear();
  throttledSources.clear();
};

/** One body for missing, unknown, revoked and expired keys, so a caller learns nothing from the difference. */
export const invalidApiKey = (): ApiError =>
  new ApiError('invalid_api_key', 'The API key is missing, invalid, revoked or expired', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });

function presentedKey(headers: ApiEvent['headers']): string | null {
  const authorization = headers['authorization'];
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? null;
  }
  return headers['x-api-key']?.trim() || null;
}

/**
 * A cached token this old is read again by the first request that sees it, beside its own work, so a key
 * in steady use never waits for its lookup: before, every request of a busy container arriving in the
 * round trip after expiry made its own sequential read (a 20-40 request herd every 5 s at 50 connections).
 */
export const AUTH_REFRESH_AHEAD_MS = 4_000;
/** One read per token at a time: the requests arriving meanwhile share it. */
const reading = new Map<string, Promise<ApiKeyToken | null>>();

/** Reads the token and caches it as of the read's start (conservative for revocation). */
function read(hash: string, now: number): Promise<ApiKeyToken | null> {
  const pending = reading.get(hash);
  if (pending) return pending;
  const started = findTokenByHash(hash).then((token) => {
    // A cache cleared meanwhile (tests, a full cache) does not take a read it no longer waits for.
    if (reading.get(hash) !== started) return token;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(hash, { token, at: now });
    return token;
  });
  reading.set(hash, started);
  const done = () => {
    if (reading.get(hash) === started) reading.delete(hash);
  };
  started.then(done, done);
  return started;
}

async function lookUp(hash: string, now: number): Promise<ApiKeyToken | null> {
  const hit = cache.get(hash);
  if (hit && now - hit.at < AUTH_CACHE_MS) {
    // A failed refresh costs nothing: the cached token serves until it expires, then a read is awaited.
    if (now - hit.at >= AUTH_REFRESH_AHEAD_MS) read(hash, now).catch(() => undefined);
    return hit.token;
  }
  return read(hash, now);
}

const throttledSources = new Map<string, number>();

/**
 * A failed authentication answers 401, or 429 once its source address has failed more than the threshold
 * in the current minute. Requests with a valid key never reach this, so they are never throttled.
 */
async function rejectAuthentication(sourceIp: string, now: Date): Promise<never> {
  const { start, reset } = windowOf(now);
  const throttled = () =>
    new ApiError('rate_limit_exceeded', 'Too many failed authentication attempts from this address', {
      headers: { 'Retry-After': String(Math.max(1, reset - Math.floor(now.getTime() / 1000))) },
    });
  if (throttledSources.get(sourceIp) === start) throw throttled();
  let failures: number;
  try {
    failures = await countAuthFailure(sourceIp, start);
  } catch {
    // Counting is protection, not a gate: if it cannot be done the caller still only learns 401.
    throw invalidApiKey();
  }
  if (failures > AUTH_FAILURES_PER_MINUTE) {
    if (throttledSources.size > 10_000) throttledSources.clear();
    throttledSources.set(sourceIp, start);
    throw throttled();
  }
  throw invalidApiKey();
}

export const authenticate = (): middy.MiddlewareObj<ApiEvent> => ({
  before: async (request) => {
    const state = stateOf(request);
    if (state.endpoint.public) return;
    const sourceIp = state.clientIp ?? request.event.requestContext?.http?.sourceIp ?? 'unknown';
    const key = presentedKey(request.event.headers);
    if (!key) return rejectAuthentication(sourceIp, state.now);
    let token: ApiKeyToken | null;
    try {
      token = await lookUp(hashApiKey(key), state.now.getTime());
    } catch (error) {
      logger.error('key store unavailable', { error });
      throw serviceUnavailable();
    }
    if (!token || !tokenIsLive(token, state.now)) return rejectAuthentication(sourceIp, state.now);
    state.auth = {
      orgId: token.orgId,
      keyId: token.keyId,
      keyName: token.name,
      scopes: token.scopes,
      permissions: token.permissions,
    };
  },
});
