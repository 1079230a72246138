import { beforeAll, describe, expect, it } from 'vitest';
import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { getCustomerAccount } from '../../functions/areas/customers/store/account.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product, warehouse } from '../support/inventory.js';
import { confirmedOrder, invoiced, sentInvoiceOf } from '../support/invoices.js';
import { customer } from '../support/sales.js';
import { eventsFor } from '../support/outbox.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Payments org'), newTenant('Other payments org')]);
});

/** A SENT invoice of 55.00 (a fresh customer, so its account holds only this invoice). */
async function sentInvoice(tenant = t) {
  const order = await confirmedOrder(tenant);
  const invoice = await invoiced(tenant, order.id);
  await sendInvoice({ orgId: tenant.orgId, id: invoice.id });
  return { ...invoice, customerId: order.customer.id };
}

const pay = (invoiceId: string, body: unknown, tenant = t, headers: Record<string, string> = {}) =>
  call('POST', `/invoices/${invoiceId}/payments`, { key: tenant.key, body, headers });

const balanceOf = async (customerId: string, tenant = t) =>
  (await getCustomerAccount(tenant.orgId, customerId)).outstandingBalance;

describe('invoice send (back office)', () => {
  it('moves DRAFT to SENT and raises the customer balance by the balance due; a second send is refused', async () => {
    const order = await confirmedOrder(t);
    const invoice = await invoiced(t, order.id);
    expect(await balanceOf(order.customer.id)).toBe(0);
    const sent = await sendInvoice({ orgId: t.orgId, id: invoice.id });
    expect(sent).toMatchObject({ status: 'SENT', balanceDue: 55 });
    expect(await balanceOf(order.customer.id)).toBe(55);
    await expect(sendInvoice({ orgId: t.orgId, id: invoice.id })).rejects.toMatchObject({ status: 422 });
    expect(await balanceOf(order.customer.id)).toBe(55);
    await expect(sendInvoice({ orgId: other.orgId, id: invoice.id })).rejects.toMatchObject({ status: 404 });
  });
});

describe('POST /invoices/{id}/payments', () => {
  it('records a payment: 201 with the invoice summary, the balance and the event; settling makes it PAID', async () => {
    const invoice = await sentInvoice();
    const res = await pay(invoice.id, {
      amount: 20,
      currency: 'NZD',
      method: 'CASH',
      reference: 'R-1',
      notes: 'Front desk',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount: 20,
      method: 'CASH',
      reference: 'R-1',
      notes: 'Front desk',
      invoice: { id: invoice.id, paidAmount: 20, status: 'PARTIALLY_PAID', balanceDue: 35 },
    });
    expect(await balanceOf(invoice.customerId)).toBe(35);
    expect((await eventsFor(t.orgId, invoice.id)).map((e) => e.event)).toEqual([
      'invoice.created',
      'invoice.payment_recorded',
    ]);

    const rest = await pay(invoice.id, { amount: 35 });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ method: 'BANK_TRANSFER', reference: null });
    expect(rest.body.invoice).toMatchObject({ status: 'PAID', balanceDue: 0, paidAmount: 55 });
    expect(await balanceOf(invoice.customerId)).toBe(0);

    const detail = await call('GET', `/invoices/${invoice.id}`, { key: t.key });
    expect(detail.body).toMatchObject({ status: 'PAID', paidAmount: 55, balanceDue: 0, paymentsTotal: 2 });
    expect(detail.body.payments.map((p: { id: string }) => p.id)).toEqual([rest.body.id, res.body.id]);

    const after = await pay(invoice.id, { amount: 1 });
    expect([after.status, after.body.error.code]).toEqual([422, 'unprocessable']);
  });

  it('20 concurrent payments of 10% each: exactly 10 accepted, balance 0, PAID, account settled', async () => {
    const invoice = await sentInvoice();
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(invoice.id, { amount: 5.5 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 422)).toBe(true);
    const detail = await call('GET', `/invoices/${invoice.id}`, { key: t.key });
    expect(detail.body).toMatchObject({ status: 'PAID', balanceDue: 0, paidAmount: 55, paymentsTotal: 10 });
    expect(await balanceOf(invoice.customerId)).toBeCloseTo(0, 6);
  });

  it('422 for a DRAFT invoice, an amount above the balance, a currency mismatch, paidAt out of window', async () => {
    const order = await confirmedOrder(t);
    const draft = await invoiced(t, order.id);
    const onDraft = await pay(draft.id, { amount: 1 });
    expect([onDraft.status, onDraft.body.error.code]).toEqual([422, 'unprocessable']);
    expect(onDraft.body.error.message).toMatch(/DRAFT/);

    const invoice = await sentInvoice();
    for (const body of [
      { amount: 55.01 },
      { amount: 1.00001 },
      { amount: 1, currency: 'USD' },
      { amount: 1, paidAt: '2000-01-01T00:00:00Z' },
      { amount: 1, paidAt: '2999-01-01T00:00:00Z' },
    ]) {
      const res = await pay(invoice.id, body);
      expect([res.status, res.body.error.code, body]).toEqual([422, 'unprocessable', body]);
    }
    expect(await balanceOf(invoice.customerId)).toBe(55);
  });

  it('400 validation_error with details for an amount of 0 or less (a field rule: "> 0"); a 255-character reference is accepted', async () => {
    const invoice = await sentInvoice();
    for (const amount of [0, -5]) {
      const res = await pay(invoice.id, { amount });
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
      expect(res.body.error.details).toEqual([{ path: 'amount', message: 'must be > 0' }]);
    }
    const long = await pay(invoice.id, { amount: 1, reference: 'r'.repeat(256) });
    expect(long.body.error.details).toEqual([
      { path: 'reference', message: 'must NOT have more than 255 characters' },
    ]);
    expect(await balanceOf(invoice.customerId)).toBe(55);
    const paid = await pay(invoice.id, { amount: 1, reference: 'r'.repeat(255) });
    expect([paid.status, paid.body.reference]).toEqual([201, 'r'.repeat(255)]);
  });

  it.each([
    ['no amount', {}],
    ['an amount that is not a number', { amount: '5' }],
    ['an unknown method', { amount: 1, method: 'BARTER' }],
    ['a paidAt that is not a date-time', { amount: 1, paidAt: 'yesterday' }],
  ])('400 validation_error: %s', async (_name, body) => {
    const res = await pay('any', body);
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
  });

  it("404 for an unknown invoice and another organisation's", async () => {
    const invoice = await sentInvoice();
    const foreign = await pay(invoice.id, { amount: 1 }, other);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    const unknown = await pay('nosuchinvoice', { amount: 1 });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
  });

  it('replays the stored response for a repeated Idempotency-Key (one payment)', async () => {
    const invoice = await sentInvoice();
    const headers = { 'Idempotency-Key': `pay-${Date.now()}-${Math.random()}` };
    const first = await pay(invoice.id, { amount: 10 }, t, headers);
    const replay = await pay(invoice.id, { amount: 10 }, t, headers);
    expect(first.status).toBe(201);
    expect([replay.status, replay.body.id]).toEqual([201, first.body.id]);
    expect(await balanceOf(invoice.customerId)).toBe(45);
  });
});

