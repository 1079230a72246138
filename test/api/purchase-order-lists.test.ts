import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/dynamo/client.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product } from '../support/inventory.js';
import { advance, createPurchaseOrder, supplier } from '../support/purchase-orders.js';

let t: Tenant;
let other: Tenant;
let zebra: { id: string; name: string };
let acme: { id: string; name: string };
const orders: { id: string; orderNumber: string; totalAmount: number; supplierId: string; status: string }[] =
  [];
let scanned = 0;

const list = async (query: Record<string, string | number>, tenant = t) => {
  scanned = 0;
  return call('GET', '/purchase-orders', { key: tenant.key, query });
};
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((o) => o.id);

/** Counts the items DynamoDB read for Query calls: what a list page really costs. */
beforeAll(async () => {
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'QueryCommand')
        scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      return result;
    },
    { step: 'initialize', name: 'purchaseListCostCounter' },
  );
  [t, other] = await Promise.all([newTenant('Purchase lists org'), newTenant('Other purchase lists org')]);
  [zebra, acme] = await Promise.all([
    supplier(t, { name: 'Zebra Mills' }),
    supplier(t, { name: 'Acme Grain' }),
  ]);
  const p = await product(t);
  // Sequential creates: each order's orderDate is later than the one before. Every third is Zebra's;
  // orders 9-11 are submitted, 10-11 approved.
  for (let i = 0; i < 12; i += 1) {
    const s = i % 3 === 0 ? zebra : acme;
    const res = await createPurchaseOrder(t, {
      supplierId: s.id,
      lines: [{ productId: p.id, quantity: 1, unitPrice: (i * 7) % 12 }],
    });
    expect(res.status).toBe(201);
    orders.push({ ...res.body, supplierId: s.id, status: 'DRAFT' });
  }
  for (const i of [9, 10, 11]) {
    await advance(t, orders[i]!.id, 'submit', ...(i > 9 ? (['approve'] as const) : []));
    orders[i]!.status = i > 9 ? 'APPROVED' : 'SUBMITTED';
  }
});

