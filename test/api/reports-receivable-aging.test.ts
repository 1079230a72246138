import { beforeAll, describe, expect, it } from 'vitest';
import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { voidInvoice } from '../../functions/areas/invoices/steps/void.js';
import { getInvoice, invoiceReplaceItem } from '../../functions/areas/invoices/store/invoices.js';
import { transact } from '../../functions/platform/dynamo/transact.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { confirmedOrder, invoiced } from '../support/invoices.js';

const DAY = 86_400_000;

let t: Tenant;
let other: Tenant;

/** Moves a stored invoice's dueDate (the fixture for past-due invoices). */
async function dueIn(tenant: Tenant, id: string, days: number) {
  const invoice = (await getInvoice(tenant.orgId, id))!;
  const dueDate = new Date(Date.now() + days * DAY).toISOString();
  await transact([
    invoiceReplaceItem(tenant.orgId, { ...invoice, dueDate, version: invoice.version + 1 }, invoice),
  ]);
}

/** A SENT invoice of 55.00 for a fresh customer, due `days` from now. */
async function sentDue(tenant: Tenant, days: number) {
  const order = await confirmedOrder(tenant);
  const invoice = await invoiced(tenant, order.id);
  await sendInvoice({ orgId: tenant.orgId, id: invoice.id });
  await dueIn(tenant, invoice.id, days);
  return { ...invoice, customerId: order.customer.id };
}

const aging = (tenant: Tenant, query?: Record<string, string>) =>
  call('GET', '/reports/receivable-aging', { key: tenant.key, query });

let ids: Record<string, string>;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Aging org'), newTenant('Other aging org')]);
  const [current, d10, d45, d75, d120, partly, paid, voided] = await Promise.all([
    sentDue(t, 5),
    sentDue(t, -10),
    sentDue(t, -45),
    sentDue(t, -75),
    sentDue(t, -120),
    sentDue(t, -20),
    sentDue(t, -30),
    sentDue(t, -40),
  ]);
  const draftOrder = await confirmedOrder(t);
  await invoiced(t, draftOrder.id);
  const pay = (id: string, amount: number) =>
    call('POST', `/invoices/${id}/payments`, { key: t.key, body: { amount } });
  expect((await pay(partly!.id, 10)).status).toBe(201);
  expect((await pay(paid!.id, 55)).status).toBe(201);
  await voidInvoice({ orgId: t.orgId, id: voided!.id });
  ids = {
    current: current!.id,
    d10: d10!.id,
    d45: d45!.id,
    d75: d75!.id,
    d120: d120!.id,
    partly: partly!.id,
    customer: d45!.customerId,
  };
});

describe('GET /reports/receivable-aging', () => {
  it('ages every outstanding invoice into its bucket, due date ascending, with totals', async () => {
    const res = await aging(t);
    expect(res.status).toBe(200);
    const rows = res.body.invoices as {
      invoiceId: string;
      bucket: string;
      daysPastDue: number;
      balanceDue: number;
    }[];
    expect(rows.map((r) => [r.invoiceId, r.bucket, r.daysPastDue, r.balanceDue])).toEqual([
      [ids.d120, 'days90plus', 120, 55],
      [ids.d75, 'days61to90', 75, 55],
      [ids.d45, 'days31to60', 45, 55],
      [ids.partly, 'days1to30', 20, 45],
      [ids.d10, 'days1to30', 10, 55],
      [ids.current, 'current', 0, 55],
    ]);
    expect(res.body.totals).toEqual({
      current: 55,
      days1to30: 100,
      days31to60: 55,
      days61to90: 55,
      days90plus: 55,
      total: 320,
    });
    expect(res.body.truncated).toBe(false);
    expect(res.body.invoices[0]).toMatchObject({ currency: 'NZD', totalAmount: 55 });
  });

  it("filters to one customer's invoices", async () => {
    const res = await aging(t, { customerId: ids.customer! });
    expect(res.status).toBe(200);
    expect(res.body.invoices.map((r: { invoiceId: string }) => r.invoiceId)).toEqual([ids.d45]);
    expect(res.body.totals).toMatchObject({ days31to60: 55, total: 55, current: 0 });
  });

  it('is per organisation: another sees none, and a customer of another organisation is 422', async () => {
    const res = await aging(other);
    expect(res.status).toBe(200);
    expect(res.body.invoices).toEqual([]);
    expect(res.body.totals.total).toBe(0);
    const foreign = await aging(other, { customerId: ids.customer! });
    expect([foreign.status, foreign.body.error.code]).toEqual([422, 'invalid_reference']);
    const unknown = await aging(t, { customerId: 'nosuchcustomer' });
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 'invalid_reference']);
  });

  it('a malformed customerId is 400', async () => {
    const res = await aging(t, { customerId: 'not an id!' });
    expect(res.status).toBe(400);
  });
});
