import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryConfig } from '../../functions/areas/webhooks/config.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { startReceiver } from '../support/receiver.js';

let t: Tenant;
let other: Tenant;
const saved = process.env.ALLOW_PRIVATE_WEBHOOK_URLS;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_WEBHOOK_URLS = '1';
  [t, other] = await Promise.all([newTenant('Retry org'), newTenant('Other retry org')]);
});
afterAll(() => {
  if (saved === undefined) delete process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
  else process.env.ALLOW_PRIVATE_WEBHOOK_URLS = saved;
});

/** No retries: one failed attempt makes a delivery DEAD. */
const pass = (orgId: string) => dispatchDue({ orgId, config: { ...deliveryConfig(), retryDelays: [] } });
const subscribe = async (url: string, tenant = t) => {
  const res = await call('POST', '/webhooks', { key: tenant.key, body: { url, events: ['*'] } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const deliveriesOf = async (id: string) =>
  (await call('GET', `/webhooks/${id}/deliveries`, { key: t.key })).body.data as any[];
const retry = (id: string, deliveryId: string, tenant = t) =>
  call('POST', `/webhooks/${id}/deliveries/${deliveryId}/retry`, { key: tenant.key });

describe('POST /webhooks/{id}/deliveries/{deliveryId}/retry', () => {
  it('re-sends a DEAD delivery with the same delivery id; the receiver, back up, acknowledges it', async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 503));
    try {
      const id = await subscribe(receiver.url);
      const ping = await call('POST', `/webhooks/${id}/ping`, { key: t.key });
      await pass(t.orgId);
      const [dead] = await deliveriesOf(id);
      expect(dead).toMatchObject({ id: ping.body.id, status: 'DEAD', attempts: 1, responseStatus: 503 });

      up = true;
      const res = await retry(id, ping.body.id);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        id: ping.body.id,
        status: 'PENDING',
        attempts: 1,
        payload: dead.payload,
      });
      expect(Date.parse(res.body.nextAttemptAt)).toBeLessThanOrEqual(Date.now());

      expect((await pass(t.orgId)).delivered).toBe(1);
      const [delivered] = await deliveriesOf(id);
      expect(delivered).toMatchObject({
        id: ping.body.id,
        status: 'DELIVERED',
        attempts: 2,
        responseStatus: 200,
      });
      expect(receiver.received.map((r) => r.headers['x-service-delivery-id'])).toEqual([
        ping.body.id,
        ping.body.id,
      ]);
      expect(receiver.received[1]!.raw).toBe(receiver.received[0]!.raw);

      // A DELIVERED delivery is re-sent as well (an integrator that lost what it received).
      expect((await retry(id, ping.body.id)).status).toBe(202);
      expect((await pass(t.orgId)).delivered).toBe(1);
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('a failed retry of a delivery whose schedule is used up leaves it DEAD again', async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const id = await subscribe(receiver.url);
      const ping = await call('POST', `/webhooks/${id}/ping`, { key: t.key });
      await pass(t.orgId);
      expect((await retry(id, ping.body.id)).status).toBe(202);
      expect((await pass(t.orgId)).dead).toBe(1);
      expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'DEAD', attempts: 2, nextAttemptAt: null });
    } finally {
      await receiver.close();
    }
  });

  it('two retries at once both answer 202 and the delivery is sent once', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const id = await subscribe(receiver.url);
      const ping = await call('POST', `/webhooks/${id}/ping`, { key: t.key });
      await pass(t.orgId);
      const results = await Promise.all([retry(id, ping.body.id), retry(id, ping.body.id)]);
      expect(results.map((r) => r.status)).toEqual([202, 202]);
      await pass(t.orgId);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it("404 for an unknown delivery, another subscription's delivery, or another organisation's", async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const id = await subscribe(receiver.url);
      const second = await subscribe(receiver.url);
      const ping = await call('POST', `/webhooks/${id}/ping`, { key: t.key });
      const unknown = await retry(id, 'dlv_unknown');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Webhook delivery not found' });
      expect((await retry(second, ping.body.id)).status).toBe(404);
      const foreign = await retry(id, ping.body.id, other);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.message).toBe('Webhook subscription not found');
      expect((await retry(id, 'x'.repeat(200))).status).toBe(404);
    } finally {
      await receiver.close();
    }
  });
});
