import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { afterAttempt, deliveryIdFor, newDelivery } from '../../../domain/webhooks/delivery.js';
import {
  afterFailure,
  hopDelay,
  parseRetryDelays,
  DEFAULT_RETRY_DELAYS_SECONDS,
} from '../../../domain/webhooks/retry-schedule.js';
import { secretPrefixOf, signature } from '../../../domain/webhooks/signature.js';
import { newSecret } from '../../../functions/areas/webhooks/new-secret.js';
import {
  createSubscription,
  patchSubscription,
  shouldAutoDisable,
  subscribesTo,
} from '../../../domain/webhooks/subscription.js';

describe('signature', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const header = signature('whsec_test', 1_700_000_000, '{"a":1}');
    const expected = createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
    const [, v1] = header.split(',v1=');
    expect(timingSafeEqual(Buffer.from(v1!, 'hex'), Buffer.from(expected, 'hex'))).toBe(true);
  });

  it('secrets are 64 random hex characters and only a short prefix is shown', () => {
    const a = newSecret();
    expect(a).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(a).not.toBe(newSecret());
    expect(secretPrefixOf(a)).toBe(a.slice(0, 14));
  });
});

describe('retry schedule', () => {
  it('defaults to 1m, 5m, 15m, 1h, 6h, then DEAD after the sixth attempt', () => {
    const delays = parseRetryDelays(undefined);
    expect(delays).toEqual([60, 300, 900, 3600, 21600]);
    expect([1, 2, 3, 4, 5].map((n) => afterFailure(n, delays))).toEqual(
      DEFAULT_RETRY_DELAYS_SECONDS.map((delaySeconds) => ({ kind: 'retry', delaySeconds })),
    );
    expect(afterFailure(6, delays)).toEqual({ kind: 'dead' });
  });

  it('reads WEBHOOK_RETRY_DELAYS_SECONDS and rejects nonsense', () => {
    expect(parseRetryDelays('1, 2')).toEqual([1, 2]);
    expect(() => parseRetryDelays('1,x')).toThrow(/whole seconds/);
    expect(() => parseRetryDelays('-1')).toThrow();
  });

  it('hops of at most 15 minutes cover the long waits', () => {
    expect(hopDelay(21600)).toBe(900);
    expect(hopDelay(12.2)).toBe(13);
    expect(hopDelay(-5)).toBe(0);
  });
});

describe('deliveries', () => {
  const payload = {
    id: 'evt_1',
    event: 'product.updated',
    occurredAt: '2026-01-01T00:00:00.000Z',
    orgId: 'o',
    data: { id: 'p' },
  };
  const fresh = newDelivery(payload, 'sub', { id: 'dlv_x', now: '2026-01-01T00:00:01.000Z' });
  const now = new Date('2026-01-01T00:01:00.000Z');

  it('the id is stable per event and subscription', () => {
    expect(deliveryIdFor('evt_1', 'sub')).toBe(deliveryIdFor('evt_1', 'sub'));
    expect(deliveryIdFor('evt_1', 'sub')).not.toBe(deliveryIdFor('evt_1', 'sub2'));
    expect(deliveryIdFor('evt_1', 'sub')).toMatch(/^dlv_[0-9a-f]{32}$/);
  });

  it('any 2xx is DELIVERED', () => {
    expect(afterAttempt(fresh, { kind: 'response', status: 204 }, { now, retryDelays: [60] })).toMatchObject({
      status: 'DELIVERED',
      attempts: 1,
      responseStatus: 204,
      deliveredAt: now.toISOString(),
      nextAttemptAt: null,
    });
  });

  it('a failure is retried after the scheduled delay, then DEAD', () => {
    const first = afterAttempt(fresh, { kind: 'response', status: 500 }, { now, retryDelays: [60] });
    expect(first).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      responseStatus: 500,
      lastError: 'The receiver answered HTTP 500',
      nextAttemptAt: '2026-01-01T00:02:00.000Z',
    });
    const second = afterAttempt(
      first,
      { kind: 'failed', error: 'POST failed: ECONNREFUSED' },
      { now, retryDelays: [60] },
    );
    expect(second).toMatchObject({ status: 'DEAD', attempts: 2, responseStatus: null, nextAttemptAt: null });
  });
});

describe('subscriptions', () => {
  const sub = createSubscription(
    { url: 'https://x.example.com/', events: ['product.created'] },
    { id: 's', now: '2026-01-01T00:00:00.000Z', secretPrefix: 'whsec_12345678' },
  );

  it('["*"] must stand alone', () => {
    expect(() =>
      createSubscription(
        { url: 'u', events: ['*', 'product.created'] },
        { id: 's', now: 'n', secretPrefix: 'p' },
      ),
    ).toThrow(/events/);
  });

  it('matches its events only while active', () => {
    expect(subscribesTo(sub, 'product.created')).toBe(true);
    expect(subscribesTo(sub, 'product.updated')).toBe(false);
    expect(subscribesTo({ ...sub, events: ['*'] }, 'customer.updated')).toBe(true);
    expect(subscribesTo({ ...sub, isActive: false }, 'product.created')).toBe(false);
  });

  it('auto-disables an active subscription once its consecutive DEAD count reaches the threshold', () => {
    expect(shouldAutoDisable({ failureCount: 4, isActive: true }, 5)).toBe(false);
    expect(shouldAutoDisable({ failureCount: 5, isActive: true }, 5)).toBe(true);
    expect(shouldAutoDisable({ failureCount: 7, isActive: true }, 5)).toBe(true);
    expect(shouldAutoDisable({ failureCount: 9, isActive: false }, 5)).toBe(false);
  });

  it('any PUT resets failureCount and clears disabledAt', () => {
    const disabled = { ...sub, isActive: false, failureCount: 5, disabledAt: 'x' };
    expect(patchSubscription(disabled, { isActive: true }, 'later')).toMatchObject({
      isActive: true,
      failureCount: 0,
      disabledAt: null,
      updatedAt: 'later',
      version: 2,
    });
  });
});
