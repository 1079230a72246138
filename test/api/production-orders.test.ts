import { beforeAll, describe, expect, it } from 'vitest';
import { deactivateWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { getBatch } from '../../functions/areas/inventory/store/batches.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { getProduct } from '../../functions/areas/products/store/products.js';
import { completeProductionOrderCommand } from '../../functions/areas/production-orders/steps/complete.js';
import {
  createProductionOrderCommand,
  type ProductionOrderCreateInput,
} from '../../functions/areas/production-orders/steps/create.js';
import {
  cancelProductionOrderCommand,
  startProductionOrderCommand,
} from '../../functions/areas/production-orders/steps/transitions.js';
import { getProductionOrder } from '../../functions/areas/production-orders/store/production-orders.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, onHand, product, warehouse } from '../support/inventory.js';
import { eventsFor } from '../support/outbox.js';
import { costedLot, recipe } from '../support/production.js';
import { comparable, expectReplay } from '../support/steps.js';
import { customer, draftOrder } from '../support/sales.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Production org'), newTenant('Other production org')]);
});

const create = (input: Omit<ProductionOrderCreateInput, 'orgId'>, tenant = t) =>
  createProductionOrderCommand({ orgId: tenant.orgId, ...input });
const start = (id: string, tenant = t) => startProductionOrderCommand({ orgId: tenant.orgId, id });
const complete = (id: string, extra: { quantity?: number; batchNumber?: string } = {}, tenant = t) =>
  completeProductionOrderCommand({ orgId: tenant.orgId, id, ...extra });

/** A stocked lot row's on hand, from the stock-on-hand list. */
async function lotOnHand(tenant: Tenant, productId: string, batchId: string): Promise<number> {
  const res = await call('GET', '/stock-on-hand', { key: tenant.key, query: { productId } });
  const batches = res.body.data.flatMap(
    (r: { batches: { batchId: string; quantityOnHand: number }[] | null }) => r.batches ?? [],
  );
  return batches.find((b: { batchId: string }) => b.batchId === batchId)?.quantityOnHand ?? 0;
}

/** A simple recipe: the output made of one stocked ingredient holding `stock` in the warehouse. */
async function simpleRecipe(
  tenant: Tenant,
  options: { stock?: number; output?: Record<string, unknown> } = {},
) {
  const [w, out, salt] = await Promise.all([
    warehouse(tenant),
    product(tenant, options.output ?? {}),
    product(tenant, { costPrice: 1 }),
  ]);
  await recipe(tenant, out.id, [{ componentProductId: salt.id, quantity: 1 }]);
  if ((options.stock ?? 0) > 0) {
    const res = await adjust(tenant, [
      { productId: salt.id, warehouseId: w.id, quantityChange: options.stock },
    ]);
    expect(res.status).toBe(201);
  }
  return { w, out, salt };
}

