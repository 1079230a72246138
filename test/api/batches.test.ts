import { beforeAll, describe, expect, it } from 'vitest';
import { expireDueBatches } from '../../functions/areas/inventory/back-office/batches.js';
import { createBatch, setBatchStatus } from '../../functions/areas/inventory/steps/batches.js';
import { getStocks } from '../../functions/areas/products/store/products.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, product, warehouse } from '../support/inventory.js';
import { outboxItems } from '../support/outbox.js';
import { comparable, expectReplay } from '../support/steps.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';

let t: Tenant;
let other: Tenant;

/** Items DynamoDB read for Query calls (ScannedCount) while `counting` is on: what a read really costs. */
let counting = false;
let scanned = 0;

beforeAll(async () => {
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (counting && context.commandName === 'QueryCommand') {
        scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'batchReadCounter' },
  );
  [t, other] = await Promise.all([newTenant('Batches org'), newTenant('Other batches org')]);
});

async function measured<T>(read: () => Promise<T>): Promise<{ result: T; scanned: number }> {
  scanned = 0;
  counting = true;
  try {
    return { result: await read(), scanned };
  } finally {
    counting = false;
  }
}

const list = (tenant: Tenant, query: Record<string, string | number> = {}) =>
  call('GET', '/batches', { key: tenant.key, query });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((b) => b.id);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);

const statusEvents = async (orgId: string) =>
  (await outboxItems(orgId))
    .flatMap((item) => item.events as { event: string; data: Record<string, unknown> }[])
    .filter((e) => e.event === 'batch.status_changed')
    .map((e) => e.data);

const lotOf = async (tenant: Tenant, productId: string, expiry?: string) =>
  batchOf(tenant, productId, expiry);

