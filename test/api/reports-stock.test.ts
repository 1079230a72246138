import { createId } from '@paralleldrive/cuid2';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBatch } from '../../domain/inventory/batch.js';
import { approveCreditNoteCommand } from '../../functions/areas/credit-notes/steps/transitions.js';
import { createCreditNoteCommand } from '../../functions/areas/credit-notes/steps/create.js';
import { batchCreateItems } from '../../functions/areas/inventory/store/batches.js';
import { createCategory } from '../../functions/areas/products/steps/categories.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { transact } from '../../functions/platform/dynamo/transact.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, product, unique, warehouse } from '../support/inventory.js';
import { atDateReport, expiryReport, lowStockReport, valuationReport } from '../support/reports.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';

const DAY = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let t: Tenant;
let other: Tenant;
let w1: Awaited<ReturnType<typeof warehouse>>;
let w2: Awaited<ReturnType<typeof warehouse>>;
type Ref = { id: string; sku: string; name: string };
/** a: plain, in category `cat`; b: batch-tracked; c: a minimum but never stocked; e: plenty. */
let p: Record<'a' | 'b' | 'c' | 'e', Ref>;
let cat: { id: string; name: string };
let lots: Record<
  'costed' | 'plain' | 'empty' | 'far' | 'old' | 'consumed',
  { id: string; batchNumber: string }
>;
let before: string;
let t1: string;
let t2: string;

const ok = async (res: Awaited<ReturnType<typeof adjust>>) => {
  if (res.status !== 201) throw new Error(`adjustment failed: ${res.raw}`);
};
const pause = () => new Promise((r) => setTimeout(r, 5));

/** A lot with its own unit cost, as a receipt or a production completion mints it. */
async function costedLot(productId: string, unitCost: number, expiryDate: string) {
  const batch = newBatch(
    { batchNumber: `LOT-${unique()}`, productId, expiryDate, unitCost },
    { id: createId(), now: new Date().toISOString() },
  );
  await transact(batchCreateItems(t.orgId, batch));
  return batch;
}

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Stock reports org'), newTenant('Other stock reports org')]);
  cat = await createCategory({ orgId: t.orgId, name: 'Dry goods' });
  [w1, w2] = await Promise.all([warehouse(t), warehouse(t)]);
  const [a, b, c, e] = await Promise.all([
    product(t, { categoryId: cat.id, costPrice: 2, minStockLevel: 15, maxStockLevel: 40, defaultPrice: 9 }),
    product(t, { isBatchTracked: true, costPrice: 3 }),
    product(t, { costPrice: 4, minStockLevel: 2 }),
    product(t, { costPrice: 0.5, minStockLevel: 1 }),
  ]);
  p = { a: a!, b: b!, c: c!, e: e! };
  // Excluded from low stock: an archived product and a service, both below their minimum.
  const archived = await product(t, { minStockLevel: 10 });
  await call('PUT', `/products/${archived.id}`, { key: t.key, body: { isActive: false } });
  await product(t, { productType: 'NON_STOCKED', minStockLevel: 10 });

  const [costed, plain, empty, far, old, consumed] = await Promise.all([
    costedLot(p.b.id, 1.5, dayFromToday(10)),
    batchOf(t, p.b.id, dayFromToday(-5)),
    batchOf(t, p.b.id, dayFromToday(20)),
    batchOf(t, p.b.id, dayFromToday(200)),
    batchOf(t, p.b.id, dayFromToday(-40)),
    batchOf(t, p.b.id, dayFromToday(1)),
  ]);
  lots = { costed: costed!, plain: plain!, empty: empty!, far: far!, old: old!, consumed: consumed! };

  before = new Date().toISOString();
  await pause();
  await ok(
    await adjust(t, [
      { productId: p.a.id, warehouseId: w1.id, quantityChange: 30 },
      { productId: p.a.id, warehouseId: w2.id, quantityChange: 10 },
      { productId: p.b.id, warehouseId: w1.id, batchId: lots.costed.id, quantityChange: 4 },
      { productId: p.b.id, warehouseId: w2.id, batchId: lots.plain.id, quantityChange: 6 },
      { productId: p.b.id, warehouseId: w1.id, batchId: lots.far.id, quantityChange: 1 },
      { productId: p.b.id, warehouseId: w1.id, batchId: lots.old.id, quantityChange: 1 },
      { productId: p.b.id, warehouseId: w1.id, batchId: lots.consumed.id, quantityChange: 1 },
      { productId: p.e.id, warehouseId: w1.id, quantityChange: 100 },
    ]),
  );
  await pause();
  t1 = new Date().toISOString();
  await pause();
  await ok(
    await adjust(t, [
      { productId: p.a.id, warehouseId: w1.id, quantityChange: -12 },
      // The lot emptied is CONSUMED, so no longer ACTIVE.
      { productId: p.b.id, warehouseId: w1.id, batchId: lots.consumed.id, quantityChange: -1 },
    ]),
  );
  const buyer = await customer(t);
  const order = await draftOrder(t, [{ productId: p.a.id, quantity: 3 }], {
    customerId: buyer.id,
    warehouseId: w1.id,
  });
  await confirmOrder(t, order.id);
  await pause();
  t2 = new Date().toISOString();
  await pause();
  await pickSalesOrder({ orgId: t.orgId, id: order.id });
  const note = await createCreditNoteCommand({
    orgId: t.orgId,
    customerId: buyer.id,
    returnStock: true,
    warehouseId: w2.id,
    lines: [{ productId: p.a.id, quantity: 2, unitPrice: 9 }],
  });
  await approveCreditNoteCommand({ orgId: t.orgId, id: note.id });
  // One unit of a stays reserved in w1.
  const reserved = await draftOrder(t, [{ productId: p.a.id, quantity: 1 }], {
    customerId: buyer.id,
    warehouseId: w1.id,
  });
  await confirmOrder(t, reserved.id);
});

