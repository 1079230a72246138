import { createId } from '@paralleldrive/cuid2';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../domain/errors.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { packSalesOrder } from '../../functions/areas/sales-orders/steps/pack.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, product, warehouse } from '../support/inventory.js';
import { eventsFor, outboxItems } from '../support/outbox.js';
import { confirmOrder, customer, draftOrder, orderSetup } from '../support/sales.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Fulfilment org'), newTenant('Other fulfilment org')]);
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

const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  return { ...result, json: result.stdout ? JSON.parse(result.stdout) : null };
};

const getOrder = async (tenant: Tenant, id: string) =>
  (await call('GET', `/sales-orders/${id}`, { key: tenant.key })).body;

const dispatch = (id: string, body?: unknown, headers: Record<string, string> = {}, tenant: Tenant = t) =>
  call('POST', `/sales-orders/${id}/dispatch`, { key: tenant.key, body, headers });

/** The product's stock in one warehouse (the warehouse-level row, batches folded in). */
async function stockRow(tenant: Tenant, productId: string, warehouseId: string) {
  const res = await call('GET', '/stock-on-hand', {
    key: tenant.key,
    query: { productId, warehouseId, includeZero: 'true' },
  });
  expect(res.status).toBe(200);
  return res.body.data.find((r: any) => r.bin === null) as {
    quantityOnHand: number;
    quantityReserved: number;
    quantityAvailable: number;
    batches: { batchId: string; quantityOnHand: number; quantityReserved: number }[] | null;
  };
}

/** A batch-tracked product with two lots in one warehouse: `late` (5, 2027) and `early` (5, 2026). */
async function lotSetup(tenant: Tenant) {
  const [c, w, p] = await Promise.all([
    customer(tenant),
    warehouse(tenant),
    product(tenant, { isBatchTracked: true, defaultPrice: 10 }),
  ]);
  const late = await batchOf(tenant, p.id, '2027-06-01');
  const early = await batchOf(tenant, p.id, '2026-12-01');
  const res = await adjust(tenant, [
    { productId: p.id, warehouseId: w.id, batchId: late.id, quantityChange: 5 },
    { productId: p.id, warehouseId: w.id, batchId: early.id, quantityChange: 5 },
  ]);
  if (res.status !== 201) throw new Error(`stock failed: ${res.raw}`);
  return { customer: c, warehouse: w, product: p, late, early };
}

/** A CONFIRMED order of `quantity` of the setup's product (plus an optional service line). */
async function confirmedOrder(
  tenant: Tenant,
  s: { customer: { id: string }; warehouse: { id: string }; product: { id: string } },
  quantity: number,
  serviceId?: string,
) {
  const lines = [{ productId: s.product.id, quantity }];
  if (serviceId) lines.push({ productId: serviceId, quantity: 1 });
  const order = await draftOrder(tenant, lines, { customerId: s.customer.id, warehouseId: s.warehouse.id });
  await confirmOrder(tenant, order.id);
  return order;
}

/** A PACKED order: confirmed, picked (optionally only `pick` units), packed. */
async function packedOrder(
  tenant: Tenant,
  s: Awaited<ReturnType<typeof orderSetup>>,
  quantity: number,
  options: { pick?: number; serviceId?: string } = {},
) {
  const order = await confirmedOrder(tenant, s, quantity, options.serviceId);
  await pickSalesOrder({
    orgId: tenant.orgId,
    id: order.id,
    lines: options.pick ? [{ soLineId: order.lines[0]!.id, quantity: options.pick }] : undefined,
  });
  await packSalesOrder({ orgId: tenant.orgId, id: order.id });
  return order;
}

