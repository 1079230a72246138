import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '../../functions/catalogue.js';
import { access, family, type Endpoint } from '../../functions/platform/catalogue/endpoint.js';
import {
  createApiKey,
  revokeApiKey,
  rotateApiKey,
} from '../../functions/areas/organisations/back-office/api-keys.js';
import {
  AUTH_CACHE_MS,
  AUTH_REFRESH_AHEAD_MS,
  clearAuthCache,
} from '../../functions/platform/http/authenticate.js';
import { countCalls } from '../../bench/rate-limit.js';
import type { Scope } from '../../domain/auth/scopes.js';
import { call, keyFor, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
const INVALID_KEY_BODY = JSON.stringify({
  error: { code: 'invalid_api_key', message: 'The API key is missing, invalid, revoked or expired' },
});

const protectedEndpoints = ENDPOINTS.filter((e) => !e.public);
// Endpoints a valid key reaches without scope or permission whatever the path (`keyOnly: 'always'`).
const scopedEndpoints = protectedEndpoints.filter((e) => e.keyOnly !== 'always');
const pathOf = (e: Endpoint) => e.path.replace(/\{\w+\}/g, 'someid');
const hit = (e: Endpoint, key?: string, headers: Record<string, string> = {}) =>
  call(e.method, pathOf(e), { key, headers, body: e.body ? {} : undefined });

beforeAll(async () => {
  t = await newTenant('Auth org');
});
afterEach(() => {
  vi.useRealTimers();
  clearAuthCache();
});

describe('the auth matrix, derived from the catalogue', () => {
  it.each(protectedEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: missing, unknown and malformed keys all get the same 401 body',
    async (_, endpoint) => {
      for (const key of [undefined, `sfk_live_${'0'.repeat(48)}`, 'garbage']) {
        const res = await hit(endpoint, key);
        expect(res.status).toBe(401);
        expect(res.raw).toBe(INVALID_KEY_BODY);
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
    },
  );

  it.each(
    scopedEndpoints.filter((e) => access(e) === 'write').map((e) => [`${e.method} ${e.path}`, e] as const),
  )('%s: a read-only key is 403 insufficient_scope', async (_, endpoint) => {
    for (const scopes of [['read'], [`${family(endpoint)}:read`]] as const) {
      const res = await hit(endpoint, await keyFor(t.orgId, [...scopes] as Scope[]));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
    }
  });

  it.each(scopedEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: a key scoped to another family is 403 insufficient_scope',
    async (_, endpoint) => {
      const elsewhere = family(endpoint) === 'webhooks' ? 'suppliers' : 'webhooks';
      const read = family(endpoint) === 'customers' ? 'products:read' : 'customers:read';
      const res = await hit(endpoint, await keyFor(t.orgId, [`${elsewhere}:write`, read]));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
    },
  );

  it.each(scopedEndpoints.filter((e) => e.permission).map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: a key without the named permission is 403 forbidden',
    async (_, endpoint) => {
      const res = await hit(endpoint, await keyFor(t.orgId, ['write'], []));
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'forbidden',
        message: `This API key lacks the ${endpoint.permission} permission`,
      });
    },
  );

  it.each(protectedEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: the family scope of the right access passes auth',
    async (_, endpoint) => {
      const res = await hit(endpoint, await keyFor(t.orgId, [`${family(endpoint)}:${access(endpoint)}`]));
      expect([401, 403]).not.toContain(res.status);
    },
  );
});

describe('keyOnly: a valid key alone suffices (design.md section 7), derived from the catalogue', () => {
  const keyOnly = protectedEndpoints.filter((e) => e.keyOnly !== 'never');

  it('is declared where section 7 says, and nowhere else', () => {
    expect(keyOnly.map((e) => `${e.keyOnly} ${e.method} ${e.path}`)).toEqual([
      'always GET /api-keys/current',
      'own-id POST /api-keys/{id}/rotate',
      'own-id DELETE /api-keys/{id}',
    ]);
  });

  it.each(keyOnly.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: a key with another family read scope and no permission passes auth on itself',
    async (_, endpoint) => {
      // Each run acts on a fresh key of its own (a revoke ends it).
      const own = await createApiKey({ orgId: t.orgId, scopes: ['customers:read'], permissions: [] });
      const path = endpoint.path.replace('{id}', own.id);
      const res = await call(endpoint.method, path, { key: own.key, body: endpoint.body ? {} : undefined });
      expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
    },
  );
});

