import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { webhookSecretKey } from '../../functions/areas/webhooks/store/webhooks.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { startReceiver, type Received } from '../support/receiver.js';

/**
 * Stripe's documented verification, written from its docs rather than from our code: split the header on
 * ",", each element on "=", take t and every v1 (several during a secret rotation), compute the hex
 * HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret, accept if any v1 matches in constant time and
 * t is within the tolerance.
 */
function stripeVerifies(header: string, rawBody: string, secret: string, nowSeconds: number): boolean {
  const elements = header.split(',').map((e) => {
    const at = e.indexOf('=');
    return [e.slice(0, at), e.slice(at + 1)] as const;
  });
  const t = Number(elements.find(([k]) => k === 't')?.[1]);
  const candidates = elements.filter(([k]) => k === 'v1').map(([, v]) => Buffer.from(v, 'hex'));
  if (!Number.isInteger(t) || candidates.length === 0 || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return candidates.some((c) => c.length === expected.length && timingSafeEqual(c, expected));
}

/** What an integrator writes with the reference library: the secret exactly as the API returned it. */
function standardVerifies(request: Received, secret: string, at?: Date): boolean {
  if (at) vi.useFakeTimers({ toFake: ['Date'], now: at });
  try {
    new Webhook(secret).verify(request.raw, request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  } finally {
    vi.useRealTimers();
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const ENV = { ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_RETRY_DELAYS_SECONDS: '1,1' };
const saved: Record<string, string | undefined> = {};
let t: Tenant;

beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  t = await newTenant('Signatures org');
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});
afterEach(() => vi.useRealTimers());

const ping = async (id: string) =>
  expect((await call('POST', `/webhooks/${id}/ping`, { key: t.key })).status).toBe(202);

describe('Standard Webhooks headers beside X-Service-*', () => {
  it('every delivery verifies with standardwebhooks and with Stripe’s scheme, using the secret from create', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const hook = await call('POST', '/webhooks', {
        key: t.key,
        body: { url: receiver.url, events: ['*'] },
      });
      await ping(hook.body.id);
      expect(await dispatchDue({ orgId: t.orgId })).toMatchObject({ delivered: 1 });
      const [request] = receiver.received;
      const h = request!.headers;
      expect(h['webhook-id']).toBe(h['x-service-delivery-id']);
      expect(h['webhook-timestamp']).toMatch(/^\d+$/);
      expect(h['x-service-signature']).toBe(
        `t=${h['webhook-timestamp']},v1=${(h['x-service-signature'] as string).split('v1=')[1]}`,
      );
      expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

      expect(standardVerifies(request!, hook.body.secret)).toBe(true);
      expect(
        stripeVerifies(
          h['x-service-signature'] as string,
          request!.raw,
          hook.body.secret,
          seconds(new Date()),
        ),
      ).toBe(true);
      // Both can fail: another secret, a changed body.
      const other = `whsec_${'0'.repeat(64)}`;
      expect(standardVerifies(request!, other)).toBe(false);
      expect(
        standardVerifies({ ...request!, raw: request!.raw.replace('ping', 'pong') }, hook.body.secret),
      ).toBe(false);
      expect(
        stripeVerifies(h['x-service-signature'] as string, request!.raw, other, seconds(new Date())),
      ).toBe(false);
    } finally {
      await receiver.close();
    }
  });

  it('webhook-id is the message id: the same on every retry of one delivery', async () => {
    let attempt = 0;
    const receiver = await startReceiver(() => (++attempt === 1 ? 500 : 200));
    try {
      const hook = await call('POST', '/webhooks', {
        key: t.key,
        body: { url: receiver.url, events: ['*'] },
      });
      await ping(hook.body.id);
      expect(await dispatchDue({ orgId: t.orgId })).toMatchObject({ retrying: 1 });
      const later = new Date(Date.now() + 5_000);
      expect(await dispatchDue({ orgId: t.orgId, clock: () => later })).toMatchObject({ delivered: 1 });
      const [first, second] = receiver.received;
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(second!.headers['webhook-timestamp']).toBe(String(seconds(later)));
      expect(standardVerifies(second!, hook.body.secret, later)).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});

describe('a legacy row (secret stored plain, before sealing)', () => {
  it('still signs; a rotation stores the new secret sealed', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const hook = await call('POST', '/webhooks', {
        key: t.key,
        body: { url: receiver.url, events: ['*'] },
      });
      const key = webhookSecretKey(t.orgId, hook.body.id);
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET secret = :plain',
          ExpressionAttributeValues: { ':plain': hook.body.secret },
        }),
      );
      await ping(hook.body.id);
      expect(await dispatchDue({ orgId: t.orgId })).toMatchObject({ delivered: 1 });
      expect(standardVerifies(receiver.received[0]!, hook.body.secret)).toBe(true);

      const rotated = await call('POST', `/webhooks/${hook.body.id}/rotate-secret`, { key: t.key });
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
      expect(Item).toMatchObject({
        secret: expect.stringMatching(/^local1:/),
        previousSecret: hook.body.secret,
      });
      await ping(hook.body.id);
      expect(await dispatchDue({ orgId: t.orgId })).toMatchObject({ delivered: 1 });
      for (const secret of [rotated.body.secret, hook.body.secret]) {
        expect(standardVerifies(receiver.received[1]!, secret)).toBe(true);
      }
    } finally {
      await receiver.close();
    }
  });
});

describe('POST /webhooks/{id}/rotate-secret', () => {
  it('for 24 hours both secrets verify both signatures; afterwards only the new one', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const hook = await call('POST', '/webhooks', {
        key: t.key,
        body: { url: receiver.url, events: ['*'] },
      });
      const oldSecret = hook.body.secret as string;
      const rotated = await call('POST', `/webhooks/${hook.body.id}/rotate-secret`, { key: t.key });
      expect(rotated.status).toBe(200);
      const newSecret = rotated.body.secret as string;
      expect(newSecret).not.toBe(oldSecret);

      await ping(hook.body.id);
      expect(await dispatchDue({ orgId: t.orgId })).toMatchObject({ delivered: 1 });
      const during = receiver.received[0]!;
      const stripe = during.headers['x-service-signature'] as string;
      expect(stripe).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
      expect(during.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
      const now = seconds(new Date());
      for (const secret of [newSecret, oldSecret]) {
        expect(stripeVerifies(stripe, during.raw, secret, now)).toBe(true);
        expect(standardVerifies(during, secret)).toBe(true);
      }

      // Just past the grace period (the clock is injected): one signature each, by the new secret only.
      const after = new Date(Date.parse(rotated.body.previousSecretExpiresAt) + 60_000);
      await ping(hook.body.id);
      expect(await dispatchDue({ orgId: t.orgId, clock: () => after })).toMatchObject({ delivered: 1 });
      const later = receiver.received[1]!;
      const stripeLater = later.headers['x-service-signature'] as string;
      expect(stripeLater).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(later.headers['webhook-signature']).toMatch(/^v1,\S+$/);
      expect(stripeVerifies(stripeLater, later.raw, newSecret, seconds(after))).toBe(true);
      expect(standardVerifies(later, newSecret, after)).toBe(true);
      expect(stripeVerifies(stripeLater, later.raw, oldSecret, seconds(after))).toBe(false);
      expect(standardVerifies(later, oldSecret, after)).toBe(false);
    } finally {
      await receiver.close();
    }
  });
});
