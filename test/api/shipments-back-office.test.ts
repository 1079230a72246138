import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../domain/errors.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { packSalesOrder } from '../../functions/areas/sales-orders/steps/pack.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { createShipment } from '../../functions/areas/shipments/steps/create.js';
import { pickShipment } from '../../functions/areas/shipments/steps/pick.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { eventsFor, outboxItems } from '../support/outbox.js';
import { draftOrder } from '../support/sales.js';
import {
  admin,
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
  [t, other] = await Promise.all([newTenant('Shipping org'), newTenant('Other shipping org')]);
  s = await shippingSetup(t, 500);
});

/** The ApiError a back-office call is refused with. */
async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected a refusal, but the call succeeded'),
    (e: unknown) => e,
  );
  if (error instanceof ApiError) return error;
  throw error;
}

describe('shipment create (back office)', () => {
  it('by default ships every unshipped stocked balance: PICKING, numbered, weighed, order untouched but for the claim', async () => {
    const fresh = await newTenant('Shipment create org');
    const f = await shippingSetup(fresh);
    const order = await confirmedShippingOrder(fresh, f, { lotted: 3, plain: 4, service: true });
    const before = await getOrder(fresh, order.id);
    const shipment = await createShipment({ orgId: fresh.orgId, salesOrderId: order.id, notes: 'Door 3' });
    expect(shipment).toEqual({
      id: expect.any(String),
      shipmentNumber: 'SH-000001',
      status: 'PICKING',
      salesOrder: { id: order.id, orderNumber: order.orderNumber },
      warehouseId: f.warehouse.id,
      carrier: null,
      trackingNumber: null,
      totalWeight: 9.5,
      shipDate: null,
      notes: 'Door 3',
      lineCount: 2,
      cancelledAt: null,
      cancelReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lines: [
        {
          soLineId: order.lines[0]!.id,
          productId: f.lotted.id,
          product: { sku: f.lotted.sku, name: f.lotted.name },
          quantity: 3,
          unitPrice: 10,
          taxRate: 0,
          lots: [],
        },
        {
          soLineId: order.lines[1]!.id,
          productId: f.plain.id,
          product: { sku: f.plain.sku, name: f.plain.name },
          quantity: 4,
          unitPrice: 10,
          taxRate: 0,
          lots: [],
        },
      ],
    });
    expect((await call('GET', `/shipments/${shipment.id}`, { key: fresh.key })).body).toEqual(shipment);
    // Nothing moved: the order is still CONFIRMED with its reservations, unchanged as rendered.
    expect(await getOrder(fresh, order.id)).toEqual(before);
    expect(await stockRow(fresh, f.plain.id, f.warehouse.id)).toMatchObject({
      quantityOnHand: 20,
      quantityReserved: 4,
    });
    const second = await createShipment({ orgId: fresh.orgId, salesOrderId: order.id }).catch((e) => e);
    expect(second).toMatchObject({
      code: 'unprocessable',
      message: `Nothing to ship: every stocked line of sales order ${order.orderNumber} is picked or on a shipment`,
    });
    const audit = await listAudit(fresh.orgId, { resourceType: 'shipment', resourceId: shipment.id });
    expect(audit.map((a) => [a.action, a.apiKeyId])).toEqual([['create', 'back-office']]);
    // No product weight: totalWeight null.
    const unweighed = await draftOrder(fresh, [{ productId: f.lotted.id, quantity: 1 }], {
      customerId: f.customer.id,
      warehouseId: f.warehouse.id,
    });
    await call('PUT', `/products/${f.lotted.id}`, { key: fresh.key, body: { weight: null } });
    await call('POST', `/sales-orders/${unweighed.id}/confirm`, { key: fresh.key });
    const light = await createShipment({ orgId: fresh.orgId, salesOrderId: unweighed.id });
    // SH-000002 went to the refused second create: numbers are unique, a refusal leaves a gap.
    expect([light.shipmentNumber, light.totalWeight]).toEqual(['SH-000003', null]);
  });

  it('--lines ships part; beyond the unshipped balance (counting open shipments) is 422; foreign and service lines are refused', async () => {
    const order = await confirmedShippingOrder(t, s, { lotted: 4, plain: 2, service: true });
    const [lotLine, plainLine, serviceLine] = order.lines;
    const first = await createShipment({
      orgId: t.orgId,
      salesOrderId: order.id,
      lines: [{ soLineId: lotLine!.id, quantity: 3 }],
    });
    expect(first.lines.map((l) => [l.soLineId, l.quantity])).toEqual([[lotLine!.id, 3]]);
    const over = await refusal(
      createShipment({
        orgId: t.orgId,
        salesOrderId: order.id,
        lines: [{ soLineId: lotLine!.id, quantity: 2 }],
      }),
    );
    expect([over.status, over.code, over.message]).toEqual([
      422,
      'unprocessable',
      `Line 1 (${s.lotted.sku}) has 1 left to ship; 2 asked`,
    ]);
    const service = await refusal(
      createShipment({
        orgId: t.orgId,
        salesOrderId: order.id,
        lines: [{ soLineId: serviceLine!.id, quantity: 1 }],
      }),
    );
    expect([service.code, service.message]).toEqual([
      'invalid_reference',
      'lines[0].soLineId does not reference an existing stocked line of this sales order',
    ]);
    const otherOrder = await confirmedShippingOrder(t, s, { plain: 1 });
    const foreign = await refusal(
      createShipment({
        orgId: t.orgId,
        salesOrderId: order.id,
        lines: [{ soLineId: otherOrder.lines[0]!.id, quantity: 1 }],
      }),
    );
    expect(foreign.code).toBe('invalid_reference');
    const rest = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    expect(rest.lines.map((l) => [l.soLineId, l.quantity])).toEqual([
      [lotLine!.id, 1],
      [plainLine!.id, 2],
    ]);
  });

  it('the order must be CONFIRMED, PICKING, PACKED or PARTIALLY_DISPATCHED; an unknown or foreign order is 404', async () => {
    const draft = await draftOrder(t, [{ productId: s.plain.id, quantity: 1 }], {
      customerId: s.customer.id,
      warehouseId: s.warehouse.id,
    });
    const wrong = await refusal(createShipment({ orgId: t.orgId, salesOrderId: draft.id }));
    expect([wrong.status, wrong.message]).toEqual([
      422,
      'Sales order is DRAFT; ship needs CONFIRMED or PICKING or PACKED or PARTIALLY_DISPATCHED',
    ]);
    const across = await refusal(createShipment({ orgId: other.orgId, salesOrderId: draft.id }));
    expect([across.status, across.message]).toEqual([404, 'Sales order not found']);
  });

  it('two creates racing for the same balance: one shipment claims it, the other is refused', async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 3 });
    const results = await Promise.allSettled([
      createShipment({ orgId: t.orgId, salesOrderId: order.id }),
      createShipment({ orgId: t.orgId, salesOrderId: order.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({
      code: 'unprocessable',
      message: expect.stringMatching(/^Nothing to ship/),
    });
    const list = await call('GET', '/shipments', { key: t.key, query: { salesOrderId: order.id } });
    expect(list.body.pagination.total).toBe(1);
  });
});

describe('shipment pick (back office)', () => {
  it("picks lots FEFO like the order's pick: stock off on hand and reserved, ledger with the shipment, events, order PICKING", async () => {
    const fresh = await newTenant('Shipment pick org');
    const f = await shippingSetup(fresh);
    const order = await confirmedShippingOrder(fresh, f, { lotted: 7, plain: 2 });
    const shipment = await createShipment({
      orgId: fresh.orgId,
      salesOrderId: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 6 }],
    });
    expect(await stockRow(fresh, f.lotted.id, f.warehouse.id)).toMatchObject({
      quantityOnHand: 10,
      quantityReserved: 7,
    });
    const picked = await pickShipment({ orgId: fresh.orgId, id: shipment.id });
    expect(picked).toMatchObject({ id: shipment.id, status: 'PICKED' });
    expect(picked.lines[0]!.lots).toEqual([
      { batchId: f.early.id, batchNumber: f.early.batchNumber, quantity: 5 },
      { batchId: f.late.id, batchNumber: f.late.batchNumber, quantity: 1 },
    ]);
    expect((await call('GET', `/shipments/${shipment.id}`, { key: fresh.key })).body).toEqual(picked);
    expect(await stockRow(fresh, f.lotted.id, f.warehouse.id)).toMatchObject({
      quantityOnHand: 4,
      quantityReserved: 1,
      quantityAvailable: 3,
    });
    // The order's pick moved with it: CONFIRMED -> PICKING, the line picked, its lots picked.
    const after = await getOrder(fresh, order.id);
    expect(after.status).toBe('PICKING');
    expect(after.lines[0]).toMatchObject({ pickedQty: 6, packedQty: 0, dispatchedQty: 0 });
    expect(after.lines[0].lots).toEqual([
      { batchId: f.late.id, batchNumber: f.late.batchNumber, quantity: 1, isPicked: false },
      { batchId: f.early.id, batchNumber: f.early.batchNumber, quantity: 5, isPicked: true },
      { batchId: f.late.id, batchNumber: f.late.batchNumber, quantity: 1, isPicked: true },
    ]);
    const counts = async (status: string) =>
      (await call('GET', '/sales-orders', { key: fresh.key, query: { status } })).body.pagination.total;
    expect([await counts('CONFIRMED'), await counts('PICKING')]).toEqual([0, 1]);
    const ledger = (await listLedger(fresh.orgId)).filter((l) => l.sourceType === 'shipment');
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ sourceId: shipment.id, sourceNumber: 'SH-000001' });
    expect(ledger[0]!.movements).toEqual([
      { productId: f.lotted.id, warehouseId: f.warehouse.id, binId: null, batchId: f.early.id, quantity: -5 },
      { productId: f.lotted.id, warehouseId: f.warehouse.id, binId: null, batchId: f.late.id, quantity: -1 },
    ]);
    const levelEvents = (await outboxItems(fresh.orgId))
      .flatMap((item) => item.events)
      .filter((e) => e.event === 'stock.level_changed');
    expect(levelEvents.at(-1)!.data).toEqual({
      id: f.lotted.id,
      productId: f.lotted.id,
      warehouseId: f.warehouse.id,
      quantityOnHand: 4,
      quantityReserved: 1,
      quantityAvailable: 3,
    });
    expect(
      (await listAudit(fresh.orgId, { resourceType: 'shipment', resourceId: shipment.id })).map(
        (a) => a.action,
      ),
    ).toEqual(['create', 'pick']);
    // The rest of the order can still go on another shipment: the 1 lotted and the 2 plain.
    const rest = await createShipment({ orgId: fresh.orgId, salesOrderId: order.id });
    expect(rest.lines.map((l) => l.quantity)).toEqual([1, 2]);

    const again = await refusal(pickShipment({ orgId: fresh.orgId, id: shipment.id }));
    expect([again.status, again.message]).toEqual([422, 'Shipment is PICKED; pick needs PICKING']);
    const across = await refusal(pickShipment({ orgId: other.orgId, id: shipment.id }));
    expect([across.status, across.message]).toEqual([404, 'Shipment not found']);
  });

  it("a PACKED order (the order's own pick and pack of part of it) goes back to PICKING with a shipment's pick", async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 5 });
    await pickSalesOrder({
      orgId: t.orgId,
      id: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 2 }],
    });
    await packSalesOrder({ orgId: t.orgId, id: order.id });
    const shipment = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    expect(shipment.lines.map((l) => l.quantity)).toEqual([3]);
    await pickShipment({ orgId: t.orgId, id: shipment.id });
    expect(await getOrder(t, order.id)).toMatchObject({
      status: 'PICKING',
      lines: [{ pickedQty: 5, packedQty: 2 }],
    });
  });
  it('a product allocated MANUAL stays with the order: left out by default, refused when named, picked by the order', async () => {
    const fresh = await newTenant('Manual shipment org');
    const f = await shippingSetup(fresh);
    await call('PUT', `/products/${f.lotted.id}`, { key: fresh.key, body: { allocationPolicy: 'MANUAL' } });
    const order = await confirmedShippingOrder(fresh, f, { lotted: 2, plain: 1 });
    const named = await refusal(
      createShipment({
        orgId: fresh.orgId,
        salesOrderId: order.id,
        lines: [{ soLineId: order.lines[0]!.id, quantity: 1 }],
      }),
    );
    expect([named.status, named.message]).toEqual([
      422,
      `Line 1 (${f.lotted.sku}) is allocated MANUAL: its lots are named at picking, which a shipment does not do; pick it through the order (sales-order pick)`,
    ]);
    const shipment = await createShipment({ orgId: fresh.orgId, salesOrderId: order.id });
    expect(shipment.lines.map((l) => l.productId)).toEqual([f.plain.id]);
    await packShipment(fresh, shipment.id);
    await dispatchShipment(fresh, shipment.id);
    await pickSalesOrder({
      orgId: fresh.orgId,
      id: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 2, batchId: f.late.id }],
    });
    await packSalesOrder({ orgId: fresh.orgId, id: order.id });
    const done = await call('POST', `/sales-orders/${order.id}/dispatch`, { key: fresh.key });
    expect(done.body).toMatchObject({
      status: 'DISPATCHED',
      lines: [{ dispatchedQty: 2 }, { dispatchedQty: 1 }],
    });
  });
});