describe('GET /batches', () => {
  it('lists in FEFO order: earliest expiry first, same expiry by id, no expiry last; product only once stocked', async () => {
    const tenant = await newTenant('FEFO org');
    const [p, w] = await Promise.all([product(tenant, { isBatchTracked: true }), warehouse(tenant)]);
    const lots = await Promise.all([
      lotOf(tenant, p.id, '2027-03-01'),
      lotOf(tenant, p.id, '2027-01-01'),
      lotOf(tenant, p.id),
      lotOf(tenant, p.id, '2027-01-01'),
      lotOf(tenant, p.id),
    ]);
    const [march, jan1, none1, jan2, none2] = lots;
    const stocked = await adjust(tenant, [
      { productId: p.id, warehouseId: w.id, batchId: march!.id, quantityChange: 3 },
    ]);
    expect(stocked.status).toBe(201);
    const expected = [...[jan1!, jan2!].sort(byId), march!, ...[none1!, none2!].sort(byId)].map((b) => b.id);

    const res = await list(tenant);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected);
    expect(res.body.pagination).toEqual({ total: 5, page: 1, pageSize: 50, totalPages: 1 });
    const row = res.body.data.find((b: { id: string }) => b.id === march!.id);
    expect(row).toEqual({
      id: march!.id,
      batchNumber: march!.batchNumber,
      status: 'ACTIVE',
      manufactureDate: null,
      expiryDate: '2027-03-01',
      storageCondition: null,
      product: { id: p.id, sku: p.sku, name: p.name },
      unitCost: null,
      notes: null,
      createdAt: march!.createdAt,
      updatedAt: march!.updatedAt,
    });
    expect(res.body.data.filter((b: { product: unknown }) => b.product === null)).toHaveLength(4);

    // Sequential pages of 2 walk the same order.
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(...ids(await list(tenant, { page, pageSize: 2 })));
    expect(pages).toEqual(expected);
    expect((await list(tenant, { page: 3, pageSize: 2 })).body.pagination).toEqual({
      total: 5,
      page: 3,
      pageSize: 2,
      totalPages: 3,
    });
  });

  it('filters by product, validating it in the organisation (404 otherwise)', async () => {
    const [p, q] = await Promise.all([
      product(t, { isBatchTracked: true }),
      product(t, { isBatchTracked: true }),
    ]);
    const [a, b, c] = await Promise.all([
      lotOf(t, p.id, '2028-01-02'),
      lotOf(t, p.id, '2028-01-01'),
      lotOf(t, q.id),
    ]);
    const res = await list(t, { productId: p.id });
    expect(ids(res)).toEqual([b!.id, a!.id]);
    expect(res.body.pagination.total).toBe(2);
    expect(ids(await list(t, { productId: q.id }))).toEqual([c!.id]);
    for (const productId of [(await product(other)).id, 'nope', 'x'.repeat(300)]) {
      const missing = await list(t, { productId });
      expect([missing.status, missing.body.error.code]).toEqual([404, 'not_found']);
    }
  });

  it('filters by warehouse: lots holding stock there (404 for a warehouse outside the organisation)', async () => {
    const [p, w1, w2] = await Promise.all([product(t, { isBatchTracked: true }), warehouse(t), warehouse(t)]);
    const [here, both, gone, elsewhere] = await Promise.all([
      lotOf(t, p.id, '2029-05-01'),
      lotOf(t, p.id, '2029-04-01'),
      lotOf(t, p.id, '2029-03-01'),
      lotOf(t, p.id, '2029-02-01'),
    ]);
    const res = await adjust(t, [
      { productId: p.id, warehouseId: w1.id, batchId: here!.id, quantityChange: 2 },
      { productId: p.id, warehouseId: w1.id, binId: w1.binId, batchId: both!.id, quantityChange: 1 },
      { productId: p.id, warehouseId: w2.id, batchId: both!.id, quantityChange: 1 },
      { productId: p.id, warehouseId: w2.id, batchId: elsewhere!.id, quantityChange: 1 },
      { productId: p.id, warehouseId: w1.id, batchId: gone!.id, quantityChange: 1 },
    ]);
    expect(res.status).toBe(201);
    const emptied = await adjust(t, [
      { productId: p.id, warehouseId: w1.id, batchId: gone!.id, quantityChange: -1 },
    ]);
    expect(emptied.status).toBe(201);

    const inW1 = await list(t, { warehouseId: w1.id });
    expect(ids(inW1)).toEqual([both!.id, here!.id]);
    expect(inW1.body.pagination.total).toBe(2);
    expect(inW1.body.data[0].product).toEqual({ id: p.id, sku: p.sku, name: p.name });
    expect(ids(await list(t, { warehouseId: w2.id }))).toEqual([elsewhere!.id, both!.id]);
    expect(ids(await list(t, { warehouseId: w2.id, productId: p.id, search: both!.batchNumber }))).toEqual([
      both!.id,
    ]);
    expect(ids(await list(t, { warehouseId: w1.id, pageSize: 1, page: 2 }))).toEqual([here!.id]);
    const foreign = await warehouse(other);
    for (const warehouseId of [foreign.id, 'nope']) {
      expect((await list(t, { warehouseId })).status).toBe(404);
    }
  });

  it('status takes one value, case-insensitively (400 otherwise); expiry bounds are inclusive dates', async () => {
    const tenant = await newTenant('Status filter org');
    const p = await product(tenant, { isBatchTracked: true });
    const [d10, d11, d12, none] = await Promise.all([
      lotOf(tenant, p.id, '2030-01-10'),
      lotOf(tenant, p.id, '2030-01-11'),
      lotOf(tenant, p.id, '2030-01-12'),
      lotOf(tenant, p.id),
    ]);
    await setBatchStatus({ orgId: tenant.orgId, id: d11!.id, action: 'quarantine' });
    await setBatchStatus({ orgId: tenant.orgId, id: none!.id, action: 'quarantine' });

    const quarantined = await list(tenant, { status: 'quarantined' });
    expect(ids(quarantined)).toEqual([d11!.id, none!.id]);
    expect(quarantined.body.data.map((b: { status: string }) => b.status)).toEqual([
      'QUARANTINED',
      'QUARANTINED',
    ]);
    expect(quarantined.body.pagination.total).toBe(2);
    expect(ids(await list(tenant, { status: 'ACTIVE' }))).toEqual([d10!.id, d12!.id]);
    for (const status of ['ACTIVE,QUARANTINED', 'GONE']) {
      const bad = await list(tenant, { status });
      expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
    }

    expect(ids(await list(tenant, { expiryAfter: '2030-01-11', expiryBefore: '2030-01-11' }))).toEqual([
      d11!.id,
    ]);
    expect(ids(await list(tenant, { expiryAfter: '2030-01-11T18:30:00Z' }))).toEqual([d11!.id, d12!.id]);
    expect(ids(await list(tenant, { expiryBefore: '2030-01-11' }))).toEqual([d10!.id, d11!.id]);
    expect(ids(await list(tenant, { expiryBefore: '2030-01-11', status: 'QUARANTINED' }))).toEqual([d11!.id]);
    expect(ids(await list(tenant, { expiryAfter: '2030-01-11', productId: p.id }))).toEqual([
      d11!.id,
      d12!.id,
    ]);
    expect((await list(tenant, { expiryAfter: '2030-01-01' })).body.pagination.total).toBe(3);
    for (const query of [{ expiryAfter: 'soon' }, { expiryBefore: '2030-02-30' }] as Record<
      string,
      string
    >[]) {
      const bad = await list(tenant, query);
      expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
    }
  });

  it('search is a case-insensitive contains on the batch number', async () => {
    const tenant = await newTenant('Search org');
    const p = await product(tenant, { isBatchTracked: true });
    const alpha = await createBatch({ orgId: tenant.orgId, productId: p.id, batchNumber: 'Harvest-ALPHA-1' });
    await createBatch({ orgId: tenant.orgId, productId: p.id, batchNumber: 'Harvest-BETA-1' });
    const res = await list(tenant, { search: 'alpha' });
    expect(ids(res)).toEqual([alpha.id]);
    expect(res.body.pagination.total).toBe(1);
    expect((await list(tenant, { search: 'harvest' })).body.pagination.total).toBe(2);
  });

  it("modifiedSince keys off the batch's own updatedAt (status changes and consumption move it)", async () => {
    const tenant = await newTenant('Sync org');
    const [p, w] = await Promise.all([product(tenant, { isBatchTracked: true }), warehouse(tenant)]);
    const [a, b, c] = await Promise.all([
      lotOf(tenant, p.id, '2031-01-01'),
      lotOf(tenant, p.id),
      lotOf(tenant, p.id),
    ]);
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const recalled = await setBatchStatus({ orgId: tenant.orgId, id: c!.id, action: 'recall' });
    // A stock change that leaves the lot's status alone does not touch the batch.
    await adjust(tenant, [{ productId: p.id, warehouseId: w.id, batchId: b!.id, quantityChange: 2 }]);
    const res = await list(tenant, { modifiedSince: since });
    expect(ids(res)).toEqual([c!.id]);
    expect(res.body.data[0].updatedAt).toBe(recalled.updatedAt);
    expect(res.body.pagination.total).toBe(1);
    expect(ids(await list(tenant, { modifiedSince: since, productId: p.id }))).toEqual([c!.id]);
    expect(ids(await list(tenant, { modifiedSince: since, status: 'ACTIVE' }))).toEqual([]);

    // Emptied by an adjustment: the silent flip to CONSUMED is a change of the batch.
    await adjust(tenant, [{ productId: p.id, warehouseId: w.id, batchId: b!.id, quantityChange: -2 }]);
    expect(ids(await list(tenant, { modifiedSince: since }))).toEqual([b!, c!].sort(byId).map((x) => x.id));
    expect(ids(await list(tenant, { modifiedSince: since, expiryAfter: '2030-01-01' }))).toEqual([]);
    expect(ids(await list(tenant))).toEqual([a!.id, ...[b!, c!].sort(byId).map((x) => x.id)]);
  });

  it('another organisation sees none of the lots', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await lotOf(t, p.id);
    const res = await list(other);
    expect(ids(res)).not.toContain(lot.id);
    expect((await call('GET', `/batches/${lot.id}`, { key: other.key })).status).toBe(404);
  });
});

