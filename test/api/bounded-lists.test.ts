/**
 * The lists read from one index range and no projection (issue 29 item 6, session 36): with the list
 * budget set low (LIST_SCAN_MAX_ROWS, here 5 rows) no request reads more than the budget plus one row
 * and its page: the unfiltered list reads its page and takes `total` from a count kept in the create's
 * transaction; a filter or a jump reads its range within the budget, and a longer range is the 400
 * invalid_parameter naming the parameter and the filters that narrow the key range. Counts stay exact under
 * concurrent creates. With the default budget the same lists answer as before (their own test files).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, product, warehouse } from '../support/inventory.js';
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
});

async function list(t: Tenant, path: string, query: Record<string, string | number>) {
  reads.reset();
  return call('GET', path, { key: t.key, query });
}

function expectRefused(
  res: Awaited<ReturnType<typeof list>>,
  parameter: string | null,
  narrowWith: string,
): void {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_parameter');
  const message = res.body.error.message as string;
  expect(message).toContain(`more than ${BUDGET} rows`);
  expect(message).toContain(`narrow the list with ${narrowWith}`);
  if (parameter) expect(message.startsWith(`Query parameter '${parameter}' `)).toBe(true);
  else expect(message.startsWith('This list ')).toBe(true);
  expect(reads.count.scanned).toBeLessThanOrEqual(WITHIN);
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
