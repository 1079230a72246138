import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planStockMovement } from '../../domain/inventory/movement.js';
import { stockTotals } from '../../domain/inventory/stock.js';
import { decidePick } from '../../domain/sales-orders/fulfilment.js';
import { setOrganisationCreditMode } from '../../functions/areas/organisations/back-office/organisations.js';
import { loadStockFacts } from '../../functions/areas/inventory/stock-facts.js';
import { stockMovementWrites } from '../../functions/areas/inventory/stock-writes.js';
import { getStocks } from '../../functions/areas/products/store/products.js';
import { packSalesOrder } from '../../functions/areas/sales-orders/steps/pack.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { confirmChunking } from '../../functions/areas/sales-orders/confirm-parts.js';
import {
  getSalesOrder,
  orderReplaceItem,
  salesOrderCountsKey,
  salesOrderKey,
  salesOrders,
} from '../../functions/areas/sales-orders/store/sales-orders.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { ledgerCollection } from '../../functions/areas/inventory/public.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { transact } from '../../functions/platform/dynamo/transact.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, product, unique, warehouse } from '../support/inventory.js';
import { eventsFor, outboxItems } from '../support/outbox.js';

let t: Tenant;
let other: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;
let cust: { id: string; name: string };

async function customer(tenant: Tenant, body: Record<string, unknown> = {}) {
  const u = unique();
  const res = await call('POST', '/customers', {
    key: tenant.key,
    body: { code: `C-${u}`, name: `Customer ${u}`, ...body },
  });
  if (res.status !== 201) throw new Error(`customer create failed: ${res.raw}`);
  return res.body as { id: string; name: string };
}

/** A stocked product holding `stock` units in the warehouse (unbatched, no bin). */
async function stocked(stock: number, tenant = t, where = wh) {
  const p = await product(tenant);
  if (stock > 0) {
    const res = await adjust(tenant, [{ productId: p.id, warehouseId: where.id, quantityChange: stock }]);
    if (res.status !== 201) throw new Error(`stock failed: ${res.raw}`);
  }
  return p;
}

async function draft(lines: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/sales-orders', {
    key: t.key,
    body: {
      customerId: cust.id,
      warehouseId: wh.id,
      lines: lines.map((l) => ({ unitPrice: 10, ...l })),
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`order create failed: ${res.raw}`);
  return res.body as { id: string; orderNumber: string; totalAmount: number; lines: { id: string }[] };
}

const confirm = (id: string, tenant = t) => call('POST', `/sales-orders/${id}/confirm`, { key: tenant.key });
const cancel = (id: string, body?: unknown, tenant = t) =>
  call('POST', `/sales-orders/${id}/cancel`, { key: tenant.key, body });

async function levels(productId: string, tenant = t) {
  const stock = (await getStocks(tenant.orgId, [productId])).get(productId);
  const totals = stockTotals(stock?.levels ?? {});
  return { onHand: totals.onHand, reserved: totals.reserved };
}

async function rawOrder(id: string, tenant = t) {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: salesOrderKey(tenant.orgId, id), ConsistentRead: true }),
  );
  return Item!;
}

async function counts(tenant = t) {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: salesOrderCountsKey(tenant.orgId), ConsistentRead: true }),
  );
  return Item!;
}

async function ledgerRows(sourceId: string, tenant = t) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': ledgerCollection(tenant.orgId) },
      ConsistentRead: true,
    }),
  );
  return Items.filter((i) => i.sourceId === sourceId);
}

/** The stock.level_changed events of one product, oldest first. */
async function levelEvents(productId: string) {
  return (await eventsFor(t.orgId, productId)).filter((e) => e.event === 'stock.level_changed') as {
    event: string;
    data: Record<string, unknown>;
  }[];
}

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Confirm org'), newTenant('Other org')]);
  wh = await warehouse(t);
  cust = await customer(t);
});

afterEach(() => {
  confirmChunking.maxItems = 100;
  confirmChunking.staleAfterMs = 60_000;
  confirmChunking.afterPart = undefined;
});