describe('sales-order pick (back office)', () => {
  it('picks every reserved balance FEFO: on hand and reserved down, ledger with the order reference, lots picked, events', async () => {
    const fresh = await newTenant('Pick FEFO org');
    const s = await lotSetup(fresh);
    const order = await confirmedOrder(fresh, s, 7);
    expect(await stockRow(fresh, s.product.id, s.warehouse.id)).toMatchObject({
      quantityOnHand: 10,
      quantityReserved: 7,
      quantityAvailable: 3,
    });
    const confirmed = await getOrder(fresh, order.id);
    expect(confirmed.lines[0].lots).toEqual([
      { batchId: s.early.id, batchNumber: s.early.batchNumber, quantity: 5, isPicked: false },
      { batchId: s.late.id, batchNumber: s.late.batchNumber, quantity: 2, isPicked: false },
    ]);

    const picked = await pickSalesOrder({ orgId: fresh.orgId, id: order.id });
    expect(picked).toMatchObject({ id: order.id, status: 'PICKING' });
    expect(picked.lines[0]).toMatchObject({ quantity: 7, pickedQty: 7, packedQty: 0, dispatchedQty: 0 });
    expect(picked.lines[0]!.lots).toEqual([
      { batchId: s.early.id, batchNumber: s.early.batchNumber, quantity: 5, isPicked: true },
      { batchId: s.late.id, batchNumber: s.late.batchNumber, quantity: 2, isPicked: true },
    ]);
    expect(await getOrder(fresh, order.id)).toEqual(picked);

    const row = await stockRow(fresh, s.product.id, s.warehouse.id);
    expect(row).toMatchObject({ quantityOnHand: 3, quantityReserved: 0, quantityAvailable: 3 });
    expect(row.batches!.map((b) => [b.batchId, b.quantityOnHand, b.quantityReserved]).sort()).toEqual(
      [
        [s.early.id, 0, 0],
        [s.late.id, 3, 0],
      ].sort(),
    );
    expect((await call('GET', `/products/${s.product.id}`, { key: fresh.key })).body.totalStockOnHand).toBe(
      3,
    );

    const ledger = (await listLedger(fresh.orgId)).filter((l) => l.sourceType === 'sales_order');
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ sourceId: order.id, sourceNumber: order.orderNumber });
    expect(ledger[0]!.movements).toEqual([
      {
        productId: s.product.id,
        warehouseId: s.warehouse.id,
        binId: null,
        batchId: s.early.id,
        quantity: -5,
      },
      { productId: s.product.id, warehouseId: s.warehouse.id, binId: null, batchId: s.late.id, quantity: -2 },
    ]);
    const levelEvents = (await outboxItems(fresh.orgId))
      .flatMap((item) => item.events)
      .filter((e) => e.event === 'stock.level_changed');
    expect(levelEvents.at(-1)!.data).toEqual({
      id: s.product.id,
      productId: s.product.id,
      warehouseId: s.warehouse.id,
      quantityOnHand: 3,
      quantityReserved: 0,
      quantityAvailable: 3,
    });
    const audit = await admin(
      'audit',
      'list',
      '--org',
      fresh.orgId,
      '--resource',
      'sales_order',
      '--id',
      order.id,
    );
    expect(audit.json.data.map((a: any) => [a.action, a.apiKeyId])).toContainEqual(['pick', 'back-office']);
  });

  it('a named lot is picked instead, releasing the line reservation earliest expiry first', async () => {
    const s = await lotSetup(t);
    const order = await confirmedOrder(t, s, 3);
    expect((await getOrder(t, order.id)).lines[0].lots).toEqual([
      { batchId: s.early.id, batchNumber: s.early.batchNumber, quantity: 3, isPicked: false },
    ]);
    const picked = await pickSalesOrder({
      orgId: t.orgId,
      id: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 2, batchId: s.late.id }],
    });
    expect(picked.status).toBe('PICKING');
    expect(picked.lines[0]!.pickedQty).toBe(2);
    expect(picked.lines[0]!.lots).toEqual([
      { batchId: s.early.id, batchNumber: s.early.batchNumber, quantity: 1, isPicked: false },
      { batchId: s.late.id, batchNumber: s.late.batchNumber, quantity: 2, isPicked: true },
    ]);
    const row = await stockRow(t, s.product.id, s.warehouse.id);
    expect(row).toMatchObject({ quantityOnHand: 8, quantityReserved: 1, quantityAvailable: 7 });
    const lots = Object.fromEntries(
      row.batches!.map((b) => [b.batchId, [b.quantityOnHand, b.quantityReserved]]),
    );
    expect(lots).toEqual({ [s.early.id]: [5, 1], [s.late.id]: [3, 0] });
    // PICKING picks again: the rest FEFO from what is still reserved.
    const rest = await pickSalesOrder({ orgId: t.orgId, id: order.id });
    expect(rest.lines[0]!.pickedQty).toBe(3);
    expect(rest.lines[0]!.lots).toEqual([
      { batchId: s.late.id, batchNumber: s.late.batchNumber, quantity: 2, isPicked: true },
      { batchId: s.early.id, batchNumber: s.early.batchNumber, quantity: 1, isPicked: true },
    ]);
    expect(await stockRow(t, s.product.id, s.warehouse.id)).toMatchObject({
      quantityOnHand: 7,
      quantityReserved: 0,
    });
  });

  it("honours the product's MANUAL allocation policy: no FEFO pick, the named lot is picked", async () => {
    const s = await lotSetup(t);
    expect(
      (await call('PUT', `/products/${s.product.id}`, { key: t.key, body: { allocationPolicy: 'MANUAL' } }))
        .status,
    ).toBe(200);
    const order = await confirmedOrder(t, s, 2);
    const refused = await refusal(pickSalesOrder({ orgId: t.orgId, id: order.id }));
    expect([refused.code, refused.message]).toEqual([
      'unprocessable',
      `Line 1 (${s.product.sku}) is allocated MANUAL: name the lot to pick (batchId)`,
    ]);
    const picked = await pickSalesOrder({
      orgId: t.orgId,
      id: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 2, batchId: s.late.id }],
    });
    expect(picked.lines[0]!.lots).toEqual([
      { batchId: s.late.id, batchNumber: s.late.batchNumber, quantity: 2, isPicked: true },
    ]);
  });

  it('a named lot in a capacity bin the order never reserved from: read, picked and the bin counter moved', async () => {
    const [c, w, p] = await Promise.all([
      customer(t),
      warehouse(t, { capacity: 10 }),
      product(t, { isBatchTracked: true }),
    ]);
    const [floor, shelf] = [await batchOf(t, p.id, '2026-11-01'), await batchOf(t, p.id, '2027-01-01')];
    await adjust(t, [
      { productId: p.id, warehouseId: w.id, batchId: floor.id, quantityChange: 4 },
      { productId: p.id, warehouseId: w.id, binId: w.binId, batchId: shelf.id, quantityChange: 6 },
    ]);
    const order = await confirmedOrder(t, { customer: c, warehouse: w, product: p }, 2);
    const picked = await pickSalesOrder({
      orgId: t.orgId,
      id: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 2, batchId: shelf.id }],
    });
    expect(picked.lines[0]!.lots).toEqual([
      { batchId: shelf.id, batchNumber: shelf.batchNumber, quantity: 2, isPicked: true },
    ]);
    const rows = (
      await call('GET', '/stock-on-hand', { key: t.key, query: { productId: p.id, warehouseId: w.id } })
    ).body.data;
    expect(rows.map((r: any) => [r.bin?.id ?? null, r.quantityOnHand, r.quantityReserved])).toEqual([
      [null, 4, 0],
      [w.binId, 4, 0],
    ]);
    // The bin holds 4 of its 10 now: 6 more fit, 7 would not.
    const tooMany = await adjust(t, [
      { productId: p.id, warehouseId: w.id, binId: w.binId, batchId: shelf.id, quantityChange: 7 },
    ]);
    expect(tooMany.status).toBe(422);
    const fits = await adjust(t, [
      { productId: p.id, warehouseId: w.id, binId: w.binId, batchId: shelf.id, quantityChange: 6 },
    ]);
    expect(fits.status).toBe(201);
  });

  it('refuses a status that cannot pick (422 naming it), a foreign line, an over-pick, a lot of another product and an unknown order', async () => {
    const s = await orderSetup(t, 20);
    const draft = await draftOrder(t, [{ productId: s.product.id, quantity: 2 }], {
      customerId: s.customer.id,
      warehouseId: s.warehouse.id,
    });
    const wrong = await refusal(pickSalesOrder({ orgId: t.orgId, id: draft.id }));
    expect([wrong.status, wrong.code, wrong.message]).toEqual([
      422,
      'unprocessable',
      'Sales order is DRAFT; pick needs CONFIRMED or PICKING or PARTIALLY_DISPATCHED',
    ]);
    const order = await confirmedOrder(t, s, 4);
    const foreign = await refusal(
      pickSalesOrder({
        orgId: t.orgId,
        id: order.id,
        lines: [{ soLineId: draft.lines[0]!.id, quantity: 1 }],
      }),
    );
    expect([foreign.code, foreign.message]).toEqual([
      'invalid_reference',
      'lines[0].soLineId does not reference an existing stocked line of this sales order',
    ]);
    const over = await refusal(
      pickSalesOrder({
        orgId: t.orgId,
        id: order.id,
        lines: [{ soLineId: order.lines[0]!.id, quantity: 5 }],
      }),
    );
    expect(over.code).toBe('unprocessable');
    expect(over.message).toMatch(/has 4 left to pick; 5 asked/);
    const otherLot = await batchOf(t, (await product(t, { isBatchTracked: true })).id);
    const badLot = await refusal(
      pickSalesOrder({
        orgId: t.orgId,
        id: order.id,
        lines: [{ soLineId: order.lines[0]!.id, quantity: 1, batchId: otherLot.id }],
      }),
    );
    expect(badLot.code).toBe('invalid_reference');
    const packWrong = await refusal(packSalesOrder({ orgId: t.orgId, id: order.id }));
    expect(packWrong.message).toBe('Sales order is CONFIRMED; pack needs PICKING');
    const missing = await refusal(pickSalesOrder({ orgId: other.orgId, id: order.id }));
    expect([missing.status, missing.message]).toEqual([404, 'Sales order not found']);
    // Nothing moved, the order is still CONFIRMED with its reservation.
    expect(await stockRow(t, s.product.id, s.warehouse.id)).toMatchObject({
      quantityOnHand: 20,
      quantityReserved: 4,
    });
    expect((await getOrder(t, order.id)).status).toBe('CONFIRMED');
  });
});

