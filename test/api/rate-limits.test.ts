import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthCache } from '../../functions/platform/http/authenticate.js';
import { clearRateLimitCaches } from '../../functions/platform/http/rate-limit.js';
import { resetDbClient } from '../../functions/platform/dynamo/client.js';
import { setOrganisationLimits } from '../../functions/platform/access/rate-limits.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { ENDPOINTS } from '../../functions/catalogue.js';
import { buildOpenApi } from '../../functions/platform/openapi/build.js';
import { call, keyFor, newTenant, type Response } from '../support/api.js';

afterEach(() => {
  vi.useRealTimers();
  clearRateLimitCaches();
  clearAuthCache();
});

/** Pins the clock a second into a fresh minute so a burst never straddles two windows. */
function pinToWindowStart() {
  const next = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(next);
  return next / 1000 - 1 + 60;
}

const doc = buildOpenApi(ENDPOINTS) as any;
const RATE_LIMIT = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** The rate-limit headers a documented response declares, with whether each is required. */
function declaredRateLimit(method: string, path: string, status: number): Record<string, boolean> {
  let response = doc.paths[path][method.toLowerCase()].responses[String(status)];
  if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop()];
  const declared: Record<string, boolean> = {};
  for (const name of RATE_LIMIT) {
    let header = response.headers?.[name];
    if (header?.$ref) header = doc.components.headers[header.$ref.split('/').pop()];
    if (header) declared[name] = header.required === true;
  }
  return declared;
}