describe('POST /sales-orders/{id}/confirm', () => {
  it('reserves the stocked lines: reserved up, on hand unchanged, no ledger row, events and counters', async () => {
    const p = await stocked(10);
    const service = await product(t, { productType: 'NON_STOCKED' });
    const order = await draft([
      { productId: p.id, quantity: 4 },
      { productId: service.id, quantity: 1 },
    ]);
    const before = await counts();
    const res = await confirm(order.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, status: 'CONFIRMED', orderNumber: order.orderNumber });
    expect(res.body.confirmedAt).toEqual(expect.any(String));
    expect(res.body.lines.map((l: { quantity: number; lots: unknown[] }) => [l.quantity, l.lots])).toEqual([
      [4, []],
      [1, []],
    ]);
    expect(await levels(p.id)).toEqual({ onHand: 10, reserved: 4 });
    expect(await levels(service.id)).toEqual({ onHand: 0, reserved: 0 });
    expect(await ledgerRows(order.id)).toEqual([]);
    const events = (await eventsFor(t.orgId, order.id)).map((e) => e.event);
    expect(events).toEqual(['sales_order.created', 'sales_order.confirmed']);
    expect((await levelEvents(p.id)).at(-1)!.data).toEqual({
      id: p.id,
      productId: p.id,
      warehouseId: wh.id,
      quantityOnHand: 10,
      quantityReserved: 4,
      quantityAvailable: 6,
    });
    expect(await levelEvents(service.id)).toEqual([]);
    const after = await counts();
    expect(after.status_DRAFT).toBe(before.status_DRAFT - 1);
    expect(after.status_CONFIRMED).toBe((before.status_CONFIRMED ?? 0) + 1);
    expect(after.all).toBe(before.all);
    const item = await rawOrder(order.id);
    expect(item.GSI3PK).toMatch(/#STATUS#CONFIRMED$/);
    expect(item.GSI2SK.startsWith(res.body.updatedAt)).toBe(true);
    expect(item.version).toBe(2);
    // Lists by status see the move.
    const list = await call('GET', '/sales-orders', { key: t.key, query: { status: 'CONFIRMED' } });
    expect(list.body.data.map((o: { id: string }) => o.id)).toContain(order.id);
    expect((await call('GET', `/sales-orders/${order.id}`, { key: t.key })).body).toEqual(res.body);
  });

  it('reserves lots first-expiry-first and shows them on the line', async () => {
    const p = await product(t, { isBatchTracked: true });
    const late = await batchOf(t, p.id, '2031-01-01');
    const early = await batchOf(t, p.id, '2030-01-01');
    const res = await adjust(t, [
      { productId: p.id, warehouseId: wh.id, batchId: late.id, quantityChange: 5 },
      { productId: p.id, warehouseId: wh.id, batchId: early.id, quantityChange: 3 },
    ]);
    expect(res.status).toBe(201);
    const order = await draft([{ productId: p.id, quantity: 5 }]);
    const confirmed = await confirm(order.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.lines[0].lots).toEqual([
      { batchId: early.id, batchNumber: early.batchNumber, quantity: 3, isPicked: false },
      { batchId: late.id, batchNumber: late.batchNumber, quantity: 2, isPicked: false },
    ]);
    expect(await levels(p.id)).toEqual({ onHand: 8, reserved: 5 });
  });

  it('a second confirm is 422 naming CONFIRMED; another organisation gets 404', async () => {
    const p = await stocked(5);
    const order = await draft([{ productId: p.id, quantity: 1 }]);
    expect((await confirm(order.id, other)).status).toBe(404);
    expect((await confirm(order.id)).status).toBe(200);
    const again = await confirm(order.id);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe('Sales order is CONFIRMED; confirm needs DRAFT');
    expect(await levels(p.id)).toEqual({ onHand: 5, reserved: 1 });
    expect((await confirm('cm0000000000000000000000')).status).toBe(404);
  });

  it('refuses an order without a warehouse, and insufficient stock naming the product', async () => {
    const p = await stocked(2);
    const noWarehouse = await draft([{ productId: p.id, quantity: 1 }], { warehouseId: null });
    const a = await confirm(noWarehouse.id);
    expect(a.status).toBe(422);
    expect(a.body.error.message).toMatch(/no warehouse/);
    const tooMuch = await draft([{ productId: p.id, quantity: 3 }]);
    const b = await confirm(tooMuch.id);
    expect(b.status).toBe(422);
    expect(b.body.error.message).toBe(`Insufficient stock for ${p.sku} (${p.name}): available 2, required 3`);
    expect(await levels(p.id)).toEqual({ onHand: 2, reserved: 0 });
    expect((await call('GET', `/sales-orders/${tooMuch.id}`, { key: t.key })).body.status).toBe('DRAFT');
  });

  it('credit: hold refuses; over the limit WARN confirms with an audit warning, BLOCK refuses', async () => {
    const tenant = await newTenant('Credit org');
    const where = await warehouse(tenant);
    const p = await stocked(100, tenant, where);
    const held = await customer(tenant, { creditHold: true });
    const limited = await customer(tenant, { creditLimit: 15 });
    const order = async (customerId: string) => {
      const res = await call('POST', '/sales-orders', {
        key: tenant.key,
        body: { customerId, warehouseId: where.id, lines: [{ productId: p.id, quantity: 2, unitPrice: 10 }] },
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const onHold = await confirm(await order(held.id), tenant);
    expect(onHold.status).toBe(422);
    expect(onHold.body.error.message).toBe(`Customer ${held.name} is on credit hold`);

    const warned = await order(limited.id);
    expect((await confirm(warned, tenant)).status).toBe(200);
    const audit = await listAudit(tenant.orgId, { resourceType: 'sales_order', resourceId: warned });
    expect(audit.map((a) => [a.action, a.warnings])).toEqual([
      ['create', []],
      [
        'confirm',
        [
          'CREDIT_LIMIT_EXCEEDED: Credit limit exceeded: outstanding 0 + order 20 = 20 is over the limit of 15',
        ],
      ],
    ]);

    expect((await setOrganisationCreditMode(tenant.orgId, 'BLOCK')).creditLimitMode).toBe('BLOCK');
    const blocked = await order(limited.id);
    const refused = await confirm(blocked, tenant);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'Credit limit exceeded: outstanding 0 + order 20 = 20 is over the limit of 15',
    );
    expect(await levels(p.id, tenant)).toEqual({ onHand: 100, reserved: 2 });
  });

  it('two racing confirms of one order: exactly one 200, the other 422 naming CONFIRMED', async () => {
    const p = await stocked(10);
    const order = await draft([{ productId: p.id, quantity: 2 }]);
    const results = await Promise.all([confirm(order.id), confirm(order.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.error.message).toBe(
      'Sales order is CONFIRMED; confirm needs DRAFT',
    );
    expect(await levels(p.id)).toEqual({ onHand: 10, reserved: 2 });
  });

  it('8 orders of 3 units racing for 10 units: exactly 3 confirm, 9 reserved', async () => {
    const p = await stocked(10);
    const orders = await Promise.all(
      Array.from({ length: 8 }, () => draft([{ productId: p.id, quantity: 3 }])),
    );
    const results = await Promise.all(orders.map((o) => confirm(o.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    for (const r of refused) expect(r.body.error.message).toMatch(/available 1, required 3/);
    expect(await levels(p.id)).toEqual({ onHand: 10, reserved: 9 });
  });
});

describe('confirm beyond one transaction (100 items)', () => {
  it('a 100-line order over 100 distinct stocked products confirms and cancels, in parts', async () => {
    const products: { id: string }[] = [];
    for (let i = 0; i < 100; i += 10) {
      products.push(...(await Promise.all(Array.from({ length: 10 }, () => product(t)))));
    }
    for (let i = 0; i < 100; i += 50) {
      const res = await adjust(
        t,
        products.slice(i, i + 50).map((p) => ({ productId: p.id, warehouseId: wh.id, quantityChange: 7 })),
      );
      expect(res.status).toBe(201);
    }
    const order = await draft(products.map((p) => ({ productId: p.id, quantity: 2 })));
    const res = await confirm(order.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CONFIRMED');
    expect(res.body.lines).toHaveLength(100);
    const stocks = await getStocks(
      t.orgId,
      products.map((p) => p.id),
    );
    expect([...stocks.values()].map((s) => stockTotals(s.levels).reserved)).toEqual(Array(100).fill(2));
    expect([...stocks.values()].map((s) => stockTotals(s.levels).onHand)).toEqual(Array(100).fill(7));
    const item = await rawOrder(order.id);
    expect(item.pendingConfirm).toBeUndefined();
    expect(item.reservations).toHaveLength(100);
    expect(item.status).toBe('CONFIRMED');
    // One outbox item holds the confirm's events: the order's and one level change per product.
    const outbox = (await outboxItems(t.orgId)).find((o) =>
      o.events.some(
        (e: { event: string; data: { id: string } }) =>
          e.event === 'sales_order.confirmed' && e.data.id === order.id,
      ),
    )!;
    expect(outbox.events.filter((e: { event: string }) => e.event === 'stock.level_changed')).toHaveLength(
      100,
    );
    // The cancel runs in parts too: every reservation released once, one outbox item for the cancel.
    const cancelled = await call('POST', `/sales-orders/${order.id}/cancel`, {
      key: t.key,
      body: { reason: 'Too big' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancelReason: 'Too big' });
    const after = await getStocks(
      t.orgId,
      products.map((p) => p.id),
    );
    expect([...after.values()].map((s) => stockTotals(s.levels).reserved)).toEqual(Array(100).fill(0));
    expect([...after.values()].map((s) => stockTotals(s.levels).onHand)).toEqual(Array(100).fill(7));
    const stored = await rawOrder(order.id);
    expect([stored.status, stored.pendingCancel, stored.reservations]).toEqual(['CANCELLED', undefined, []]);
    const cancelOutbox = (await outboxItems(t.orgId)).filter((o) =>
      o.events.some(
        (e: { event: string; data: { id: string } }) =>
          e.event === 'sales_order.cancelled' && e.data.id === order.id,
      ),
    );
    expect(cancelOutbox).toHaveLength(1);
    const cancelEvents = cancelOutbox[0]!.events as { event: string; data: { productId: string } }[];
    const levelChanges = cancelEvents.filter((e) => e.event === 'stock.level_changed');
    expect(levelChanges).toHaveLength(100);
    expect(new Set(levelChanges.map((e) => e.data.productId)).size).toBe(100);
  }, 60_000);

  it('a part that meets insufficient stock undoes the parts applied: stock as before, order DRAFT', async () => {
    confirmChunking.maxItems = 8; // parts of 4 products
    const products = await Promise.all(Array.from({ length: 6 }, () => stocked(5)));
    const order = await draft(products.map((p) => ({ productId: p.id, quantity: 3 })));
    let parts = 0;
    confirmChunking.afterPart = async () => {
      parts += 1;
      // Meanwhile, stock of a product of the second part leaves.
      const res = await adjust(t, [{ productId: products[5]!.id, warehouseId: wh.id, quantityChange: -4 }]);
      expect(res.status).toBe(201);
      // Mid-way the first part's reservations are applied and journalled on the order.
      expect((await levels(products[0]!.id)).reserved).toBe(3);
      expect((await rawOrder(order.id)).pendingConfirm.reservations).toHaveLength(4);
    };
    const res = await confirm(order.id);
    expect(parts).toBe(1);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/available 1, required 3/);
    for (const p of products.slice(0, 5)) expect(await levels(p.id)).toEqual({ onHand: 5, reserved: 0 });
    expect(await levels(products[5]!.id)).toEqual({ onHand: 1, reserved: 0 });
    const item = await rawOrder(order.id);
    expect(item.status).toBe('DRAFT');
    expect(item.pendingConfirm).toBeUndefined();
    expect((await eventsFor(t.orgId, order.id)).map((e) => e.event)).toEqual(['sales_order.created']);

    // With the stock back, the same order confirms in parts.
    confirmChunking.afterPart = undefined;
    await adjust(t, [{ productId: products[5]!.id, warehouseId: wh.id, quantityChange: 4 }]);
    expect((await confirm(order.id)).status).toBe(200);
    for (const p of products) expect(await levels(p.id)).toEqual({ onHand: 5, reserved: 3 });
  });

  it('a confirm that died mid-way is 409 while fresh, and undone by the next cancel once stale', async () => {
    confirmChunking.maxItems = 8;
    const products = await Promise.all(Array.from({ length: 5 }, () => stocked(4)));
    const order = await draft(products.map((p) => ({ productId: p.id, quantity: 1 })));
    confirmChunking.afterPart = () => Promise.reject(new Error('the Lambda died'));
    expect((await confirm(order.id)).status).toBe(500);
    confirmChunking.afterPart = undefined;
    expect((await levels(products[0]!.id)).reserved).toBe(1);
    const busy = await cancel(order.id);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/in progress/);
    confirmChunking.staleAfterMs = 0;
    const cancelled = await cancel(order.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    for (const p of products) expect(await levels(p.id)).toEqual({ onHand: 4, reserved: 0 });
    expect((await rawOrder(order.id)).pendingConfirm).toBeUndefined();
  });
});

describe('cancel beyond one transaction (in parts, rolled forward)', () => {
  it('a cancel interrupted after its first part is finished by the next cancel, stock released once', async () => {
    confirmChunking.maxItems = 6; // single transaction: 1 product; parts of up to 5 items
    const products = await Promise.all(Array.from({ length: 9 }, () => stocked(5)));
    const order = await draft(products.map((p) => ({ productId: p.id, quantity: 2 })));
    expect((await confirm(order.id)).status).toBe(200);
    for (const p of products) expect(await levels(p.id)).toEqual({ onHand: 5, reserved: 2 });
    const before = await counts();
    confirmChunking.afterPart = () => Promise.reject(new Error('the Lambda died'));
    expect((await cancel(order.id, { reason: 'First reason' })).status).toBe(500);
    confirmChunking.afterPart = undefined;
    const marker = (await rawOrder(order.id)).pendingCancel;
    expect(marker).toMatchObject({ step: 1, reason: 'First reason' });
    const released = products.filter(
      (p) => !marker.remaining.some((d: { productId: string }) => d.productId === p.id),
    );
    expect(released.length).toBeGreaterThan(0);
    expect(released.length).toBeLessThan(products.length);
    for (const p of products) {
      expect((await levels(p.id)).reserved).toBe(released.includes(p) ? 0 : 2);
    }
    expect((await rawOrder(order.id)).status).toBe('CONFIRMED');

    // The next cancels finish it (with the first cancel's reason), releasing only what was left: two at
    // once cooperate (each part is conditioned on the marker's step), one of them may find it finished.
    const results = await Promise.all([
      cancel(order.id, { reason: 'Second reason' }),
      cancel(order.id, { reason: 'Third reason' }),
    ]);
    expect(results.map((r) => r.status)).toContain(200);
    for (const r of results) expect([200, 422]).toContain(r.status);
    const res = results.find((r) => r.status === 200)!;
    expect(res.body).toMatchObject({ status: 'CANCELLED', cancelReason: 'First reason' });
    for (const p of products) expect(await levels(p.id)).toEqual({ onHand: 5, reserved: 0 });
    const item = await rawOrder(order.id);
    expect(item.pendingCancel).toBeUndefined();
    expect(item.reservations).toEqual([]);
    expect(item.GSI3PK).toMatch(/#STATUS#CANCELLED$/);
    const after = await counts();
    expect(after.status_CONFIRMED).toBe(before.status_CONFIRMED - 1);
    expect(after.status_CANCELLED).toBe((before.status_CANCELLED ?? 0) + 1);
    expect((await eventsFor(t.orgId, order.id)).map((e) => e.event)).toEqual([
      'sales_order.created',
      'sales_order.confirmed',
      'sales_order.cancelled',
    ]);
    const outbox = (await outboxItems(t.orgId)).find((o) =>
      o.events.some(
        (e: { event: string; data: { id: string } }) =>
          e.event === 'sales_order.cancelled' && e.data.id === order.id,
      ),
    )!;
    expect(outbox.events.filter((e: { event: string }) => e.event === 'stock.level_changed')).toHaveLength(9);
    const audit = await listAudit(t.orgId, { resourceType: 'sales_order', resourceId: order.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'confirm', 'cancel']);
    const again = await cancel(order.id);
    expect(again.status).toBe(422);
  });

  it('while a cancel marker is fresh, pick, pack, dispatch and confirm are 409; picked stock returns in parts', async () => {
    confirmChunking.maxItems = 6;
    const products = await Promise.all(Array.from({ length: 7 }, () => stocked(4)));
    const confirmedOrder = await draft(products.map((p) => ({ productId: p.id, quantity: 1 })));
    const packedOrder = await draft(products.map((p) => ({ productId: p.id, quantity: 2 })));
    expect((await confirm(confirmedOrder.id)).status).toBe(200);
    expect((await confirm(packedOrder.id)).status).toBe(200);
    await pickSalesOrder({ orgId: t.orgId, id: packedOrder.id });
    await packSalesOrder({ orgId: t.orgId, id: packedOrder.id });
    for (const p of products) expect(await levels(p.id)).toEqual({ onHand: 2, reserved: 1 });

    confirmChunking.afterPart = () => Promise.reject(new Error('the Lambda died'));
    expect((await cancel(confirmedOrder.id)).status).toBe(500);
    expect((await cancel(packedOrder.id)).status).toBe(500);
    confirmChunking.afterPart = undefined;

    const busy = await confirm(confirmedOrder.id);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/cancel of this sales order is in progress/);
    await expect(pickSalesOrder({ orgId: t.orgId, id: confirmedOrder.id })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(packSalesOrder({ orgId: t.orgId, id: packedOrder.id })).rejects.toMatchObject({
      code: 'conflict',
    });
    const dispatched = await call('POST', `/sales-orders/${packedOrder.id}/dispatch`, { key: t.key });
    expect(dispatched.status).toBe(409);
    expect(dispatched.body.error.message).toMatch(/being cancelled/);
    expect((await rawOrder(packedOrder.id)).status).toBe('PACKED');

    // Once stale, a confirm finishes the cancel and reports the order CANCELLED.
    confirmChunking.staleAfterMs = 0;
    const late = await confirm(confirmedOrder.id);
    expect(late.status).toBe(422);
    expect(late.body.error.message).toBe('Sales order is CANCELLED; confirm needs DRAFT');
    expect((await cancel(packedOrder.id)).status).toBe(200);
    for (const p of products) expect(await levels(p.id)).toEqual({ onHand: 4, reserved: 0 });
    const rows = await ledgerRows(packedOrder.id);
    // The pick's row, then one row per part that returned stock, together every picked unit once.
    const returned = rows.slice(1).flatMap((r) => r.movements as { productId: string; quantity: number }[]);
    expect(returned.map((m) => m.quantity)).toEqual(Array(7).fill(2));
    expect(new Set(returned.map((m) => m.productId)).size).toBe(7);
  });
});

describe('POST /sales-orders/{id}/cancel', () => {
  it('cancels a DRAFT order with its reason; counters move', async () => {
    const p = await stocked(3);
    const order = await draft([{ productId: p.id, quantity: 1 }]);
    const before = await counts();
    const res = await cancel(order.id, { reason: 'Customer changed their mind' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'Customer changed their mind',
      cancelledAt: expect.any(String),
    });
    const after = await counts();
    expect(after.status_DRAFT).toBe(before.status_DRAFT - 1);
    expect(after.status_CANCELLED).toBe((before.status_CANCELLED ?? 0) + 1);
    expect((await eventsFor(t.orgId, order.id)).map((e) => e.event)).toEqual([
      'sales_order.created',
      'sales_order.cancelled',
    ]);
    expect(await levels(p.id)).toEqual({ onHand: 3, reserved: 0 });
    const again = await cancel(order.id);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(
      'Sales order is CANCELLED; cancel needs DRAFT or CONFIRMED or PICKING or PACKED',
    );
  });

  it('cancelling a CONFIRMED order releases its reservations (no body needed)', async () => {
    const p = await stocked(6);
    const order = await draft([{ productId: p.id, quantity: 4 }]);
    expect((await confirm(order.id)).status).toBe(200);
    expect(await levels(p.id)).toEqual({ onHand: 6, reserved: 4 });
    const res = await cancel(order.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED', cancelReason: null });
    expect(res.body.lines[0]).toMatchObject({ pickedQty: 0, packedQty: 0, lots: [] });
    expect(await levels(p.id)).toEqual({ onHand: 6, reserved: 0 });
    expect((await levelEvents(p.id)).at(-1)!.data).toMatchObject({
      quantityOnHand: 6,
      quantityReserved: 0,
      quantityAvailable: 6,
    });
    expect(await ledgerRows(order.id)).toEqual([]);
    const item = await rawOrder(order.id);
    expect(item.GSI3PK).toMatch(/#STATUS#CANCELLED$/);
    expect(item.reservations).toEqual([]);
  });

  it('cancelling a picked order puts the picked stock back on hand (ledger row sales_order)', async () => {
    const p = await stocked(10);
    const order = await draft([{ productId: p.id, quantity: 3 }]);
    expect((await confirm(order.id)).status).toBe(200);
    // Pick through the domain and the stock writer, as the back office's pick does.
    const confirmed = (await getSalesOrder(t.orgId, order.id))!;
    const at = new Date().toISOString();
    const stock = await loadStockFacts(t.orgId, [
      { productId: p.id, warehouseId: wh.id, binId: null, batchId: null, onHandDelta: 0, reservedDelta: 0 },
    ]);
    const picked = decidePick(confirmed, undefined, { stock: stock.levels, batches: new Map() }, at);
    const loaded = await loadStockFacts(t.orgId, picked.deltas);
    const plan = planStockMovement(picked.deltas, loaded.levels, loaded.facts, at);
    const source = { type: 'sales_order', id: order.id, number: order.orderNumber };
    await transact([
      ...stockMovementWrites(t.orgId, plan, loaded, source, at).items,
      orderReplaceItem(t.orgId, picked.order, confirmed, 'pick'),
    ]);
    expect(await levels(p.id)).toEqual({ onHand: 7, reserved: 0 });

    const res = await cancel(order.id, { reason: null });
    expect(res.status).toBe(200);
    expect(res.body.lines[0]).toMatchObject({ pickedQty: 0, packedQty: 0, lots: [] });
    expect(await levels(p.id)).toEqual({ onHand: 10, reserved: 0 });
    const rows = await ledgerRows(order.id);
    expect(
      rows.map((r) => [
        r.sourceType,
        r.sourceNumber,
        r.movements.map((m: { quantity: number }) => m.quantity),
      ]),
    ).toEqual([
      ['sales_order', order.orderNumber, [-3]],
      ['sales_order', order.orderNumber, [3]],
    ]);
  });

  it('422 for DISPATCHED, 404 across organisations, 400 for a reason over 500 characters', async () => {
    const p = await stocked(2);
    const order = await draft([{ productId: p.id, quantity: 1 }]);
    const stored = (await getSalesOrder(t.orgId, order.id))!;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: salesOrders.toItem(t.orgId, { ...stored, status: 'DISPATCHED', version: 5 }),
      }),
    );
    const refused = await cancel(order.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/^Sales order is DISPATCHED; cancel needs/);
    expect((await cancel(order.id, {}, other)).status).toBe(404);
    const long = await cancel(order.id, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await rawOrder(order.id)).status).toBe('DISPATCHED');
  });
});

describe('product deactivation while on open sales orders', () => {
  it('is 409 while a DRAFT order holds the product, allowed once the order is cancelled', async () => {
    const p = await stocked(0);
    const order = await draft([{ productId: p.id, quantity: 1 }]);
    const refused = await call('PUT', `/products/${p.id}`, { key: t.key, body: { isActive: false } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/open sales or purchase orders/);
    expect((await call('GET', `/products/${p.id}`, { key: t.key })).body.isActive).toBe(true);
    expect((await cancel(order.id)).status).toBe(200);
    const allowed = await call('PUT', `/products/${p.id}`, { key: t.key, body: { isActive: false } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.isActive).toBe(false);
    // And an order for it is now refused.
    const create = await call('POST', '/sales-orders', {
      key: t.key,
      body: {
        customerId: cust.id,
        warehouseId: wh.id,
        lines: [{ productId: p.id, quantity: 1, unitPrice: 1 }],
      },
    });
    expect(create.status).toBe(422);
  });
});
