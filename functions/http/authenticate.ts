import type middy from '@middy/core';
import { ApiError } from '../../domain/errors.js';
import { findTokenByHash, hashApiKey, tokenIsLive, type ApiKeyToken } from '../store/api-keys.js';
import type { ApiEvent } from './types.js';
import { stateOf } from './state.js';

/** Revocation must take effect within 10 s; a 5 s cache keeps that with margin and saves a read per call. */
export const AUTH_CACHE_MS = 5_000;
const CACHE_LIMIT = 5_000;
const cache = new Map<string, { token: ApiKeyToken | null; at: number }>();

export const clearAuthCache = (): void => cache.clear();

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

async function lookUp(hash: string, now: number): Promise<ApiKeyToken | null> {
  const hit = cache.get(hash);
  if (hit && now - hit.at < AUTH_CACHE_MS) return hit.token;
  const token = await findTokenByHash(hash);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(hash, { token, at: now });
  return token;
}

export const authenticate = (): middy.MiddlewareObj<ApiEvent> => ({
  before: async (request) => {
    const state = stateOf(request);
    if (state.endpoint.public) return;
    const key = presentedKey(request.event.headers);
    if (!key) throw invalidApiKey();
    const token = await lookUp(hashApiKey(key), state.now.getTime());
    if (!token || !tokenIsLive(token, state.now)) throw invalidApiKey();
    state.auth = {
      orgId: token.orgId,
      keyId: token.keyId,
      keyName: token.name,
      scopes: token.scopes,
      permissions: token.permissions,
    };
  },
});