describe('what the batch reads cost', () => {
  it('page 1 reads about a page; product, status and sync read their own range; expire-due reads only due lots', async () => {
    const tenant = await newTenant('Batch cost org');
    const products = await Promise.all([0, 1, 2].map(() => product(tenant, { isBatchTracked: true })));
    // One lot a day, so FEFO order is creation order.
    const lots = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        lotOf(tenant, products[i % 3]!.id, `2035-03-${String(i + 1).padStart(2, '0')}`),
      ),
    );
    await setBatchStatus({ orgId: tenant.orgId, id: lots[5]!.id, action: 'quarantine' });
    await setBatchStatus({ orgId: tenant.orgId, id: lots[6]!.id, action: 'quarantine' });
    const since = new Date().toISOString();
    await setBatchStatus({ orgId: tenant.orgId, id: lots[7]!.id, action: 'recall' });

    clearListCursors();
    const first = await measured(() => list(tenant, { pageSize: 5 }));
    expect(first.result.body.pagination.total).toBe(24);
    expect(first.scanned).toBeLessThanOrEqual(6);
    const second = await measured(() => list(tenant, { pageSize: 5, page: 2 }));
    expect(ids(second.result)).toEqual(lots.slice(5, 10).map((l) => l.id));
    expect(second.scanned).toBeLessThanOrEqual(6);

    const ofProduct = await measured(() => list(tenant, { productId: products[1]!.id, pageSize: 3 }));
    expect(ofProduct.result.body.pagination.total).toBe(8);
    expect(ofProduct.scanned).toBe(8);
    const quarantined = await measured(() => list(tenant, { status: 'QUARANTINED' }));
    expect(ids(quarantined.result)).toEqual([lots[5]!.id, lots[6]!.id]);
    expect(quarantined.scanned).toBe(2);
    const changed = await measured(() => list(tenant, { modifiedSince: since }));
    expect(ids(changed.result)).toEqual([lots[7]!.id]);
    expect(changed.scanned).toBe(1);
    const window = await measured(() =>
      list(tenant, { expiryAfter: '2035-03-03', expiryBefore: '2035-03-04' }),
    );
    expect(ids(window.result)).toEqual([lots[2]!.id, lots[3]!.id]);
    expect(window.scanned).toBe(2);

    const due = await measured(() =>
      expireDueBatches({
        orgId: tenant.orgId,
        asOf: '2035-03-04T00:00:00.000Z',
        now: new Date('2035-03-04T00:00:00.000Z'),
      }),
    );
    expect(due.result.expired.map((e) => e.id)).toEqual(lots.slice(0, 3).map((l) => l.id));
    expect(due.scanned).toBe(3);
  });
});

