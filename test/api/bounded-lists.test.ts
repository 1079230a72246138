/**
 * The lists read from one index range and no projection (issue 29 item 6, session 36): with the list
 * budget set low (LIST_SCAN_MAX_ROWS, here 5 rows) no request reads more than the budget plus one row
 * and its page: the unfiltered list reads its page and takes `total` from a count kept in the create's
 * transaction; a filter or a jump reads its range within the budget, and a longer range is the 400
 * invalid_parameter naming the parameter and the filters that narrow the key range. Counts stay exact under
 * concurrent creates. With the default budget the same lists answer as before (their own test files).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectionCountsKey } from '../../functions/platform/dynamo/bounded-range.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { recountCollection } from '../../functions/platform/dynamo/collection-recount.js';
import { DeleteCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import {
  clearSlimProjections,
  configureSlimProjection,
} from '../../functions/platform/dynamo/slim-projection.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { approvedOrder, receive } from '../support/goods-receipts.js';
import { adjust, batchOf, product, warehouse } from '../support/inventory.js';
import { countReads } from '../support/read-counter.js';

const reads = countReads('boundedListsCounter');
const BUDGET = 5;
/** The budget plus the one row that proves a range longer than it. */
const WITHIN = BUDGET + 1;

beforeEach(() => {
  configureListBudget(BUDGET);
  clearListCursors();
});

afterAll(() => {
  configureListBudget(undefined);
  configureSlimProjection({ maxRows: 300_000 });
  clearSlimProjections();
});

async function list(t: Tenant, path: string, query: Record<string, string | number>) {
  reads.reset();
  return call('GET', path, { key: t.key, query });
}

function expectRefused(
  res: Awaited<ReturnType<typeof list>>,
  parameter: string | null,
  narrowWith: string,
  within = WITHIN,
): void {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_parameter');
  const message = res.body.error.message as string;
  expect(message).toContain(`more than ${BUDGET} rows`);
  expect(message).toContain(`narrow the list with ${narrowWith}`);
  if (parameter) expect(message.startsWith(`Query parameter '${parameter}' `)).toBe(true);
  else expect(message.startsWith('This list ')).toBe(true);
  expect(reads.count.scanned).toBeLessThanOrEqual(within);
}

/** Every id of a list, read with the budget out of the way (what the bounded answers must agree with). */
async function everyId(t: Tenant, path: string): Promise<string[]> {
  configureListBudget(undefined);
  const res = await call('GET', path, { key: t.key, query: { pageSize: 200 } });
  configureListBudget(BUDGET);
  expect(res.status).toBe(200);
  return (res.body.data as { id: string }[]).map((d) => d.id);
}

describe('GET /stock-adjustments within the list budget', () => {
  const narrow = 'dateFrom and dateTo';
  let t: Tenant;
  /** Newest first, as the list orders them. */
  let created: { id: string; createdAt: string; status: string }[];

  beforeAll(async () => {
    t = await newTenant('Bounded adjustments org');
    const w = await warehouse(t);
    const p = await product(t);
    created = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await adjust(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }], {
        status: i % 4 === 0 ? 'DRAFT' : 'COMPLETED',
      });
      expect(res.status).toBe(201);
      created.unshift(res.body);
    }
  });

  it('answers page 1 and the next pages from a cursor with the maintained total, reading about a page', async () => {
    const first = await list(t, '/stock-adjustments', { pageSize: 3 });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 8, page: 1, pageSize: 3, totalPages: 3 });
    expect(first.body.data.map((a: { id: string }) => a.id)).toEqual(created.slice(0, 3).map((a) => a.id));
    expect(reads.count.scanned).toBeLessThanOrEqual(3);
    for (const page of [2, 3]) {
      const next = await list(t, '/stock-adjustments', { pageSize: 3, page });
      expect(next.status).toBe(200);
      expect(next.body.pagination.total).toBe(8);
      expect(next.body.data.map((a: { id: string }) => a.id)).toEqual(
        created.slice((page - 1) * 3, page * 3).map((a) => a.id),
      );
      expect(reads.count.scanned).toBeLessThanOrEqual(3);
    }
  });

  it('refuses a jump without a cursor past the budget, naming page; a jump within it answers', async () => {
    expectRefused(await list(t, '/stock-adjustments', { pageSize: 3, page: 3 }), 'page', narrow);
    const near = await list(t, '/stock-adjustments', { pageSize: 2, page: 2 });
    expect(near.status).toBe(200);
    expect(near.body.data.map((a: { id: string }) => a.id)).toEqual(created.slice(2, 4).map((a) => a.id));
    expect(near.body.pagination.total).toBe(8);
  });

  it('refuses filters over a range longer than the budget, naming the first filter outside the key', async () => {
    expectRefused(await list(t, '/stock-adjustments', { search: 'adj' }), 'search', narrow);
    expectRefused(await list(t, '/stock-adjustments', { status: 'DRAFT' }), 'status', narrow);
    expectRefused(await list(t, '/stock-adjustments', { reason: 'CORRECTION' }), 'reason', narrow);
    expectRefused(await list(t, '/stock-adjustments', { dateFrom: '2000-01-01' }), 'dateFrom', narrow);
  });

  it('answers exactly a filter whose date range fits the budget', async () => {
    const from = created[3]!.createdAt;
    const res = await list(t, '/stock-adjustments', { dateFrom: from, status: 'COMPLETED' });
    expect(res.status).toBe(200);
    const expected = created.slice(0, 4).filter((a) => a.status === 'COMPLETED');
    expect(res.body.data.map((a: { id: string }) => a.id)).toEqual(expected.map((a) => a.id));
    expect(res.body.pagination.total).toBe(expected.length);
    expect(reads.count.scanned).toBeLessThanOrEqual(WITHIN);
  });

  it('keeps the total exact under concurrent creates', async () => {
    const fresh = await newTenant('Concurrent adjustments org');
    const w = await warehouse(fresh);
    const p = await product(fresh);
    const results = await Promise.all(
      Array.from({ length: 7 }, () =>
        adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }]),
      ),
    );
    const made = results.filter((r) => r.status === 201).length;
    expect(made).toBeGreaterThan(0);
    const res = await list(fresh, '/stock-adjustments', { pageSize: 2 });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(made);
    expect(await everyId(fresh, '/stock-adjustments')).toHaveLength(made);
  });
});

