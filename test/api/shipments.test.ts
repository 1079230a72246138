import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createId } from '@paralleldrive/cuid2';
import { beforeAll, describe, expect, it } from 'vitest';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { createShipment } from '../../functions/areas/shipments/steps/create.js';
import { pickShipment } from '../../functions/areas/shipments/steps/pick.js';
import { salesOrderKey } from '../../functions/areas/sales-orders/store/sales-orders.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { call, keyFor, newTenant, type Tenant } from '../support/api.js';
import { eventsFor } from '../support/outbox.js';
import {
  confirmedShippingOrder,
  dispatchShipment,
  getOrder,
  packShipment,
  shippingSetup,
  stockRow,
  type ShippingSetup,
} from '../support/shipments.js';

let t: Tenant;
let other: Tenant;
let s: ShippingSetup;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Shipments org'), newTenant('Other shipments org')]);
  s = await shippingSetup(t, 1000);
});

/** A shipment of `plain` units of a fresh order, created (PICKING) and, unless `pick` is false, picked. */
async function shipmentOf(
  plain: number,
  options: { pick?: boolean; tenant?: Tenant; setup?: ShippingSetup } = {},
) {
  const tenant = options.tenant ?? t;
  const order = await confirmedShippingOrder(tenant, options.setup ?? s, { plain });
  const shipment = await createShipment({ orgId: tenant.orgId, salesOrderId: order.id });
  if (options.pick !== false) await pickShipment({ orgId: tenant.orgId, id: shipment.id });
  return { order, shipment };
}

async function packedShipment(plain: number) {
  const made = await shipmentOf(plain);
  expect((await packShipment(t, made.shipment.id)).status).toBe(200);
  return made;
}

/** Puts a confirm-or-cancel-in-parts marker on the order item, as a crashed cancel would leave it. */
const markOrder = (orderId: string, on: boolean) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: salesOrderKey(t.orgId, orderId),
      UpdateExpression: on ? 'SET pendingCancel = :m' : 'REMOVE pendingCancel',
      ...(on
        ? {
            ExpressionAttributeValues: {
              ':m': {
                token: 'x',
                startedAt: new Date().toISOString(),
                step: 1,
                reason: null,
                remaining: [],
                events: [],
              },
            },
          }
        : {}),
    }),
  );

describe('GET /shipments/{id}', () => {
  it('404 for an unknown id and for another organisation', async () => {
    const { shipment } = await shipmentOf(1, { pick: false });
    const across = await call('GET', `/shipments/${shipment.id}`, { key: other.key });
    expect([across.status, across.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Shipment not found' },
    ]);
    expect((await call('GET', `/shipments/${createId()}`, { key: t.key })).status).toBe(404);
    expect((await call('GET', `/shipments/${shipment.id}`, { key: t.key })).body.status).toBe('PICKING');
  });
});