describe('shipments and the order path together', () => {
  it("while a shipment is open the order's own pick, pack and dispatch and its cancel are 422 naming it", async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 4 });
    await pickSalesOrder({
      orgId: t.orgId,
      id: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 1 }],
    });
    await packSalesOrder({ orgId: t.orgId, id: order.id });
    const shipment = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    const open = `Sales order ${order.orderNumber} has shipments not yet dispatched (${shipment.shipmentNumber})`;
    const dispatch = await call('POST', `/sales-orders/${order.id}/dispatch`, { key: t.key });
    expect([dispatch.status, dispatch.body.error.message]).toEqual([
      422,
      `${open}; dispatch them through the shipments until they are dispatched`,
    ]);
    const cancel = await call('POST', `/sales-orders/${order.id}/cancel`, { key: t.key });
    expect([cancel.status, cancel.body.error.message]).toEqual([
      422,
      `${open} and cannot be cancelled; cancel the shipments first`,
    ]);
    await pickShipment({ orgId: t.orgId, id: shipment.id });
    const pick = await refusal(pickSalesOrder({ orgId: t.orgId, id: order.id }));
    expect(pick.message).toBe(`${open}; pick them through the shipments until they are dispatched`);
    const pack = await refusal(packSalesOrder({ orgId: t.orgId, id: order.id }));
    expect(pack.message).toBe(`${open}; pack them through the shipments until they are dispatched`);
  });

  it('after a partial shipment the order path ships the rest; a shipment goes out of a PARTIALLY_DISPATCHED order; cancel then needs no shipped units', async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 6, service: true });
    const lineId = order.lines[0]!.id;
    const first = await createShipment({
      orgId: t.orgId,
      salesOrderId: order.id,
      lines: [{ soLineId: lineId, quantity: 2 }],
    });
    expect((await packShipment(t, first.id)).status).toBe(200);
    expect((await dispatchShipment(t, first.id)).status).toBe(200);
    expect(await getOrder(t, order.id)).toMatchObject({
      status: 'PICKING',
      lines: [{ pickedQty: 2, packedQty: 2, dispatchedQty: 2 }, { dispatchedQty: 0 }],
    });
    const cancel = await call('POST', `/sales-orders/${order.id}/cancel`, { key: t.key });
    expect([cancel.status, cancel.body.error.message]).toEqual([
      422,
      `Sales order ${order.orderNumber} has shipped units and cannot be cancelled`,
    ]);
    // The order's own pick, pack and partial dispatch, then a shipment for the rest.
    await pickSalesOrder({ orgId: t.orgId, id: order.id, lines: [{ soLineId: lineId, quantity: 1 }] });
    await packSalesOrder({ orgId: t.orgId, id: order.id });
    const partial = await call('POST', `/sales-orders/${order.id}/dispatch`, {
      key: t.key,
      body: { lines: [{ soLineId: lineId, quantity: 1 }] },
    });
    expect(partial.body).toMatchObject({ status: 'PARTIALLY_DISPATCHED', lines: [{ dispatchedQty: 3 }, {}] });
    const last = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    expect(last.lines.map((l) => l.quantity)).toEqual([3]);
    expect((await packShipment(t, last.id)).status).toBe(200);
    expect((await dispatchShipment(t, last.id)).status).toBe(200);
    const done = await getOrder(t, order.id);
    expect(done.status).toBe('DISPATCHED');
    expect(done.lines.map((l: any) => [l.quantity, l.pickedQty, l.packedQty, l.dispatchedQty])).toEqual([
      [6, 6, 6, 6],
      [1, 1, 1, 1],
    ]);
    const dispatched = (await eventsFor(t.orgId, order.id)).filter(
      (e) => e.event === 'sales_order.dispatched',
    );
    expect(dispatched.map((e: any) => e.data.status)).toEqual([
      'PICKING',
      'PARTIALLY_DISPATCHED',
      'DISPATCHED',
    ]);
  });
});