describe('an organisation created before its counts', () => {
  it('never trusts a count that did not start with the organisation: the list counts within the budget', async () => {
    const legacy = await newTenant('Legacy adjustments org');
    // As an organisation created before the count items: none, so the first later create starts one.
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: collectionCountsKey(legacy.orgId, 'ADJUSTMENT') }),
    );
    const [w, p] = await Promise.all([warehouse(legacy), product(legacy)]);
    for (let i = 0; i < 7; i += 1) {
      expect((await adjust(legacy, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }])).status).toBe(
        201,
      );
    }
    // The page read beside the count (2 rows), then the range counted within the budget.
    const refused = await list(legacy, '/stock-adjustments', { pageSize: 2 });
    expectRefused(refused, null, 'dateFrom and dateTo', WITHIN + 2);
    configureListBudget(undefined);
    const counted = await list(legacy, '/stock-adjustments', { pageSize: 2 });
    expect(counted.status).toBe(200);
    expect(counted.body.pagination.total).toBe(7);

    // Once recounted (the recount-collections job's pass), the count is trusted: exact past the budget.
    expect(await recountCollection(legacy.orgId, 'ADJUSTMENT', 100, { settleMs: 0 })).toEqual({
      read: 7,
      complete: true,
    });
    configureListBudget(BUDGET);
    clearListCursors();
    const recounted = await list(legacy, '/stock-adjustments', { pageSize: 2 });
    expect(recounted.status).toBe(200);
    expect(recounted.body.pagination.total).toBe(7);
    expect(reads.count.scanned).toBeLessThanOrEqual(WITHIN);
  });
});