describe('GET /purchase-orders', () => {
  it('defaults to orderDate newest first with supplier summaries and totals from counters, reading about a page', async () => {
    clearListCursors();
    const res = await list({ pageSize: 5 });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 12, page: 1, pageSize: 5, totalPages: 3 });
    expect(ids(res)).toEqual(
      orders
        .slice(-5)
        .reverse()
        .map((o) => o.id),
    );
    expect(res.body.data[0]).toMatchObject({
      supplier: { id: acme.id, name: 'Acme Grain' },
      lineCount: 1,
      status: 'APPROVED',
    });
    expect(res.body.data[0].lines).toBeUndefined();
    expect(scanned).toBeLessThanOrEqual(6);
    const page2 = await list({ pageSize: 5, page: 2 });
    expect(ids(page2)).toEqual(
      orders
        .slice(2, 7)
        .reverse()
        .map((o) => o.id),
    );
    expect(scanned).toBeLessThanOrEqual(6);
    const page3 = await list({ pageSize: 5, page: 3 });
    expect(ids(page3)).toEqual([orders[1]!.id, orders[0]!.id]);
    expect(scanned).toBeLessThanOrEqual(6);
  });

  it('sortDir asc; sortBy orderNumber, totalAmount, createdAt, updatedAt (desc by default even with sortBy)', async () => {
    const asc = await list({ sortDir: 'ASC', pageSize: 3 });
    expect(ids(asc)).toEqual(orders.slice(0, 3).map((o) => o.id));
    const byNumber = await list({ sortBy: 'orderNumber', pageSize: 12 });
    expect(byNumber.body.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(
      orders.map((o) => o.orderNumber).reverse(),
    );
    const byNumberAsc = await list({ sortBy: 'orderNumber', sortDir: 'asc', pageSize: 2 });
    expect(byNumberAsc.body.data[0].orderNumber).toBe(orders[0]!.orderNumber);
    const byTotal = await list({ sortBy: 'totalAmount', pageSize: 12 });
    const totals = byTotal.body.data.map((o: { totalAmount: number }) => o.totalAmount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(byTotal.body.pagination.total).toBe(12);
    const byCreated = await list({ sortBy: 'createdAt', pageSize: 2 });
    expect(byCreated.body.data[0].id).toBe(orders[11]!.id);
    const byUpdated = await list({ sortBy: 'updatedAt', pageSize: 12 });
    // The approved orders were written last.
    expect(ids(byUpdated).slice(0, 2)).toEqual([orders[11]!.id, orders[10]!.id]);
    const bad = await list({ sortBy: 'supplier' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
  });

  it('status is a case-insensitive comma list read from its partitions with counted totals; an unknown status is 400', async () => {
    clearListCursors();
    const drafts = await list({ status: 'draft', pageSize: 5 });
    expect(drafts.body.pagination.total).toBe(9);
    expect(ids(drafts)).toEqual([8, 7, 6, 5, 4].map((i) => orders[i]!.id));
    expect(scanned).toBeLessThanOrEqual(6);
    const several = await list({ status: 'Approved,SUBMITTED', pageSize: 2 });
    expect(several.body.pagination.total).toBe(3);
    expect(ids(several)).toEqual([orders[11]!.id, orders[10]!.id]);
    expect(scanned).toBeLessThanOrEqual(4);
    const none = await list({ status: 'RECEIVED,cancelled' });
    expect(none.body.pagination.total).toBe(0);
    const bad = await list({ status: 'DRAFT,SHIPPED' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
  });

  it("supplierId reads that supplier's orders with its count; unknown gives an empty page, malformed is 400", async () => {
    clearListCursors();
    const mine = await list({ supplierId: zebra.id, pageSize: 3 });
    expect(mine.body.pagination).toEqual({ total: 4, page: 1, pageSize: 3, totalPages: 2 });
    expect(ids(mine)).toEqual([9, 6, 3].map((i) => orders[i]!.id));
    expect(scanned).toBeLessThanOrEqual(4);
    const unknown = await list({ supplierId: 'ckunknownunknownunknown0' });
    expect(unknown.body).toEqual({
      data: [],
      pagination: { total: 0, page: 1, pageSize: 50, totalPages: 0 },
    });
    const malformed = await list({ supplierId: 'not an id!' });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'invalid_parameter']);
    expect(malformed.body.error.message).toContain('supplierId');
  });

  it('search matches order number and supplier name; combined filters AND together', async () => {
    const byName = await list({ search: 'ZEBRA' });
    expect(byName.body.pagination.total).toBe(4);
    const byNumber = await list({ search: orders[5]!.orderNumber.toLowerCase() });
    expect(ids(byNumber)).toEqual([orders[5]!.id]);
    const combined = await list({ search: 'zebra', status: 'DRAFT', supplierId: zebra.id });
    expect(combined.body.pagination.total).toBe(3);
    const statusAndSupplier = await list({ status: 'submitted', supplierId: zebra.id });
    expect(ids(statusAndSupplier)).toEqual([orders[9]!.id]);
  });

  it('dateFrom/dateTo on orderDate (a date-only dateTo covers the whole day); modifiedSince', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await list({ dateFrom: today, dateTo: today });
    expect(all.body.pagination.total).toBe(12);
    const detail = await call('GET', `/purchase-orders/${orders[6]!.id}`, { key: t.key });
    const fromSeventh = await list({ dateFrom: detail.body.orderDate });
    expect(fromSeventh.body.pagination.total).toBe(6);
    const upToSeventh = await list({ dateTo: detail.body.orderDate, sortDir: 'asc' });
    expect(ids(upToSeventh)).toEqual(orders.slice(0, 7).map((o) => o.id));
    const past = await list({ dateTo: '2001-01-01' });
    expect(past.body.pagination.total).toBe(0);
    const future = await list({ modifiedSince: '2999-01-01T00:00:00Z' });
    expect(future.body.pagination.total).toBe(0);
    const bad = await list({ dateFrom: '2026-02-30' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
  });

  it('the sync recipe reads only the changed rows', async () => {
    const everything = await list({ sortBy: 'updatedAt', sortDir: 'asc', pageSize: 200 });
    expect(everything.body.pagination.total).toBe(12);
    const since = everything.body.data[9].updatedAt as string;
    const sync = await list({ modifiedSince: since, sortBy: 'updatedAt', sortDir: 'asc', pageSize: 200 });
    expect(ids(sync)).toEqual(ids(everything).slice(9));
    expect(sync.body.pagination.total).toBe(3);
    expect(scanned).toBe(3);
  });

  it('another organisation sees none of these orders', async () => {
    const res = await list({}, other);
    expect(res.body.pagination.total).toBe(0);
    const theirs = await list({ supplierId: zebra.id }, other);
    expect(theirs.body.pagination.total).toBe(0);
  });
});
