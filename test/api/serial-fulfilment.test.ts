import { beforeAll, describe, expect, it } from 'vitest';
import { packSalesOrder } from '../../functions/areas/sales-orders/steps/pack.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { confirmChunking } from '../../functions/areas/sales-orders/confirm-parts.js';
import { loadSalesOrder } from '../../functions/areas/sales-orders/store/read.js';
import { createShipment } from '../../functions/areas/shipments/steps/create.js';
import { pickShipment } from '../../functions/areas/shipments/steps/pick.js';
import { getShipment } from '../../functions/areas/shipments/store/shipments.js';
import { setSerialStatus } from '../../functions/areas/inventory/steps/serials.js';
import { getSerialNumber } from '../../functions/areas/inventory/store/serial-numbers.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, product, unique, warehouse } from '../support/inventory.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';
import { receiveSerials, serialDetailOf, serialsOf } from '../support/serials.js';
import { dispatchShipment, packShipment } from '../support/shipments.js';

let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;
let buyer: Awaited<ReturnType<typeof customer>>;

beforeAll(async () => {
  t = await newTenant('Serial fulfilment org');
  [wh, buyer] = await Promise.all([warehouse(t), customer(t)]);
});

/** A serial-tracked product with `count` units received one receipt each (so the oldest is clear). */
async function serialProduct(count: number) {
  const p = await product(t, { requiresSerialTracking: true, defaultPrice: 100 });
  const sn = `F-${unique()}`;
  const numbers = Array.from({ length: count }, (_, i) => `${sn}-${i + 1}`);
  const receipts = [];
  for (const n of numbers) receipts.push((await receiveSerials(t, p.id, wh, [n])).receipt);
  const listed = await serialsOf(t, p.id);
  return { product: p, numbers, receipts, ids: numbers.map((n) => listed.get(n)!.id as string) };
}

async function confirmed(productId: string, quantity: number) {
  const order = await draftOrder(t, [{ productId, quantity }], { customerId: buyer.id, warehouseId: wh.id });
  await confirmOrder(t, order.id);
  return order;
}

const storedOrder = async (id: string) => (await loadSalesOrder(t.orgId, id))!.order;
const statusOf = async (id: string) => (await getSerialNumber(t.orgId, id))!.status;

