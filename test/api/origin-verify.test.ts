import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthCache } from '../../functions/platform/http/authenticate.js';
import {
  ORIGIN_VERIFY_ENV,
  ORIGIN_VERIFY_HEADER,
  VIEWER_ADDRESS_HEADER,
} from '../../functions/platform/http/origin-verify.js';
import { viewerAddress } from '../../functions/platform/http/viewer-address.js';
import { clearRateLimitCaches } from '../../functions/platform/http/rate-limit.js';
import { call, newTenant } from '../support/api.js';

// Behind `-c waf=true` the API answers only requests CloudFront forwarded (infra/edge.ts): the stack sets
// ORIGIN_VERIFY_SECRET on the API Lambdas and CloudFront adds the secret as x-origin-verify.

const SECRET = 'c2f9e0d41b7a4e53a8d6f1e2b3c4d5e6';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  clearRateLimitCaches();
  clearAuthCache();
});

const BAD_KEY = `sfk_live_${'a'.repeat(48)}`;

function pinToWindowStart() {
  const next = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(next);
}

describe('origin verification (behind CloudFront)', () => {
  it('without ORIGIN_VERIFY_SECRET (local server, no waf) nothing is checked', async () => {
    const t = await newTenant('No origin check');
    expect((await call('GET', '/products', { key: t.key })).status).toBe(200);
  });

  it('refuses a missing or wrong header with 403 forbidden before authentication; the right one passes', async () => {
    const t = await newTenant('Origin check');
    vi.stubEnv(ORIGIN_VERIFY_ENV, SECRET);
    const attempts: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'wrong' },
      { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` },
    ];
    for (const headers of attempts) {
      const refused = await call('GET', '/products', { key: t.key, headers });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: { code: 'forbidden', message: 'Requests must come through the API’s published URL' },
      });
      expect(refused.headers['x-request-id']).toBeTruthy();
      // Before authentication: no key at all is still 403, not 401.
      expect((await call('GET', '/products', { headers })).status).toBe(403);
    }
    const passed = await call('GET', '/products', {
      key: t.key,
      headers: { [ORIGIN_VERIFY_HEADER]: SECRET },
    });
    expect(passed.status).toBe(200);
    expect((await call('GET', '/products', { headers: { [ORIGIN_VERIFY_HEADER]: SECRET } })).status).toBe(
      401,
    );
  });

  it('failed logins are counted per viewer address when the origin is verified', async () => {
    vi.stubEnv(ORIGIN_VERIFY_ENV, SECRET);
    pinToWindowStart();
    // Every request from a different CloudFront edge address, all from one viewer.
    const viewer = (address: string) => ({
      [ORIGIN_VERIFY_HEADER]: SECRET,
      [VIEWER_ADDRESS_HEADER]: address,
    });
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await call('GET', '/products', { key: BAD_KEY, headers: viewer('[2001:db8:77::1]:443') })).status,
      ).toBe(401);
    }
    const throttled = await call('GET', '/products', { headers: viewer('2001:db8:77:0:0:0:0:1:51000') });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe('rate_limit_exceeded');
    expect((await call('GET', '/products', { headers: viewer('198.51.100.9:443') })).status).toBe(401);
  });

  it('ignores CloudFront-Viewer-Address without a verified origin: counted per source address', async () => {
    pinToWindowStart();
    const headers = { [VIEWER_ADDRESS_HEADER]: '198.51.100.10:443' };
    for (let i = 0; i < 21; i += 1) {
      expect((await call('GET', '/products', { key: BAD_KEY, headers })).status).toBe(401);
    }
  });
});

describe('viewerAddress', () => {
  it('reads ip:port, IPv6 bracketed or not, normalised; anything else is no address', () => {
    expect(viewerAddress('203.0.113.7:443')).toBe('203.0.113.7');
    expect(viewerAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(viewerAddress('2001:0db8:0:0:0:0:0:1:443')).toBe('2001:db8::1');
    expect(viewerAddress('[::ffff:203.0.113.7]:443')).toBe('203.0.113.7');
    for (const bad of [undefined, '', '203.0.113.7', 'example.com:443', ':443', '[2001:db8::1]']) {
      expect(viewerAddress(bad)).toBeUndefined();
    }
  });
});
