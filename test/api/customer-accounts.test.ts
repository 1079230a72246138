/**
 * Issue 25 item 1: a customer's outstandingBalance equals the sum of its open invoices' balanceDue after
 * any sequence of sends, payments, credits and voids (a seeded random walk over the API and the back
 * office), and the back office's `invoice reconcile-accounts` repairs an account that drifted.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { header2 } from '../../domain/money.js';
import { createCreditNoteCommand } from '../../functions/areas/credit-notes/steps/create.js';
import {
  approveCreditNoteCommand,
  voidCreditNoteCommand,
} from '../../functions/areas/credit-notes/steps/transitions.js';
import { customerAccountKey } from '../../functions/areas/customers/public.js';
import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { voidInvoice } from '../../functions/areas/invoices/steps/void.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product, warehouse } from '../support/inventory.js';
import { invoiced, sentInvoiceOf } from '../support/invoices.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';

/** mulberry32: a small seeded generator, so a failing walk can be replayed from its seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Shown {
  id: string;
  status: string;
  balanceDue: number;
  paidAmount: number;
}

const shownAccount = async (t: Tenant, customerId: string) =>
  (await call('GET', `/customers/${customerId}`, { key: t.key })).body.outstandingBalance as number;

async function invoicesOf(t: Tenant, customerId: string): Promise<Shown[]> {
  const res = await call('GET', '/invoices', { key: t.key, query: { customerId, pageSize: 100 } });
  expect(res.status).toBe(200);
  return res.body.data as Shown[];
}

const OPEN = ['SENT', 'PARTIALLY_PAID', 'OVERDUE', 'PAID'];

describe('the customer account equals the sum of the open balances (property)', () => {
  it('after every step of a seeded random walk of invoices, sends, payments, credits and voids', async () => {
    const seed = Number(process.env.ACCOUNT_WALK_SEED ?? 20261125);
    const random = seeded(seed);
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
    const t = await newTenant('Account walk org');
    const [w, service, ...customers] = await Promise.all([
      warehouse(t),
      product(t, { productType: 'NON_STOCKED' }),
      customer(t),
      customer(t),
    ]);
    const invoices = new Map<string, { customerId: string; approvedNotes: string[] }>();
    const log: string[] = [];
    for (let step = 0; step < 24; step += 1) {
      const all = (await Promise.all(customers.map((c) => invoicesOf(t, c.id)))).flat();
      const drafts = all.filter((i) => i.status === 'DRAFT');
      const owing = all.filter((i) => OPEN.includes(i.status) && i.balanceDue > 0);
      const roll = random();
      const c = pick(customers)!;
      if (roll < 0.25 || all.length === 0) {
        const amount = header2(1 + random() * 40);
        const order = await draftOrder(
          t,
          [
            { productId: service.id, quantity: 1, unitPrice: amount } as {
              productId: string;
              quantity: number;
            },
          ],
          { customerId: c.id, warehouseId: w.id },
        );
        await confirmOrder(t, order.id);
        const invoice = await invoiced(t, order.id);
        invoices.set(invoice.id, { customerId: c.id, approvedNotes: [] });
        log.push(`invoice ${amount}`);
      } else if (roll < 0.4 && drafts.length > 0) {
        await sendInvoice({ orgId: t.orgId, id: pick(drafts)!.id });
        log.push('send');
      } else if (roll < 0.7 && owing.length > 0) {
        const invoice = pick(owing)!;
        const choice = random();
        const amount =
          choice < 0.3
            ? invoice.balanceDue
            : choice < 0.5
              ? Number((invoice.balanceDue + 0.0049).toFixed(4))
              : Math.max(0.0001, Number((invoice.balanceDue * random()).toFixed(4)));
        const res = await call('POST', `/invoices/${invoice.id}/payments`, { key: t.key, body: { amount } });
        expect(res.status, `${seed}: pay ${amount} of ${invoice.balanceDue}`).toBe(201);
        log.push(`pay ${amount}`);
      } else if (roll < 0.85 && owing.length > 0) {
        const invoice = pick(owing)!;
        const unitPrice = Math.max(0.01, header2(invoice.balanceDue * random()));
        const note = await createCreditNoteCommand({
          orgId: t.orgId,
          customerId: invoices.get(invoice.id)!.customerId,
          invoiceId: invoice.id,
          returnStock: false,
          lines: [{ productId: service.id, quantity: 1, unitPrice, taxRate: 0 }],
        });
        await approveCreditNoteCommand({ orgId: t.orgId, id: note.id });
        invoices.get(invoice.id)?.approvedNotes.push(note.id);
        log.push(`credit ${unitPrice}`);
      } else {
        const credited = [...invoices.values()].find((i) => i.approvedNotes.length > 0);
        const voidable = all.filter((i) => i.status !== 'VOID' && i.status !== 'PAID' && i.paidAmount === 0);
        if (credited && random() < 0.5) {
          await voidCreditNoteCommand({ orgId: t.orgId, id: credited.approvedNotes.pop()!, reason: 'walk' });
          log.push('void credit');
        } else if (voidable.length > 0) {
          const target = pick(voidable)!;
          await voidInvoice({ orgId: t.orgId, id: target.id }).catch((e: { status?: number }) => {
            // An invoice credited meanwhile may be refused (422); anything else fails the walk.
            if (e.status !== 422) throw e;
          });
          log.push('void invoice');
        }
      }
      for (const each of customers) {
        const open = (await invoicesOf(t, each.id)).filter((i) => OPEN.includes(i.status));
        const expected = header2(open.reduce((sum, i) => sum + i.balanceDue, 0));
        expect(await shownAccount(t, each.id), `seed ${seed}, after ${log.join(', ')}`).toBe(expected);
      }
    }
  }, 120_000);
});

describe('invoice reconcile-accounts (back office)', () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await newTenant('Reconcile org');
  });

  const driftTo = (tenant: Tenant, customerId: string, value: number) =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: customerAccountKey(tenant.orgId, customerId),
        UpdateExpression: 'SET outstandingBalance = :v',
        ExpressionAttributeValues: { ':v': value },
      }),
    );

  it('recomputes drifted accounts from the open invoices, reports them as JSON, and changes nothing on a second run', async () => {
    const [w, service, drifted, sound] = await Promise.all([
      warehouse(t),
      product(t, { productType: 'NON_STOCKED' }),
      customer(t),
      customer(t),
    ]);
    for (const c of [drifted, sound]) {
      const invoice = await sentInvoiceOf(t, {
        customerId: c.id,
        warehouseId: w.id,
        productId: service.id,
        amount: 10,
      });
      expect(
        (await call('POST', `/invoices/${invoice.id}/payments`, { key: t.key, body: { amount: 3.3333 } }))
          .status,
      ).toBe(201);
    }
    // What a payment left before issue 25's fix: 10 - 3.3333.
    await driftTo(t, drifted.id, 6.6667);
    const first = await runAdmin(['invoice', 'reconcile-accounts', '--org', t.orgId]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      organisations: 1,
      customersChecked: 2,
      changed: [
        { orgId: t.orgId, customerId: drifted.id, outstandingBalance: { before: 6.6667, after: 6.67 } },
      ],
    });
    expect(await shownAccount(t, drifted.id)).toBe(6.67);
    expect(await shownAccount(t, sound.id)).toBe(6.67);
    const second = await runAdmin(['invoice', 'reconcile-accounts', '--org', t.orgId]);
    expect(JSON.parse(second.stdout)).toEqual({ organisations: 1, customersChecked: 2, changed: [] });

    // Without --org every organisation is looked at.
    await driftTo(t, sound.id, -0.0049);
    const everywhere = await runAdmin(['invoice', 'reconcile-accounts']);
    expect(everywhere.code).toBe(0);
    const result = JSON.parse(everywhere.stdout);
    expect(result.organisations).toBeGreaterThanOrEqual(1);
    expect(result.changed).toContainEqual({
      orgId: t.orgId,
      customerId: sound.id,
      outstandingBalance: { before: -0.0049, after: 6.67 },
    });
    expect(await shownAccount(t, sound.id)).toBe(6.67);

    const unknown = await runAdmin(['invoice', 'reconcile-accounts', '--org', 'no-such-org']);
    expect([unknown.code, JSON.parse(unknown.stderr).error.code]).toEqual([1, 'command_failed']);
  });
});
