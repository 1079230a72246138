import { beforeAll, describe, expect, it } from 'vitest';
import { getCustomerAccount } from '../../functions/areas/customers/store/account.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, keyFor, newTenant, type Tenant } from '../support/api.js';
import { confirmedOrder, invoiced } from '../support/invoices.js';
import { confirmOrder, draftOrder, orderSetup } from '../support/sales.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Invoice steps org'), newTenant('Other invoice steps org')]);
});

const post = (path: string, tenant = t) => call('POST', path, { key: tenant.key });
const balanceOf = async (customerId: string) =>
  (await getCustomerAccount(t.orgId, customerId)).outstandingBalance;

/** A DRAFT invoice of 55.00 (3 x 10, a 20.00 service line, 5.00 freight) on a fresh customer. */
async function draftInvoice() {
  const order = await confirmedOrder(t);
  return { order, invoice: await invoiced(t, order.id) };
}

/** Two DRAFT invoices of one customer for the same goods: the CLI door's and the API door's. */
async function twinInvoices() {
  const s = await orderSetup(t, 10);
  const one = async () => {
    const order = await draftOrder(t, [{ productId: s.product.id, quantity: 2 }], {
      customerId: s.customer.id,
      warehouseId: s.warehouse.id,
    });
    await confirmOrder(t, order.id);
    return invoiced(t, order.id);
  };
  return Promise.all([one(), one()]);
}

describe('POST /invoices/{id}/send (design.md section 7, beyond the spec)', () => {
  it("sends a DRAFT invoice: SENT, the customer's balance rises; the acting key is audited; the key replays", async () => {
    const { order, invoice } = await draftInvoice();
    const sent = await expectReplay(t, 'POST', `/invoices/${invoice.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      status: 'SENT',
      totalAmount: 55,
      paidAmount: 0,
      balanceDue: 55,
    });
    expect((await call('GET', `/invoices/${invoice.id}`, { key: t.key })).body).toEqual(sent.body);
    expect(await balanceOf(order.customer.id)).toBe(55);
    const audit = await listAudit(t.orgId, { resourceType: 'invoice', resourceId: invoice.id });
    expect(audit.filter((e) => e.action === 'send')).toEqual([
      expect.objectContaining({ apiKeyId: t.keyId, changedFields: ['status'] }),
    ]);
  });

  it("a SENT invoice is 422 naming its status; another organisation's invoice is 404 and stays DRAFT", async () => {
    const { invoice } = await draftInvoice();
    const foreign = await post(`/invoices/${invoice.id}/send`, other);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Invoice not found']);
    expect((await call('GET', `/invoices/${invoice.id}`, { key: t.key })).body.status).toBe('DRAFT');
    expect((await post(`/invoices/${invoice.id}/send`)).status).toBe(200);
    const again = await post(`/invoices/${invoice.id}/send`);
    expect([again.status, again.body.error.code]).toEqual([422, 'unprocessable']);
    expect(again.body.error.message).toContain('SENT');
  });

  it('the CLI and the API give the same invoice for the same step', async () => {
    const [viaApi, viaCli] = await twinInvoices();
    const api = await post(`/invoices/${viaApi.id}/send`);
    const cli = await runAdmin(['invoice', 'send', '--org', t.orgId, '--id', viaCli.id]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
  });
});

describe('POST /invoices/{id}/void (design.md section 7, beyond the spec)', () => {
  it("voids a SENT invoice: VOID, the customer's balance falls back, the order's lines are unbilled; the key replays", async () => {
    const { order, invoice } = await draftInvoice();
    await post(`/invoices/${invoice.id}/send`);
    const voided = await expectReplay(t, 'POST', `/invoices/${invoice.id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ id: invoice.id, status: 'VOID', totalAmount: 55 });
    expect(await balanceOf(order.customer.id)).toBe(0);
    const orderAfter = await call('GET', `/sales-orders/${order.id}`, { key: t.key });
    expect(orderAfter.body.lines.map((l: { invoicedQty: number }) => l.invoicedQty)).toEqual([0, 0]);
    const audit = await listAudit(t.orgId, { resourceType: 'invoice', resourceId: invoice.id });
    expect(audit.filter((e) => e.action === 'void')).toEqual([
      expect.objectContaining({ apiKeyId: t.keyId, changedFields: ['status'] }),
    ]);
  });

  it("an invoice with a payment is 422 and stays; a VOID one is 422; another organisation's is 404", async () => {
    const { invoice } = await draftInvoice();
    await post(`/invoices/${invoice.id}/send`);
    await call('POST', `/invoices/${invoice.id}/payments`, { key: t.key, body: { amount: 10 } });
    const paid = await post(`/invoices/${invoice.id}/void`);
    expect([paid.status, paid.body.error.code]).toEqual([422, 'unprocessable']);
    expect(paid.body.error.message).toContain('1 payment(s)');
    expect((await call('GET', `/invoices/${invoice.id}`, { key: t.key })).body).toMatchObject({
      status: 'PARTIALLY_PAID',
      balanceDue: 45,
    });

    const draft = await draftInvoice();
    const foreign = await post(`/invoices/${draft.invoice.id}/void`, other);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Invoice not found']);
    expect((await post(`/invoices/${draft.invoice.id}/void`)).body.status).toBe('VOID');
    const again = await post(`/invoices/${draft.invoice.id}/void`);
    expect([again.status, again.body.error.code]).toEqual([422, 'unprocessable']);
    expect(again.body.error.message).toContain('VOID');
  });

  it('a key without invoices.void may send but not void', async () => {
    const key = await keyFor(t.orgId, ['write'], ['invoices.create', 'sales.view']);
    const { invoice } = await draftInvoice();
    expect((await call('POST', `/invoices/${invoice.id}/send`, { key })).status).toBe(200);
    const refused = await call('POST', `/invoices/${invoice.id}/void`, { key });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'forbidden']);
  });

  it('the CLI and the API give the same invoice for the same step', async () => {
    const [viaApi, viaCli] = await twinInvoices();
    const api = await post(`/invoices/${viaApi.id}/void`);
    const cli = await runAdmin(['invoice', 'void', '--org', t.orgId, '--id', viaCli.id]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
  });
});