describe('API keys', () => {
  it('accepts the key as a Bearer token or in X-API-Key; other schemes are 401', async () => {
    expect((await call('GET', '/products', { key: t.key })).status).toBe(200);
    expect((await call('GET', '/products', { headers: { 'X-API-Key': t.key } })).status).toBe(200);
    expect((await call('GET', '/products', { headers: { Authorization: `Basic ${t.key}` } })).status).toBe(
      401,
    );
  });

  it('global read and write scopes, and combined family scopes', async () => {
    const read = await keyFor(t.orgId, ['read']);
    expect((await call('GET', '/products', { key: read })).status).toBe(200);
    const combined = await keyFor(t.orgId, ['webhooks:read', 'products:write']);
    const created = await call('POST', '/products', { key: combined, body: { sku: 'SC-1', name: 'Scoped' } });
    expect(created.status).toBe(201);
  });

  it('a key with only some permissions gets exactly those', async () => {
    const key = await keyFor(t.orgId, ['write'], ['products.view']);
    expect((await call('GET', '/products', { key })).status).toBe(200);
    expect((await call('GET', '/categories', { key })).status).toBe(200);
  });

  it('an expired key is 401; one expiring later works', async () => {
    const expired = await createApiKey({
      orgId: t.orgId,
      scopes: ['read'],
      permissions: 'all',
      expiresAt: '2020-01-01T00:00:00.000Z',
    });
    const res = await call('GET', '/products', { key: expired.key });
    expect(res.status).toBe(401);
    expect(res.raw).toBe(INVALID_KEY_BODY);
    const later = await createApiKey({
      orgId: t.orgId,
      scopes: ['read'],
      permissions: 'all',
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    expect((await call('GET', '/products', { key: later.key })).status).toBe(200);
  });

  it('a revoked key is 401 within the cache window (under 10 s)', async () => {
    const created = await createApiKey({ orgId: t.orgId, scopes: ['read'], permissions: 'all' });
    expect((await call('GET', '/products', { key: created.key })).status).toBe(200);
    await revokeApiKey({ orgId: t.orgId, keyId: created.id });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_100);
    const res = await call('GET', '/products', { key: created.key });
    expect(res.status).toBe(401);
    expect(res.raw).toBe(INVALID_KEY_BODY);
  });

  it('rotation: both tokens work during the grace window with the same scopes, then only the new one', async () => {
    const created = await createApiKey({ orgId: t.orgId, scopes: ['products:read'], permissions: 'all' });
    const rotated = await rotateApiKey({ orgId: t.orgId, keyId: created.id, graceHours: 24 });
    expect(rotated.key).not.toBe(created.key);
    expect(Date.parse(rotated.previousValidUntil) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    for (const key of [created.key, rotated.key]) {
      expect((await call('GET', '/products', { key })).status).toBe(200);
      expect((await call('POST', '/products', { key, body: { sku: 'R', name: 'R' } })).status).toBe(403);
    }
    clearAuthCache();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 3_600_000 + 60_000);
    expect((await call('GET', '/products', { key: created.key })).status).toBe(401);
    expect((await call('GET', '/products', { key: rotated.key })).status).toBe(200);
  });

  it('revoking a rotated key also revokes the token in its grace window', async () => {
    const created = await createApiKey({ orgId: t.orgId, scopes: ['read'], permissions: 'all' });
    const rotated = await rotateApiKey({ orgId: t.orgId, keyId: created.id });
    await revokeApiKey({ orgId: t.orgId, keyId: created.id });
    expect((await call('GET', '/products', { key: created.key })).status).toBe(401);
    expect((await call('GET', '/products', { key: rotated.key })).status).toBe(401);
  });
});

describe('key lookups under concurrency (issue 29 item 5)', () => {
  it('requests of a key not cached yet share one lookup', async () => {
    const created = await createApiKey({ orgId: t.orgId, scopes: ['read'], permissions: 'all' });
    const { counts, stop } = countCalls();
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call('GET', '/categories', { key: created.key })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(counts.auth).toBe(1);
    } finally {
      stop();
    }
  });

  it('a cached key near its expiry is read again beside a request, and a revocation still takes effect in time', async () => {
    const created = await createApiKey({ orgId: t.orgId, scopes: ['read'], permissions: 'all' });
    const start = Date.now();
    expect((await call('GET', '/categories', { key: created.key })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    const { counts, stop } = countCalls();
    try {
      vi.setSystemTime(start + AUTH_REFRESH_AHEAD_MS - 500);
      expect((await call('GET', '/categories', { key: created.key })).status).toBe(200);
      expect(counts.auth).toBe(0);
      vi.setSystemTime(start + AUTH_REFRESH_AHEAD_MS + 100);
      const [first, second] = await Promise.all([
        call('GET', '/categories', { key: created.key }),
        call('GET', '/categories', { key: created.key }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(counts.auth).toBe(1);
      await revokeApiKey({ orgId: t.orgId, keyId: created.id });
      // The refreshed entry counts from its read's start, which came before the revocation.
      vi.setSystemTime(start + AUTH_REFRESH_AHEAD_MS + 100 + AUTH_CACHE_MS + 100);
      const refused = await call('GET', '/categories', { key: created.key });
      expect(refused.status).toBe(401);
      expect(refused.raw).toBe(INVALID_KEY_BODY);
    } finally {
      stop();
    }
  });
});