describe("the customer's account follows each invoice's balanceDue (issue 25 item 1)", () => {
  /** A SENT invoice of 10.00 for a fresh customer with a credit limit of 100. */
  async function tenDue() {
    const [c, w, service] = await Promise.all([
      customer(t, { creditLimit: 100 }),
      warehouse(t),
      product(t, { productType: 'NON_STOCKED' }),
    ]);
    const invoice = await sentInvoiceOf(t, {
      customerId: c.id,
      warehouseId: w.id,
      productId: service.id,
      amount: 10,
    });
    return { ...invoice, customerId: c.id };
  }

  const shown = async (customerId: string) =>
    (await call('GET', `/customers/${customerId}`, { key: t.key })).body as {
      outstandingBalance: number;
      availableCredit: number;
    };

  it('pays 3.3333, 3.3333 and 3.33: PAID, balanceDue 0 and nothing left on the account', async () => {
    const invoice = await tenDue();
    expect((await shown(invoice.customerId)).outstandingBalance).toBe(10);
    const steps = [];
    for (const amount of [3.3333, 3.3333, 3.33]) {
      const res = await pay(invoice.id, { amount });
      expect(res.status).toBe(201);
      steps.push([res.body.invoice.balanceDue, (await shown(invoice.customerId)).outstandingBalance]);
    }
    expect(steps).toEqual([
      [6.67, 6.67],
      [3.33, 3.33],
      [0, 0],
    ]);
    const detail = await call('GET', `/invoices/${invoice.id}`, { key: t.key });
    expect(detail.body).toMatchObject({ status: 'PAID', balanceDue: 0, paidAmount: 9.9966 });
    expect(await shown(invoice.customerId)).toEqual(
      expect.objectContaining({ outstandingBalance: 0, availableCredit: 100 }),
    );
  });

  it('a payment of 10.0049 on 10.00 (within the half-cent tolerance) leaves 0, never a negative account', async () => {
    const invoice = await tenDue();
    const res = await pay(invoice.id, { amount: 10.0049 });
    expect([res.status, res.body.invoice.status, res.body.invoice.balanceDue]).toEqual([201, 'PAID', 0]);
    expect(await shown(invoice.customerId)).toEqual(
      expect.objectContaining({ outstandingBalance: 0, availableCredit: 100 }),
    );
  });
});
