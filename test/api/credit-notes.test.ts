import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCreditNoteCommand,
  type CreditNoteCreateInput,
} from '../../functions/areas/credit-notes/steps/create.js';
import {
  approveCreditNoteCommand,
  voidCreditNoteCommand,
} from '../../functions/areas/credit-notes/steps/transitions.js';
import { getCustomerAccount } from '../../functions/areas/customers/store/account.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, onHand, product, warehouse } from '../support/inventory.js';
import { confirmedOrder, invoiced } from '../support/invoices.js';
import { eventsFor } from '../support/outbox.js';
import { customer } from '../support/sales.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Credit notes org'), newTenant('Other credit notes org')]);
});

const create = (
  input: Omit<CreditNoteCreateInput, 'orgId' | 'returnStock'> & { returnStock?: boolean },
  tenant = t,
) => createCreditNoteCommand({ orgId: tenant.orgId, returnStock: false, ...input });

const balanceOf = async (customerId: string, tenant = t) =>
  (await getCustomerAccount(tenant.orgId, customerId)).outstandingBalance;

/** A SENT invoice of 55.00 for a fresh customer, with the products its lines bill. */
async function sentInvoice(tenant = t) {
  const order = await confirmedOrder(tenant);
  const invoice = await invoiced(tenant, order.id);
  const sent = await sendInvoice({ orgId: tenant.orgId, id: invoice.id });
  return {
    ...invoice,
    order,
    customerId: order.customer.id,
    productIds: sent.lines.map((l) => l.productId),
  };
}