describe('GET /batches/{id}', () => {
  it('shows where the lot lies per warehouse and bin, what orders hold of it, and the total', async () => {
    const [p, w1, w2, c] = await Promise.all([
      product(t, { isBatchTracked: true, defaultPrice: 5 }),
      warehouse(t),
      warehouse(t),
      customer(t),
    ]);
    const lot = await lotOf(t, p.id, '2027-06-30');
    const other = await lotOf(t, p.id, '2027-12-31');
    const stocked = await adjust(t, [
      { productId: p.id, warehouseId: w1.id, batchId: lot.id, quantityChange: 4 },
      { productId: p.id, warehouseId: w1.id, binId: w1.binId, batchId: lot.id, quantityChange: 2.5 },
      { productId: p.id, warehouseId: w2.id, batchId: lot.id, quantityChange: 1 },
      { productId: p.id, warehouseId: w1.id, batchId: other.id, quantityChange: 9 },
    ]);
    expect(stocked.status).toBe(201);
    // FEFO reserves the earlier lot: 3 of the 4 at w1's unbinned location, then what is left.
    const order = await draftOrder(t, [{ productId: p.id, quantity: 3 }], {
      customerId: c.id,
      warehouseId: w1.id,
    });
    await confirmOrder(t, order.id);

    const res = await call('GET', `/batches/${lot.id}`, { key: t.key });
    expect(res.status).toBe(200);
    const [first] = [w1, w2].sort(byId);
    const w1Items = [
      { warehouse: { id: w1.id, code: w1.code }, bin: null, quantity: 4, availableQuantity: 1 },
      {
        warehouse: { id: w1.id, code: w1.code },
        bin: { id: w1.binId, code: w1.binCode },
        quantity: 2.5,
        availableQuantity: 2.5,
      },
    ];
    const w2Items = [
      { warehouse: { id: w2.id, code: w2.code }, bin: null, quantity: 1, availableQuantity: 1 },
    ];
    expect(res.body).toEqual({
      id: lot.id,
      batchNumber: lot.batchNumber,
      status: 'ACTIVE',
      manufactureDate: null,
      expiryDate: '2027-06-30',
      storageCondition: null,
      product: { id: p.id, sku: p.sku, name: p.name },
      unitCost: null,
      notes: null,
      createdAt: lot.createdAt,
      updatedAt: lot.updatedAt,
      items: first!.id === w1.id ? [...w1Items, ...w2Items] : [...w2Items, ...w1Items],
      itemsTruncated: false,
      itemsTotal: 3,
      totalQuantity: 7.5,
    });
  });

  it('an empty lot has no items and no product; an unknown id is 404', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await lotOf(t, p.id);
    const res = await call('GET', `/batches/${lot.id}`, { key: t.key });
    expect(res.body).toMatchObject({
      product: null,
      items: [],
      itemsTotal: 0,
      itemsTruncated: false,
      totalQuantity: 0,
    });
    const missing = await call('GET', '/batches/nope', { key: t.key });
    expect([missing.status, missing.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Batch not found' },
    ]);
  });
});

