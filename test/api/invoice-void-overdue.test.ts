import { beforeAll, describe, expect, it } from 'vitest';
import { rollInvoicesOverdue } from '../../functions/areas/invoices/back-office/roll-overdue.js';
import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { voidInvoice } from '../../functions/areas/invoices/steps/void.js';
import { getCustomerAccount } from '../../functions/areas/customers/store/account.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { confirmedOrder, invoiced, invoiceOrder } from '../support/invoices.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Void org'), newTenant('Other void org')]);
});

const balanceOf = async (customerId: string, tenant = t) =>
  (await getCustomerAccount(tenant.orgId, customerId)).outstandingBalance;

const DAY = 86_400_000;

describe('invoice void (back office)', () => {
  it('refuses an invoice with a payment and changes nothing', async () => {
    const order = await confirmedOrder(t);
    const invoice = await invoiced(t, order.id);
    await sendInvoice({ orgId: t.orgId, id: invoice.id });
    const paid = await call('POST', `/invoices/${invoice.id}/payments`, { key: t.key, body: { amount: 10 } });
    expect(paid.status).toBe(201);
    await expect(voidInvoice({ orgId: t.orgId, id: invoice.id })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('1 payment(s)'),
    });
    const detail = await call('GET', `/invoices/${invoice.id}`, { key: t.key });
    expect(detail.body).toMatchObject({ status: 'PARTIALLY_PAID', balanceDue: 45 });
    expect(await balanceOf(order.customer.id)).toBe(45);
  });

  it('voids a SENT invoice: the balance falls, the order can be invoiced again (charges again) and cancelled', async () => {
    const order = await confirmedOrder(t);
    const invoice = await invoiced(t, order.id);
    await sendInvoice({ orgId: t.orgId, id: invoice.id });
    expect(await balanceOf(order.customer.id)).toBe(55);

    const voided = await voidInvoice({ orgId: t.orgId, id: invoice.id });
    expect(voided).toMatchObject({ id: invoice.id, status: 'VOID' });
    expect(await balanceOf(order.customer.id)).toBe(0);
    const orderAfter = await call('GET', `/sales-orders/${order.id}`, { key: t.key });
    expect(orderAfter.body.lines.map((l: { invoicedQty: number }) => l.invoicedQty)).toEqual([0, 0]);
    await expect(voidInvoice({ orgId: t.orgId, id: invoice.id })).rejects.toMatchObject({ status: 422 });
    await expect(voidInvoice({ orgId: other.orgId, id: invoice.id })).rejects.toMatchObject({
      status: 404,
    });

    const again = await invoiceOrder(t, order.id);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ totalAmount: invoice.totalAmount, chargesTotal: 5 });
    const refused = await call('POST', `/sales-orders/${order.id}/cancel`, { key: t.key });
    expect(refused.status).toBe(422);

    await voidInvoice({ orgId: t.orgId, id: again.body.id });
    expect(await balanceOf(order.customer.id)).toBe(0);
    const cancelled = await call('POST', `/sales-orders/${order.id}/cancel`, { key: t.key });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
  });
});

describe('invoice roll-overdue (back office)', () => {
  it('moves only SENT and PARTIALLY_PAID invoices due before --as-of to OVERDUE', async () => {
    const tenant = await newTenant('Roll org');
    const [short, long, draft, partly] = await Promise.all([
      confirmedOrder(tenant, { paymentTermsDays: 10 }),
      confirmedOrder(tenant, { paymentTermsDays: 60 }),
      confirmedOrder(tenant, { paymentTermsDays: 10 }),
      confirmedOrder(tenant, { paymentTermsDays: 20 }),
    ]);
    const [a, b, c, d] = await Promise.all([
      invoiced(tenant, short.id),
      invoiced(tenant, long.id),
      invoiced(tenant, draft.id),
      invoiced(tenant, partly.id),
    ]);
    await Promise.all([a, b, d].map((i) => sendInvoice({ orgId: tenant.orgId, id: i.id })));
    await call('POST', `/invoices/${d.id}/payments`, { key: tenant.key, body: { amount: 5 } });

    const none = await rollInvoicesOverdue({ orgId: tenant.orgId });
    expect(none).toEqual({ data: [] });

    const asOf = new Date(Date.now() + 30 * DAY).toISOString();
    // The clock stands 30 days on: an as-of may not be in the future.
    const rolled = await rollInvoicesOverdue({ orgId: tenant.orgId, asOf, now: new Date(asOf) });
    expect(rolled.data.map((i) => [i.id, i.status]).sort()).toEqual(
      [
        [a.id, 'OVERDUE'],
        [d.id, 'OVERDUE'],
      ].sort(),
    );
    const list = await call('GET', '/invoices', { key: tenant.key, query: { status: 'OVERDUE' } });
    expect(list.body.data.map((i: { id: string }) => i.id).sort()).toEqual([a.id, d.id].sort());
    const statuses = await Promise.all(
      [b, c].map(async (i) => (await call('GET', `/invoices/${i.id}`, { key: tenant.key })).body.status),
    );
    expect(statuses).toEqual(['SENT', 'DRAFT']);
    expect(await rollInvoicesOverdue({ orgId: tenant.orgId, asOf, now: new Date(asOf) })).toEqual({
      data: [],
    });
  });
});

describe('invoice roll-overdue refuses an --as-of in the future (issue 25 item 13)', () => {
  it('exits 1 with a JSON invalid_parameter error and rolls nothing; within 5 minutes of now is clock skew', async () => {
    const tenant = await newTenant('Roll future org');
    const order = await confirmedOrder(tenant, { paymentTermsDays: 10 });
    const invoice = await invoiced(tenant, order.id);
    await sendInvoice({ orgId: tenant.orgId, id: invoice.id });
    const ahead = new Date(Date.now() + 30 * DAY).toISOString();
    const refused = await runAdmin(['invoice', 'roll-overdue', '--org', tenant.orgId, '--as-of', ahead]);
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(JSON.parse(refused.stderr)).toEqual({
      error: {
        code: 'invalid_parameter',
        message: expect.stringMatching(/^--as-of \(.+\) is in the future/),
      },
    });
    const detail = await call('GET', `/invoices/${invoice.id}`, { key: tenant.key });
    expect(detail.body.status).toBe('SENT');
    const skewed = new Date(Date.now() + 60_000).toISOString();
    const accepted = await runAdmin(['invoice', 'roll-overdue', '--org', tenant.orgId, '--as-of', skewed]);
    expect([accepted.code, JSON.parse(accepted.stdout)]).toEqual([0, { data: [] }]);
  });
});