describe('POST /shipments/{id}/pack', () => {
  it("PICKED -> PACKED: 200 detail; the order's packedQty counts it, nothing moves; a body is ignored", async () => {
    const { order, shipment } = await shipmentOf(3);
    const row = await stockRow(t, s.plain.id, s.warehouse.id);
    const res = await packShipment(t, shipment.id, { anything: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: shipment.id, status: 'PACKED', lines: [{ quantity: 3 }] });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(shipment.updatedAt));
    expect((await call('GET', `/shipments/${shipment.id}`, { key: t.key })).body).toEqual(res.body);
    expect(await getOrder(t, order.id)).toMatchObject({
      status: 'PICKING',
      lines: [{ pickedQty: 3, packedQty: 3, dispatchedQty: 0 }],
    });
    expect(await stockRow(t, s.plain.id, s.warehouse.id)).toEqual(row);
    const audit = await listAudit(t.orgId, { resourceType: 'shipment', resourceId: shipment.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'pick', 'pack']);
  });

  it('a shipment still PICKING is picked first, in the same write: stock, ledger and order move', async () => {
    const fresh = await newTenant('Pack unpicked org');
    const f = await shippingSetup(fresh);
    const order = await confirmedShippingOrder(fresh, f, { lotted: 6 });
    const shipment = await createShipment({ orgId: fresh.orgId, salesOrderId: order.id });
    const res = await packShipment(fresh, shipment.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('PACKED');
    expect(res.body.lines[0].lots).toEqual([
      { batchId: f.early.id, batchNumber: f.early.batchNumber, quantity: 5 },
      { batchId: f.late.id, batchNumber: f.late.batchNumber, quantity: 1 },
    ]);
    expect(await stockRow(fresh, f.lotted.id, f.warehouse.id)).toMatchObject({
      quantityOnHand: 4,
      quantityReserved: 0,
    });
    expect((await listLedger(fresh.orgId)).filter((l) => l.sourceType === 'shipment')).toEqual([
      expect.objectContaining({ sourceId: shipment.id, sourceNumber: shipment.shipmentNumber }),
    ]);
    expect(await getOrder(fresh, order.id)).toMatchObject({
      status: 'PICKING',
      lines: [{ pickedQty: 6, packedQty: 6 }],
    });
  });

  it('422 naming the status for a PACKED or DISPATCHED shipment; 404 across organisations', async () => {
    const { shipment } = await packedShipment(1);
    const again = await packShipment(t, shipment.id);
    expect([again.status, again.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'Shipment is PACKED; pack needs PICKING or PICKED' },
    ]);
    expect((await dispatchShipment(t, shipment.id)).status).toBe(200);
    expect((await packShipment(t, shipment.id)).body.error.message).toBe(
      'Shipment is DISPATCHED; pack needs PICKING or PICKED',
    );
    const across = await packShipment(other, shipment.id);
    expect([across.status, across.body.error.message]).toEqual([404, 'Shipment not found']);
  });

  it('two racing packs of one shipment: one 200, the other 422 naming PACKED', async () => {
    const { order, shipment } = await shipmentOf(2);
    const results = await Promise.all([packShipment(t, shipment.id), packShipment(t, shipment.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.error.message).toBe(
      'Shipment is PACKED; pack needs PICKING or PICKED',
    );
    expect((await getOrder(t, order.id)).lines[0].packedQty).toBe(2);
  });

  it('two racing packs of a shipment still PICKING: picked once, one 200 and one 422', async () => {
    const { order, shipment } = await shipmentOf(2, { pick: false });
    const before = await stockRow(t, s.plain.id, s.warehouse.id);
    const results = await Promise.all([packShipment(t, shipment.id), packShipment(t, shipment.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await stockRow(t, s.plain.id, s.warehouse.id)).toMatchObject({
      quantityOnHand: before.quantityOnHand - 2,
      quantityReserved: before.quantityReserved - 2,
    });
    expect((await getOrder(t, order.id)).lines[0]).toMatchObject({ pickedQty: 2, packedQty: 2 });
  });
});

describe('POST /shipments/{id}/dispatch', () => {
  it('PACKED -> DISPATCHED: carrier and tracking written trimmed, shipDate stamped, the order rolled up with its event', async () => {
    const { order, shipment } = await packedShipment(4);
    const res = await dispatchShipment(t, shipment.id, {
      carrier: '  NZ Couriers ',
      trackingNumber: 'NZC 123-45_6.7',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: shipment.id,
      status: 'DISPATCHED',
      carrier: 'NZ Couriers',
      trackingNumber: 'NZC 123-45_6.7',
      shipDate: expect.any(String),
      totalWeight: 8,
    });
    expect(res.body.shipDate).toBe(res.body.updatedAt);
    expect((await call('GET', `/shipments/${shipment.id}`, { key: t.key })).body).toEqual(res.body);
    const after = await getOrder(t, order.id);
    expect(after).toMatchObject({ status: 'DISPATCHED', shippedDate: res.body.shipDate });
    expect(after.lines[0]).toMatchObject({ pickedQty: 4, packedQty: 4, dispatchedQty: 4 });
    const events = (await eventsFor(t.orgId, order.id)).map((e) => e.event);
    expect(events).toEqual(['sales_order.created', 'sales_order.confirmed', 'sales_order.dispatched']);
    const dispatched = (await eventsFor(t.orgId, order.id)).at(-1)!;
    expect(dispatched.data).toEqual({
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'DISPATCHED',
      shippedDate: res.body.shipDate,
      shipment: { id: shipment.id, shipmentNumber: shipment.shipmentNumber },
      lines: [{ soLineId: order.lines[0]!.id, quantity: 4 }],
    });
    const audit = await listAudit(t.orgId, { resourceType: 'shipment', resourceId: shipment.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'pick', 'pack', 'dispatch']);
  });

  it('omitted fields keep their values; an empty body and no body dispatch', async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 2 });
    const shipment = await createShipment({
      orgId: t.orgId,
      salesOrderId: order.id,
      carrier: 'DHL',
      trackingNumber: 'OLD-1',
    });
    await packShipment(t, shipment.id);
    const res = await dispatchShipment(t, shipment.id, { trackingNumber: 'NEW-2' });
    expect([res.body.carrier, res.body.trackingNumber]).toEqual(['DHL', 'NEW-2']);
    const { shipment: bare } = await packedShipment(1);
    const none = await dispatchShipment(t, bare.id);
    expect([none.status, none.body.carrier, none.body.trackingNumber]).toEqual([200, null, null]);
  });

  it('400 validation_error for a blank, long or null carrier and a tracking number with other characters', async () => {
    const { shipment } = await packedShipment(1);
    const cases: [unknown, string][] = [
      [{ carrier: '   ' }, 'carrier: must be 1-100 characters after trimming'],
      [{ carrier: 'c'.repeat(101) }, 'carrier: must be 1-100 characters after trimming'],
      [{ carrier: null }, 'carrier: must be string'],
      [
        { trackingNumber: 'AB#12' },
        'trackingNumber: must be 1-100 letters, digits, spaces, hyphens, underscores or dots',
      ],
      [
        { trackingNumber: '   ' },
        'trackingNumber: must be 1-100 letters, digits, spaces, hyphens, underscores or dots',
      ],
      [{ trackingNumber: 'x'.repeat(101) }, 'trackingNumber: must NOT have more than 100 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await dispatchShipment(t, shipment.id, body);
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
        400,
        'validation_error',
        message,
      ]);
    }
    // Padding around 100 characters is trimmed away, not counted.
    const padded = await dispatchShipment(t, shipment.id, { carrier: `  ${'c'.repeat(100)}  ` });
    expect([padded.status, padded.body.carrier]).toEqual([200, 'c'.repeat(100)]);
  });

  it('422 naming the status when not PACKED; 404 across organisations and for an unknown id', async () => {
    const { shipment } = await shipmentOf(1);
    const picked = await dispatchShipment(t, shipment.id);
    expect([picked.status, picked.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'Shipment is PICKED; dispatch needs PACKED' },
    ]);
    const across = await dispatchShipment(other, shipment.id);
    expect([across.status, across.body.error.message]).toEqual([404, 'Shipment not found']);
    expect((await dispatchShipment(t, createId())).status).toBe(404);
  });

  it('409 for pack and dispatch while the order has a confirm or cancel in parts under way', async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 2 });
    const lineId = order.lines[0]!.id;
    const packed = await createShipment({
      orgId: t.orgId,
      salesOrderId: order.id,
      lines: [{ soLineId: lineId, quantity: 1 }],
    });
    await packShipment(t, packed.id);
    const picked = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    await pickShipment({ orgId: t.orgId, id: picked.id });
    await markOrder(order.id, true);
    for (const busy of [await dispatchShipment(t, packed.id), await packShipment(t, picked.id)]) {
      expect([busy.status, busy.body.error.code]).toEqual([409, 'conflict']);
      expect(busy.body.error.message).toMatch(/being cancelled/);
    }
    await markOrder(order.id, false);
    expect((await dispatchShipment(t, packed.id)).status).toBe(200);
    expect((await packShipment(t, picked.id)).status).toBe(200);
  });

  it('two shipments: the first leaves the order PICKING (dispatchedQty, shippedDate, event), the second rolls it up to DISPATCHED with its service line', async () => {
    const order = await confirmedShippingOrder(t, s, { lotted: 3, plain: 5, service: true });
    const [lotLine, plainLine, serviceLine] = order.lines;
    const first = await createShipment({
      orgId: t.orgId,
      salesOrderId: order.id,
      lines: [
        { soLineId: lotLine!.id, quantity: 3 },
        { soLineId: plainLine!.id, quantity: 2 },
      ],
    });
    const second = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    expect(second.lines.map((l) => [l.soLineId, l.quantity])).toEqual([[plainLine!.id, 3]]);
    await packShipment(t, first.id);
    await packShipment(t, second.id);
    const count = async (status: string) =>
      (await call('GET', '/sales-orders', { key: t.key, query: { status, customerId: s.customer.id } })).body
        .pagination.total;
    const dispatchedBefore = await count('DISPATCHED');

    const one = await dispatchShipment(t, first.id, { carrier: 'Post' });
    expect(one.status).toBe(200);
    const partial = await getOrder(t, order.id);
    expect(partial).toMatchObject({ status: 'PICKING', shippedDate: one.body.shipDate });
    expect(partial.lines.map((l: any) => [l.quantity, l.pickedQty, l.packedQty, l.dispatchedQty])).toEqual([
      [3, 3, 3, 3],
      [5, 5, 5, 2],
      [1, 1, 0, 0],
    ]);
    const cancel = await call('POST', `/sales-orders/${order.id}/cancel`, { key: t.key });
    expect(cancel.status).toBe(422);

    const two = await dispatchShipment(t, second.id);
    expect(two.status).toBe(200);
    const done = await getOrder(t, order.id);
    expect(done).toMatchObject({ status: 'DISPATCHED', shippedDate: one.body.shipDate });
    expect(done.lines.map((l: any) => [l.quantity, l.pickedQty, l.packedQty, l.dispatchedQty])).toEqual([
      [3, 3, 3, 3],
      [5, 5, 5, 5],
      [1, 1, 1, 1],
    ]);
    expect(await count('DISPATCHED')).toBe(dispatchedBefore + 1);
    const events = (await eventsFor(t.orgId, order.id)).filter((e) => e.event === 'sales_order.dispatched');
    expect(events.map((e: any) => [e.data.status, e.data.shipment.shipmentNumber, e.data.lines])).toEqual([
      [
        'PICKING',
        first.shipmentNumber,
        [
          { soLineId: lotLine!.id, quantity: 3 },
          { soLineId: plainLine!.id, quantity: 2 },
        ],
      ],
      [
        'DISPATCHED',
        second.shipmentNumber,
        [
          { soLineId: plainLine!.id, quantity: 3 },
          { soLineId: serviceLine!.id, quantity: 1 },
        ],
      ],
    ]);
    // A dispatched order completes once invoiced, as any other.
    expect((await call('POST', `/sales-orders/${order.id}/invoice`, { key: t.key })).status).toBe(201);
  });

  it('two racing dispatches of one shipment: one 200, the other 422 naming DISPATCHED; the order moves once', async () => {
    const { order, shipment } = await packedShipment(3);
    const results = await Promise.all([dispatchShipment(t, shipment.id), dispatchShipment(t, shipment.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.error.message).toBe(
      'Shipment is DISPATCHED; dispatch needs PACKED',
    );
    expect((await getOrder(t, order.id)).lines[0].dispatchedQty).toBe(3);
    expect(
      (await eventsFor(t.orgId, order.id)).filter((e) => e.event === 'sales_order.dispatched'),
    ).toHaveLength(1);
  });

  it('two shipments of one order dispatched at once both land: the order re-read, rolled up once', async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 4 });
    const lineId = order.lines[0]!.id;
    const a = await createShipment({
      orgId: t.orgId,
      salesOrderId: order.id,
      lines: [{ soLineId: lineId, quantity: 1 }],
    });
    const b = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    await packShipment(t, a.id);
    await packShipment(t, b.id);
    const results = await Promise.all([dispatchShipment(t, a.id), dispatchShipment(t, b.id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const done = await getOrder(t, order.id);
    expect(done).toMatchObject({ status: 'DISPATCHED', lines: [{ dispatchedQty: 4 }] });
    const events = (await eventsFor(t.orgId, order.id)).filter((e) => e.event === 'sales_order.dispatched');
    expect(events.map((e: any) => e.data.status).sort()).toEqual(['DISPATCHED', 'PICKING']);
  });

  it('Idempotency-Key: the same key and body replay the first response; another body is 422 idempotency_key_reuse', async () => {
    const { order, shipment } = await packedShipment(2);
    const key = `ship-${shipment.id}`;
    const body = { carrier: 'Post', trackingNumber: 'P-1' };
    const first = await dispatchShipment(t, shipment.id, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const again = await dispatchShipment(t, shipment.id, body, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
    const reused = await dispatchShipment(t, shipment.id, { carrier: 'Other' }, { 'Idempotency-Key': key });
    expect([reused.status, reused.body.error.code]).toEqual([422, 'idempotency_key_reuse']);
    expect((await getOrder(t, order.id)).lines[0].dispatchedQty).toBe(2);
    expect(
      (await eventsFor(t.orgId, order.id)).filter((e) => e.event === 'sales_order.dispatched'),
    ).toHaveLength(1);
  });
});

describe('GET /shipments', () => {
  it('newest first with the list fields; status (comma, any case), salesOrderId and modifiedSince filter; pages', async () => {
    const fresh = await newTenant('Shipment list org');
    const f = await shippingSetup(fresh, 100);
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await shipmentOf(1, { tenant: fresh, setup: f, pick: i > 0 }));
    const [a, b, c] = made.map((m) => m.shipment);
    await packShipment(fresh, c!.id);
    const list = await call('GET', '/shipments', { key: fresh.key });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ total: 3, page: 1, pageSize: 50, totalPages: 1 });
    expect(list.body.data.map((r: any) => r.shipmentNumber)).toEqual(['SH-000003', 'SH-000002', 'SH-000001']);
    expect(list.body.data[2]).toEqual({
      id: a!.id,
      shipmentNumber: 'SH-000001',
      status: 'PICKING',
      salesOrder: { id: made[0]!.order.id, orderNumber: made[0]!.order.orderNumber },
      warehouseId: f.warehouse.id,
      carrier: null,
      trackingNumber: null,
      totalWeight: 2,
      shipDate: null,
      notes: null,
      lineCount: 1,
      createdAt: a!.createdAt,
      updatedAt: a!.updatedAt,
    });
    const ids = async (query: Record<string, string>) => {
      const res = await call('GET', '/shipments', { key: fresh.key, query });
      expect(res.status).toBe(200);
      return res.body.data.map((r: any) => r.id);
    };
    expect(await ids({ status: 'picked' })).toEqual([b!.id]);
    expect(await ids({ status: 'PACKED,picking' })).toEqual([c!.id, a!.id]);
    expect(await ids({ salesOrderId: made[1]!.order.id })).toEqual([b!.id]);
    expect(await ids({ salesOrderId: made[1]!.order.id, status: 'PACKED' })).toEqual([]);
    expect(await ids({ salesOrderId: createId() })).toEqual([]);
    const since = (await call('GET', `/shipments/${c!.id}`, { key: fresh.key })).body.updatedAt;
    expect(await ids({ modifiedSince: since })).toEqual([c!.id]);
    const page2 = await call('GET', '/shipments', { key: fresh.key, query: { page: '2', pageSize: '2' } });
    expect(page2.body.data.map((r: any) => r.id)).toEqual([a!.id]);
    expect(page2.body.pagination).toEqual({ total: 3, page: 2, pageSize: 2, totalPages: 2 });
    // Another organisation sees none of them.
    expect(
      (await call('GET', '/shipments', { key: other.key, query: { salesOrderId: made[0]!.order.id } })).body
        .data,
    ).toEqual([]);
  });

  it('400 for an unknown status and a salesOrderId that is not a cuid', async () => {
    const bad = await call('GET', '/shipments', { key: t.key, query: { status: 'PICKING,SHIPPED' } });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
    expect(bad.body.error.message).toContain("'SHIPPED'");
    const notCuid = await call('GET', '/shipments', { key: t.key, query: { salesOrderId: 'SO-000001' } });
    expect([notCuid.status, notCuid.body.error]).toEqual([
      400,
      { code: 'invalid_parameter', message: "Query parameter 'salesOrderId' must be a cuid" },
    ]);
  });
});

