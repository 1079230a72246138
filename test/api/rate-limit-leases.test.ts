import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthCache } from '../../functions/platform/http/authenticate.js';
import { clearRateLimitCaches } from '../../functions/platform/http/rate-limit.js';
import { setOrganisationLimits } from '../../functions/platform/access/rate-limits.js';
import { RateLimiter } from '../../functions/platform/access/rate-limiter.js';
import { admits, burst, countCalls, steady, totalCalls } from '../../bench/rate-limit.js';
import { call, newTenant } from '../support/api.js';

afterEach(() => {
  vi.useRealTimers();
  clearRateLimitCaches();
  clearAuthCache();
});

/** Pins the clock a second into a fresh minute so a run never straddles two windows. */
function pinToWindowStart(): number {
  const next = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(next);
  return next / 1000 - 1 + 60;
}

const SPEC = { perKey: 120, perOrg: 600 };

describe('refusals cost no data reads', () => {
  it('over the limit a GET is refused by the container without any DynamoDB call, as the spec words the 429', async () => {
    const t = await newTenant('Refusal reads org');
    await setOrganisationLimits(t.orgId, { perKey: 20, perOrg: 1_000 });
    const reset = pinToWindowStart();
    for (let i = 0; i < 20; i += 1) expect((await call('GET', '/products', { key: t.key })).status).toBe(200);
    const { counts, stop } = countCalls();
    try {
      for (let i = 0; i < 10; i += 1) {
        const refused = await call('GET', '/products', { key: t.key });
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe('rate_limit_exceeded');
        expect(refused.body.error.message).toBe('Rate limit of 20 requests per minute exceeded');
        expect(refused.headers['retry-after']).toBe('59');
        expect(refused.headers['x-ratelimit-limit']).toBe('20');
        expect(refused.headers['x-ratelimit-remaining']).toBe('0');
        expect(refused.headers['x-ratelimit-reset']).toBe(String(reset));
      }
      // The first refusal included: this container leased the last slot, so it knew the counter full.
      expect(counts).toEqual({ counterWrite: 0, limiterRead: 0, auth: 0, data: 0 });
    } finally {
      stop();
    }
  });

  it('a container that learns of a full counter from its lease write refuses the rest of the window without I/O', async () => {
    const t = await newTenant('Other container org');
    await setOrganisationLimits(t.orgId, { perKey: 30, perOrg: 1_000 });
    pinToWindowStart();
    expect((await call('GET', '/products', { key: t.key })).status).toBe(200);
    // Another container spends the rest of the key's window.
    const other = new RateLimiter();
    const who = { orgId: t.orgId, keyId: t.keyId };
    const elsewhere = await Promise.all(Array.from({ length: 40 }, () => admits(other, who, new Date())));
    expect(elsewhere.filter(Boolean).length).toBeLessThanOrEqual(29);
    const { counts, reset, stop } = countCalls();
    try {
      // This container's leased slots are still its own to spend; then its lease write finds the counter
      // full (the one refusal that may have overlapped a read), and the rest cost nothing.
      let status = 200;
      while (status === 200) status = (await call('GET', '/products', { key: t.key })).status;
      expect(status).toBe(429);
      expect(counts.counterWrite).toBeGreaterThanOrEqual(1);
      reset();
      for (let i = 0; i < 10; i += 1)
        expect((await call('GET', '/products', { key: t.key })).status).toBe(429);
      expect(totalCalls(counts)).toBe(0);
    } finally {
      stop();
    }
  });

  it('a refused write has no effect and costs no read either', async () => {
    const t = await newTenant('Refused write org');
    await setOrganisationLimits(t.orgId, { perKey: 2, perOrg: 1_000 });
    pinToWindowStart();
    const body = (sku: string) => ({ sku, name: sku });
    expect((await call('POST', '/products', { key: t.key, body: body('RW1') })).status).toBe(201);
    expect((await call('POST', '/products', { key: t.key, body: body('RW2') })).status).toBe(201);
    const { counts, stop } = countCalls();
    try {
      expect((await call('POST', '/products', { key: t.key, body: body('RW3') })).status).toBe(429);
      expect(totalCalls(counts)).toBe(0);
    } finally {
      stop();
    }
  });
});

describe('leased slots across containers', () => {
  it('a burst on one key across five containers admits at most its limit + 10%', async () => {
    const { counts, stop } = countCalls();
    const result = await burst({ limits: SPEC, containers: 5, perContainer: 50, keys: 1, of: 'perKey' });
    stop();
    expect(result.admitted).toBeLessThanOrEqual(132);
    // Leases are granted only out of what the counter has left: in fact exactly the limit.
    expect(result.admitted).toBe(120);
    // Each container reads the organisation's limits once (plus the read-back of setting them), and
    // leases for the requests queued behind a write at once.
    expect(counts.limiterRead).toBeLessThanOrEqual(6);
    expect(counts.counterWrite).toBeLessThanOrEqual(20);
  });

  it('a burst over many keys across five containers admits at most the organisation limit + 10%', async () => {
    const result = await burst({
      limits: { perKey: 10_000, perOrg: 600 },
      containers: 5,
      perContainer: 160,
      keys: 4,
      of: 'perOrg',
    });
    expect(result.admitted).toBeLessThanOrEqual(660);
    expect(result.admitted).toBeGreaterThanOrEqual(540);
  });

  it('steady traffic pays at most 0.25 counter writes per admitted request', async () => {
    const result = await steady({ limits: SPEC, containers: 3, keys: 2, share: 0.75 });
    expect(result.admitted).toBe(result.requests);
    expect(result.writesPerAdmitted).toBeLessThanOrEqual(0.25);
    expect(result.counterWrites).toBeGreaterThan(0);
  });
});
