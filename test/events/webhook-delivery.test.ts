import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handleStreamRecords } from '../../functions/platform/events/publisher.js';
import { newDelivery } from '../../domain/webhooks/delivery.js';
import { putDeliveryIfAbsent } from '../../functions/areas/webhooks/store/deliveries.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import type { DeliveryQueue } from '../../functions/areas/webhooks/queue.js';
import { useResolver } from '../../functions/areas/webhooks/target.js';
import { inProcessBus } from '../../infra/local/in-process-bus.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { outboxStreamRecords } from '../support/outbox.js';
import { startReceiver } from '../support/receiver.js';

/**
 * A Stripe-style verifier written from the spec alone: parse t= and v1=, recompute the HMAC over
 * "<t>.<raw body>", compare in constant time, refuse timestamps more than 300 s away.
 */
function verifySignature(
  header: string,
  rawBody: string,
  secret: string,
  nowSeconds: number,
  tolerance = 300,
) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(nowSeconds - t) > tolerance) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Deliveries are picked up by dispatch passes here; the queue only records what would be enqueued. */
const enqueued: unknown[] = [];
const queue: DeliveryQueue = { send: async (messages) => void enqueued.push(...messages) };
const bus = inProcessBus(queue);

const ENV = {
  ALLOW_PRIVATE_WEBHOOK_URLS: '1',
  WEBHOOK_RETRY_DELAYS_SECONDS: '1,1',
  WEBHOOK_DISABLE_AFTER_FAILURES: '2',
};
const saved: Record<string, string | undefined> = {};
let t: Tenant;

beforeAll(async () => {
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  t = await newTenant('Delivery org');
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});
afterEach(() => useResolver(null));

const publish = async (orgId: string) => handleStreamRecords(await outboxStreamRecords(orgId), bus);
const pass = (orgId: string) => dispatchDue({ orgId });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deliveries = async (tenant: Tenant, id: string) =>
  (await call('GET', `/webhooks/${id}/deliveries`, { key: tenant.key })).body.data;

