import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/dynamo/client.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { createOrder, customer, orderSetup } from '../support/sales.js';

let t: Tenant;
let other: Tenant;
let setup: Awaited<ReturnType<typeof orderSetup>>;
let second: { id: string; name: string };
const orders: { id: string; orderNumber: string; totalAmount: number; customerId: string }[] = [];
let scanned = 0;

const list = async (query: Record<string, string | number>, tenant = t) => {
  scanned = 0;
  return call('GET', '/sales-orders', { key: tenant.key, query });
};

/** Counts the items DynamoDB read for Query calls: what a list page really costs. */
beforeAll(async () => {
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'QueryCommand')
        scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      return result;
    },
    { step: 'initialize', name: 'salesListCostCounter' },
  );
  [t, other] = await Promise.all([newTenant('Sales lists org'), newTenant('Other sales lists org')]);
  setup = await orderSetup(t, 0);
  second = await customer(t, { name: 'Zebra Foods' });
  // Sequential creates: each order's orderDate is later than the one before.
  for (let i = 0; i < 12; i += 1) {
    const customerId = i % 3 === 0 ? second.id : setup.customer.id;
    const res = await createOrder(t, {
      customerId,
      lines: [{ productId: setup.product.id, quantity: 1, unitPrice: (i * 7) % 12 }],
    });
    expect(res.status).toBe(201);
    orders.push({ ...res.body, customerId });
  }
});

describe('GET /sales-orders', () => {
  it('defaults to orderDate newest first with customer summaries, totals from counters, reading about a page', async () => {
    clearListCursors();
    const res = await list({ pageSize: 5 });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 12, page: 1, pageSize: 5, totalPages: 3 });
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual(
      orders
        .slice(-5)
        .reverse()
        .map((o) => o.id),
    );
    expect(res.body.data[0]).toMatchObject({
      customer: { id: expect.any(String), name: expect.any(String) },
      lineCount: 1,
    });
    expect(res.body.data[0].lines).toBeUndefined();
    expect(scanned).toBeLessThanOrEqual(6);
    const page2 = await list({ pageSize: 5, page: 2 });
    expect(page2.body.data.map((o: { id: string }) => o.id)).toEqual(
      orders
        .slice(2, 7)
        .reverse()
        .map((o) => o.id),
    );
    expect(scanned).toBeLessThanOrEqual(6);
  });

  it('sortDir asc and sortBy orderNumber, totalAmount, createdAt, updatedAt', async () => {
    const asc = await list({ sortDir: 'asc', pageSize: 3 });
    expect(asc.body.data.map((o: { id: string }) => o.id)).toEqual(orders.slice(0, 3).map((o) => o.id));
    const byNumber = await list({ sortBy: 'orderNumber', sortDir: 'asc', pageSize: 12 });
    expect(byNumber.body.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(
      [...orders].map((o) => o.orderNumber).sort(),
    );
    const byTotal = await list({ sortBy: 'totalAmount', pageSize: 12 });
    const totals = byTotal.body.data.map((o: { totalAmount: number }) => o.totalAmount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(byTotal.body.pagination.total).toBe(12);
    const byCreated = await list({ sortBy: 'createdAt', pageSize: 2 });
    expect(byCreated.body.data[0].id).toBe(orders[11]!.id);
    const byUpdated = await list({ sortBy: 'updatedAt', sortDir: 'asc', pageSize: 2 });
    expect(byUpdated.body.data[0].id).toBe(orders[0]!.id);
  });

  it('status is a case-insensitive comma list; an unknown status is 400', async () => {
    clearListCursors();
    const drafts = await list({ status: 'draft', pageSize: 5 });
    expect(drafts.body.pagination.total).toBe(12);
    expect(scanned).toBeLessThanOrEqual(6);
    const several = await list({ status: 'CONFIRMED,Draft', pageSize: 20 });
    expect(several.body.pagination.total).toBe(12);
    expect(several.body.data).toHaveLength(12);
    const none = await list({ status: 'CANCELLED' });
    expect(none.body.pagination.total).toBe(0);
    const bad = await list({ status: 'DRAFT,SHIPPED' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
  });

  it("customerId reads that customer's orders with its count; an unknown one gives an empty page", async () => {
    clearListCursors();
    const mine = await list({ customerId: second.id, pageSize: 10 });
    expect(mine.body.pagination.total).toBe(4);
    expect(mine.body.data.every((o: { customer: { id: string } }) => o.customer.id === second.id)).toBe(true);
    expect(scanned).toBeLessThanOrEqual(5);
    const unknown = await list({ customerId: 'ckunknownunknownunknown0' });
    expect(unknown.body).toEqual({
      data: [],
      pagination: { total: 0, page: 1, pageSize: 50, totalPages: 0 },
    });
  });

  it('search matches order number and customer name; combined filters AND together', async () => {
    const byName = await list({ search: 'zebra' });
    expect(byName.body.pagination.total).toBe(4);
    const byNumber = await list({ search: orders[5]!.orderNumber.toLowerCase() });
    expect(byNumber.body.data.map((o: { id: string }) => o.id)).toEqual([orders[5]!.id]);
    const combined = await list({ search: 'zebra', status: 'DRAFT', customerId: second.id });
    expect(combined.body.pagination.total).toBe(4);
  });

  it('dateFrom/dateTo on orderDate; a date-only dateTo covers the whole day; modifiedSince', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await list({ dateFrom: today, dateTo: today, pageSize: 50 });
    expect(all.body.pagination.total).toBe(12);
    const detail = await call('GET', `/sales-orders/${orders[6]!.id}`, { key: t.key });
    const fromSeventh = await list({ dateFrom: detail.body.orderDate, pageSize: 50 });
    expect(fromSeventh.body.pagination.total).toBe(6);
    const future = await list({ modifiedSince: '2999-01-01T00:00:00Z' });
    expect(future.body.pagination.total).toBe(0);
    const sync = await list({ modifiedSince: detail.body.updatedAt, sortBy: 'updatedAt', sortDir: 'asc' });
    expect(sync.body.data[0].id).toBe(orders[6]!.id);
    const bad = await list({ dateFrom: '2026-02-30' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
  });

  it('another organisation sees none of these orders', async () => {
    const res = await list({}, other);
    expect(res.body.pagination.total).toBe(0);
  });
});