describe('production-order create (back office)', () => {
  it('plans a numbered PLANNED order, its INPUT lines snapshotted from the recipe with phantoms exploded', async () => {
    const fresh = await newTenant('Production numbering org');
    const [w, cake, flour, sugar, icing, c] = await Promise.all([
      warehouse(fresh),
      product(fresh),
      product(fresh),
      product(fresh),
      product(fresh),
      customer(fresh),
    ]);
    await recipe(fresh, icing.id, [{ componentProductId: sugar.id, quantity: 0.8, wastagePercent: 5 }]);
    await recipe(fresh, cake.id, [
      {
        componentProductId: icing.id,
        quantity: 0.5,
        wastagePercent: 20,
        isPhantom: true,
        sortOrder: 2,
        group: 'Top',
      },
      { componentProductId: flour.id, quantity: 0.5, wastagePercent: 10, sortOrder: 1 },
    ]);
    const so = await draftOrder(fresh, [{ productId: flour.id, quantity: 1 }], { customerId: c.id });
    const order = await create(
      {
        productId: cake.id,
        quantity: 10,
        warehouseId: w.id,
        plannedStart: '2030-03-01T08:00:00.000Z',
        priority: 3,
        salesOrderId: so.id,
      },
      fresh,
    );
    expect(order).toMatchObject({
      orderNumber: 'MO-000001',
      status: 'PLANNED',
      productId: cake.id,
      product: { id: cake.id, sku: cake.sku, name: cake.name },
      plannedQuantity: 10,
      actualQuantity: null,
      warehouseId: w.id,
      warehouse: { id: w.id, code: w.code },
      plannedStartDate: '2030-03-01T08:00:00.000Z',
      priority: 3,
      salesOrderId: so.id,
      salesOrder: { id: so.id, orderNumber: so.orderNumber },
      startedAt: null,
      completedAt: null,
      cancelledAt: null,
      cancelReason: null,
      lineCount: 3,
      linesTruncated: false,
      linesTotal: 3,
    });
    expect(
      order.lines.map((l) => [l.lineType, l.productId, l.plannedQuantity, l.group, l.phantomProductId]),
    ).toEqual([
      ['OUTPUT', cake.id, 10, null, null],
      ['INPUT', flour.id, 5.5, null, null],
      // 10 x 0.5 x 1.2 icing, each 0.8 sugar with 5 % wastage: 5.04.
      ['INPUT', sugar.id, 5.04, 'Top', icing.id],
    ]);
    expect(order.lines[1]).toMatchObject({
      product: { id: flour.id, sku: flour.sku, name: flour.name },
      quantityPerUnit: 0.5,
      wastagePercent: 10,
      actualQuantity: null,
      unitCost: null,
      totalCost: null,
      lotsConsumed: [],
      lotsMinted: [],
    });
    const second = await create({ productId: cake.id, quantity: 1, warehouseId: w.id }, fresh);
    expect(second).toMatchObject({
      orderNumber: 'MO-000002',
      priority: 0,
      salesOrderId: null,
      salesOrder: null,
    });
    expect(Date.parse(second.plannedStartDate)).toBe(Date.parse(second.createdAt));
    const audit = await listAudit(fresh.orgId, { resourceType: 'production_order', resourceId: order.id });
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('needs a recipe (422) and checks product, warehouse and sales order in the organisation', async () => {
    const [w, bare, strangerWarehouse] = await Promise.all([warehouse(t), product(t), warehouse(other)]);
    const { out } = await simpleRecipe(t);
    await expect(create({ productId: bare.id, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
      code: 'unprocessable',
      message: `Product ${bare.sku} has no bill of materials to produce it from`,
    });
    const foreign = await product(other);
    for (const productId of ['nope', foreign.id]) {
      await expect(create({ productId, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
        code: 'invalid_reference',
      });
    }
    await expect(
      create({ productId: out.id, quantity: 1, warehouseId: strangerWarehouse.id }),
    ).rejects.toMatchObject({
      code: 'invalid_reference',
    });
    await expect(
      create({ productId: out.id, quantity: 1, warehouseId: w.id, salesOrderId: 'missing' }),
    ).rejects.toMatchObject({ code: 'invalid_reference' });
    await expect(create({ productId: out.id, quantity: 0, warehouseId: w.id })).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'quantity must be greater than 0 and at most 999999',
    });
    const closed = await warehouse(t);
    await deactivateWarehouse({ orgId: t.orgId, warehouseId: closed.id });
    await expect(create({ productId: out.id, quantity: 1, warehouseId: closed.id })).rejects.toMatchObject({
      code: 'unprocessable',
    });
    await call('PUT', `/products/${out.id}`, { key: t.key, body: { isActive: false } });
    await expect(create({ productId: out.id, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
      code: 'unprocessable',
      message: `Product ${out.sku} is inactive`,
    });
  });

  it('refuses serial-tracked outputs and ingredients, and a phantom without a recipe', async () => {
    const w = await warehouse(t);
    const serial = await simpleRecipe(t, { output: { requiresSerialTracking: true } });
    await expect(create({ productId: serial.out.id, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
      code: 'unprocessable',
    });
    const [out, tracked, phantom] = await Promise.all([
      product(t),
      product(t, { requiresSerialTracking: true }),
      product(t),
    ]);
    await recipe(t, out.id, [{ componentProductId: tracked.id, quantity: 1 }]);
    await expect(create({ productId: out.id, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
      message: `Ingredient ${tracked.sku} is serial tracked; production orders do not consume serial numbers`,
    });
    await recipe(t, out.id, [{ componentProductId: phantom.id, quantity: 1, isPhantom: true }]);
    await expect(create({ productId: out.id, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
      message: `Phantom ingredient ${phantom.sku} has no bill of materials to explode`,
    });
  });

  it('reads nested phantom recipes level by level and refuses circular recipe data', async () => {
    const [w, out, mix, base, flour, loopA, loopB] = await Promise.all([
      warehouse(t),
      product(t),
      product(t),
      product(t),
      product(t),
      product(t),
      product(t),
    ]);
    await recipe(t, base.id, [{ componentProductId: flour.id, quantity: 0.25 }]);
    await recipe(t, mix.id, [
      { componentProductId: base.id, quantity: 3, isPhantom: true, wastagePercent: 50 },
    ]);
    await recipe(t, out.id, [{ componentProductId: mix.id, quantity: 2, isPhantom: true }]);
    const order = await create({ productId: out.id, quantity: 2, warehouseId: w.id });
    // 2 x 2 x 3 x 1.5 x 0.25 flour.
    expect(order.lines.map((l) => [l.productId, l.plannedQuantity, l.phantomProductId])).toEqual([
      [out.id, 2, null],
      [flour.id, 4.5, base.id],
    ]);
    await recipe(t, loopA.id, [{ componentProductId: loopB.id, quantity: 1, isPhantom: true }]);
    await recipe(t, loopB.id, [{ componentProductId: loopA.id, quantity: 1, isPhantom: true }]);
    await recipe(t, out.id, [{ componentProductId: loopA.id, quantity: 1, isPhantom: true }]);
    await expect(create({ productId: out.id, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
      code: 'unprocessable',
      message: `The bill of materials of ${out.sku} is circular: ${loopA.sku} is an ingredient of itself`,
    });
  });

  it('holds at most 1000 lines: a 999-line recipe plans (every line shown), a 1000-line one is 422', async () => {
    const [w, out, a, b] = await Promise.all([warehouse(t), product(t), product(t), product(t)]);
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ componentProductId: i % 2 ? a.id : b.id, quantity: 0.001 }));
    await recipe(t, out.id, lines(999));
    const order = await create({ productId: out.id, quantity: 1, warehouseId: w.id });
    const res = await call('GET', `/production-orders/${order.id}`, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lineCount: 1000, linesTotal: 1000, linesTruncated: false });
    expect(res.body.lines).toHaveLength(1000);
    await recipe(t, out.id, lines(1000));
    await expect(create({ productId: out.id, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
      message: `The bill of materials of ${out.sku} explodes into more than 999 input lines`,
    });
  });
});

describe('production-order start, cancel (back office)', () => {
  it('start moves PLANNED to IN_PROGRESS and checks nothing else; a second start is 422', async () => {
    const { w, out } = await simpleRecipe(t);
    const order = await create({ productId: out.id, quantity: 5, warehouseId: w.id });
    const started = await start(order.id);
    expect(started).toMatchObject({ status: 'IN_PROGRESS', startedAt: expect.any(String) });
    await expect(start(order.id)).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'Production order is IN_PROGRESS; start needs PLANNED',
    });
    await expect(start('missing')).rejects.toMatchObject({ code: 'not_found' });
    await expect(start(order.id, other)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('cancel works from PLANNED and IN_PROGRESS, moves nothing, and is 422 once CANCELLED or COMPLETED', async () => {
    const { w, out, salt } = await simpleRecipe(t, { stock: 10 });
    const planned = await create({ productId: out.id, quantity: 1, warehouseId: w.id });
    const cancelled = await cancelProductionOrderCommand({
      orgId: t.orgId,
      id: planned.id,
      reason: 'No oven',
    });
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'No oven',
      cancelledAt: expect.any(String),
    });
    await expect(cancelProductionOrderCommand({ orgId: t.orgId, id: planned.id })).rejects.toMatchObject({
      message: 'Production order is CANCELLED; cancel needs PLANNED or IN_PROGRESS',
    });
    await expect(start(planned.id)).rejects.toMatchObject({ code: 'unprocessable' });
    const running = await create({ productId: out.id, quantity: 1, warehouseId: w.id });
    await start(running.id);
    expect(await cancelProductionOrderCommand({ orgId: t.orgId, id: running.id })).toMatchObject({
      status: 'CANCELLED',
      cancelReason: null,
    });
    await expect(complete(running.id)).rejects.toMatchObject({
      message: 'Production order is CANCELLED; complete needs IN_PROGRESS',
    });
    const done = await create({ productId: out.id, quantity: 1, warehouseId: w.id });
    await start(done.id);
    await complete(done.id);
    await expect(cancelProductionOrderCommand({ orgId: t.orgId, id: done.id })).rejects.toMatchObject({
      message: 'Production order is COMPLETED; cancel needs PLANNED or IN_PROGRESS',
    });
    expect(await onHand(t, salt.id)).toBe(9);
  });
});

describe('production-order complete (back office)', () => {
  it('an expiryRequired output without shelfLifeDays is refused (422 naming the product); with one its lot expires after it (issue 25 item 12)', async () => {
    const refused = await simpleRecipe(t, {
      stock: 10,
      output: { isBatchTracked: true, expiryRequired: true },
    });
    const order = await create({ productId: refused.out.id, quantity: 1, warehouseId: refused.w.id });
    await start(order.id);
    await expect(complete(order.id)).rejects.toMatchObject({
      status: 422,
      message: `Product ${refused.out.sku} requires an expiry date on its lots but has no shelfLifeDays to derive it from; set the product's shelfLifeDays`,
    });
    const kept = await call('GET', `/products/${refused.out.id}`, { key: t.key });
    expect(kept.body.totalStockOnHand).toBe(0);

    const derived = await simpleRecipe(t, {
      stock: 10,
      output: { isBatchTracked: true, expiryRequired: true, shelfLifeDays: 3 },
    });
    const made = await create({ productId: derived.out.id, quantity: 1, warehouseId: derived.w.id });
    await start(made.id);
    const done = await complete(made.id);
    expect(done.status).toBe('COMPLETED');
    const output = done.lines.find((l) => l.lineType === 'OUTPUT')!;
    const lot = await getBatch(t.orgId, output.lotsMinted[0]!.batchId);
    expect(lot?.expiryDate).toBe(new Date(Date.parse(done.completedAt!) + 3 * 86_400_000).toISOString());
  });

  it('consumes FEFO across lots (no-expiry lot last), rolls the cost up, mints the output lot; ledger, flips, events', async () => {
    const fresh = await newTenant('Production completion org');
    const [w, cake, flour, sugar, labour, icing] = await Promise.all([
      warehouse(fresh),
      product(fresh, { isBatchTracked: true, shelfLifeDays: 5 }),
      product(fresh, { isBatchTracked: true, costPrice: 9 }),
      product(fresh, { costPrice: 1.2 }),
      product(fresh, { productType: 'NON_STOCKED', costPrice: 30 }),
      product(fresh),
    ]);
    await recipe(fresh, icing.id, [{ componentProductId: sugar.id, quantity: 0.5 }]);
    await recipe(fresh, cake.id, [
      { componentProductId: flour.id, quantity: 1.5 },
      { componentProductId: icing.id, quantity: 1, isPhantom: true },
      { componentProductId: labour.id, quantity: 0.1 },
    ]);
    const noExpiry = await costedLot(fresh, { productId: flour.id, warehouseId: w.id, quantity: 20 });
    const late = await costedLot(fresh, {
      productId: flour.id,
      warehouseId: w.id,
      quantity: 10,
      expiryDate: '2031-06-01',
    });
    const early = await costedLot(fresh, {
      productId: flour.id,
      warehouseId: w.id,
      quantity: 4,
      expiryDate: '2031-02-01',
      unitCost: 2.5,
    });
    await adjust(fresh, [{ productId: sugar.id, warehouseId: w.id, quantityChange: 20 }]);
    const order = await create({ productId: cake.id, quantity: 10, warehouseId: w.id }, fresh);
    await expect(complete(order.id, {}, fresh)).rejects.toMatchObject({
      message: 'Production order is PLANNED; complete needs IN_PROGRESS',
    });
    await start(order.id, fresh);
    const levelEvents = async () =>
      (await Promise.all([flour.id, sugar.id, cake.id].map((id) => eventsFor(fresh.orgId, id))))
        .flat()
        .filter((e) => e.event === 'stock.level_changed').length;
    const levelEventsBefore = await levelEvents();
    const done = await complete(order.id, {}, fresh);

    // flour 15: 4 x 2.50 (early lot's cost) + 10 x 9 + 1 x 9 (costPrice); sugar 5 x 1.20; labour 1 x 30.
    expect(done).toMatchObject({ status: 'COMPLETED', actualQuantity: 10, completedAt: expect.any(String) });
    const [output, flourLine, sugarLine, labourLine] = done.lines;
    expect(flourLine).toMatchObject({
      plannedQuantity: 15,
      actualQuantity: 15,
      totalCost: 109,
      unitCost: 7.2667,
      lotsConsumed: [
        { batchId: early.id, batchNumber: early.batchNumber, quantity: 4 },
        { batchId: late.id, batchNumber: late.batchNumber, quantity: 10 },
        { batchId: noExpiry.id, batchNumber: noExpiry.batchNumber, quantity: 1 },
      ],
    });
    expect(sugarLine).toMatchObject({
      actualQuantity: 5,
      unitCost: 1.2,
      totalCost: 6,
      lotsConsumed: [],
      phantomProductId: icing.id,
    });
    expect(labourLine).toMatchObject({ actualQuantity: 1, unitCost: 30, totalCost: 30, lotsConsumed: [] });
    expect(output).toMatchObject({
      lineType: 'OUTPUT',
      actualQuantity: 10,
      unitCost: 14.5,
      totalCost: 145,
      lotsMinted: [{ batchNumber: order.orderNumber, quantity: 10 }],
    });

    // Stock: lots drained in FEFO order, sugar taken from unbatched stock, cake in the new lot.
    const minted = output!.lotsMinted[0]!.batchId;
    expect(await lotOnHand(fresh, flour.id, early.id)).toBe(0);
    expect(await lotOnHand(fresh, flour.id, late.id)).toBe(0);
    expect(await lotOnHand(fresh, flour.id, noExpiry.id)).toBe(19);
    expect(await onHand(fresh, sugar.id)).toBe(15);
    expect(await lotOnHand(fresh, cake.id, minted)).toBe(10);
    expect((await getBatch(fresh.orgId, early.id))?.status).toBe('CONSUMED');
    expect((await getBatch(fresh.orgId, late.id))?.status).toBe('CONSUMED');
    expect((await getBatch(fresh.orgId, noExpiry.id))?.status).toBe('ACTIVE');
    const lot = await getBatch(fresh.orgId, minted);
    expect(lot).toMatchObject({
      batchNumber: order.orderNumber,
      status: 'ACTIVE',
      productId: cake.id,
      unitCost: 14.5,
      manufactureDate: done.completedAt,
      expiryDate: new Date(Date.parse(done.completedAt!) + 5 * 86_400_000).toISOString(),
    });
    // The output's weighted-average cost: nothing on hand before, so the run's cost.
    expect((await getProduct(fresh.orgId, cake.id))?.costPrice).toBe(14.5);

    const entries = (await listLedger(fresh.orgId)).filter((l) => l.sourceType === 'production_order');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ sourceId: order.id, sourceNumber: order.orderNumber });
    const movements = (
      entries[0]!.movements as { productId: string; batchId: string | null; quantity: number }[]
    ).map((m) => [m.productId, m.batchId, m.quantity]);
    expect(movements).toEqual(
      expect.arrayContaining([
        [flour.id, early.id, -4],
        [flour.id, late.id, -10],
        [flour.id, noExpiry.id, -1],
        [sugar.id, null, -5],
        [cake.id, minted, 10],
      ]),
    );
    expect(movements).toHaveLength(5);
    // Production completion raises no stock.level_changed (spec, event catalogue); the cost change is a product change.
    expect(await levelEvents()).toBe(levelEventsBefore);
    expect((await eventsFor(fresh.orgId, cake.id)).map((e) => e.event)).toEqual([
      'product.created',
      'product.updated',
      'product.updated',
    ]);
    expect(await eventsFor(fresh.orgId, order.id)).toEqual([]);

    const detail = await call('GET', `/production-orders/${order.id}`, { key: fresh.key });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(done);
  });

  it('a non-batch-tracked output gets no lot; its average cost moves; a batch number is refused', async () => {
    const { w, out, salt } = await simpleRecipe(t, { stock: 30, output: { costPrice: 4 } });
    await adjust(t, [{ productId: out.id, warehouseId: w.id, quantityChange: 10 }]);
    const order = await create({ productId: out.id, quantity: 10, warehouseId: w.id });
    await start(order.id);
    await expect(complete(order.id, { batchNumber: 'B-1' })).rejects.toMatchObject({
      message: `Product ${out.sku} is not batch tracked; a batch number is not taken`,
    });
    const done = await complete(order.id);
    expect(done.lines[0]).toMatchObject({ actualQuantity: 10, unitCost: 1, totalCost: 10, lotsMinted: [] });
    expect(await onHand(t, out.id)).toBe(20);
    expect(await onHand(t, salt.id)).toBe(20);
    // (10 x 4 + 10 x 1) / 20.
    expect((await getProduct(t.orgId, out.id))?.costPrice).toBe(2.5);
  });

  it('--quantity scales the inputs; --batch-number names the lot; a taken number is 409', async () => {
    const { w, out, salt } = await simpleRecipe(t, { stock: 30, output: { isBatchTracked: true } });
    const first = await create({ productId: out.id, quantity: 10, warehouseId: w.id });
    await start(first.id);
    const done = await complete(first.id, { quantity: 4, batchNumber: `RUN-${first.orderNumber}` });
    expect(done).toMatchObject({ actualQuantity: 4 });
    expect(done.lines[1]).toMatchObject({ plannedQuantity: 10, actualQuantity: 4 });
    expect(done.lines[0]!.lotsMinted).toMatchObject([
      { batchNumber: `RUN-${first.orderNumber}`, quantity: 4 },
    ]);
    expect(await onHand(t, salt.id)).toBe(26);
    const second = await create({ productId: out.id, quantity: 1, warehouseId: w.id });
    await start(second.id);
    await expect(complete(second.id, { batchNumber: `run-${first.orderNumber}` })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await getProductionOrder(t.orgId, second.id))?.status).toBe('IN_PROGRESS');
    expect(await onHand(t, salt.id)).toBe(26);
    await expect(complete(second.id, { quantity: 0 })).rejects.toMatchObject({ code: 'unprocessable' });
  });

  it('refuses (422) when any input is short, writing nothing', async () => {
    const { w, out, salt } = await simpleRecipe(t, { stock: 3 });
    const order = await create({ productId: out.id, quantity: 5, warehouseId: w.id });
    await start(order.id);
    await expect(complete(order.id)).rejects.toMatchObject({
      code: 'unprocessable',
      message: `Insufficient stock for ${salt.sku} (${salt.name}) in warehouse ${w.code}: available 3, required 5`,
    });
    expect(await getProductionOrder(t.orgId, order.id)).toMatchObject({ status: 'IN_PROGRESS', version: 2 });
    expect(await onHand(t, salt.id)).toBe(3);
    expect(await onHand(t, out.id)).toBe(0);
    // Reserved stock is not available to production.
    const c = await customer(t);
    await adjust(t, [{ productId: salt.id, warehouseId: w.id, quantityChange: 4 }]);
    const so = await draftOrder(t, [{ productId: salt.id, quantity: 3 }], {
      customerId: c.id,
      warehouseId: w.id,
    });
    expect((await call('POST', `/sales-orders/${so.id}/confirm`, { key: t.key })).status).toBe(200);
    await expect(complete(order.id)).rejects.toMatchObject({
      message: expect.stringContaining('available 4, required 5'),
    });
  });

  it('two racing completions: one wins, the other is 422, and the stock is consumed once', async () => {
    const { w, out, salt } = await simpleRecipe(t, { stock: 100 });
    const order = await create({ productId: out.id, quantity: 10, warehouseId: w.id });
    await start(order.id);
    const results = await Promise.allSettled([complete(order.id), complete(order.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      code: 'unprocessable',
      message: 'Production order is COMPLETED; complete needs IN_PROGRESS',
    });
    expect(await onHand(t, salt.id)).toBe(90);
    expect(await onHand(t, out.id)).toBe(10);
    const entries = (await listLedger(t.orgId)).filter((l) => l.sourceId === order.id);
    expect(entries).toHaveLength(1);
  });
});

describe('production-order transaction limits', () => {
  // 50 batch-tracked and 31 plain ingredients, made a few at a time (products share a counts item).
  let tracked: { id: string; sku: string }[];
  let plain: { id: string; sku: string }[];
  beforeAll(async () => {
    const made: { id: string; sku: string }[] = [];
    for (let i = 0; i < 81; i += 9) {
      made.push(
        ...(await Promise.all(
          Array.from({ length: 9 }, (_, k) => product(t, { isBatchTracked: i + k < 50 })),
        )),
      );
    }
    tracked = made.slice(0, 50);
    plain = made.slice(50);
  }, 180_000);

  it('refuses a recipe of more than 80 stocked ingredients at create', async () => {
    const [w, out] = await Promise.all([warehouse(t), product(t)]);
    await recipe(
      t,
      out.id,
      [...tracked, ...plain].map((p) => ({ componentProductId: p.id, quantity: 1 })),
    );
    await expect(create({ productId: out.id, quantity: 1, warehouseId: w.id })).rejects.toMatchObject({
      code: 'unprocessable',
      message: `The bill of materials of ${out.sku} has 81 stocked ingredients; a production order takes at most 80`,
    });
  }, 60_000);

  it('refuses (422, nothing written) a completion needing more than 100 transaction items', async () => {
    const [w, out] = await Promise.all([warehouse(t), product(t)]);
    await recipe(
      t,
      out.id,
      tracked.map((p) => ({ componentProductId: p.id, quantity: 1 })),
    );
    // Each ingredient's only lot is emptied: 50 stock items, 50 lots flipping, the output and the rest.
    const lots = await Promise.all(tracked.map((p) => batchOf(t, p.id, '2031-01-01')));
    const stocked = await adjust(
      t,
      lots.map((lot) => ({
        productId: lot.productId,
        warehouseId: w.id,
        batchId: lot.id,
        quantityChange: 2,
      })),
    );
    expect(stocked.status).toBe(201);
    const order = await create({ productId: out.id, quantity: 2, warehouseId: w.id });
    await start(order.id);
    await expect(complete(order.id)).rejects.toMatchObject({
      code: 'unprocessable',
      message: expect.stringMatching(
        /^Production order MO-\d{6}: completing it would write 10\d records, more than one transaction holds \(100\)$/,
      ),
    });
    expect((await getProductionOrder(t.orgId, order.id))?.status).toBe('IN_PROGRESS');
    expect(await onHand(t, tracked[0]!.id)).toBe(2);
    // A smaller run leaves every lot holding stock (no flips) and fits.
    expect((await complete(order.id, { quantity: 1 })).status).toBe('COMPLETED');
    expect(await onHand(t, tracked[0]!.id)).toBe(1);
  }, 120_000);

  it('refuses a completion in a warehouse deactivated since the order was planned', async () => {
    const { w, out } = await simpleRecipe(t, { stock: 5 });
    const order = await create({ productId: out.id, quantity: 1, warehouseId: w.id });
    await start(order.id);
    await deactivateWarehouse({ orgId: t.orgId, warehouseId: w.id });
    await expect(complete(order.id)).rejects.toMatchObject({
      code: 'unprocessable',
      message: `Warehouse ${w.code} is inactive`,
    });
  });
});

describe('GET /production-orders/{id}', () => {
  it('reads the detail; unknown, malformed and foreign ids are 404', async () => {
    const { w, out } = await simpleRecipe(t);
    const order = await create({ productId: out.id, quantity: 2, warehouseId: w.id });
    const res = await call('GET', `/production-orders/${order.id}`, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(order);
    for (const [id, key] of [
      [order.id, other.key],
      ['missing', t.key],
      ['not%20an%20id', t.key],
    ] as const) {
      const miss = await call('GET', `/production-orders/${id}`, { key });
      expect(miss.status).toBe(404);
      expect(miss.body.error.code).toBe('not_found');
    }
  });
});

describe('production-order commands (admin CLI)', () => {
  const admin = async (...argv: string[]) => {
    const result = await runAdmin(argv);
    return { ...result, json: result.stdout ? JSON.parse(result.stdout) : null };
  };

  it('create, start and complete print the order as the API renders it; failures exit 1 or 2', async () => {
    const { w, out } = await simpleRecipe(t, { stock: 5 });
    const created = await admin(
      'production-order',
      'create',
      '--org',
      t.orgId,
      '--product',
      out.id,
      '--quantity',
      '2',
      '--warehouse',
      w.id,
      '--planned-start',
      '2030-05-01',
      '--priority',
      '7',
    );
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({
      status: 'PLANNED',
      plannedStartDate: '2030-05-01T00:00:00.000Z',
      priority: 7,
    });
    const id = created.json.id as string;
    const early = await admin('production-order', 'complete', '--org', t.orgId, '--id', id);
    expect(early.code).toBe(1);
    expect(JSON.parse(early.stderr)).toEqual({
      error: { code: 'unprocessable', message: 'Production order is PLANNED; complete needs IN_PROGRESS' },
    });
    expect((await admin('production-order', 'start', '--org', t.orgId, '--id', id)).json.status).toBe(
      'IN_PROGRESS',
    );
    const done = await admin('production-order', 'complete', '--org', t.orgId, '--id', id, '--quantity', '1');
    expect(done.code).toBe(0);
    expect(done.json).toEqual((await call('GET', `/production-orders/${id}`, { key: t.key })).body);
    for (const argv of [
      ['production-order', 'create', '--org', t.orgId, '--product', out.id, '--warehouse', w.id],
      [
        'production-order',
        'create',
        '--org',
        t.orgId,
        '--product',
        out.id,
        '--warehouse',
        w.id,
        '--quantity',
        'lots',
      ],
      [
        'production-order',
        'create',
        '--org',
        t.orgId,
        '--product',
        out.id,
        '--warehouse',
        w.id,
        '--quantity',
        '1',
        '--priority',
        '1.5',
      ],
      ['production-order', 'cancel', '--org', t.orgId],
    ]) {
      const result = await admin(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
    }
  });
});

describe('POST /production-orders and /production-orders/{id}/start|complete|cancel (design.md section 7)', () => {
  const post = (path: string, body?: unknown, tenant = t) => call('POST', path, { key: tenant.key, body });

  it('creates a PLANNED order with the acting key in the audit log; the same key replays', async () => {
    const { w, out, salt } = await simpleRecipe(t);
    const body = {
      productId: out.id,
      quantity: 4,
      warehouseId: w.id,
      plannedStartDate: '2030-04-01T06:00:00.000Z',
      priority: 2,
    };
    const created = await expectReplay(t, 'POST', '/production-orders', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'PLANNED',
      productId: out.id,
      product: { id: out.id, sku: out.sku, name: out.name },
      plannedQuantity: 4,
      warehouse: { id: w.id, code: w.code },
      plannedStartDate: '2030-04-01T06:00:00.000Z',
      priority: 2,
      salesOrderId: null,
      linesTotal: 2,
    });
    expect(
      created.body.lines.map((l: { lineType: string; productId: string; plannedQuantity: number }) => [
        l.lineType,
        l.productId,
        l.plannedQuantity,
      ]),
    ).toEqual([
      ['OUTPUT', out.id, 4],
      ['INPUT', salt.id, 4],
    ]);
    const read = await call('GET', `/production-orders/${created.body.id}`, { key: t.key });
    expect(read.body).toEqual(created.body);
    const audit = await listAudit(t.orgId, { resourceType: 'production_order', resourceId: created.body.id });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        apiKeyId: t.keyId,
        changedFields: ['status', 'plannedQuantity', 'lines'],
      }),
    ]);
  });

  it('a bad body is 400; no recipe is 422; references of another organisation are 422', async () => {
    const [w, bare] = await Promise.all([warehouse(t), product(t)]);
    const { out } = await simpleRecipe(t);
    for (const body of [
      { productId: out.id, warehouseId: w.id },
      { productId: out.id, warehouseId: w.id, quantity: 0 },
      { productId: out.id, warehouseId: w.id, quantity: 1, priority: 1.5 },
      { productId: out.id, warehouseId: w.id, quantity: 1, plannedStartDate: 'tomorrow' },
    ]) {
      const res = await post('/production-orders', body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
    const noRecipe = await post('/production-orders', { productId: bare.id, quantity: 1, warehouseId: w.id });
    expect([noRecipe.status, noRecipe.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: `Product ${bare.sku} has no bill of materials to produce it from` },
    ]);
    const foreign = await post(
      '/production-orders',
      { productId: out.id, quantity: 1, warehouseId: w.id },
      other,
    );
    expect([foreign.status, foreign.body.error]).toEqual([
      422,
      { code: 'invalid_reference', message: 'productId does not reference an existing Product' },
    ]);
    const list = await call('GET', '/production-orders', { key: other.key });
    expect(list.body.pagination.total).toBe(0);
  });

  it('start, complete (quantity and batchNumber as the CLI flags) and cancel; replays; wrong status 422', async () => {
    const { w, out, salt } = await simpleRecipe(t, { stock: 20, output: { isBatchTracked: true } });
    const order = (await post('/production-orders', { productId: out.id, quantity: 5, warehouseId: w.id }))
      .body;
    const early = await post(`/production-orders/${order.id}/complete`);
    expect([early.status, early.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'Production order is PLANNED; complete needs IN_PROGRESS' },
    ]);
    const started = await expectReplay(t, 'POST', `/production-orders/${order.id}/start`);
    expect([started.status, started.body.status, started.body.startedAt]).toEqual([
      200,
      'IN_PROGRESS',
      started.body.updatedAt,
    ]);
    const bad = await post(`/production-orders/${order.id}/complete`, { quantity: -1 });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation_error']);
    const done = await expectReplay(t, 'POST', `/production-orders/${order.id}/complete`, {
      quantity: 3,
      batchNumber: `API-${order.orderNumber}`,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'COMPLETED', actualQuantity: 3 });
    expect(done.body.lines[1]).toMatchObject({ productId: salt.id, plannedQuantity: 5, actualQuantity: 3 });
    const minted = done.body.lines[0].lotsMinted;
    expect(minted).toMatchObject([{ batchNumber: `API-${order.orderNumber}`, quantity: 3 }]);
    expect(await lotOnHand(t, out.id, minted[0].batchId)).toBe(3);
    expect(await onHand(t, salt.id)).toBe(17);
    expect((await call('GET', `/production-orders/${order.id}`, { key: t.key })).body).toEqual(done.body);
    const audit = await listAudit(t.orgId, { resourceType: 'production_order', resourceId: order.id });
    expect(audit.map((a) => [a.action, a.apiKeyId])).toEqual([
      ['create', t.keyId],
      ['start', t.keyId],
      ['complete', t.keyId],
    ]);
    const late = await post(`/production-orders/${order.id}/cancel`);
    expect([late.status, late.body.error.message]).toEqual([
      422,
      'Production order is COMPLETED; cancel needs PLANNED or IN_PROGRESS',
    ]);

    // A lot number already taken is 409, nothing written.
    const second = (await post('/production-orders', { productId: out.id, quantity: 1, warehouseId: w.id }))
      .body;
    await post(`/production-orders/${second.id}/start`);
    const taken = await post(`/production-orders/${second.id}/complete`, {
      batchNumber: `API-${order.orderNumber}`,
    });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'conflict']);
    expect(await onHand(t, salt.id)).toBe(17);
    const longReason = await post(`/production-orders/${second.id}/cancel`, { reason: 'x'.repeat(501) });
    expect([longReason.status, longReason.body.error.code]).toEqual([400, 'validation_error']);
    const cancelled = await expectReplay(t, 'POST', `/production-orders/${second.id}/cancel`, {
      reason: 'Line down',
    });
    expect([cancelled.status, cancelled.body.status, cancelled.body.cancelReason]).toEqual([
      200,
      'CANCELLED',
      'Line down',
    ]);
  });

  it("another organisation's order is 404 for every step and stays as it was", async () => {
    const { w, out } = await simpleRecipe(t, { stock: 5 });
    const order = (await post('/production-orders', { productId: out.id, quantity: 1, warehouseId: w.id }))
      .body;
    for (const step of ['start', 'complete', 'cancel']) {
      const res = await post(`/production-orders/${order.id}/${step}`, undefined, other);
      expect([res.status, res.body.error.message], step).toEqual([404, 'Production order not found']);
    }
    expect((await getProductionOrder(t.orgId, order.id))?.status).toBe('PLANNED');
  });

  it('the CLI and the API give the same order for the same steps', async () => {
    const { w, out } = await simpleRecipe(t, { stock: 10 });
    const body = { productId: out.id, quantity: 2, warehouseId: w.id, priority: 4 };
    const api = (await post('/production-orders', body)).body;
    const cli = await runAdmin([
      'production-order',
      'create',
      '--org',
      t.orgId,
      '--product',
      out.id,
      '--quantity',
      '2',
      '--warehouse',
      w.id,
      '--priority',
      '4',
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    const viaCli = JSON.parse(cli.stdout);
    expect(comparable(viaCli)).toEqual(comparable(api));
    await post(`/production-orders/${api.id}/start`);
    await runAdmin(['production-order', 'start', '--org', t.orgId, '--id', viaCli.id]);
    const apiDone = await post(`/production-orders/${api.id}/complete`, { quantity: 1 });
    const cliDone = await runAdmin([
      'production-order',
      'complete',
      '--org',
      t.orgId,
      '--id',
      viaCli.id,
      '--quantity',
      '1',
    ]);
    expect(cliDone.code, cliDone.stderr).toBe(0);
    expect(comparable(JSON.parse(cliDone.stdout))).toEqual(comparable(apiDone.body));
  });
});