describe('sales-order pack (back office)', () => {
  it('packs everything picked, service lines whole: PICKING -> PACKED, audited, nothing moves', async () => {
    const s = await orderSetup(t, 10);
    const service = await product(t, { productType: 'NON_STOCKED' });
    const order = await confirmedOrder(t, s, 6, service.id);
    await pickSalesOrder({
      orgId: t.orgId,
      id: order.id,
      lines: [{ soLineId: order.lines[0]!.id, quantity: 4 }],
    });
    const packed = await packSalesOrder({ orgId: t.orgId, id: order.id });
    expect(packed.status).toBe('PACKED');
    expect(packed.lines.map((l) => [l.quantity, l.pickedQty, l.packedQty, l.dispatchedQty])).toEqual([
      [6, 4, 4, 0],
      [1, 1, 1, 0],
    ]);
    expect(await getOrder(t, order.id)).toEqual(packed);
    expect(await stockRow(t, s.product.id, s.warehouse.id)).toMatchObject({
      quantityOnHand: 6,
      quantityReserved: 2,
    });
    const again = await refusal(packSalesOrder({ orgId: t.orgId, id: order.id }));
    expect(again.message).toBe('Sales order is PACKED; pack needs PICKING');
    const audit = await admin(
      'audit',
      'list',
      '--org',
      t.orgId,
      '--resource',
      'sales_order',
      '--id',
      order.id,
    );
    expect(audit.json.data.map((a: any) => a.action).sort()).toEqual(['confirm', 'create', 'pack', 'pick']);
  });
});