describe('webhook delivery, end to end on loopback', () => {
  it('a product change reaches the receiver, signed, with a delivery id to dedupe on', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const hook = await call('POST', '/webhooks', {
        key: t.key,
        body: { url: receiver.url, events: ['product.created', 'product.updated'] },
      });
      expect(hook.status).toBe(201);
      const product = await call('POST', '/products', {
        key: t.key,
        body: { sku: 'E2E-1', name: 'E2E widget' },
      });
      await call('PUT', `/products/${product.body.id}`, { key: t.key, body: { defaultPrice: 4 } });

      expect(await publish(t.orgId)).toEqual({ batchItemFailures: [] });
      expect(await pass(t.orgId)).toMatchObject({ due: 2, delivered: 2 });
      expect(receiver.received).toHaveLength(2);

      const now = Math.floor(Date.now() / 1000);
      const bodies = receiver.received.map((r) => JSON.parse(r.raw));
      expect(bodies.map((b) => b.event).sort()).toEqual(['product.created', 'product.updated']);
      for (const request of receiver.received) {
        const body = JSON.parse(request.raw);
        expect(Object.keys(body)).toEqual(['id', 'event', 'occurredAt', 'orgId', 'data']);
        expect(body).toEqual({
          id: expect.stringMatching(/^evt_/),
          event: request.headers['x-service-event'],
          occurredAt: expect.any(String),
          orgId: t.orgId,
          data: { id: product.body.id },
        });
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.headers['x-service-delivery-id']).toMatch(/^dlv_/);
        const header = request.headers['x-service-signature'] as string;
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verifySignature(header, request.raw, hook.body.secret, now)).toBe(true);
        // The verifier can fail: wrong secret, tampered body, stale timestamp.
        expect(verifySignature(header, request.raw, 'whsec_wrong', now)).toBe(false);
        expect(verifySignature(header, request.raw.replace('"data"', '"data" '), hook.body.secret, now)).toBe(
          false,
        );
        expect(verifySignature(header, request.raw, hook.body.secret, now + 301)).toBe(false);
      }

      // Publishing the same outbox again (stream redelivery, sweeper overlap) adds no delivery.
      const before = receiver.received.length;
      await publish(t.orgId);
      expect(await pass(t.orgId)).toMatchObject({ delivered: 0 });
      expect(receiver.received).toHaveLength(before);

      const log = await deliveries(t, hook.body.id);
      expect(log).toHaveLength(2);
      expect(log.map((d: any) => d.status)).toEqual(['DELIVERED', 'DELIVERED']);
      expect(log[0]).toMatchObject({
        attempts: 1,
        responseStatus: 200,
        lastError: null,
        deliveredAt: expect.any(String),
      });
      expect(new Set(log.map((d: any) => d.id))).toEqual(
        new Set(receiver.received.map((r) => r.headers['x-service-delivery-id'])),
      );
      const sub = await call('GET', `/webhooks/${hook.body.id}`, { key: t.key });
      expect(sub.body).toMatchObject({
        failureCount: 0,
        lastSuccessAt: expect.any(String),
        lastFailureAt: null,
      });
      await call('DELETE', `/webhooks/${hook.body.id}`, { key: t.key });
    } finally {
      await receiver.close();
    }
  });

  it('retries on the shortened schedule with the same delivery id, DEAD after the last, then auto-disables; PUT re-enables', async () => {
    const tenant = await newTenant('Failing receiver org');
    let failing = true;
    const receiver = await startReceiver(() => (failing ? 503 : 204));
    try {
      const hook = await call('POST', '/webhooks', {
        key: tenant.key,
        body: { url: receiver.url, events: ['*'] },
      });
      await call('POST', '/products', { key: tenant.key, body: { sku: 'F-1', name: 'Fails 1' } });
      await call('POST', '/products', { key: tenant.key, body: { sku: 'F-2', name: 'Fails 2' } });
      await publish(tenant.orgId);

      expect(await pass(tenant.orgId)).toMatchObject({ due: 2, retrying: 2 });
      // Not due yet: the schedule says one second.
      expect(await pass(tenant.orgId)).toMatchObject({ due: 0 });
      const pending = await deliveries(tenant, hook.body.id);
      expect(pending[0]).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        responseStatus: 503,
        lastError: 'The receiver answered HTTP 503',
      });
      await sleep(1100);
      expect(await pass(tenant.orgId)).toMatchObject({ due: 2, retrying: 2 });
      await sleep(1100);
      expect(await pass(tenant.orgId)).toMatchObject({ due: 2, dead: 2 });

      // Three attempts per delivery (first + two retries), each under one stable delivery id.
      const byId = new Map<string, number>();
      for (const r of receiver.received) {
        const id = r.headers['x-service-delivery-id'] as string;
        byId.set(id, (byId.get(id) ?? 0) + 1);
      }
      expect([...byId.values()]).toEqual([3, 3]);

      const dead = await deliveries(tenant, hook.body.id);
      expect(dead.map((d: any) => [d.status, d.attempts, d.nextAttemptAt])).toEqual([
        ['DEAD', 3, null],
        ['DEAD', 3, null],
      ]);
      const disabledNote = dead.find((d: any) => d.lastError.includes('auto-disabled'));
      expect(disabledNote.lastError).toBe(
        'The receiver answered HTTP 503; subscription auto-disabled after 2 consecutive failed deliveries',
      );
      const disabled = (await call('GET', `/webhooks/${hook.body.id}`, { key: tenant.key })).body;
      expect(disabled).toMatchObject({
        isActive: false,
        failureCount: 2,
        disabledAt: expect.any(String),
        lastFailureAt: expect.any(String),
      });

      // Disabled: a new change fans out to nobody.
      await call('POST', '/products', { key: tenant.key, body: { sku: 'F-3', name: 'Not sent' } });
      await publish(tenant.orgId);
      expect(await pass(tenant.orgId)).toMatchObject({ due: 0 });

      failing = false;
      const enabled = await call('PUT', `/webhooks/${hook.body.id}`, {
        key: tenant.key,
        body: { isActive: true },
      });
      expect(enabled.body).toMatchObject({ isActive: true, failureCount: 0, disabledAt: null });
      await call('POST', '/products', { key: tenant.key, body: { sku: 'F-4', name: 'Sent again' } });
      await publish(tenant.orgId);
      expect(await pass(tenant.orgId)).toMatchObject({ due: 1, delivered: 1 });
      expect(JSON.parse(receiver.received.at(-1)!.raw).event).toBe('product.created');
    } finally {
      await receiver.close();
    }
  });

  it('a ping is sent on the next dispatch, signed, with data.id the subscription', async () => {
    const tenant = await newTenant('Ping org');
    const receiver = await startReceiver(() => 200);
    try {
      const hook = await call('POST', '/webhooks', {
        key: tenant.key,
        body: { url: receiver.url, events: ['customer.created'] },
      });
      const ping = await call('POST', `/webhooks/${hook.body.id}/ping`, { key: tenant.key });
      expect(await pass(tenant.orgId)).toMatchObject({ due: 1, delivered: 1 });
      const [request] = receiver.received;
      expect(request!.headers['x-service-event']).toBe('ping');
      expect(request!.headers['x-service-delivery-id']).toBe(ping.body.id);
      expect(JSON.parse(request!.raw)).toMatchObject({
        event: 'ping',
        orgId: tenant.orgId,
        data: { id: hook.body.id },
      });
      const now = Math.floor(Date.now() / 1000);
      expect(
        verifySignature(
          request!.headers['x-service-signature'] as string,
          request!.raw,
          hook.body.secret,
          now,
        ),
      ).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('a delivery left behind by a fan-out that raced DELETE is removed, not retried forever', async () => {
    const tenant = await newTenant('Orphan org');
    const hook = await call('POST', '/webhooks', {
      key: tenant.key,
      body: { url: 'http://127.0.0.1:9/never', events: ['*'] },
    });
    const payload = {
      id: 'evt_orphan',
      event: 'ping',
      occurredAt: new Date().toISOString(),
      orgId: tenant.orgId,
      data: { id: hook.body.id },
    };
    await call('DELETE', `/webhooks/${hook.body.id}`, { key: tenant.key });
    await putDeliveryIfAbsent(
      tenant.orgId,
      newDelivery(payload, hook.body.id, { id: 'dlv_orphan', now: payload.occurredAt }),
    );
    expect(await pass(tenant.orgId)).toMatchObject({ due: 1, skipped: 1 });
    expect(await pass(tenant.orgId)).toMatchObject({ due: 0 });
  });

  it("connects to the resolver's checked answer (DNS pinned) and keeps the name in the Host header", async () => {
    const tenant = await newTenant('Pinned org');
    const receiver = await startReceiver(() => 200);
    try {
      const port = new URL(receiver.url).port;
      // receiver.invalid exists in no real DNS: reaching the receiver proves the pinned address was used.
      useResolver(async (host) => (host === 'receiver.invalid' ? [{ address: '127.0.0.1', family: 4 }] : []));
      const hook = await call('POST', '/webhooks', {
        key: tenant.key,
        body: { url: `http://receiver.invalid:${port}/hook`, events: ['*'] },
      });
      await call('POST', `/webhooks/${hook.body.id}/ping`, { key: tenant.key });
      expect(await pass(tenant.orgId)).toMatchObject({ delivered: 1 });
      expect(receiver.received[0]!.headers.host).toBe(`receiver.invalid:${port}`);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that does not answer in time is a failed attempt', async () => {
    const tenant = await newTenant('Slow org');
    const { createServer } = await import('node:http');
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    process.env.WEBHOOK_TIMEOUT_MS = '300';
    try {
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const hook = await call('POST', '/webhooks', {
        key: tenant.key,
        body: { url: `http://127.0.0.1:${port}/hook`, events: ['*'] },
      });
      await call('POST', `/webhooks/${hook.body.id}/ping`, { key: tenant.key });
      const started = Date.now();
      expect(await pass(tenant.orgId)).toMatchObject({ retrying: 1 });
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await deliveries(tenant, hook.body.id))[0]).toMatchObject({
        responseStatus: null,
        lastError: 'POST failed: no answer within 300 ms',
      });
    } finally {
      delete process.env.WEBHOOK_TIMEOUT_MS;
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('a redirect is not followed and counts as a failure', async () => {
    const tenant = await newTenant('Redirect org');
    const receiver = await startReceiver(() => 302);
    try {
      const hook = await call('POST', '/webhooks', {
        key: tenant.key,
        body: { url: receiver.url, events: ['*'] },
      });
      await call('POST', `/webhooks/${hook.body.id}/ping`, { key: tenant.key });
      expect(await pass(tenant.orgId)).toMatchObject({ retrying: 1 });
      expect(receiver.received).toHaveLength(1);
      expect((await deliveries(tenant, hook.body.id))[0]).toMatchObject({
        status: 'PENDING',
        responseStatus: 302,
        lastError: 'The receiver answered HTTP 302; redirects are not followed',
      });
    } finally {
      await receiver.close();
    }
  });

  it('refuses at delivery time a host name that now resolves to a private address, without connecting', async () => {
    const tenant = await newTenant('Rebinding org');
    delete process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
    try {
      let answer = '93.184.216.34';
      useResolver(async () => [{ address: answer, family: 4 }]);
      const hook = await call('POST', '/webhooks', {
        key: tenant.key,
        body: { url: 'https://rebind.example.com/hook', events: ['*'] },
      });
      expect(hook.status).toBe(201);
      answer = '10.0.0.5';
      await call('POST', `/webhooks/${hook.body.id}/ping`, { key: tenant.key });
      expect(await pass(tenant.orgId)).toMatchObject({ retrying: 1 });
      expect((await deliveries(tenant, hook.body.id))[0]).toMatchObject({
        attempts: 1,
        responseStatus: null,
        lastError: 'url refused: rebind.example.com resolves to 10.0.0.5 is not a public address (private)',
      });
    } finally {
      process.env.ALLOW_PRIVATE_WEBHOOK_URLS = '1';
    }
  });
});