describe('permissions', () => {
  it('GET needs shipments.view, pack shipments.create, dispatch shipments.dispatch; a shipments:read key cannot write', async () => {
    const { shipment } = await shipmentOf(1);
    const viewer = await keyFor(t.orgId, ['write'], ['shipments.view']);
    expect((await call('GET', `/shipments/${shipment.id}`, { key: viewer })).status).toBe(200);
    expect((await call('POST', `/shipments/${shipment.id}/pack`, { key: viewer })).body.error.code).toBe(
      'forbidden',
    );
    const packer = await keyFor(t.orgId, ['write'], ['shipments.create']);
    expect((await call('POST', `/shipments/${shipment.id}/pack`, { key: packer })).status).toBe(200);
    expect((await call('POST', `/shipments/${shipment.id}/dispatch`, { key: packer })).body.error.code).toBe(
      'forbidden',
    );
    const reader = await keyFor(t.orgId, ['shipments:read']);
    expect((await call('GET', '/shipments', { key: reader })).status).toBe(200);
    expect((await call('POST', `/shipments/${shipment.id}/dispatch`, { key: reader })).body.error.code).toBe(
      'insufficient_scope',
    );
    const dispatcher = await keyFor(t.orgId, ['shipments:write'], ['shipments.dispatch']);
    expect((await call('POST', `/shipments/${shipment.id}/dispatch`, { key: dispatcher })).status).toBe(200);
  });
});