describe('shipment create and pick through the admin CLI', () => {
  it('prints the shipment; usage errors exit 2, refusals exit 1 with { error }', async () => {
    const order = await confirmedShippingOrder(t, s, { plain: 3 });
    const lineId = order.lines[0]!.id;
    const badJson = await admin(
      'shipment',
      'create',
      '--org',
      t.orgId,
      '--sales-order',
      order.id,
      '--lines',
      '[{',
    );
    expect([badJson.code, badJson.stderr]).toEqual([2, expect.stringContaining('--lines is not JSON')]);
    const zero = await admin(
      'shipment',
      'create',
      '--org',
      t.orgId,
      '--sales-order',
      order.id,
      '--lines',
      JSON.stringify([{ soLineId: lineId, quantity: 0 }]),
    );
    expect([zero.code, zero.stderr]).toEqual([
      2,
      expect.stringContaining('--lines[0].quantity must be a number > 0'),
    ]);
    const extra = await admin(
      'shipment',
      'create',
      '--org',
      t.orgId,
      '--sales-order',
      order.id,
      '--lines',
      JSON.stringify([{ soLineId: lineId, quantity: 1, batchId: 'x' }]),
    );
    expect([extra.code, extra.stderr]).toEqual([2, expect.stringContaining("unknown field 'batchId'")]);
    const badTracking = await admin(
      'shipment',
      'create',
      '--org',
      t.orgId,
      '--sales-order',
      order.id,
      '--tracking-number',
      'A#1',
    );
    expect(badTracking.code).toBe(2);
    const over = await admin(
      'shipment',
      'create',
      '--org',
      t.orgId,
      '--sales-order',
      order.id,
      '--lines',
      JSON.stringify([{ soLineId: lineId, quantity: 4 }]),
    );
    expect(over.code).toBe(1);
    expect(JSON.parse(over.stderr)).toEqual({
      error: { code: 'unprocessable', message: `Line 1 (${s.plain.sku}) has 3 left to ship; 4 asked` },
    });

    const created = await admin(
      'shipment',
      'create',
      '--org',
      t.orgId,
      '--sales-order',
      order.id,
      '--lines',
      JSON.stringify([{ soLineId: lineId, quantity: 2 }]),
      '--carrier',
      ' Courier Co ',
      '--tracking-number',
      'CC-1',
    );
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({
      status: 'PICKING',
      carrier: 'Courier Co',
      trackingNumber: 'CC-1',
      lineCount: 1,
    });
    const picked = await admin('shipment', 'pick', '--org', t.orgId, '--id', created.json.id);
    expect(picked.code).toBe(0);
    expect(picked.json).toEqual((await call('GET', `/shipments/${created.json.id}`, { key: t.key })).body);
    expect(picked.json.status).toBe('PICKED');
    const unknown = await admin('shipment', 'pick', '--org', other.orgId, '--id', created.json.id);
    expect([unknown.code, JSON.parse(unknown.stderr).error.code]).toEqual([1, 'not_found']);
  });
});
