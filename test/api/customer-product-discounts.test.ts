import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product } from '../support/inventory.js';
import { outboxItems } from '../support/outbox.js';
import { customer } from '../support/sales.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;
const path = (customerId: string, productId: string) =>
  `/customers/${customerId}/product-discounts/${productId}`;
const put = (tenant: Tenant, customerId: string, productId: string, body: unknown) =>
  call('PUT', path(customerId, productId), { key: tenant.key, body });
const resolve = (tenant: Tenant, productId: string, customerId: string) =>
  call('GET', `/products/${productId}/prices`, { key: tenant.key, query: { customerId, quantity: 3 } });

beforeAll(async () => {
  [t, other] = await Promise.all([
    newTenant('Product discount org'),
    newTenant('Other product discount org'),
  ]);
});

describe('PUT /customers/{id}/product-discounts/{productId} (design.md section 7)', () => {
  it("sets the customer's discount on the product, which the price resolution reports; audited, no event", async () => {
    const [buyer, item] = await Promise.all([
      customer(t, { discountPct: 0.05 }),
      product(t, { defaultPrice: 20 }),
    ]);
    const events = (await outboxItems(t.orgId)).length;
    expect((await resolve(t, item.id, buyer.id)).body.appliedLineDiscountPct).toBeNull();
    const set = await put(t, buyer.id, item.id, { discountPct: 0.15 });
    expect([set.status, set.body]).toEqual([
      200,
      { id: `${buyer.id}:${item.id}`, customerId: buyer.id, productId: item.id, discountPct: 0.15 },
    ]);
    expect((await resolve(t, item.id, buyer.id)).body).toEqual({
      productId: item.id,
      customerId: buyer.id,
      quantity: 3,
      basePrice: 20,
      resolvedPrice: 20,
      source: 'default',
      appliedTierId: null,
      appliedDiscountPct: 0.05,
      appliedLineDiscountPct: 0.15,
    });
    const audit = await listAudit(t.orgId, {
      resourceType: 'customer_product_discount',
      resourceId: set.body.id,
    });
    expect(audit.map((a) => [a.action, a.apiKeyId, a.changedFields])).toEqual([
      ['create', t.keyId, ['discountPct']],
    ]);
    expect((await outboxItems(t.orgId)).length).toBe(events);
  });

  it('merge-patch: an omitted discountPct keeps it, a new one replaces it, null removes it', async () => {
    const [buyer, item] = await Promise.all([customer(t), product(t, { defaultPrice: 5 })]);
    const none = await put(t, buyer.id, item.id, {});
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      id: `${buyer.id}:${item.id}`,
      customerId: buyer.id,
      productId: item.id,
      discountPct: null,
    });
    await put(t, buyer.id, item.id, { discountPct: 0.2 });
    expect((await put(t, buyer.id, item.id, {})).body.discountPct).toBe(0.2);
    expect((await put(t, buyer.id, item.id, { discountPct: 0.25 })).body.discountPct).toBe(0.25);
    expect((await resolve(t, item.id, buyer.id)).body.appliedLineDiscountPct).toBe(0.25);
    expect((await put(t, buyer.id, item.id, { discountPct: null })).body.discountPct).toBeNull();
    expect((await resolve(t, item.id, buyer.id)).body.appliedLineDiscountPct).toBeNull();
    const audit = await listAudit(t.orgId, {
      resourceType: 'customer_product_discount',
      resourceId: `${buyer.id}:${item.id}`,
    });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'remove']);
  });

  it('a bad body is 400 and the discount is unchanged', async () => {
    const [buyer, item] = await Promise.all([customer(t), product(t)]);
    await put(t, buyer.id, item.id, { discountPct: 0.1 });
    for (const body of [
      { discountPct: 1.5 },
      { discountPct: -0.1 },
      { discountPct: '0.1' },
      { discountPct: 15 },
    ]) {
      const res = await put(t, buyer.id, item.id, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
    expect((await resolve(t, item.id, buyer.id)).body.appliedLineDiscountPct).toBe(0.1);
  });

  it("another organisation's customer or product, or an unknown one, is 404 and nothing is written", async () => {
    const [buyer, item, theirBuyer, theirItem] = await Promise.all([
      customer(t),
      product(t),
      customer(other),
      product(other),
    ]);
    const cases: [string, string, string][] = [
      [theirBuyer.id, item.id, 'Customer not found'],
      [buyer.id, theirItem.id, 'Product not found'],
      ['nobody', item.id, 'Customer not found'],
      [buyer.id, 'nothing', 'Product not found'],
    ];
    for (const [customerId, productId, message] of cases) {
      const res = await put(t, customerId, productId, { discountPct: 0.3 });
      expect([res.status, res.body.error]).toEqual([404, { code: 'not_found', message }]);
    }
    expect((await resolve(other, theirItem.id, theirBuyer.id)).body.appliedLineDiscountPct).toBeNull();
    expect((await resolve(t, item.id, buyer.id)).body.appliedLineDiscountPct).toBeNull();
  });

  it('the same Idempotency-Key replays the first answer', async () => {
    const [buyer, item] = await Promise.all([customer(t), product(t)]);
    const first = await expectReplay(t, 'PUT', path(buyer.id, item.id), { discountPct: 0.12 });
    expect([first.status, first.body.discountPct]).toEqual([200, 0.12]);
  });

  it('the CLI and the API give the same row, and the CLI still refuses a percentage that is not a fraction', async () => {
    const [buyer, apiItem, cliItem] = await Promise.all([customer(t), product(t), product(t)]);
    const api = await put(t, buyer.id, apiItem.id, { discountPct: 0.075 });
    const cli = await runAdmin([
      'customer',
      'set-product-discount',
      '--org',
      t.orgId,
      '--customer',
      buyer.id,
      '--product',
      cliItem.id,
      '--pct',
      '0.075',
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
    expect((await resolve(t, cliItem.id, buyer.id)).body.appliedLineDiscountPct).toBe(0.075);
    const audit = await listAudit(t.orgId, {
      resourceType: 'customer_product_discount',
      resourceId: `${buyer.id}:${cliItem.id}`,
    });
    expect(audit.map((a) => [a.action, a.apiKeyId])).toEqual([['create', 'back-office']]);
  });
});