describe('sales-order pick and pack through the admin CLI', () => {
  it('prints the order detail; --lines JSON; usage errors exit 2, refusals exit 1 with { error }', async () => {
    const s = await orderSetup(t, 10);
    const order = await confirmedOrder(t, s, 5);
    const lineId = order.lines[0]!.id;
    const serials = await admin(
      'sales-order',
      'pick',
      '--org',
      t.orgId,
      '--id',
      order.id,
      '--lines',
      JSON.stringify([{ soLineId: lineId, quantity: 1, serialNumbers: [] }]),
    );
    expect(serials.code).toBe(2);
    expect(serials.stderr).toContain('--lines[0].serialNumbers must be an array of 1-1000 serial numbers');
    const badJson = await admin('sales-order', 'pick', '--org', t.orgId, '--id', order.id, '--lines', '[{');
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toContain('--lines is not JSON');
    const zero = await admin(
      'sales-order',
      'pick',
      '--org',
      t.orgId,
      '--id',
      order.id,
      '--lines',
      JSON.stringify([{ soLineId: lineId, quantity: 0 }]),
    );
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--lines[0].quantity must be a number > 0');
    const packEarly = await admin('sales-order', 'pack', '--org', t.orgId, '--id', order.id);
    expect(packEarly.code).toBe(1);
    expect(JSON.parse(packEarly.stderr)).toEqual({
      error: { code: 'unprocessable', message: 'Sales order is CONFIRMED; pack needs PICKING' },
    });
    const unknown = await admin('sales-order', 'pick', '--org', other.orgId, '--id', order.id);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr).error.code).toBe('not_found');

    const picked = await admin(
      'sales-order',
      'pick',
      '--org',
      t.orgId,
      '--id',
      order.id,
      '--lines',
      JSON.stringify([{ soLineId: lineId, quantity: 2 }]),
    );
    expect(picked.code).toBe(0);
    expect(picked.json).toMatchObject({ id: order.id, status: 'PICKING', lines: [{ pickedQty: 2 }] });
    const packed = await admin('sales-order', 'pack', '--org', t.orgId, '--id', order.id);
    expect(packed.code).toBe(0);
    expect(packed.json).toEqual(await getOrder(t, order.id));
    expect(packed.json).toMatchObject({ status: 'PACKED', lines: [{ pickedQty: 2, packedQty: 2 }] });
  });
});