describe('credit-note create (back office)', () => {
  it('creates a numbered DRAFT with its references and line figures; nothing moves', async () => {
    const fresh = await newTenant('Credit numbering org');
    const inv = await sentInvoice(fresh);
    const note = await create(
      {
        customerId: inv.customerId,
        invoiceId: inv.id,
        salesOrderId: inv.order.id,
        lines: [{ productId: inv.productIds[0]!, quantity: 2, unitPrice: 10, taxRate: 0.2 }],
      },
      fresh,
    );
    expect(note).toMatchObject({
      creditNoteNumber: 'CN-000001',
      status: 'DRAFT',
      customer: { id: inv.customerId, name: inv.order.customer.name },
      invoice: { id: inv.id, invoiceNumber: inv.invoiceNumber },
      salesOrder: { id: inv.order.id, orderNumber: inv.order.orderNumber },
      returnStock: false,
      warehouseId: null,
      subtotal: 20,
      taxTotal: 4,
      totalAmount: 24,
      approvedAt: null,
      voidedAt: null,
      voidReason: null,
      lineCount: 1,
    });
    expect(note.lines[0]).toMatchObject({ quantity: 2, lineTotal: 20, taxAmount: 4 });
    const second = await create(
      { customerId: inv.customerId, lines: [{ productId: inv.productIds[0]!, quantity: 1, unitPrice: 1 }] },
      fresh,
    );
    expect(second.creditNoteNumber).toBe('CN-000002');
    expect(await balanceOf(inv.customerId, fresh)).toBe(55);
    const read = await call('GET', `/credit-notes/${note.id}`, { key: fresh.key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(note);
  });

  it('checks every reference: customer, invoice of that customer, order, warehouse with return stock, products', async () => {
    const inv = await sentInvoice();
    const stranger = await customer(t);
    const p = inv.productIds[0]!;
    const lines = [{ productId: p, quantity: 1, unitPrice: 1 }];
    await expect(create({ customerId: 'nope', lines })).rejects.toMatchObject({ status: 422 });
    await expect(create({ customerId: stranger.id, invoiceId: inv.id, lines })).rejects.toMatchObject({
      status: 422,
      code: 'invalid_reference',
    });
    await expect(
      create({ customerId: stranger.id, salesOrderId: inv.order.id, lines }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(create({ customerId: inv.customerId, returnStock: true, lines })).rejects.toMatchObject({
      status: 422,
      message: 'returnStock needs a warehouseId to book the stock into',
    });
    await expect(
      create({ customerId: inv.customerId, returnStock: true, warehouseId: 'nope', lines }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      create({ customerId: inv.customerId, lines: [{ productId: 'nope', quantity: 1, unitPrice: 1 }] }),
    ).rejects.toMatchObject({ status: 422 });
    // The order's service line cannot go back to stock.
    const w = await warehouse(t);
    await expect(
      create({
        customerId: inv.customerId,
        returnStock: true,
        warehouseId: w.id,
        lines: [{ productId: inv.productIds[1]!, quantity: 1, unitPrice: 1 }],
      }),
    ).rejects.toMatchObject({ status: 422 });
    // Another organisation's customer is not found.
    await expect(create({ customerId: inv.customerId, lines }, other)).rejects.toMatchObject({ status: 422 });
  });
});

describe('credit-note approve and void (back office)', () => {
  it('applies the credit in full: an invoice it settles becomes PAID and the balance drops; void reverses', async () => {
    const inv = await sentInvoice();
    expect(await balanceOf(inv.customerId)).toBe(55);
    const note = await create({
      customerId: inv.customerId,
      invoiceId: inv.id,
      lines: [
        { productId: inv.productIds[0]!, quantity: 3, unitPrice: 10 },
        { productId: inv.productIds[1]!, quantity: 1, unitPrice: 25 },
      ],
    });
    const approved = await approveCreditNoteCommand({ orgId: t.orgId, id: note.id });
    expect(approved).toMatchObject({ status: 'APPROVED', totalAmount: 55 });
    expect(approved.approvedAt).not.toBeNull();
    const invoice = await call('GET', `/invoices/${inv.id}`, { key: t.key });
    expect(invoice.body).toMatchObject({ status: 'PAID', creditedAmount: 55, balanceDue: 0 });
    expect(await balanceOf(inv.customerId)).toBe(0);
    expect((await eventsFor(t.orgId, note.id)).map((e) => e.event)).toEqual(['credit_note.approved']);

    await expect(approveCreditNoteCommand({ orgId: t.orgId, id: note.id })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('APPROVED'),
    });

    const voided = await voidCreditNoteCommand({ orgId: t.orgId, id: note.id, reason: 'Issued in error' });
    expect(voided).toMatchObject({ status: 'VOID', voidReason: 'Issued in error' });
    expect(voided.voidedAt).not.toBeNull();
    const after = await call('GET', `/invoices/${inv.id}`, { key: t.key });
    expect(after.body).toMatchObject({ status: 'SENT', creditedAmount: 0, balanceDue: 55 });
    expect(await balanceOf(inv.customerId)).toBe(55);
    expect((await eventsFor(t.orgId, note.id)).map((e) => e.event)).toEqual([
      'credit_note.approved',
      'credit_note.voided',
    ]);
    await expect(voidCreditNoteCommand({ orgId: t.orgId, id: note.id })).rejects.toMatchObject({
      status: 422,
    });
    await expect(approveCreditNoteCommand({ orgId: t.orgId, id: note.id })).rejects.toMatchObject({
      status: 422,
    });
  });

  it('a partial credit leaves the status and lowers the balance by the credit; more than the balance is refused', async () => {
    const inv = await sentInvoice();
    const p = inv.productIds[0]!;
    const partial = await create({
      customerId: inv.customerId,
      invoiceId: inv.id,
      lines: [{ productId: p, quantity: 1, unitPrice: 10 }],
    });
    await approveCreditNoteCommand({ orgId: t.orgId, id: partial.id });
    const invoice = await call('GET', `/invoices/${inv.id}`, { key: t.key });
    expect(invoice.body).toMatchObject({ status: 'SENT', creditedAmount: 10, balanceDue: 45 });
    expect(await balanceOf(inv.customerId)).toBe(45);
    const tooMuch = await create({
      customerId: inv.customerId,
      invoiceId: inv.id,
      lines: [{ productId: p, quantity: 1, unitPrice: 46 }],
    });
    await expect(approveCreditNoteCommand({ orgId: t.orgId, id: tooMuch.id })).rejects.toMatchObject({
      status: 422,
    });
    const stored = await call('GET', `/credit-notes/${tooMuch.id}`, { key: t.key });
    expect(stored.body.status).toBe('DRAFT');
    expect(await balanceOf(inv.customerId)).toBe(45);
  });

  it('a DRAFT invoice is refused at approval; a DRAFT note voids without effects; unknown ids are 404', async () => {
    const order = await confirmedOrder(t);
    const draft = await invoiced(t, order.id);
    const detail = await call('GET', `/invoices/${draft.id}`, { key: t.key });
    const note = await create({
      customerId: order.customer.id,
      invoiceId: draft.id,
      lines: [{ productId: detail.body.lines[0].productId, quantity: 1, unitPrice: 5 }],
    });
    await expect(approveCreditNoteCommand({ orgId: t.orgId, id: note.id })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('DRAFT'),
    });
    const voided = await voidCreditNoteCommand({ orgId: t.orgId, id: note.id });
    expect(voided.status).toBe('VOID');
    expect((await call('GET', `/invoices/${draft.id}`, { key: t.key })).body.creditedAmount).toBe(0);
    await expect(approveCreditNoteCommand({ orgId: other.orgId, id: note.id })).rejects.toMatchObject({
      status: 404,
    });
    await expect(voidCreditNoteCommand({ orgId: t.orgId, id: 'missing' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('returnStock books the lines into the warehouse with a ledger entry; void takes them out, 422 when gone', async () => {
    const fresh = await newTenant('Credit restock org');
    const [c, w, p] = await Promise.all([customer(fresh), warehouse(fresh), product(fresh)]);
    const note = await create(
      {
        customerId: c.id,
        returnStock: true,
        warehouseId: w.id,
        lines: [{ productId: p.id, quantity: 4, unitPrice: 2.5 }],
      },
      fresh,
    );
    expect(note).toMatchObject({ returnStock: true, warehouseId: w.id, invoice: null, totalAmount: 10 });
    expect(await onHand(fresh, p.id)).toBe(0);
    await approveCreditNoteCommand({ orgId: fresh.orgId, id: note.id });
    expect(await onHand(fresh, p.id)).toBe(4);
    const ledger = await listLedger(fresh.orgId);
    expect(ledger.map((l) => [l.sourceType, l.sourceId, l.sourceNumber, l.movements])).toEqual([
      [
        'credit_note',
        note.id,
        note.creditNoteNumber,
        [{ productId: p.id, warehouseId: w.id, binId: null, batchId: null, quantity: 4 }],
      ],
    ]);
    const stockEvents = (await eventsFor(fresh.orgId, p.id)).filter((e) => e.event === 'stock.level_changed');
    expect(stockEvents).toHaveLength(1);
    expect(stockEvents[0]!.data).toMatchObject({ warehouseId: w.id, quantityOnHand: 4 });

    // Three of the four leave again: the restocked quantity is no longer there to take back.
    const out = await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: -3 }]);
    expect(out.status).toBe(201);
    await expect(voidCreditNoteCommand({ orgId: fresh.orgId, id: note.id })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('Insufficient stock'),
    });
    const still = await call('GET', `/credit-notes/${note.id}`, { key: fresh.key });
    expect(still.body.status).toBe('APPROVED');
    await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: 3 }]);
    await voidCreditNoteCommand({ orgId: fresh.orgId, id: note.id });
    expect(await onHand(fresh, p.id)).toBe(0);
    const entries = (await listLedger(fresh.orgId)).filter((l) => l.sourceType === 'credit_note');
    expect(entries.map((l) => (l.movements as { quantity: number }[])[0]!.quantity).sort()).toEqual([-4, 4]);
  });
});

describe('GET /credit-notes and /credit-notes/{id}', () => {
  let lt: Tenant;
  let ids: { a: string; b: string; c: string };
  let customers: { one: string; two: string };
  let numbers: string[];

  beforeAll(async () => {
    lt = await newTenant('Credit list org');
    const [one, two, p] = await Promise.all([customer(lt), customer(lt), product(lt)]);
    customers = { one: one.id, two: two.id };
    const line = [{ productId: p.id, quantity: 1, unitPrice: 3 }];
    const a = await create({ customerId: one.id, lines: line }, lt);
    const b = await create({ customerId: one.id, lines: line }, lt);
    const c = await create({ customerId: two.id, lines: line }, lt);
    await approveCreditNoteCommand({ orgId: lt.orgId, id: b.id });
    await voidCreditNoteCommand({ orgId: lt.orgId, id: c.id });
    ids = { a: a.id, b: b.id, c: c.id };
    numbers = [a.creditNoteNumber, b.creditNoteNumber, c.creditNoteNumber];
  });

  const list = (query: string, tenant?: Tenant) =>
    call('GET', '/credit-notes', {
      key: (tenant ?? lt).key,
      query: Object.fromEntries(new URLSearchParams(query.replace(/^\?/, ''))),
    });
  const idsOf = (body: { data: { id: string }[] }) => body.data.map((n) => n.id);

  it('lists newest creditDate first by default, with summaries (no lines) and a total', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([ids.c, ids.b, ids.a]);
    expect(res.body.pagination).toMatchObject({ total: 3 });
    expect(res.body.data[0]).not.toHaveProperty('lines');
    expect(res.body.data[0]).toMatchObject({ creditNoteNumber: numbers[2], status: 'VOID', lineCount: 1 });
    expect(idsOf((await list('?sortDir=asc')).body)).toEqual([ids.a, ids.b, ids.c]);
    expect(idsOf((await list('?sortBy=createdAt&sortDir=asc')).body)).toEqual([ids.a, ids.b, ids.c]);
    // c (voided) and b (approved) were updated after a was created; c last.
    expect(idsOf((await list('?sortBy=updatedAt')).body)[0]).toBe(ids.c);
  });

  it('filters by status (comma list, any case), customer, dates, search and modifiedSince', async () => {
    expect(idsOf((await list('?status=approved')).body)).toEqual([ids.b]);
    expect(idsOf((await list('?status=DRAFT,void')).body)).toEqual([ids.c, ids.a]);
    expect(idsOf((await list(`?customerId=${customers.one}`)).body)).toEqual([ids.b, ids.a]);
    expect(idsOf((await list(`?customerId=${customers.two}&status=DRAFT`)).body)).toEqual([]);
    expect((await list('?customerId=not an id')).status).toBe(400);
    expect((await list('?status=OPEN')).status).toBe(400);
    expect((await list('?sortBy=totalAmount')).status).toBe(400);
    expect(idsOf((await list('?dateFrom=2000-01-01&dateTo=2000-01-02')).body)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(idsOf((await list(`?dateFrom=${today}&dateTo=${today}`)).body)).toHaveLength(3);
    expect(idsOf((await list(`?search=${numbers[1]!.toLowerCase()}`)).body)).toEqual([ids.b]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(idsOf((await list(`?modifiedSince=${encodeURIComponent(future)}`)).body)).toEqual([]);
  });

  it('reads the detail with lines; another organisation gets 404 and an empty list', async () => {
    const res = await call('GET', `/credit-notes/${ids.b}`, { key: lt.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.b, status: 'APPROVED', lineCount: 1 });
    expect(res.body.lines).toHaveLength(1);
    expect(res.body.lines[0]).toMatchObject({ quantity: 1, unitPrice: 3, lineTotal: 3, taxAmount: 0 });
    expect((await call('GET', `/credit-notes/${ids.b}`, { key: other.key })).status).toBe(404);
    expect((await call('GET', '/credit-notes/missing', { key: lt.key })).status).toBe(404);
    expect(idsOf((await list('', other)).body)).toEqual([]);
  });
});