describe('sales-order pick, dispatch and cancel with serial numbers', () => {
  it('pick allocates the oldest AVAILABLE serials; dispatch sells those of the dispatched units (soldAt, history)', async () => {
    const s = await serialProduct(3);
    const order = await confirmed(s.product.id, 2);
    await pickSalesOrder({ orgId: t.orgId, id: order.id });
    expect(await Promise.all(s.ids.map(statusOf))).toEqual(['ALLOCATED', 'ALLOCATED', 'AVAILABLE']);
    expect((await storedOrder(order.id)).lines[0]!.serialNumberIds).toEqual([s.ids[0], s.ids[1]]);

    await packSalesOrder({ orgId: t.orgId, id: order.id });
    const first = await call('POST', `/sales-orders/${order.id}/dispatch`, {
      key: t.key,
      body: { lines: [{ soLineId: order.lines[0]!.id, quantity: 1 }] },
    });
    expect(first.status).toBe(200);
    expect(await Promise.all(s.ids.map(statusOf))).toEqual(['SOLD', 'ALLOCATED', 'AVAILABLE']);
    const second = await call('POST', `/sales-orders/${order.id}/dispatch`, { key: t.key });
    expect(second.status).toBe(200);
    expect(second.body.status).toBe('DISPATCHED');
    expect(await Promise.all(s.ids.map(statusOf))).toEqual(['SOLD', 'SOLD', 'AVAILABLE']);

    const detail = await serialDetailOf(t, s.ids[0]!);
    expect(detail).toMatchObject({ status: 'SOLD', soldAt: first.body.updatedAt, historyTotal: 3 });
    const picked = detail.history[1].at;
    expect(detail.history).toEqual([
      {
        fromStatus: null,
        toStatus: 'AVAILABLE',
        at: s.receipts[0]!.receivedAt,
        sourceType: 'goods_receipt',
        sourceId: s.receipts[0]!.id,
      },
      {
        fromStatus: 'AVAILABLE',
        toStatus: 'ALLOCATED',
        at: picked,
        sourceType: 'sales_order',
        sourceId: order.id,
      },
      {
        fromStatus: 'ALLOCATED',
        toStatus: 'SOLD',
        at: first.body.updatedAt,
        sourceType: 'sales_order',
        sourceId: order.id,
      },
    ]);
    expect((await serialDetailOf(t, s.ids[1]!)).soldAt).toBe(second.body.updatedAt);
  });

  it('pick takes the serial numbers named (case-insensitive); refusals are 422 and leave everything as it was', async () => {
    const s = await serialProduct(4);
    const other = await serialProduct(1);
    const order = await confirmed(s.product.id, 2);
    const lineId = order.lines[0]!.id;
    const pick = (lines: Record<string, unknown>[]) =>
      pickSalesOrder({ orgId: t.orgId, id: order.id, lines: lines as never });

    await expect(
      pick([{ soLineId: lineId, quantity: 2, serialNumbers: [s.numbers[2]] }]),
    ).rejects.toMatchObject({
      status: 422,
      message: `Line 1 (${s.product.sku}): 1 serial numbers given for 2 units picked`,
    });
    await expect(
      pick([{ soLineId: lineId, quantity: 1, serialNumbers: [other.numbers[0]] }]),
    ).rejects.toMatchObject({
      status: 422,
      message: `Line 1 (${s.product.sku}): serial number ${other.numbers[0]} is not one of the product's`,
    });
    await expect(pick([{ soLineId: lineId, quantity: 0.5 }])).rejects.toMatchObject({
      status: 422,
      message: `Line 1 (${s.product.sku}) is serial-tracked: pick whole units (0.5 asked)`,
    });
    await setSerialStatus({ orgId: t.orgId, id: s.ids[3]!, status: 'DAMAGED' });
    await expect(
      pick([{ soLineId: lineId, quantity: 1, serialNumbers: [s.numbers[3]] }]),
    ).rejects.toMatchObject({
      status: 422,
      message: `Serial number ${s.numbers[3]} is DAMAGED; only AVAILABLE units can be picked`,
    });
    expect(await Promise.all(s.ids.map(statusOf))).toEqual([
      'AVAILABLE',
      'AVAILABLE',
      'AVAILABLE',
      'DAMAGED',
    ]);
    expect((await storedOrder(order.id)).status).toBe('CONFIRMED');

    await pick([
      { soLineId: lineId, quantity: 2, serialNumbers: [s.numbers[2]!.toLowerCase(), ` ${s.numbers[1]}`] },
    ]);
    expect(await Promise.all(s.ids.map(statusOf))).toEqual([
      'AVAILABLE',
      'ALLOCATED',
      'ALLOCATED',
      'DAMAGED',
    ]);
    expect((await storedOrder(order.id)).lines[0]!.serialNumberIds).toEqual([s.ids[2], s.ids[1]]);

    const cancel = await call('POST', `/sales-orders/${order.id}/cancel`, {
      key: t.key,
      body: { reason: 'changed' },
    });
    expect(cancel.status).toBe(200);
    expect(await Promise.all(s.ids.map(statusOf))).toEqual([
      'AVAILABLE',
      'AVAILABLE',
      'AVAILABLE',
      'DAMAGED',
    ]);
    expect((await storedOrder(order.id)).lines[0]!.serialNumberIds).toEqual([]);
    const freed = await serialDetailOf(t, s.ids[2]!);
    expect(freed.history.slice(1)).toEqual([
      {
        fromStatus: 'AVAILABLE',
        toStatus: 'ALLOCATED',
        at: expect.any(String),
        sourceType: 'sales_order',
        sourceId: order.id,
      },
      {
        fromStatus: 'ALLOCATED',
        toStatus: 'AVAILABLE',
        at: cancel.body.cancelledAt,
        sourceType: 'sales_order',
        sourceId: order.id,
      },
    ]);
  });

  it('a serial-tracked line without AVAILABLE serials in the warehouse cannot be picked (422)', async () => {
    const p = await product(t, { requiresSerialTracking: true, defaultPrice: 5 });
    expect((await adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: 2 }])).status).toBe(201);
    const order = await confirmed(p.id, 1);
    await expect(pickSalesOrder({ orgId: t.orgId, id: order.id })).rejects.toMatchObject({
      status: 422,
      message: `Line 1 (${p.sku}) is serial-tracked: 0 AVAILABLE serial number(s) in the warehouse for 1 unit(s) picked`,
    });
  });

  it('a pick whose serials do not fit one transaction is 422; picking fewer units at a time works', async () => {
    const p = await product(t, { requiresSerialTracking: true, defaultPrice: 1 });
    const numbers = Array.from({ length: 100 }, (_, i) => `BIG-${unique()}-${i}`);
    await receiveSerials(t, p.id, wh, numbers);
    const order = await confirmed(p.id, 100);
    await expect(pickSalesOrder({ orgId: t.orgId, id: order.id })).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/pick would write \d+ records, more than one transaction holds \(100\)/),
    });
    await pickSalesOrder({
      orgId: t.orgId,
      id: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 60 }],
    });
    expect((await storedOrder(order.id)).lines[0]!.serialNumberIds).toHaveLength(60);
  });

  it('two picks racing for the last serial: one allocates it, the other is refused', async () => {
    const s = await serialProduct(1);
    // Stock beyond the serials (an adjustment) lets both orders confirm; only one unit has a serial.
    expect(
      (await adjust(t, [{ productId: s.product.id, warehouseId: wh.id, quantityChange: 1 }])).status,
    ).toBe(201);
    const [a, b] = [await confirmed(s.product.id, 1), await confirmed(s.product.id, 1)];
    const results = await Promise.allSettled([
      pickSalesOrder({ orgId: t.orgId, id: a.id }),
      pickSalesOrder({ orgId: t.orgId, id: b.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await statusOf(s.ids[0]!)).toBe('ALLOCATED');
    const holders = [(await storedOrder(a.id)).lines[0]!, (await storedOrder(b.id)).lines[0]!];
    expect(holders.flatMap((l) => l.serialNumberIds)).toEqual([s.ids[0]]);
  });
});

describe('cancel in parts with serial numbers', () => {
  it('frees the serials in their own parts after the stock, then closes the order', async () => {
    const s = await serialProduct(6);
    const order = await confirmed(s.product.id, 6);
    await pickSalesOrder({ orgId: t.orgId, id: order.id });
    expect(await Promise.all(s.ids.map(statusOf))).toEqual(Array(6).fill('ALLOCATED'));
    const parts: number[] = [];
    confirmChunking.maxItems = 8;
    confirmChunking.afterPart = async (index) => {
      parts.push(index);
    };
    try {
      const res = await call('POST', `/sales-orders/${order.id}/cancel`, { key: t.key });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('CANCELLED');
    } finally {
      confirmChunking.maxItems = 100;
      confirmChunking.afterPart = undefined;
    }
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(await Promise.all(s.ids.map(statusOf))).toEqual(Array(6).fill('AVAILABLE'));
    const stored = await loadSalesOrder(t.orgId, order.id);
    expect(stored!.cancelling).toBeFalsy();
    expect(stored!.order.lines[0]!.serialNumberIds).toEqual([]);
    expect((await serialDetailOf(t, s.ids[5]!)).history.map((h: { toStatus: string }) => h.toStatus)).toEqual(
      ['AVAILABLE', 'ALLOCATED', 'AVAILABLE'],
    );
  });
});

describe('shipments with serial numbers', () => {
  it('shipment pick allocates serials onto the shipment and the order; dispatch sells them', async () => {
    const s = await serialProduct(2);
    const order = await confirmed(s.product.id, 2);
    const shipment = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    await pickShipment({ orgId: t.orgId, id: shipment.id });
    expect(await Promise.all(s.ids.map(statusOf))).toEqual(['ALLOCATED', 'ALLOCATED']);
    expect((await getShipment(t.orgId, shipment.id))!.lines[0]!.serialNumberIds).toEqual(s.ids);
    expect((await storedOrder(order.id)).lines[0]!.serialNumberIds).toEqual(s.ids);
    expect((await packShipment(t, shipment.id)).status).toBe(200);
    const sent = await dispatchShipment(t, shipment.id, { carrier: 'NZ Post' });
    expect(sent.status).toBe(200);
    const detail = await serialDetailOf(t, s.ids[1]!);
    expect(detail).toMatchObject({ status: 'SOLD', soldAt: sent.body.shipDate });
    expect(detail.history.slice(1)).toEqual([
      {
        fromStatus: 'AVAILABLE',
        toStatus: 'ALLOCATED',
        at: expect.any(String),
        sourceType: 'shipment',
        sourceId: shipment.id,
      },
      {
        fromStatus: 'ALLOCATED',
        toStatus: 'SOLD',
        at: sent.body.shipDate,
        sourceType: 'shipment',
        sourceId: shipment.id,
      },
    ]);
  });

  it('packing a shipment still PICKING allocates its serials in the same write', async () => {
    const s = await serialProduct(1);
    const order = await confirmed(s.product.id, 1);
    const shipment = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    expect((await packShipment(t, shipment.id)).status).toBe(200);
    expect(await statusOf(s.ids[0]!)).toBe('ALLOCATED');
    expect((await getShipment(t.orgId, shipment.id))!.lines[0]!.serialNumberIds).toEqual(s.ids);
  });
});
