import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthCache } from '../../functions/platform/http/authenticate.js';
import { clearRateLimitCaches } from '../../functions/platform/http/rate-limit.js';
import { resetDbClient } from '../../functions/platform/dynamo/client.js';
import { setOrganisationLimits } from '../../functions/platform/access/rate-limits.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, keyFor, newTenant } from '../support/api.js';

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

describe('rate limits', () => {
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