describe('GET /stock-transfers within the list budget', () => {
  const narrow = 'dateFrom and dateTo';
  let t: Tenant;
  let productId: string;
  let warehouses: string[];
  /** Newest first. */
  let created: { id: string; createdAt: string }[];

  const transfer = (tenant: Tenant, from: string, to: string, product: string) =>
    call('POST', '/stock-transfers', {
      key: tenant.key,
      body: { fromWarehouseId: from, toWarehouseId: to, lines: [{ productId: product, quantity: 1 }] },
    });

  beforeAll(async () => {
    t = await newTenant('Bounded transfers org');
    const [p, w1, w2] = await Promise.all([product(t), warehouse(t), warehouse(t)]);
    productId = p.id;
    warehouses = [w1.id, w2.id];
    await adjust(t, [{ productId, warehouseId: w1.id, quantityChange: 100 }]);
    created = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await transfer(t, w1.id, w2.id, productId);
      expect(res.status).toBe(201);
      created.unshift(res.body);
    }
  });

  it('answers page 1 and sequential pages with the maintained total, reading about a page', async () => {
    const first = await list(t, '/stock-transfers', { pageSize: 3 });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 8, page: 1, pageSize: 3, totalPages: 3 });
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual(created.slice(0, 3).map((d) => d.id));
    expect(reads.count.scanned).toBeLessThanOrEqual(3);
    const next = await list(t, '/stock-transfers', { pageSize: 3, page: 2 });
    expect(next.body.data.map((d: { id: string }) => d.id)).toEqual(created.slice(3, 6).map((d) => d.id));
    expect(reads.count.scanned).toBeLessThanOrEqual(3);
  });

  it('refuses a jump, a product or warehouse filter and a date range past the budget, naming them', async () => {
    expectRefused(await list(t, '/stock-transfers', { pageSize: 3, page: 3 }), 'page', narrow);
    expectRefused(await list(t, '/stock-transfers', { productId }), 'productId', narrow);
    expectRefused(await list(t, '/stock-transfers', { warehouseId: warehouses[1]! }), 'warehouseId', narrow);
    expectRefused(await list(t, '/stock-transfers', { dateTo: '2999-01-01' }), 'dateTo', narrow);
  });

  it('answers exactly a filter whose date range fits the budget', async () => {
    const res = await list(t, '/stock-transfers', { productId, dateFrom: created[2]!.createdAt });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(created.slice(0, 3).map((d) => d.id));
    expect(res.body.pagination.total).toBe(3);
    expect(reads.count.scanned).toBeLessThanOrEqual(WITHIN);
  });

  it('keeps the total exact under concurrent creates', async () => {
    const fresh = await newTenant('Concurrent transfers org');
    const [p, w1, w2] = await Promise.all([product(fresh), warehouse(fresh), warehouse(fresh)]);
    await adjust(fresh, [{ productId: p.id, warehouseId: w1.id, quantityChange: 100 }]);
    const results = await Promise.all(Array.from({ length: 7 }, () => transfer(fresh, w1.id, w2.id, p.id)));
    const made = results.filter((r) => r.status === 201).length;
    expect(made).toBeGreaterThan(0);
    const res = await list(fresh, '/stock-transfers', { pageSize: 2 });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(made);
    expect(await everyId(fresh, '/stock-transfers')).toHaveLength(made);
  });
});

describe('GET /goods-receipts within the list budget', () => {
  let t: Tenant;
  let orders: string[];
  /** Newest received first. */
  let created: { id: string }[];

  const receiveOne = (tenant: Tenant, order: Awaited<ReturnType<typeof approvedOrder>>, wh: string) =>
    receive(tenant, order.id, {
      warehouseId: wh,
      lines: [{ poLineId: order.lines[0]!.id, productId: order.lines[0]!.productId, quantity: 1 }],
    });

  beforeAll(async () => {
    t = await newTenant('Bounded receipts org');
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const small = await approvedOrder(t, [{ productId: p.id, quantity: 100, unitPrice: 1 }]);
    const large = await approvedOrder(t, [{ productId: p.id, quantity: 100, unitPrice: 1 }]);
    orders = [small.id, large.id];
    created = [];
    // The small order has 2 receipts (within the budget), the large one 6.
    for (let i = 0; i < 8; i += 1) {
      const res = await receiveOne(t, i < 2 ? small : large, w.id);
      expect(res.status).toBe(201);
      created.unshift(res.body);
    }
  });

  it('answers page 1 and sequential pages with the maintained total, reading about a page', async () => {
    const first = await list(t, '/goods-receipts', { pageSize: 3 });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 8, page: 1, pageSize: 3, totalPages: 3 });
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual(created.slice(0, 3).map((d) => d.id));
    expect(reads.count.scanned).toBeLessThanOrEqual(3);
    const next = await list(t, '/goods-receipts', { pageSize: 3, page: 2 });
    expect(next.body.data.map((d: { id: string }) => d.id)).toEqual(created.slice(3, 6).map((d) => d.id));
    expect(reads.count.scanned).toBeLessThanOrEqual(3);
  });

  it('refuses a jump past the budget naming page, and an order with more receipts than it', async () => {
    expectRefused(await list(t, '/goods-receipts', { pageSize: 3, page: 3 }), 'page', 'purchaseOrderId');
    const many = await list(t, '/goods-receipts', { purchaseOrderId: orders[1]! });
    expectRefused(many, 'purchaseOrderId', 'purchaseOrderId');
  });

  it("answers an order's receipts exactly when they fit the budget", async () => {
    const res = await list(t, '/goods-receipts', { purchaseOrderId: orders[0]! });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(created.slice(6).map((d) => d.id));
    expect(res.body.pagination.total).toBe(2);
    expect(reads.count.scanned).toBeLessThanOrEqual(WITHIN);
  });

  it('keeps the total exact under concurrent receipts', async () => {
    const fresh = await newTenant('Concurrent receipts org');
    const [p, w] = await Promise.all([product(fresh), warehouse(fresh)]);
    const order = await approvedOrder(fresh, [{ productId: p.id, quantity: 100, unitPrice: 1 }]);
    const results = await Promise.all(Array.from({ length: 6 }, () => receiveOne(fresh, order, w.id)));
    const made = results.filter((r) => r.status === 201).length;
    expect(made).toBeGreaterThan(0);
    const res = await list(fresh, '/goods-receipts', { pageSize: 2 });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(made);
    expect(await everyId(fresh, '/goods-receipts')).toHaveLength(made);
  });
});