describe('batch status actions (back office)', () => {
  it('quarantine, release, recall each emit batch.status_changed with the exact payload; creation emits none', async () => {
    const tenant = await newTenant('Lot actions org');
    const [p, w] = await Promise.all([product(tenant, { isBatchTracked: true }), warehouse(tenant)]);
    const lot = await lotOf(tenant, p.id, '2028-02-02');
    expect(await statusEvents(tenant.orgId)).toEqual([]);
    await adjust(tenant, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 6 }]);

    const quarantined = await setBatchStatus({
      orgId: tenant.orgId,
      id: lot.id,
      action: 'quarantine',
    });
    expect(quarantined).toMatchObject({
      id: lot.id,
      status: 'QUARANTINED',
      product: { id: p.id },
      items: [{ warehouse: { id: w.id, code: w.code }, bin: null, quantity: 6, availableQuantity: 6 }],
      totalQuantity: 6,
    });
    expect(quarantined.updatedAt > lot.updatedAt).toBe(true);
    expect((await call('GET', `/batches/${lot.id}`, { key: tenant.key })).body).toEqual(quarantined);
    await setBatchStatus({ orgId: tenant.orgId, id: lot.id, action: 'release' });
    await setBatchStatus({ orgId: tenant.orgId, id: lot.id, action: 'recall' });
    const data = (from: string, to: string) => ({
      id: lot.id,
      batchNumber: lot.batchNumber,
      previousStatus: from,
      newStatus: to,
      productIds: [p.id],
    });
    expect(await statusEvents(tenant.orgId)).toEqual([
      data('ACTIVE', 'QUARANTINED'),
      data('QUARANTINED', 'ACTIVE'),
      data('ACTIVE', 'RECALLED'),
    ]);
    const audit = await listAudit(tenant.orgId, { resourceType: 'batch', resourceId: lot.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'quarantine', 'release', 'recall']);
  });

  it('illegal moves are 422 naming the status; unknown and foreign ids are 404', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await lotOf(t, p.id);
    await expect(setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'release' })).rejects.toMatchObject({
      status: 422,
      message: 'Batch is ACTIVE; release needs QUARANTINED',
    });
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'expire' });
    for (const action of ['quarantine', 'release', 'expire'] as const) {
      await expect(setBatchStatus({ orgId: t.orgId, id: lot.id, action })).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining('Batch is EXPIRED'),
      });
    }
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'recall' });
    await expect(setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'recall' })).rejects.toMatchObject({
      status: 422,
      message: 'Batch is RECALLED; recall needs ACTIVE or QUARANTINED or EXPIRED or CONSUMED',
    });
    await expect(
      setBatchStatus({ orgId: other.orgId, id: lot.id, action: 'quarantine' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(setBatchStatus({ orgId: t.orgId, id: 'nope', action: 'recall' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('a consumed lot can be recalled; the silent flip to CONSUMED raises no event', async () => {
    const tenant = await newTenant('Consumed recall org');
    const [p, w] = await Promise.all([product(tenant, { isBatchTracked: true }), warehouse(tenant)]);
    const lot = await lotOf(tenant, p.id);
    await adjust(tenant, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 2 }]);
    await adjust(tenant, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: -2 }]);
    const consumed = (await call('GET', `/batches/${lot.id}`, { key: tenant.key })).body;
    expect(consumed).toMatchObject({
      status: 'CONSUMED',
      items: [],
      totalQuantity: 0,
      product: { id: p.id },
    });
    expect(await statusEvents(tenant.orgId)).toEqual([]);
    const recalled = await setBatchStatus({ orgId: tenant.orgId, id: lot.id, action: 'recall' });
    expect(recalled.status).toBe('RECALLED');
    expect(await statusEvents(tenant.orgId)).toEqual([
      {
        id: lot.id,
        batchNumber: lot.batchNumber,
        previousStatus: 'CONSUMED',
        newStatus: 'RECALLED',
        productIds: [p.id],
      },
    ]);
  });

  it('two racing actions on one lot: one wins, the other is 422; one event', async () => {
    const tenant = await newTenant('Lot race org');
    const p = await product(tenant, { isBatchTracked: true });
    const lot = await lotOf(tenant, p.id);
    const results = await Promise.allSettled([
      setBatchStatus({ orgId: tenant.orgId, id: lot.id, action: 'quarantine' }),
      setBatchStatus({ orgId: tenant.orgId, id: lot.id, action: 'quarantine' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as { status: number }).status)).toEqual([422]);
    expect(await statusEvents(tenant.orgId)).toHaveLength(1);
  });

  it("moves the product's stock item on a version (so stale reservations re-decide) without touching stock updatedAt", async () => {
    const [p, w] = await Promise.all([product(t, { isBatchTracked: true }), warehouse(t)]);
    const lot = await lotOf(t, p.id);
    await adjust(t, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 1 }]);
    const before = (await getStocks(t.orgId, [p.id])).get(p.id)!;
    const soh = (await call('GET', '/stock-on-hand', { key: t.key, query: { productId: p.id } })).body.data;
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'quarantine' });
    const after = (await getStocks(t.orgId, [p.id])).get(p.id)!;
    expect(after.version).toBe(before.version + 1);
    expect(after.levels).toEqual(before.levels);
    expect(
      (await call('GET', '/stock-on-hand', { key: t.key, query: { productId: p.id } })).body.data,
    ).toEqual(soh);
  });

  it('a quarantined lot is not reserved by confirm, and a reservation on a lot quarantined since cannot be picked', async () => {
    const [p, w, c] = await Promise.all([
      product(t, { isBatchTracked: true, defaultPrice: 5 }),
      warehouse(t),
      customer(t),
    ]);
    const [early, late] = await Promise.all([lotOf(t, p.id, '2027-01-01'), lotOf(t, p.id, '2028-01-01')]);
    await adjust(t, [
      { productId: p.id, warehouseId: w.id, batchId: early.id, quantityChange: 5 },
      { productId: p.id, warehouseId: w.id, batchId: late.id, quantityChange: 5 },
    ]);
    const reserving = await draftOrder(t, [{ productId: p.id, quantity: 2 }], {
      customerId: c.id,
      warehouseId: w.id,
    });
    await confirmOrder(t, reserving.id);
    await setBatchStatus({ orgId: t.orgId, id: early.id, action: 'quarantine' });
    await expect(pickSalesOrder({ orgId: t.orgId, id: reserving.id })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining(`Lot ${early.batchNumber} reserved for line 1`),
    });
    await expect(
      pickSalesOrder({
        orgId: t.orgId,
        id: reserving.id,
        lines: [{ soLineId: reserving.lines[0]!.id, quantity: 2, batchId: early.id }],
      }),
    ).rejects.toMatchObject({
      status: 422,
      message: `Lot ${early.batchNumber} is QUARANTINED; only ACTIVE lots can be picked`,
    });
    const picked = await pickSalesOrder({
      orgId: t.orgId,
      id: reserving.id,
      lines: [{ soLineId: reserving.lines[0]!.id, quantity: 2, batchId: late.id }],
    });
    expect(picked.status).toBe('PICKING');

    // Only the late lot's 3 are free now: 4 cannot be confirmed, 3 can.
    const tooMuch = await draftOrder(t, [{ productId: p.id, quantity: 4 }], {
      customerId: c.id,
      warehouseId: w.id,
    });
    const refused = await call('POST', `/sales-orders/${tooMuch.id}/confirm`, { key: t.key });
    expect([refused.status, refused.body.error.message]).toEqual([
      422,
      expect.stringContaining('available 3, required 4'),
    ]);
    const fits = await draftOrder(t, [{ productId: p.id, quantity: 3 }], {
      customerId: c.id,
      warehouseId: w.id,
    });
    const confirmed = await call('GET', `/sales-orders/${(await confirmOrder(t, fits.id)).id}`, {
      key: t.key,
    });
    expect(confirmed.body.status).toBe('CONFIRMED');
  });
});

