import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { packSalesOrder } from '../../functions/areas/sales-orders/steps/pack.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { salesOrderCountsKey } from '../../functions/areas/sales-orders/store/sales-orders.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { confirmedOrder, invoiced, invoiceOrder } from '../support/invoices.js';
import { eventsFor } from '../support/outbox.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Complete org'), newTenant('Other complete org')]);
});

async function dispatchedOrder(tenant = t) {
  const order = await confirmedOrder(tenant);
  await pickSalesOrder({ orgId: tenant.orgId, id: order.id });
  await packSalesOrder({ orgId: tenant.orgId, id: order.id });
  const res = await call('POST', `/sales-orders/${order.id}/dispatch`, { key: tenant.key });
  if (res.status !== 200 || res.body.status !== 'DISPATCHED') throw new Error(`dispatch: ${res.raw}`);
  return order;
}

const complete = (id: string, tenant = t) =>
  call('POST', `/sales-orders/${id}/complete`, { key: tenant.key, body: { ignored: true } });

describe('POST /sales-orders/{id}/complete', () => {
  it('completes a DISPATCHED, fully invoiced order: 200 detail, counters and the event', async () => {
    const fresh = await newTenant('Complete counters org');
    const order = await dispatchedOrder(fresh);
    await invoiced(fresh, order.id);
    const res = await complete(order.id, fresh);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, status: 'COMPLETED' });
    expect(res.body.lines.map((l: { invoicedQty: number }) => l.invoicedQty)).toEqual([3, 1]);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: salesOrderCountsKey(fresh.orgId) }),
    );
    expect(Item).toMatchObject({ all: 1, status_COMPLETED: 1, status_DISPATCHED: 0 });
    expect((await eventsFor(fresh.orgId, order.id)).map((e) => e.event)).toContain('sales_order.completed');
    const listed = await call('GET', '/sales-orders', { key: fresh.key, query: { status: 'completed' } });
    expect(listed.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const again = await complete(order.id, fresh);
    expect([again.status, again.body.error.code]).toEqual([422, 'unprocessable']);
  });

  it('422 naming the product with invoiced vs ordered when a line is not fully invoiced', async () => {
    const order = await dispatchedOrder();
    await invoiced(t, order.id, { lines: [{ soLineId: order.lines[0]!.id, quantity: 2 }] });
    const res = await complete(order.id);
    expect([res.status, res.body.error.code]).toEqual([422, 'unprocessable']);
    expect(res.body.error.message).toMatch(/is not fully invoiced: invoiced 2 of 3 ordered/);
  });

  it('422 naming the status for an order not yet dispatched', async () => {
    const order = await confirmedOrder(t);
    await invoiced(t, order.id);
    const res = await complete(order.id);
    expect([res.status, res.body.error.code]).toEqual([422, 'unprocessable']);
    expect(res.body.error.message).toMatch(/CONFIRMED/);
  });

  it("404 for an unknown order and another organisation's", async () => {
    const order = await confirmedOrder(t);
    const foreign = await complete(order.id, other);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    const unknown = await complete('nosuchorder');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('POST /sales-orders/{id}/cancel with invoices', () => {
  it('422 while the order has an invoice that is not VOID; an uninvoiced order still cancels', async () => {
    const order = await confirmedOrder(t);
    expect(
      (await invoiceOrder(t, order.id, { lines: [{ soLineId: order.lines[1]!.id, quantity: 1 }] })).status,
    ).toBe(201);
    const res = await call('POST', `/sales-orders/${order.id}/cancel`, { key: t.key });
    expect([res.status, res.body.error.code]).toEqual([422, 'unprocessable']);
    expect(res.body.error.message).toMatch(/invoice/);
    const read = await call('GET', `/sales-orders/${order.id}`, { key: t.key });
    expect(read.body.status).toBe('CONFIRMED');

    const plain = await confirmedOrder(t);
    const cancelled = await call('POST', `/sales-orders/${plain.id}/cancel`, { key: t.key });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'CANCELLED']);
    const onCancelled = await invoiceOrder(t, plain.id);
    expect([onCancelled.status, onCancelled.body.error.code]).toEqual([422, 'unprocessable']);
    expect(onCancelled.body.error.message).toMatch(/CANCELLED/);
  });
});