describe('GET /stock-on-hand above the projection ceiling, within the list budget', () => {
  const narrow = 'productId, or modifiedSince and sortBy=updatedAt';
  /**
   * The budget plus one row, the ceiling check (SLIM_MAX_ROWS 1 plus one row) when it runs, and the
   * organisation's warehouses (one here, read for their codes).
   */
  const ABOVE = WITHIN + 2 + 1;
  let t: Tenant;
  let products: { id: string }[];
  let since: string;

  beforeAll(async () => {
    t = await newTenant('Bounded stock org');
    const w = await warehouse(t);
    products = await Promise.all(Array.from({ length: 7 }, (_, i) => product(t, { name: `Stocked ${i}` })));
    since = new Date(Date.now() - 1_000).toISOString();
    const res = await adjust(
      t,
      products.map((p) => ({ productId: p.id, warehouseId: w.id, quantityChange: 2 })),
    );
    expect(res.status).toBe(201);
  });

  beforeEach(() => {
    configureSlimProjection({ maxRows: 1 });
    clearSlimProjections();
  });

  it('refuses the unfiltered list and a search that would read more than the budget, naming them', async () => {
    expectRefused(await list(t, '/stock-on-hand', {}), null, narrow, ABOVE);
    const search = await list(t, '/stock-on-hand', { search: 'stocked' });
    expectRefused(search, 'search', narrow, ABOVE);
  });

  it('answers a product, and the sync recipe on its key range', async () => {
    const one = await list(t, '/stock-on-hand', { productId: products[0]!.id });
    expect(one.status).toBe(200);
    expect(one.body.pagination.total).toBe(1);
    const sync = await list(t, '/stock-on-hand', {
      modifiedSince: since,
      sortBy: 'updatedAt',
      sortDir: 'asc',
    });
    expect(sync.status).toBe(200);
    expect(sync.body.pagination.total).toBe(7);
  });

  it('answers the same list from the projection below the ceiling', async () => {
    configureSlimProjection({ maxRows: 300_000 });
    const res = await list(t, '/stock-on-hand', { search: 'stocked' });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(7);
  });
});

describe('GET /batches above the projection ceiling, within the list budget', () => {
  const narrow = 'productId, status, or expiryAfter and expiryBefore';
  /** The budget plus one row and the ceiling check (SLIM_MAX_ROWS 1 plus one row) when it runs. */
  const ABOVE = WITHIN + 2;
  let t: Tenant;
  /** Product 0 has 7 lots (more than the budget), product 1 one. */
  let productIds: string[];

  beforeAll(async () => {
    t = await newTenant('Bounded batches org');
    const [many, one] = await Promise.all([
      product(t, { isBatchTracked: true }),
      product(t, { isBatchTracked: true }),
    ]);
    productIds = [many.id, one.id];
    for (let i = 0; i < 7; i += 1) await batchOf(t, many.id, `2030-01-0${i + 1}`);
    await batchOf(t, one.id, '2031-01-01');
  });

  beforeEach(() => {
    configureSlimProjection({ maxRows: 1 });
    clearSlimProjections();
  });

  it('answers page 1 with the maintained count, reading about a page', async () => {
    const res = await list(t, '/batches', { pageSize: 3 });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(8);
    expect(res.body.data).toHaveLength(3);
    expect(reads.count.scanned).toBeLessThanOrEqual(3);
  });

  it('refuses a search, a jump, a status and a product whose range passes the budget, naming them', async () => {
    expectRefused(await list(t, '/batches', { search: 'lot' }), 'search', narrow, ABOVE);
    expectRefused(await list(t, '/batches', { pageSize: 3, page: 3 }), 'page', narrow, ABOVE);
    expectRefused(await list(t, '/batches', { status: 'ACTIVE' }), 'status', narrow, ABOVE);
    expectRefused(await list(t, '/batches', { productId: productIds[0]! }), 'productId', narrow, ABOVE);
  });

  it('answers a product whose lots fit the budget', async () => {
    const res = await list(t, '/batches', { productId: productIds[1]! });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(1);
    expect(reads.count.scanned).toBeLessThanOrEqual(WITHIN);
  });

  it('below the ceiling a range longer than the budget is paged on the projection, as before', async () => {
    configureSlimProjection({ maxRows: 300_000 });
    const res = await list(t, '/batches', { productId: productIds[0]!, pageSize: 2, page: 2 });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 7, page: 2, pageSize: 2, totalPages: 4 });
    expect(res.body.data.map((b: { expiryDate: string }) => b.expiryDate)).toEqual([
      '2030-01-03',
      '2030-01-04',
    ]);
  });
});