type Row = Record<string, any>;
const report = (path: string, query: Record<string, string | number>, tenant = t) =>
  call('GET', `/reports/${path}`, { key: tenant.key, query });

describe('GET /reports/stock-on-hand-at-date', () => {
  const quantities = (rows: Row[]) => rows.map((r) => [r.product.id, r.warehouse.id, r.quantityOnHand]);
  const sorted = (rows: (string | number)[][]) =>
    [...rows].sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`));

  it('reconstructs on hand per product and warehouse at each instant, later movements of every kind subtracted', async () => {
    const now = await atDateReport(t);
    expect(sorted(quantities(now.rows))).toEqual(
      sorted([
        [p.a.id, w1.id, 15],
        [p.a.id, w2.id, 12],
        [p.b.id, w1.id, 6],
        [p.b.id, w2.id, 6],
        [p.e.id, w1.id, 100],
      ]),
    );
    const atT1 = await atDateReport(t, { asAtDate: t1 });
    expect(atT1.asAtDate).toBe(t1);
    expect(sorted(quantities(atT1.rows))).toEqual(
      sorted([
        [p.a.id, w1.id, 30],
        [p.a.id, w2.id, 10],
        [p.b.id, w1.id, 7],
        [p.b.id, w2.id, 6],
        [p.e.id, w1.id, 100],
      ]),
    );
    // After the second adjustment and the confirm (a reservation moves no stock), before the pick.
    const atT2 = await atDateReport(t, { asAtDate: t2 });
    expect(sorted(quantities(atT2.rows))).toEqual(
      sorted([
        [p.a.id, w1.id, 18],
        [p.a.id, w2.id, 10],
        [p.b.id, w1.id, 6],
        [p.b.id, w2.id, 6],
        [p.e.id, w1.id, 100],
      ]),
    );
    // Before any stock arrived every row nets to 0 and is dropped.
    expect((await atDateReport(t, { asAtDate: before })).rows).toEqual([]);
    expect((await atDateReport(t, { asAtDate: '2020-01-01' })).rows).toEqual([]);
  });

  it('shows product, category and warehouse, reserved always 0, ordered by product name then warehouse', async () => {
    const { rows } = await atDateReport(t, { asAtDate: t2 });
    const a1 = rows.find((r) => r.product.id === p.a.id && r.warehouse.id === w1.id);
    expect(a1).toEqual({
      product: { id: p.a.id, sku: p.a.sku, name: p.a.name },
      category: { id: cat.id, name: cat.name },
      warehouse: { id: w1.id, code: w1.code },
      quantityOnHand: 18,
      quantityReserved: 0,
      quantityAvailable: 18,
    });
    expect(rows.every((r) => r.quantityReserved === 0)).toBe(true);
    const names = rows.map((r) => `${r.product.name}|${r.warehouse.code}`);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
  });

  it('filters by warehouse and by category', async () => {
    const inW2 = await atDateReport(t, { asAtDate: t2, warehouseId: w2.id });
    expect(quantities(inW2.rows).sort()).toEqual(
      [
        [p.a.id, w2.id, 10],
        [p.b.id, w2.id, 6],
      ].sort(),
    );
    const dry = await atDateReport(t, { categoryId: cat.id });
    expect(sorted(quantities(dry.rows))).toEqual(
      sorted([
        [p.a.id, w1.id, 15],
        [p.a.id, w2.id, 12],
      ]),
    );
  });

  it('takes today as now; a date covers its whole day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await report('stock-on-hand-at-date', { asAtDate: today });
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(5);
    const yesterday = await report('stock-on-hand-at-date', { asAtDate: dayFromToday(-1) });
    expect(yesterday.body.asAtDate).toBe(`${dayFromToday(-1)}T23:59:59.999Z`);
    expect(yesterday.body.rows).toEqual([]);
  });

  it('400 for a missing, unreadable or future asAtDate; 422 for a foreign warehouse or category', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, "Query parameter 'asAtDate' is required"],
      [{ asAtDate: 'last week' }, "Query parameter 'asAtDate' must be an ISO 8601 date or timestamp"],
      [{ asAtDate: dayFromToday(1) }, "Query parameter 'asAtDate' must not be in the future"],
      [
        { asAtDate: new Date(Date.now() + 60_000).toISOString() },
        "Query parameter 'asAtDate' must not be in the future",
      ],
      [{ asAtDate: t1, categoryId: '%%' }, "Query parameter 'categoryId' is not an id"],
    ];
    for (const [query, message] of cases) {
      const res = await report('stock-on-hand-at-date', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toEqual({ code: 'invalid_parameter', message });
    }
    const [theirWarehouse, theirCategory] = await Promise.all([
      warehouse(other),
      createCategory({ orgId: other.orgId, name: 'Theirs' }),
    ]);
    const w = await report('stock-on-hand-at-date', { asAtDate: t1, warehouseId: theirWarehouse.id });
    expect(w.status).toBe(422);
    expect(w.body.error.code).toBe('invalid_reference');
    const c = await report('stock-on-hand-at-date', { asAtDate: t1, categoryId: theirCategory.id });
    expect(c.status).toBe(422);
    expect(c.body.error).toEqual({
      code: 'invalid_reference',
      message: 'categoryId does not reference an existing category',
    });
  });
});

describe('GET /reports/valuation', () => {
  it('values lots at their own cost or the product cost, others at average cost, value descending', async () => {
    const res = await valuationReport(t);
    expect(res.items.map((i) => [i.product.id, i.costingMethod, i.quantityOnHand, i.value])).toEqual([
      [p.a.id, 'AVERAGE', 27, 54],
      [p.e.id, 'AVERAGE', 100, 50],
      [p.b.id, 'FIFO', 12, 30],
    ]);
    expect(res.totalValue).toBe(134);
    expect(res.items[0]).toEqual({
      product: { id: p.a.id, sku: p.a.sku, name: p.a.name },
      category: { id: cat.id, name: cat.name },
      costingMethod: 'AVERAGE',
      quantityOnHand: 27,
      unitCost: 2,
      value: 54,
      lots: null,
    });
    expect(res.items[2]!.unitCost).toBe(2.5);
    const lot = (l: { id: string; batchNumber: string }, quantity: number, own: number | null) => ({
      batchId: l.id,
      batchNumber: l.batchNumber,
      quantityOnHand: quantity,
      unitCost: own ?? 3,
      costSource: own === null ? 'PRODUCT' : 'LOT',
      value: quantity * (own ?? 3),
    });
    expect(res.items[2]!.lots).toEqual(
      [
        lot(lots.costed, 4, 1.5),
        lot(lots.plain, 6, null),
        lot(lots.far, 1, null),
        lot(lots.old, 1, null),
      ].sort((x, y) => x.batchId.localeCompare(y.batchId)),
    );
  });

  it('filters by warehouse (only what is held there) and by category', async () => {
    const inW2 = await valuationReport(t, { warehouseId: w2.id });
    expect(inW2.items.map((i) => [i.product.id, i.quantityOnHand, i.value])).toEqual([
      [p.a.id, 12, 24],
      [p.b.id, 6, 18],
    ]);
    expect(inW2.totalValue).toBe(42);
    const dry = await valuationReport(t, { categoryId: cat.id });
    expect(dry.items.map((i) => i.product.id)).toEqual([p.a.id]);
    expect(dry.totalValue).toBe(54);
  });

  it('an organisation without stock values nothing; 422 for a foreign filter, 400 for a malformed one', async () => {
    expect(await valuationReport(other)).toMatchObject({ items: [], totalValue: 0 });
    const theirs = await warehouse(other);
    const res = await report('valuation', { warehouseId: theirs.id });
    expect(res.status).toBe(422);
    expect((await report('valuation', { warehouseId: 'x y' })).status).toBe(400);
  });
});

describe('GET /reports/expiry', () => {
  const ids = (batches: Row[]) => batches.map((b) => b.batchId);

  it('lists ACTIVE lots expiring from 30 days back to 90 ahead, expiry ascending, with their stocked locations', async () => {
    const res = await expiryReport(t);
    expect(ids(res.batches)).toEqual([lots.plain.id, lots.costed.id, lots.empty.id]);
    expect(res).toMatchObject({
      today: dayFromToday(0),
      expiringFrom: dayFromToday(-30),
      expiringTo: dayFromToday(90),
    });
    expect(res.batches[0]).toEqual({
      batchId: lots.plain.id,
      batchNumber: lots.plain.batchNumber,
      product: { id: p.b.id, sku: p.b.sku, name: p.b.name },
      status: 'ACTIVE',
      expiryDate: dayFromToday(-5),
      daysUntilExpiry: -5,
      quantityOnHand: 6,
      locations: [{ warehouse: { id: w2.id, code: w2.code }, bin: null, quantityOnHand: 6 }],
    });
    expect(res.batches[1]).toMatchObject({ daysUntilExpiry: 10, quantityOnHand: 4 });
    // A lot with nothing on hand anywhere is still ACTIVE and listed, without locations.
    expect(res.batches[2]).toMatchObject({ daysUntilExpiry: 20, quantityOnHand: 0, locations: [] });
  });

  it('daysAhead and daysBack move the window; a warehouse keeps the lots held there', async () => {
    expect(ids((await expiryReport(t, { daysAhead: 200, daysBack: 40 })).batches)).toEqual([
      lots.old.id,
      lots.plain.id,
      lots.costed.id,
      lots.empty.id,
      lots.far.id,
    ]);
    expect(ids((await expiryReport(t, { daysAhead: 10, daysBack: 0 })).batches)).toEqual([lots.costed.id]);
    expect((await expiryReport(t, { daysAhead: 0, daysBack: 0 })).batches).toEqual([]);
    const inW1 = await expiryReport(t, { warehouseId: w1.id });
    expect(ids(inW1.batches)).toEqual([lots.costed.id]);
    expect(inW1.batches[0]!.locations).toEqual([
      { warehouse: { id: w1.id, code: w1.code }, bin: null, quantityOnHand: 4 },
    ]);
  });

  it('400 for a negative or non-integer day count; 422 for a foreign warehouse', async () => {
    const cases: Record<string, string | number>[] = [
      { daysAhead: -1 },
      { daysBack: 'ten' },
      { daysAhead: 1.5 },
    ];
    for (const query of cases) {
      const res = await report('expiry', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('invalid_parameter');
    }
    const theirs = await warehouse(other);
    expect((await report('expiry', { warehouseId: theirs.id })).status).toBe(422);
  });
});

describe('GET /reports/low-stock', () => {
  const rows = (products: Row[]) =>
    products.map((r) => [r.product.id, r.quantityAvailable, r.suggestedReorderQty, r.estimatedCost]);

  it('lists active stocked products at or below their minimum, a never-stocked one at 0', async () => {
    const res = await lowStockReport(t);
    // a has 26 available across warehouses (15 + 12 on hand, 1 reserved): above its minimum of 15.
    expect(rows(res.products)).toEqual([[p.c.id, 0, 2, 8]]);
    expect(res.products[0]).toEqual({
      product: { id: p.c.id, sku: p.c.sku, name: p.c.name },
      category: null,
      warehouse: null,
      quantityOnHand: 0,
      quantityReserved: 0,
      quantityAvailable: 0,
      minStockLevel: 2,
      maxStockLevel: null,
      shortfall: 2,
      suggestedReorderQty: 2,
      costPrice: 4,
      estimatedCost: 8,
    });
    expect(res.totalEstimatedCost).toBe(8);
  });

  it("with a warehouse, holds that warehouse's availability against the minimum, largest shortfall first", async () => {
    const inW1 = await lowStockReport(t, { warehouseId: w1.id });
    expect(rows(inW1.products)).toEqual([
      [p.c.id, 0, 2, 8],
      [p.a.id, 14, 26, 52],
    ]);
    expect(inW1.products[1]).toMatchObject({
      warehouse: { id: w1.id, code: w1.code },
      quantityOnHand: 15,
      quantityReserved: 1,
      shortfall: 1,
      maxStockLevel: 40,
    });
    expect(inW1.totalEstimatedCost).toBe(60);
    const inW2 = await lowStockReport(t, { warehouseId: w2.id });
    // e holds all its stock in w1: none is available in w2, below its minimum of 1 there.
    expect(rows(inW2.products)).toEqual([
      [p.a.id, 12, 28, 56],
      [p.c.id, 0, 2, 8],
      [p.e.id, 0, 1, 0.5],
    ]);
    const dry = await lowStockReport(t, { warehouseId: w1.id, categoryId: cat.id });
    expect(rows(dry.products)).toEqual([[p.a.id, 14, 26, 52]]);
  });

  it('422 for a foreign warehouse or category', async () => {
    const [theirs, theirCategory] = await Promise.all([
      warehouse(other),
      createCategory({ orgId: other.orgId, name: 'Theirs too' }),
    ]);
    expect((await report('low-stock', { warehouseId: theirs.id })).status).toBe(422);
    expect((await report('low-stock', { categoryId: theirCategory.id })).status).toBe(422);
  });
});