describe('rate limits', () => {
  it('X-RateLimit headers are declared required exactly where every real response carries them', async () => {
    const t = await newTenant('Declared headers org');
    const reader = await keyFor(t.orgId, ['read']);
    const sku = `RL-${Date.now()}`;
    const created = await call('POST', '/products', { key: t.key, body: { sku, name: sku } });
    const id = created.body.id as string;
    const got = await call('GET', `/products/${id}`, { key: t.key });
    const cases: [string, string, Response][] = [
      ['GET', '/categories', await call('GET', '/categories', { key: t.key })],
      ['POST', '/products', created],
      ['GET', '/products/{id}', got],
      [
        'GET',
        '/products/{id}',
        await call('GET', `/products/${id}`, { key: t.key, headers: { 'if-none-match': got.headers.etag! } }),
      ],
      ['POST', '/products', await call('POST', '/products', { key: t.key, body: {} })],
      ['POST', '/products', await call('POST', '/products', { key: t.key, rawBody: '{' })],
      ['GET', '/categories', await call('GET', '/categories')],
      ['POST', '/products', await call('POST', '/products', { key: reader, body: { sku: 'x', name: 'x' } })],
      ['GET', '/products/{id}', await call('GET', '/products/nope', { key: t.key })],
      ['POST', '/products', await call('POST', '/products', { key: t.key, body: { sku, name: `${sku} 2` } })],
      [
        'PUT',
        '/products/{id}',
        await call('PUT', `/products/${id}`, { key: t.key, body: {}, headers: { 'if-match': '"v0-stale"' } }),
      ],
      [
        'POST',
        '/products',
        await call('POST', '/products', {
          key: t.key,
          rawBody: JSON.stringify({ notes: 'x'.repeat(200_000) }),
        }),
      ],
      [
        'POST',
        '/sales-orders',
        await call('POST', '/sales-orders', {
          key: t.key,
          body: { customerId: 'nope', lines: [{ productId: id, quantity: 1, unitPrice: 1 }] },
        }),
      ],
    ];
    expect(cases.map(([, , res]) => res.status)).toEqual([
      200, 201, 200, 304, 400, 400, 401, 403, 404, 409, 412, 413, 422,
    ]);
    const requiredAt = new Set<number>();
    for (const [method, path, res] of cases) {
      const declared = declaredRateLimit(method, path, res.status);
      const label = `${method} ${path} ${res.status}`;
      for (const name of RATE_LIMIT) {
        const sent = res.headers[name.toLowerCase()] !== undefined;
        // Whatever is sent is declared, and whatever is declared required is sent.
        if (sent) expect(name in declared, label).toBe(true);
        if (declared[name]) expect(sent, label).toBe(true);
      }
      if (Object.values(declared).every(Boolean) && Object.keys(declared).length === 3)
        requiredAt.add(res.status);
    }
    expect([...requiredAt].sort((a, b) => a - b)).toEqual([200, 201, 304, 403, 404, 409, 412, 422]);
    // Before authentication: none sent, none declared.
    expect(declaredRateLimit('GET', '/categories', 401)).toEqual({});
    expect(declaredRateLimit('POST', '/products', 413)).toEqual({});
    // The 400 may come before authentication (malformed JSON) or after (a field rule): optional.
    expect(declaredRateLimit('POST', '/products', 400)).toEqual({
      'X-RateLimit-Limit': false,
      'X-RateLimit-Remaining': false,
      'X-RateLimit-Reset': false,
    });
  });

  it('puts X-RateLimit headers on every authenticated response, counting down', async () => {
    const t = await newTenant('Headers org', { defaultLimits: true });
    const reset = pinToWindowStart();
    const first = await call('GET', '/categories', { key: t.key });
    const second = await call('GET', '/products/nope', { key: t.key });
    expect(first.headers['x-ratelimit-limit']).toBe('120');
    expect(first.headers['x-ratelimit-remaining']).toBe('119');
    expect(first.headers['x-ratelimit-reset']).toBe(String(reset));
    expect(second.status).toBe(404);
    expect(second.headers['x-ratelimit-remaining']).toBe('118');
    const anonymous = await call('GET', '/categories');
    expect(anonymous.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('a burst of 120 + 5 requests on one key admits exactly 120; the rest get 429 with Retry-After', async () => {
    const t = await newTenant('Burst org', { defaultLimits: true });
    pinToWindowStart();
    const results = await Promise.all(
      Array.from({ length: 125 }, () => call('GET', '/categories', { key: t.key })),
    );
    const refused = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200)).toHaveLength(120);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error.code).toBe('rate_limit_exceeded');
    expect(refused[0]!.headers['retry-after']).toBe('59');
    expect(refused[0]!.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('the organisation limit spans its keys', async () => {
    const t = await newTenant('Org limit org');
    await setOrganisationLimits(t.orgId, { perKey: 10, perOrg: 15 });
    pinToWindowStart();
    const other = await keyFor(t.orgId, ['read']);
    const a = await Promise.all(Array.from({ length: 12 }, () => call('GET', '/categories', { key: t.key })));
    const b = await Promise.all(Array.from({ length: 10 }, () => call('GET', '/categories', { key: other })));
    expect(a.filter((r) => r.status === 200)).toHaveLength(10);
    expect(b.filter((r) => r.status === 200)).toHaveLength(5);
    expect(b.find((r) => r.status === 429)!.headers['x-ratelimit-limit']).toBe('15');
  });

  it('a refused write has no effect', async () => {
    const t = await newTenant('Write org');
    await setOrganisationLimits(t.orgId, { perKey: 3, perOrg: 100 });
    pinToWindowStart();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/products', { key: t.key, body: { sku: `W${i}`, name: `W${i}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    vi.setSystemTime(Date.now() + 60_000);
    const listed = await call('GET', '/products', { key: t.key });
    expect(listed.body.pagination.total).toBe(3);
  });

  it("answers 503 service_unavailable with Retry-After: 30 when the limiter's store is unreachable", async () => {
    const t = await newTenant('Outage org');
    // Limits this small lease one slot per write, so every request here writes its counters; a container
    // holding leased slots answers without the store (test/api/rate-limit-leases.test.ts).
    await setOrganisationLimits(t.orgId, { perKey: 5, perOrg: 5 });
    expect((await call('GET', '/categories', { key: t.key })).status).toBe(200);
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:9';
    resetDbClient();
    try {
      const res = await call('GET', '/categories', { key: t.key });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('service_unavailable');
      expect(res.headers['retry-after']).toBe('30');
    } finally {
      process.env.DYNAMODB_ENDPOINT = endpoint;
      resetDbClient();
    }
    expect((await call('GET', '/categories', { key: t.key })).status).toBe(200);
  });

  it('org set-limits in the back office', async () => {
    const t = await newTenant('CLI limits org');
    const result = await runAdmin(['org', 'set-limits', '--org', t.orgId, '--per-key', '50']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: t.orgId, rateLimits: { perKey: 50, perOrg: 100_000 } });
    expect((await runAdmin(['org', 'set-limits', '--org', t.orgId, '--per-org', 'lots'])).code).toBe(2);
  });
});

describe('failed-authentication throttling', () => {
  it('throttles an address after 20 failures a minute with 429 and Retry-After; valid keys still pass', async () => {
    const t = await newTenant('Throttle org');
    pinToWindowStart();
    const sourceIp = '203.0.113.77';
    for (let i = 0; i < 20; i += 1) {
      expect((await call('GET', '/products', { key: `sfk_live_${'a'.repeat(48)}`, sourceIp })).status).toBe(
        401,
      );
    }
    const throttled = await call('GET', '/products', { sourceIp });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe('rate_limit_exceeded');
    expect(throttled.headers['retry-after']).toBe('59');
    expect((await call('GET', '/products', { key: t.key, sourceIp })).status).toBe(200);
    expect((await call('GET', '/products', { sourceIp: '203.0.113.78' })).status).toBe(401);
  });
});