describe('batch expire-due (back office)', () => {
  it('expires ACTIVE and QUARANTINED lots whose expiry date is before --as-of, reading only those, and prints a summary', async () => {
    const tenant = await newTenant('Expiry org');
    const p = await product(tenant, { isBatchTracked: true });
    const [old, quarantined, recalled, dueDay, future, none] = await Promise.all([
      lotOf(tenant, p.id, '2027-01-01'),
      lotOf(tenant, p.id, '2027-01-09'),
      lotOf(tenant, p.id, '2027-01-02'),
      lotOf(tenant, p.id, '2027-01-10'),
      lotOf(tenant, p.id, '2027-02-01'),
      lotOf(tenant, p.id),
    ]);
    await setBatchStatus({ orgId: tenant.orgId, id: quarantined.id, action: 'quarantine' });
    await setBatchStatus({ orgId: tenant.orgId, id: recalled.id, action: 'recall' });
    const foreign = await lotOf(other, (await product(other, { isBatchTracked: true })).id, '2020-01-01');

    const summary = await expireDueBatches({
      orgId: tenant.orgId,
      asOf: '2027-01-10T12:00:00.000Z',
      now: new Date('2027-01-10T12:00:00.000Z'),
    });
    expect(summary).toEqual({
      asOf: '2027-01-10T12:00:00.000Z',
      expiredCount: 2,
      expired: [
        {
          id: old.id,
          batchNumber: old.batchNumber,
          expiryDate: '2027-01-01',
          productId: p.id,
          previousStatus: 'ACTIVE',
          status: 'EXPIRED',
        },
        {
          id: quarantined.id,
          batchNumber: quarantined.batchNumber,
          expiryDate: '2027-01-09',
          productId: p.id,
          previousStatus: 'QUARANTINED',
          status: 'EXPIRED',
        },
      ],
    });
    const statuses = async () =>
      Object.fromEntries(
        (await list(tenant, { pageSize: 200 })).body.data.map((b: { id: string; status: string }) => [
          b.id,
          b.status,
        ]),
      );
    expect(await statuses()).toEqual({
      [old.id]: 'EXPIRED',
      [quarantined.id]: 'EXPIRED',
      [recalled.id]: 'RECALLED',
      [dueDay.id]: 'ACTIVE',
      [future.id]: 'ACTIVE',
      [none.id]: 'ACTIVE',
    });
    // One run stamps one instant: the outbox orders its items by event id then.
    const events = (await statusEvents(tenant.orgId))
      .filter((e) => e.newStatus === 'EXPIRED')
      .sort((a, b) => byId(a as { id: string }, b as { id: string }));
    expect(events).toEqual(
      [
        {
          id: old.id,
          batchNumber: old.batchNumber,
          previousStatus: 'ACTIVE',
          newStatus: 'EXPIRED',
          productIds: [p.id],
        },
        {
          id: quarantined.id,
          batchNumber: quarantined.batchNumber,
          previousStatus: 'QUARANTINED',
          newStatus: 'EXPIRED',
          productIds: [p.id],
        },
      ].sort(byId),
    );
    // Run again: nothing is due. The other organisation's overdue lot was never touched.
    expect(
      await expireDueBatches({
        orgId: tenant.orgId,
        asOf: '2027-01-10T12:00:00.000Z',
        now: new Date('2027-01-10T12:00:00.000Z'),
      }),
    ).toMatchObject({
      expiredCount: 0,
      expired: [],
    });
    expect((await call('GET', `/batches/${foreign.id}`, { key: other.key })).body.status).toBe('ACTIVE');
    // The next day the lot due on the 10th goes too.
    const nextDay = await expireDueBatches({
      orgId: tenant.orgId,
      asOf: '2027-01-11T00:00:00.000Z',
      now: new Date('2027-01-11T00:00:00.000Z'),
    });
    expect(nextDay.expired.map((e: { id: string }) => e.id)).toEqual([dueDay.id]);
    const farOff = await expireDueBatches({
      orgId: tenant.orgId,
      asOf: '2100-01-01T00:00:00.000Z',
      now: new Date('2100-01-01T00:00:00.000Z'),
    });
    expect(farOff.expired.map((e: { id: string }) => e.id)).toEqual([future.id]);
  });

  it('--as-of defaults to now', async () => {
    const tenant = await newTenant('Expiry now org');
    const p = await product(tenant, { isBatchTracked: true });
    const [past, ahead] = await Promise.all([
      lotOf(tenant, p.id, '2001-01-01'),
      lotOf(tenant, p.id, '2999-01-01'),
    ]);
    const before = new Date().toISOString();
    const summary = await expireDueBatches({ orgId: tenant.orgId });
    expect(summary.asOf >= before).toBe(true);
    expect(summary.expired.map((e: { id: string }) => e.id)).toEqual([past.id]);
    expect((await call('GET', `/batches/${ahead.id}`, { key: tenant.key })).body.status).toBe('ACTIVE');
  });

  it('the CLI takes the commands with their flags; a bad --as-of is a usage error', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await lotOf(t, p.id);
    const quarantined = await runAdmin(['batch', 'quarantine', '--org', t.orgId, '--id', lot.id]);
    expect(quarantined.code).toBe(0);
    expect(JSON.parse(quarantined.stdout)).toMatchObject({ id: lot.id, status: 'QUARANTINED' });
    const refused = await runAdmin(['batch', 'quarantine', '--org', t.orgId, '--id', lot.id]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr).error).toEqual({
      code: 'unprocessable',
      message: 'Batch is QUARANTINED; quarantine needs ACTIVE',
    });
    const foreign = await runAdmin(['batch', 'release', '--org', other.orgId, '--id', lot.id]);
    expect([foreign.code, JSON.parse(foreign.stderr).error.code]).toEqual([1, 'not_found']);
    expect((await runAdmin(['batch', 'expire-due', '--org', t.orgId, '--as-of', 'tomorrow'])).code).toBe(2);
    const due = await runAdmin(['batch', 'expire-due', '--org', t.orgId, '--as-of', '2000-01-01']);
    expect([due.code, JSON.parse(due.stdout)]).toEqual([
      0,
      { asOf: '2000-01-01T00:00:00.000Z', expiredCount: 0, expired: [] },
    ]);
  });
});