describe('POST /sales-orders/{id}/dispatch', () => {
  it('without a body dispatches everything packed: DISPATCHED, shippedDate, service lines whole, no stock moves, event and counters', async () => {
    const fresh = await newTenant('Dispatch org');
    const s = await orderSetup(fresh, 10);
    const service = await product(fresh, { productType: 'NON_STOCKED' });
    const order = await packedOrder(fresh, s, 6, { serviceId: service.id });
    const ledgerBefore = (await listLedger(fresh.orgId)).length;
    const res = await dispatch(order.id, undefined, {}, fresh);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, status: 'DISPATCHED', shippedDate: expect.any(String) });
    expect(Date.parse(res.body.shippedDate)).toBe(Date.parse(res.body.updatedAt));
    expect(res.body.lines.map((l: any) => [l.quantity, l.pickedQty, l.packedQty, l.dispatchedQty])).toEqual([
      [6, 6, 6, 6],
      [1, 1, 1, 1],
    ]);
    expect(await getOrder(fresh, order.id)).toEqual(res.body);
    expect(await stockRow(fresh, s.product.id, s.warehouse.id)).toMatchObject({
      quantityOnHand: 4,
      quantityReserved: 0,
    });
    expect((await listLedger(fresh.orgId)).length).toBe(ledgerBefore);
    const events = await eventsFor(fresh.orgId, order.id);
    expect(events.map((e) => e.event)).toEqual([
      'sales_order.created',
      'sales_order.confirmed',
      'sales_order.dispatched',
    ]);
    expect(events[2]!.data).toMatchObject({ id: order.id, status: 'DISPATCHED' });
    const count = async (status: string) =>
      (await call('GET', '/sales-orders', { key: fresh.key, query: { status } })).body.pagination.total;
    expect([await count('DISPATCHED'), await count('PACKED'), await count('CONFIRMED')]).toEqual([1, 0, 0]);
    const audit = await admin(
      'audit',
      'list',
      '--org',
      fresh.orgId,
      '--resource',
      'sales_order',
      '--id',
      order.id,
    );
    expect(audit.json.data.map((a: any) => a.action)).toContain('dispatch');
  });

  it('clamps quantities to the packed balance (negatives to 0), goes PARTIALLY_DISPATCHED, keeps the first shippedDate, then completes', async () => {
    const s = await orderSetup(t, 20);
    const order = await packedOrder(t, s, 10, { pick: 4 });
    const lineId = order.lines[0]!.id;
    const first = await dispatch(order.id, { lines: [{ soLineId: lineId, quantity: 3 }] });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('PARTIALLY_DISPATCHED');
    expect(first.body.lines[0]).toMatchObject({ pickedQty: 4, packedQty: 4, dispatchedQty: 3 });
    const shippedDate = first.body.shippedDate;
    expect(shippedDate).toEqual(expect.any(String));
    const negative = await dispatch(order.id, { lines: [{ soLineId: lineId, quantity: -5 }] });
    expect([negative.status, negative.body.error.message]).toEqual([
      422,
      'Nothing to dispatch: no packed quantity is waiting',
    ]);
    const clamped = await dispatch(order.id, { lines: [{ soLineId: lineId, quantity: 50 }] });
    expect(clamped.status).toBe(200);
    expect(clamped.body).toMatchObject({ status: 'PARTIALLY_DISPATCHED', shippedDate });
    expect(clamped.body.lines[0].dispatchedQty).toBe(4);
    const nothing = await dispatch(order.id, {});
    expect([nothing.status, nothing.body.error.code]).toEqual([422, 'unprocessable']);
    // The rest is picked from PARTIALLY_DISPATCHED, packed and dispatched.
    const rest = await pickSalesOrder({ orgId: t.orgId, id: order.id });
    expect(rest.status).toBe('PICKING');
    expect(rest.lines[0]!.pickedQty).toBe(10);
    await packSalesOrder({ orgId: t.orgId, id: order.id });
    const last = await dispatch(order.id, { lines: [] });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ status: 'DISPATCHED', shippedDate });
    expect(last.body.lines[0]).toMatchObject({ quantity: 10, dispatchedQty: 10 });
    expect(await stockRow(t, s.product.id, s.warehouse.id)).toMatchObject({
      quantityOnHand: 10,
      quantityReserved: 0,
    });
  });

  it('400 for a quantity over 99999999 or a missing soLineId; 404 across organisations; 422 for a foreign line and a wrong status', async () => {
    const s = await orderSetup(t, 10);
    const order = await packedOrder(t, s, 2);
    const lineId = order.lines[0]!.id;
    const big = await dispatch(order.id, { lines: [{ soLineId: lineId, quantity: 100_000_000 }] });
    expect([big.status, big.body.error.code]).toEqual([400, 'validation_error']);
    expect(big.body.error.message).toBe('lines[0].quantity: must be <= 99999999');
    const noLine = await dispatch(order.id, { lines: [{ quantity: 1 }] });
    expect([noLine.status, noLine.body.error.code]).toEqual([400, 'validation_error']);
    expect(noLine.body.error.message).toContain('soLineId');
    const noQuantity = await dispatch(order.id, { lines: [{ soLineId: lineId }] });
    expect(noQuantity.status).toBe(400);
    const across = await dispatch(order.id, {}, {}, other);
    expect([across.status, across.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Sales order not found' },
    ]);
    expect((await dispatch(createId())).status).toBe(404);
    const otherOrder = await confirmedOrder(t, s, 1);
    const foreign = await dispatch(order.id, { lines: [{ soLineId: otherOrder.lines[0]!.id, quantity: 1 }] });
    expect([foreign.status, foreign.body.error]).toEqual([
      422,
      {
        code: 'invalid_reference',
        message: 'lines[0].soLineId does not reference an existing line of this sales order',
      },
    ]);
    const confirmed = await dispatch(otherOrder.id);
    expect([confirmed.status, confirmed.body.error.message]).toEqual([
      422,
      'Sales order is CONFIRMED; dispatch needs PACKED or PARTIALLY_DISPATCHED',
    ]);
    const draft = await draftOrder(t, [{ productId: s.product.id, quantity: 1 }], {
      customerId: s.customer.id,
    });
    expect((await dispatch(draft.id)).body.error.message).toBe(
      'Sales order is DRAFT; dispatch needs PACKED or PARTIALLY_DISPATCHED',
    );
    // None of the refusals changed the order.
    expect(await getOrder(t, order.id)).toMatchObject({ status: 'PACKED', shippedDate: null });
  });

  it('Idempotency-Key: the same key and body replays without dispatching twice; another body is 422 idempotency_key_reuse', async () => {
    const s = await orderSetup(t, 10);
    const order = await packedOrder(t, s, 5, { pick: 5 });
    const body = { lines: [{ soLineId: order.lines[0]!.id, quantity: 2 }] };
    const key = `dispatch-${order.id}`;
    const first = await dispatch(order.id, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.body.lines[0].dispatchedQty).toBe(2);
    const again = await dispatch(order.id, body, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
    expect((await getOrder(t, order.id)).lines[0].dispatchedQty).toBe(2);
    const reused = await dispatch(
      order.id,
      { lines: [{ soLineId: order.lines[0]!.id, quantity: 3 }] },
      {
        'Idempotency-Key': key,
      },
    );
    expect([reused.status, reused.body.error.code]).toEqual([422, 'idempotency_key_reuse']);
    expect((await getOrder(t, order.id)).lines[0].dispatchedQty).toBe(2);
    expect(
      (await eventsFor(t.orgId, order.id)).filter((e) => e.event === 'sales_order.dispatched'),
    ).toHaveLength(1);
  });

  it('two racing dispatches of one PACKED order: exactly one 200, the other 422 naming DISPATCHED', async () => {
    const s = await orderSetup(t, 10);
    const order = await packedOrder(t, s, 3);
    const results = await Promise.all([dispatch(order.id), dispatch(order.id)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422]);
    const refused = results.find((r) => r.status === 422)!;
    expect(refused.body.error.message).toBe(
      'Sales order is DISPATCHED; dispatch needs PACKED or PARTIALLY_DISPATCHED',
    );
    expect((await getOrder(t, order.id)).lines[0].dispatchedQty).toBe(3);
    expect(
      (await eventsFor(t.orgId, order.id)).filter((e) => e.event === 'sales_order.dispatched'),
    ).toHaveLength(1);
  });
});
