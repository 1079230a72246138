import { beforeAll, describe, expect, it } from 'vitest';
import { getCustomerAccount } from '../../functions/areas/customers/store/account.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { confirmedOrder, invoiced } from '../support/invoices.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Credit steps org'), newTenant('Other credit steps org')]);
});

const post = (path: string, body?: unknown, tenant = t) => call('POST', path, { key: tenant.key, body });
const balanceOf = async (customerId: string) =>
  (await getCustomerAccount(t.orgId, customerId)).outstandingBalance;

/** A SENT invoice of 55.00 for a fresh customer, and a credit-note body of 24.00 (2 x 10 + 20% tax) against it. */
async function sentInvoice() {
  const order = await confirmedOrder(t);
  const invoice = await invoiced(t, order.id);
  const sent = await post(`/invoices/${invoice.id}/send`);
  const productId = sent.body.lines[0].productId as string;
  const body = {
    customerId: order.customer.id,
    invoiceId: invoice.id,
    salesOrderId: order.id,
    lines: [{ productId, quantity: 2, unitPrice: 10, taxRate: 0.2 }],
  };
  return { order, invoice, productId, body };
}

describe('POST /credit-notes (design.md section 7, beyond the spec)', () => {
  it('creates a DRAFT with its references and figures; nothing moves; the acting key is audited; the key replays', async () => {
    const { order, invoice, productId, body } = await sentInvoice();
    const created = await expectReplay(t, 'POST', '/credit-notes', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      creditNoteNumber: expect.stringMatching(/^CN-\d{6}$/),
      status: 'DRAFT',
      customer: { id: order.customer.id, name: order.customer.name },
      invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber },
      salesOrder: { id: order.id, orderNumber: order.orderNumber },
      returnStock: false,
      warehouseId: null,
      subtotal: 20,
      taxTotal: 4,
      totalAmount: 24,
      lineCount: 1,
      lines: [expect.objectContaining({ productId, quantity: 2, lineTotal: 20, taxAmount: 4 })],
    });
    expect((await call('GET', `/credit-notes/${created.body.id}`, { key: t.key })).body).toEqual(
      created.body,
    );
    expect(await balanceOf(order.customer.id)).toBe(55);
    const audit = await listAudit(t.orgId, { resourceType: 'credit_note', resourceId: created.body.id });
    expect(audit).toEqual([expect.objectContaining({ action: 'create', apiKeyId: t.keyId })]);
  });

  it('a bad body is 400; unknown or foreign references are 422; returnStock without a warehouse is 422', async () => {
    const { body } = await sentInvoice();
    const noLines = await post('/credit-notes', { ...body, lines: [] });
    expect([noLines.status, noLines.body.error.code]).toEqual([400, 'validation_error']);
    const badQty = await post('/credit-notes', { ...body, lines: [{ ...body.lines[0], quantity: 0 }] });
    expect(badQty.status).toBe(400);
    const foreignCustomer = await post('/credit-notes', body, other);
    expect([foreignCustomer.status, foreignCustomer.body.error.code]).toEqual([422, 'invalid_reference']);
    const otherCustomer = await confirmedOrder(t);
    const wrongInvoice = await post('/credit-notes', { ...body, customerId: otherCustomer.customer.id });
    expect([wrongInvoice.status, wrongInvoice.body.error.code]).toEqual([422, 'invalid_reference']);
    const noWarehouse = await post('/credit-notes', { ...body, returnStock: true });
    expect([noWarehouse.status, noWarehouse.body.error.message]).toEqual([
      422,
      'returnStock needs a warehouseId to book the stock into',
    ]);
  });

  it('the CLI and the API give the same credit note for the same step', async () => {
    const { body } = await sentInvoice();
    const api = await post('/credit-notes', body);
    const cli = await runAdmin([
      'credit-note',
      'create',
      '--org',
      t.orgId,
      '--customer',
      body.customerId,
      '--invoice',
      body.invoiceId,
      '--sales-order',
      body.salesOrderId,
      '--lines',
      JSON.stringify(body.lines),
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
  });
});

describe('POST /credit-notes/{id}/approve and /void (design.md section 7, beyond the spec)', () => {
  it('approve applies the credit to the invoice and the balance; void reverses it with its reason; both replay', async () => {
    const { order, invoice, body } = await sentInvoice();
    const note = (await post('/credit-notes', body)).body;
    const approved = await expectReplay(t, 'POST', `/credit-notes/${note.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id: note.id,
      status: 'APPROVED',
      approvedAt: approved.body.updatedAt,
    });
    expect(await balanceOf(order.customer.id)).toBe(31);
    expect((await call('GET', `/invoices/${invoice.id}`, { key: t.key })).body.balanceDue).toBe(31);

    const voided = await expectReplay(t, 'POST', `/credit-notes/${note.id}/void`, {
      voidReason: 'Issued twice',
    });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({
      status: 'VOID',
      voidReason: 'Issued twice',
      voidedAt: voided.body.updatedAt,
    });
    expect(await balanceOf(order.customer.id)).toBe(55);
    const audit = await listAudit(t.orgId, { resourceType: 'credit_note', resourceId: note.id });
    expect(audit.map((e) => [e.action, e.apiKeyId])).toEqual(
      expect.arrayContaining([
        ['approve', t.keyId],
        ['void', t.keyId],
      ]),
    );
  });

  it("wrong statuses are 422 naming them; a bad void body is 400; another organisation's note is 404", async () => {
    const { body } = await sentInvoice();
    const note = (await post('/credit-notes', body)).body;
    const foreign = await post(`/credit-notes/${note.id}/approve`, undefined, other);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Credit note not found']);
    const foreignVoid = await post(`/credit-notes/${note.id}/void`, undefined, other);
    expect(foreignVoid.status).toBe(404);
    const badReason = await post(`/credit-notes/${note.id}/void`, { voidReason: 'x'.repeat(501) });
    expect([badReason.status, badReason.body.error.code]).toEqual([400, 'validation_error']);
    expect((await post(`/credit-notes/${note.id}/void`)).body).toMatchObject({
      status: 'VOID',
      voidReason: null,
    });
    const approve = await post(`/credit-notes/${note.id}/approve`);
    expect([approve.status, approve.body.error.code]).toEqual([422, 'unprocessable']);
    expect(approve.body.error.message).toContain('VOID');
    const again = await post(`/credit-notes/${note.id}/void`);
    expect(again.status).toBe(422);
  });

  it('the CLI and the API give the same note for approve and for void', async () => {
    const { body } = await sentInvoice();
    const [viaApi, viaCli] = [
      (await post('/credit-notes', body)).body,
      (await post('/credit-notes', body)).body,
    ];
    const api = await post(`/credit-notes/${viaApi.id}/approve`);
    const cli = await runAdmin(['credit-note', 'approve', '--org', t.orgId, '--id', viaCli.id]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
    const apiVoid = await post(`/credit-notes/${viaApi.id}/void`, { voidReason: 'Wrong' });
    const cliVoid = await runAdmin([
      'credit-note',
      'void',
      '--org',
      t.orgId,
      '--id',
      viaCli.id,
      '--reason',
      'Wrong',
    ]);
    expect(cliVoid.code, cliVoid.stderr).toBe(0);
    expect(comparable(JSON.parse(cliVoid.stdout))).toEqual(comparable(apiVoid.body));
  });
});