describe('batch expire-due refuses an --as-of in the future (issue 25 item 13)', () => {
  it('exits 1 with a JSON invalid_parameter error and expires nothing; within 5 minutes of now is clock skew', async () => {
    const tenant = await newTenant('Expiry future org');
    const p = await product(tenant, { isBatchTracked: true });
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const lot = await lotOf(tenant, p.id, soon);
    const ahead = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const refused = await runAdmin(['batch', 'expire-due', '--org', tenant.orgId, '--as-of', ahead]);
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(JSON.parse(refused.stderr)).toEqual({
      error: {
        code: 'invalid_parameter',
        message: expect.stringMatching(/^--as-of \(.+\) is in the future/),
      },
    });
    expect((await call('GET', `/batches/${lot.id}`, { key: tenant.key })).body.status).toBe('ACTIVE');
    const skewed = new Date(Date.now() + 60_000).toISOString();
    const accepted = await runAdmin(['batch', 'expire-due', '--org', tenant.orgId, '--as-of', skewed]);
    expect([accepted.code, JSON.parse(accepted.stdout).expiredCount]).toEqual([0, 0]);
  });
});

describe('lots over the API (design.md section 7, beyond the spec)', () => {
  it('POST /batches creates an empty ACTIVE lot (201, its detail) with the acting key in the audit log; the key replays', async () => {
    const p = await product(t, { isBatchTracked: true });
    const created = await expectReplay(t, 'POST', '/batches', {
      productId: p.id,
      batchNumber: ' API-LOT-1 ',
      expiryDate: '2029-03-31',
      manufactureDate: '2026-01-15',
      storageCondition: 'CHILLED',
      unitCost: 2.5,
      notes: 'Imported',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      batchNumber: 'API-LOT-1',
      status: 'ACTIVE',
      manufactureDate: '2026-01-15',
      expiryDate: '2029-03-31',
      storageCondition: 'CHILLED',
      product: null,
      unitCost: 2.5,
      notes: 'Imported',
      items: [],
      itemsTruncated: false,
      itemsTotal: 0,
      totalQuantity: 0,
      createdAt: created.body.updatedAt,
      updatedAt: expect.any(String),
    });
    expect((await call('GET', `/batches/${created.body.id}`, { key: t.key })).body).toEqual(created.body);
    const audit = await listAudit(t.orgId, { resourceType: 'batch', resourceId: created.body.id });
    expect(audit).toEqual([expect.objectContaining({ action: 'create', apiKeyId: t.keyId })]);
  });

  it("a duplicate number is 409; another organisation's product is 422; a bad body is 400", async () => {
    const p = await product(t, { isBatchTracked: true });
    const post = (body: unknown, key = t.key) => call('POST', '/batches', { key, body });
    expect((await post({ productId: p.id, batchNumber: 'DUP-LOT' })).status).toBe(201);
    const dup = await post({ productId: p.id, batchNumber: 'dup-lot' });
    expect([dup.status, dup.body.error]).toEqual([
      409,
      { code: 'conflict', message: "A batch numbered 'dup-lot' already exists" },
    ]);
    const foreign = await post({ productId: p.id, batchNumber: 'THEIRS' }, other.key);
    expect([foreign.status, foreign.body.error.code]).toEqual([422, 'invalid_reference']);
    for (const body of [
      { productId: p.id },
      { productId: p.id, batchNumber: 'X', expiryDate: 'soon' },
      { productId: p.id, batchNumber: 'x'.repeat(101) },
      { productId: p.id, batchNumber: 'X', storageCondition: 'WARM' },
    ]) {
      const bad = await post(body);
      expect([bad.status, bad.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
  });

  it('quarantine, release, recall and expire: 200 with the detail, batch.status_changed as the CLI emits it, the key replays', async () => {
    const tenant = await newTenant('Lot actions over the API');
    const [p, w] = await Promise.all([product(tenant, { isBatchTracked: true }), warehouse(tenant)]);
    const lot = await lotOf(tenant, p.id, '2028-02-02');
    await adjust(tenant, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 4 }]);
    const quarantined = await expectReplay(tenant, 'POST', `/batches/${lot.id}/quarantine`);
    expect(quarantined.status).toBe(200);
    expect(quarantined.body).toMatchObject({
      id: lot.id,
      status: 'QUARANTINED',
      product: { id: p.id, sku: p.sku, name: p.name },
      items: [{ warehouse: { id: w.id, code: w.code }, bin: null, quantity: 4, availableQuantity: 4 }],
      totalQuantity: 4,
    });
    expect((await call('GET', `/batches/${lot.id}`, { key: tenant.key })).body).toEqual(quarantined.body);
    for (const [action, status] of [
      ['release', 'ACTIVE'],
      ['expire', 'EXPIRED'],
      ['recall', 'RECALLED'],
    ] as const) {
      const res = await call('POST', `/batches/${lot.id}/${action}`, { key: tenant.key });
      expect([res.status, res.body.status]).toEqual([200, status]);
    }
    const data = (from: string, to: string) => ({
      id: lot.id,
      batchNumber: lot.batchNumber,
      previousStatus: from,
      newStatus: to,
      productIds: [p.id],
    });
    expect(await statusEvents(tenant.orgId)).toEqual([
      data('ACTIVE', 'QUARANTINED'),
      data('QUARANTINED', 'ACTIVE'),
      data('ACTIVE', 'EXPIRED'),
      data('EXPIRED', 'RECALLED'),
    ]);
    const audit = await listAudit(tenant.orgId, { resourceType: 'batch', resourceId: lot.id });
    expect(audit.filter((a) => a.action !== 'create').map((a) => [a.action, a.apiKeyId])).toEqual([
      ['quarantine', tenant.keyId],
      ['release', tenant.keyId],
      ['expire', tenant.keyId],
      ['recall', tenant.keyId],
    ]);
  });

  it("a wrong status is 422 naming it; another organisation's lot is 404 and stays as it was", async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await lotOf(t, p.id);
    const early = await call('POST', `/batches/${lot.id}/release`, { key: t.key });
    expect([early.status, early.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'Batch is ACTIVE; release needs QUARANTINED' },
    ]);
    const foreign = await call('POST', `/batches/${lot.id}/quarantine`, { key: other.key });
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Batch not found']);
    expect((await call('GET', `/batches/${lot.id}`, { key: t.key })).body.status).toBe('ACTIVE');
  });

  it('the CLI and the API give the same lot for the same steps', async () => {
    const p = await product(t, { isBatchTracked: true });
    const api = await call('POST', '/batches', {
      key: t.key,
      body: { productId: p.id, batchNumber: 'TWIN-API', expiryDate: '2030-01-01' },
    });
    const cli = await runAdmin([
      'batch',
      'create',
      '--org',
      t.orgId,
      '--product',
      p.id,
      '--number',
      'TWIN-CLI',
      '--expiry',
      '2030-01-01',
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    const same = (lot: Record<string, unknown>) => comparable({ ...lot, batchNumber: 'TWIN' });
    expect(same(JSON.parse(cli.stdout))).toEqual(same(api.body));
    const viaApi = await call('POST', `/batches/${api.body.id}/quarantine`, { key: t.key });
    const viaCli = await runAdmin([
      'batch',
      'quarantine',
      '--org',
      t.orgId,
      '--id',
      JSON.parse(cli.stdout).id,
    ]);
    expect(viaCli.code, viaCli.stderr).toBe(0);
    expect(same(JSON.parse(viaCli.stdout))).toEqual(same(viaApi.body));
  });
});
