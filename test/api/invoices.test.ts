import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getCustomerAccount } from '../../functions/areas/customers/store/account.js';
import { getSalesOrder } from '../../functions/areas/sales-orders/store/sales-orders.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { confirmedOrder, invoiced, invoiceOrder } from '../support/invoices.js';
import { eventsFor } from '../support/outbox.js';
import { countReads } from '../support/read-counter.js';
import { confirmOrder, draftOrder, orderSetup } from '../support/sales.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Invoicing org'), newTenant('Other invoicing org')]);
});

describe('POST /sales-orders/{id}/invoice', () => {
  it('creates a DRAFT invoice billing every line and the charges; the order records it; no balance moves', async () => {
    const fresh = await newTenant('Invoice numbering org');
    const order = await confirmedOrder(fresh, { paymentTermsDays: 14 });
    const res = await invoiceOrder(fresh, order.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      invoiceNumber: 'INV-000001',
      status: 'DRAFT',
      customer: { id: order.customer.id, name: order.customer.name },
      salesOrder: { id: order.id, orderNumber: order.orderNumber },
      subtotal: 50,
      chargesTotal: 5,
      totalAmount: 55,
      paidAmount: 0,
      creditedAmount: 0,
      balanceDue: 55,
      lineCount: 2,
      payments: [],
      paymentsTotal: 0,
      paymentsTruncated: false,
    });
    expect(
      res.body.lines.map((l: { soLineId: string; quantity: number }) => [l.soLineId, l.quantity]),
    ).toEqual([
      [order.lines[0]!.id, 3],
      [order.lines[1]!.id, 1],
    ]);
    expect(res.body.charges).toHaveLength(1);
    expect(Date.parse(res.body.dueDate) - Date.parse(res.body.invoiceDate)).toBe(14 * 86_400_000);
    expect(res.body.lines[0]).not.toHaveProperty('orderDiscount');

    const stored = await getSalesOrder(fresh.orgId, order.id);
    expect(stored?.lines.map((l) => l.invoicedQty)).toEqual([3, 1]);
    expect(stored?.activeInvoiceCount).toBe(1);
    expect(stored?.status).toBe('CONFIRMED');
    expect((await getCustomerAccount(fresh.orgId, order.customer.id)).outstandingBalance).toBe(0);
    expect((await eventsFor(fresh.orgId, res.body.id)).map((e) => e.event)).toEqual(['invoice.created']);

    const read = await call('GET', `/invoices/${res.body.id}`, { key: fresh.key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const so = await call('GET', `/sales-orders/${order.id}`, { key: fresh.key });
    expect(so.body.lines.map((l: { invoicedQty: number }) => l.invoicedQty)).toEqual([3, 1]);
  });

  it('bills named lines; a later invoice bills the rest without the charges again; then fully invoiced is 422', async () => {
    const order = await confirmedOrder(t);
    const first = await invoiceOrder(t, order.id, { lines: [{ soLineId: order.lines[0]!.id, quantity: 1 }] });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ subtotal: 10, chargesTotal: 5, totalAmount: 15, lineCount: 1 });
    const rest = await invoiceOrder(t, order.id, {});
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ subtotal: 40, chargesTotal: 0, totalAmount: 40 });
    expect(rest.body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([2, 1]);
    expect(Number(rest.body.invoiceNumber.slice(4))).toBe(Number(first.body.invoiceNumber.slice(4)) + 1);
    expect((await getSalesOrder(t.orgId, order.id))?.activeInvoiceCount).toBe(2);
    const again = await invoiceOrder(t, order.id);
    expect([again.status, again.body.error.code]).toEqual([422, 'unprocessable']);
    expect(again.body.error.message).toMatch(/fully invoiced/);
  });

  it('422 for over-invoicing (cumulative) and for a line not on the order', async () => {
    const order = await confirmedOrder(t);
    const over = await invoiceOrder(t, order.id, {
      lines: [
        { soLineId: order.lines[0]!.id, quantity: 2 },
        { soLineId: order.lines[0]!.id, quantity: 2 },
      ],
    });
    expect([over.status, over.body.error.code]).toEqual([422, 'unprocessable']);
    const foreign = await invoiceOrder(t, order.id, { lines: [{ soLineId: 'nope', quantity: 1 }] });
    expect([foreign.status, foreign.body.error.code]).toEqual([422, 'invalid_reference']);
    expect((await getSalesOrder(t.orgId, order.id))?.lines.map((l) => l.invoicedQty)).toEqual([0, 0]);
  });

  it('422 naming the status for a DRAFT order', async () => {
    const s = await orderSetup(t, 0);
    const order = await draftOrder(t, [{ productId: s.product.id, quantity: 1 }], {
      customerId: s.customer.id,
      warehouseId: s.warehouse.id,
    });
    const res = await invoiceOrder(t, order.id);
    expect([res.status, res.body.error.code]).toEqual([422, 'unprocessable']);
    expect(res.body.error.message).toMatch(/DRAFT/);
  });

  it('400 validation_error with details for a quantity of 0 or less (a field rule: "> 0"), before any read', async () => {
    const order = await confirmedOrder(t);
    for (const quantity of [0, -1]) {
      const res = await invoiceOrder(t, order.id, { lines: [{ soLineId: order.lines[0]!.id, quantity }] });
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
      expect(res.body.error.details).toEqual([{ path: 'lines[0].quantity', message: 'must be > 0' }]);
    }
    expect((await getSalesOrder(t.orgId, order.id))?.lines.map((l) => l.invoicedQty)).toEqual([0, 0]);
  });

  it.each([
    ['lines not an array', { lines: 'all' }],
    ['a line without soLineId', { lines: [{ quantity: 1 }] }],
    ['a quantity that is not a number', { lines: [{ soLineId: 'x', quantity: '1' }] }],
    ['suppressEdi not a boolean', { suppressEdi: 'yes' }],
  ])('400 validation_error: %s', async (_name, body) => {
    const order = await confirmedOrder(t);
    const res = await invoiceOrder(t, order.id, body);
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
  });

  it("404 for an unknown order and another organisation's order", async () => {
    const order = await confirmedOrder(t);
    const foreign = await invoiceOrder(other, order.id);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    const unknown = await invoiceOrder(t, 'nosuchorder');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
  });

  it('replays the stored response for a repeated Idempotency-Key (one invoice)', async () => {
    const order = await confirmedOrder(t);
    const headers = { 'Idempotency-Key': `inv-${Date.now()}-${Math.random()}` };
    const first = await invoiceOrder(t, order.id, {}, headers);
    const replay = await invoiceOrder(t, order.id, {}, headers);
    expect(first.status).toBe(201);
    expect([replay.status, replay.body.id]).toEqual([201, first.body.id]);
    expect((await getSalesOrder(t.orgId, order.id))?.activeInvoiceCount).toBe(1);
  });
});

describe('GET /invoices/{id}', () => {
  it("404 for an unknown invoice and another organisation's", async () => {
    const order = await confirmedOrder(t);
    const inv = await invoiced(t, order.id);
    const foreign = await call('GET', `/invoices/${inv.id}`, { key: other.key });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    const unknown = await call('GET', '/invoices/nosuchinvoice', { key: t.key });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('GET /invoices', () => {
  let org: Tenant;
  let a: Awaited<ReturnType<typeof confirmedOrder>>;
  let ids: string[];

  beforeAll(async () => {
    org = await newTenant('Invoice list org');
    a = await confirmedOrder(org);
    const b = await confirmedOrder(org);
    const first = await invoiced(org, a.id, { lines: [{ soLineId: a.lines[0]!.id, quantity: 1 }] });
    const second = await invoiced(org, b.id);
    const third = await invoiced(org, a.id);
    ids = [first.id, second.id, third.id];
  });

  const list = (query: Record<string, string | number> = {}) =>
    call('GET', '/invoices', { key: org.key, query });
  const idsOf = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id);

  it('lists newest first with the summary shape and a total', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([...ids].reverse());
    expect(res.body.pagination).toMatchObject({ total: 3 });
    expect(res.body.data[0]).toMatchObject({ status: 'DRAFT', lineCount: 2 });
    expect(res.body.data[0]).not.toHaveProperty('lines');
  });

  it('sorts by invoiceNumber and updatedAt either way', async () => {
    expect(idsOf(await list({ sortBy: 'invoiceNumber', sortDir: 'asc' }))).toEqual(ids);
    expect(idsOf(await list({ sortBy: 'invoiceNumber' }))).toEqual([...ids].reverse());
    expect(idsOf(await list({ sortBy: 'updatedAt', sortDir: 'asc' }))).toEqual(ids);
  });

  it('filters by status (case-insensitive), customer, search, dates and modifiedSince; pages', async () => {
    expect(idsOf(await list({ status: 'draft' }))).toHaveLength(3);
    expect(idsOf(await list({ status: 'SENT,paid' }))).toEqual([]);
    expect(idsOf(await list({ customerId: a.customer.id }))).toEqual([ids[2], ids[0]]);
    expect(idsOf(await list({ customerId: a.customer.id, status: 'DRAFT' }))).toEqual([ids[2], ids[0]]);
    expect(idsOf(await list({ search: a.customer.name.toUpperCase() }))).toEqual([ids[2], ids[0]]);
    expect(idsOf(await list({ dateTo: '2000-01-01' }))).toEqual([]);
    expect(idsOf(await list({ dateFrom: '2000-01-01' }))).toHaveLength(3);
    expect(idsOf(await list({ modifiedSince: '2999-01-01T00:00:00Z' }))).toEqual([]);
    const page = await list({ pageSize: 2, page: 2 });
    expect([idsOf(page), page.body.pagination.total]).toEqual([[ids[0]], 3]);
    expect(idsOf(await list({ customerId: 'unknowncustomer' }))).toEqual([]);
  });

  it.each([
    ['an unknown status', { status: 'LOST' }],
    ['an unknown sortBy', { sortBy: 'totalAmount' }],
    ['a bad dateFrom', { dateFrom: 'yesterday' }],
    ['a customerId that cannot be an id', { customerId: 'x'.repeat(300) }],
  ])('400 for %s', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
  });

  it("never shows another organisation's invoices", async () => {
    const res = await call('GET', '/invoices', { key: other.key });
    expect(res.body.data).toEqual([]);
  });

  describe('salesOrderId (beyond the spec)', () => {
    let sameCustomer: string;
    let uninvoiced: string;
    let foreign: { orderId: string; invoiceId: string };

    beforeAll(async () => {
      // Another order of a's customer, invoiced: the filter is the order's, not its customer's.
      const s = await orderSetup(org, 50);
      const order = await draftOrder(org, [{ productId: s.product.id, quantity: 1 }], {
        customerId: a.customer.id,
        warehouseId: s.warehouse.id,
      });
      await confirmOrder(org, order.id);
      sameCustomer = (await invoiced(org, order.id)).id;
      uninvoiced = (await confirmedOrder(org)).id;
      const theirs = await confirmedOrder(other);
      foreign = { orderId: theirs.id, invoiceId: (await invoiced(other, theirs.id)).id };
    });

    it("lists the order's invoices only, with the summary shape, sorted and paged as the list is", async () => {
      const res = await list({ salesOrderId: a.id });
      expect(res.status).toBe(200);
      expect(idsOf(res)).toEqual([ids[2], ids[0]]);
      expect(res.body.pagination).toMatchObject({ page: 1, total: 2, totalPages: 1 });
      expect(res.body.data[0]).toMatchObject({
        id: ids[2],
        status: 'DRAFT',
        salesOrder: { id: a.id, orderNumber: a.orderNumber },
        customer: { id: a.customer.id, name: a.customer.name },
      });
      expect(res.body.data[0]).not.toHaveProperty('lines');
      expect(idsOf(await list({ salesOrderId: a.id, sortDir: 'asc' }))).toEqual([ids[0], ids[2]]);
      expect(idsOf(await list({ salesOrderId: a.id, sortBy: 'invoiceNumber', sortDir: 'asc' }))).toEqual([
        ids[0],
        ids[2],
      ]);
      const page = await list({ salesOrderId: a.id, pageSize: 1, page: 2 });
      expect([idsOf(page), page.body.pagination.total]).toEqual([[ids[0]], 2]);
      expect(idsOf(await list({ customerId: a.customer.id }))).toContain(sameCustomer);
    });

    it('combines with the other filters', async () => {
      expect(idsOf(await list({ salesOrderId: a.id, status: 'draft' }))).toEqual([ids[2], ids[0]]);
      expect(idsOf(await list({ salesOrderId: a.id, status: 'SENT' }))).toEqual([]);
      expect(idsOf(await list({ salesOrderId: a.id, customerId: a.customer.id }))).toHaveLength(2);
      const elsewhere = await list({ salesOrderId: a.id, customerId: 'unknowncustomer' });
      expect([idsOf(elsewhere), elsewhere.body.pagination.total]).toEqual([[], 0]);
      expect(idsOf(await list({ salesOrderId: a.id, dateTo: '2000-01-01' }))).toEqual([]);
      expect(idsOf(await list({ salesOrderId: a.id, modifiedSince: '2999-01-01T00:00:00Z' }))).toEqual([]);
    });

    it('is an empty page for an order without invoices and for an unknown order', async () => {
      for (const salesOrderId of [uninvoiced, 'unknownorder']) {
        const res = await list({ salesOrderId });
        expect([res.status, idsOf(res), res.body.pagination.total], salesOrderId).toEqual([200, [], 0]);
      }
    });

    it("is an empty page for another organisation's order, which has invoices there", async () => {
      const res = await list({ salesOrderId: foreign.orderId });
      expect([res.status, idsOf(res), res.body.pagination.total]).toEqual([200, [], 0]);
      const theirs = await call('GET', '/invoices', {
        key: other.key,
        query: { salesOrderId: foreign.orderId },
      });
      expect(idsOf(theirs)).toEqual([foreign.invoiceId]);
      const ours = await call('GET', '/invoices', { key: other.key, query: { salesOrderId: a.id } });
      expect(idsOf(ours)).toEqual([]);
    });

    it("reads the customer's invoices of the order's life only, not the customer's later ones", async () => {
      const { count, reset } = countReads('invoicesOfOrderRange');
      const before = await list({ salesOrderId: a.id });
      const scanned = count.scanned;
      expect(scanned).toBeGreaterThanOrEqual(2);
      // Another order of the same customer, invoiced ten minutes after a last changed.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 10 * 60_000);
      try {
        const s = await orderSetup(org, 50);
        const later = await draftOrder(org, [{ productId: s.product.id, quantity: 1 }], {
          customerId: a.customer.id,
          warehouseId: s.warehouse.id,
        });
        await confirmOrder(org, later.id);
        await invoiced(org, later.id);
      } finally {
        vi.useRealTimers();
      }
      reset();
      const after = await list({ salesOrderId: a.id });
      expect(idsOf(after)).toEqual(idsOf(before));
      expect(count.scanned).toBe(scanned);
    });

    it('400 invalid_parameter for a salesOrderId that is not a cuid, as GET /shipments answers', async () => {
      for (const salesOrderId of ['SO-000001', 'x'.repeat(300)]) {
        const res = await list({ salesOrderId });
        expect([res.status, res.body.error], salesOrderId).toEqual([
          400,
          { code: 'invalid_parameter', message: "Query parameter 'salesOrderId' must be a cuid" },
        ]);
      }
    });
  });
});
