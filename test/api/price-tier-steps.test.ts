/**
 * Price tiers over the API (design.md section 7, beyond the spec): POST /price-tiers, PUT
 * /price-tiers/{id}/prices/{productId} and POST /price-tiers/{id}/breaks run the steps of `price-tier
 * create|set-price|add-break`, and the spec's reads (the tier's detail, the price resolver) show what
 * they wrote.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
const post = (path: string, body: unknown, key = t.key) => call('POST', path, { key, body });
const put = (path: string, body: unknown, key = t.key) => call('PUT', path, { key, body });
const newProduct = async (tenant: Tenant, defaultPrice: number) =>
  (
    await call('POST', '/products', {
      key: tenant.key,
      body: { sku: `TS-${unique()}`, name: `Tiered ${unique()}`, defaultPrice },
    })
  ).body as { id: string; sku: string; name: string };
const newTier = async (name = `Tier ${unique()}`) => (await post('/price-tiers', { name })).body;
const onTier = async (tierId: string) =>
  (await post('/customers', { code: `TC-${unique()}`, name: 'Tier buyer', priceTierId: tierId })).body;
const resolve = (productId: string, customerId: string, quantity: number) =>
  call('GET', `/products/${productId}/prices`, { key: t.key, query: { customerId, quantity } });

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Tier steps org'), newTenant('Tier steps outsider')]);
});

describe('POST /price-tiers (pricing.manage)', () => {
  it('creates an active tier after the highest tierIndex (201, its detail), replays its key and is audited', async () => {
    const tenant = await newTenant('Tier create');
    const created = await expectReplay(tenant, 'POST', '/price-tiers', { name: ' Trade ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      tierIndex: 1,
      name: 'Trade',
      isActive: true,
      productPriceCount: 0,
      customerCount: 0,
      createdAt: expect.any(String),
      updatedAt: created.body.createdAt,
      productPrices: [],
      productPricesTruncated: false,
      productPricesTotal: 0,
      quantityBreaks: [],
    });
    const read = await call('GET', `/price-tiers/${created.body.id}`, { key: tenant.key });
    expect(read.body).toEqual(created.body);
    const next = await call('POST', '/price-tiers', { key: tenant.key, body: { name: 'Wholesale' } });
    expect(next.body.tierIndex).toBe(2);
    const base = await call('POST', '/price-tiers', {
      key: tenant.key,
      body: { name: 'Base', tierIndex: 0 },
    });
    expect(base.body.tierIndex).toBe(0);
    const list = await call('GET', '/price-tiers', { key: tenant.key });
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['Base', 'Trade', 'Wholesale']);
    const audit = await listAudit(tenant.orgId, { resourceType: 'price-tier', resourceId: created.body.id });
    expect(audit.map((e) => [e.action, e.changedFields, e.apiKeyId])).toEqual([
      ['create', ['name', 'tierIndex'], tenant.keyId],
    ]);
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['a negative tierIndex', { name: 'Neg', tierIndex: -1 }],
    ['a fractional tierIndex', { name: 'Frac', tierIndex: 1.5 }],
  ])('%s is 400', async (_case, body) => {
    const res = await post('/price-tiers', body);
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
  });
});

describe('PUT /price-tiers/{id}/prices/{productId} (pricing.manage)', () => {
  it("sets and changes a product's tier price (merge-patch), answers the refreshed tier, and the resolver follows", async () => {
    const tier = await newTier();
    const product = await newProduct(t, 10);
    const customer = await onTier(tier.id);
    expect((await resolve(product.id, customer.id, 1)).body).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
    });

    const set = await expectReplay(t, 'PUT', `/price-tiers/${tier.id}/prices/${product.id}`, { price: 8 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      id: tier.id,
      productPriceCount: 1,
      customerCount: 1,
      productPrices: [{ productId: product.id, sku: product.sku, productName: product.name, price: 8 }],
      productPricesTotal: 1,
      quantityBreaks: [],
    });
    expect(set.body.updatedAt > tier.updatedAt).toBe(true);
    expect((await resolve(product.id, customer.id, 1)).body).toMatchObject({
      basePrice: 10,
      resolvedPrice: 8,
      source: 'tier',
      appliedTierId: tier.id,
    });

    const changed = await put(`/price-tiers/${tier.id}/prices/${product.id}`, { price: 7.5 });
    expect(changed.body).toMatchObject({ productPriceCount: 1, productPrices: [{ price: 7.5 }] });
    expect((await resolve(product.id, customer.id, 1)).body.resolvedPrice).toBe(7.5);
    const kept = await put(`/price-tiers/${tier.id}/prices/${product.id}`, {});
    expect([kept.status, kept.body.productPrices]).toEqual([200, changed.body.productPrices]);
    expect(kept.body.updatedAt).toBe(changed.body.updatedAt);
    expect((await call('GET', `/price-tiers/${tier.id}`, { key: t.key })).body).toEqual(kept.body);

    const audit = await listAudit(t.orgId, { resourceType: 'price-tier', resourceId: tier.id });
    expect(audit.filter((e) => e.action === 'set-price').map((e) => [e.changedFields, e.apiKeyId])).toEqual([
      [['productPrices'], t.keyId],
      [['productPrices'], t.keyId],
    ]);
  });

  it('a product not yet priced in the tier needs a price (422); bad prices are 400', async () => {
    const tier = await newTier();
    const product = await newProduct(t, 4);
    const path = `/price-tiers/${tier.id}/prices/${product.id}`;
    const none = await put(path, {});
    expect([none.status, none.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'A product not yet priced in this tier needs a price' },
    ]);
    for (const body of [{ price: -1 }, { price: 'cheap' }, { price: null }, { price: 100_000_000 }]) {
      const res = await put(path, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
    expect((await call('GET', `/price-tiers/${tier.id}`, { key: t.key })).body.productPriceCount).toBe(0);
  });

  it('racing first prices for one product are counted once; the last write stands', async () => {
    const tier = await newTier();
    const product = await newProduct(t, 10);
    const path = `/price-tiers/${tier.id}/prices/${product.id}`;
    const answers = await Promise.all([1, 2, 3, 4, 5].map((price) => put(path, { price })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const read = (await call('GET', `/price-tiers/${tier.id}`, { key: t.key })).body;
    expect([read.productPriceCount, read.productPricesTotal]).toEqual([1, 1]);
    expect([1, 2, 3, 4, 5]).toContain(read.productPrices[0].price);
  });

  it("another organisation's tier or product is 404", async () => {
    const tier = await newTier();
    const product = await newProduct(t, 3);
    const foreignProduct = await newProduct(other, 3);
    const fromOutside = await put(`/price-tiers/${tier.id}/prices/${product.id}`, { price: 1 }, other.key);
    expect([fromOutside.status, fromOutside.body.error.message]).toEqual([404, 'Price tier not found']);
    const theirs = await put(`/price-tiers/${tier.id}/prices/${foreignProduct.id}`, { price: 1 });
    expect([theirs.status, theirs.body.error.message]).toEqual([404, 'Product not found']);
    expect((await call('GET', `/price-tiers/${tier.id}`, { key: t.key })).body.productPrices).toEqual([]);
  });
});

describe('POST /price-tiers/{id}/breaks (pricing.manage)', () => {
  it('adds a quantity break (201, the refreshed tier); the resolver applies it; the same minQuantity is replaced', async () => {
    const tier = await newTier();
    const product = await newProduct(t, 10);
    const customer = await onTier(tier.id);
    await put(`/price-tiers/${tier.id}/prices/${product.id}`, { price: 8 });
    const added = await expectReplay(t, 'POST', `/price-tiers/${tier.id}/breaks`, {
      productId: product.id,
      minQuantity: 20,
      unitPrice: 7,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: tier.id,
      productPriceCount: 1,
      quantityBreaks: [{ productId: product.id, minQuantity: 20, unitPrice: 7 }],
    });
    expect((await resolve(product.id, customer.id, 19)).body).toMatchObject({
      resolvedPrice: 8,
      source: 'tier',
    });
    expect((await resolve(product.id, customer.id, 20)).body).toMatchObject({
      resolvedPrice: 7,
      source: 'quantity_break',
      appliedTierId: tier.id,
    });

    await post(`/price-tiers/${tier.id}/breaks`, { productId: product.id, minQuantity: 5, unitPrice: 7.8 });
    const replaced = await post(`/price-tiers/${tier.id}/breaks`, {
      productId: product.id,
      minQuantity: 20,
      unitPrice: 6.5,
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body.quantityBreaks).toEqual([
      { productId: product.id, minQuantity: 5, unitPrice: 7.8 },
      { productId: product.id, minQuantity: 20, unitPrice: 6.5 },
    ]);
    expect((await resolve(product.id, customer.id, 25)).body.resolvedPrice).toBe(6.5);
    expect((await resolve(product.id, customer.id, 6)).body.resolvedPrice).toBe(7.8);
    const audit = await listAudit(t.orgId, { resourceType: 'price-tier', resourceId: tier.id });
    expect(audit.filter((e) => e.action === 'add-break').map((e) => e.apiKeyId)).toEqual([
      t.keyId,
      t.keyId,
      t.keyId,
    ]);
  });

  it("another organisation's tier is 404, its product 422 invalid_reference; bad bodies are 400", async () => {
    const tier = await newTier();
    const product = await newProduct(t, 10);
    const foreignProduct = await newProduct(other, 10);
    const body = { productId: product.id, minQuantity: 10, unitPrice: 9 };
    const fromOutside = await post(`/price-tiers/${tier.id}/breaks`, body, other.key);
    expect([fromOutside.status, fromOutside.body.error.message]).toEqual([404, 'Price tier not found']);
    const theirs = await post(`/price-tiers/${tier.id}/breaks`, { ...body, productId: foreignProduct.id });
    expect([theirs.status, theirs.body.error.code]).toEqual([422, 'invalid_reference']);
    for (const bad of [
      { ...body, minQuantity: 0 },
      { ...body, unitPrice: -1 },
      { productId: product.id, minQuantity: 10 },
      { ...body, productId: '' },
    ]) {
      const res = await post(`/price-tiers/${tier.id}/breaks`, bad);
      expect([res.status, res.body.error.code], JSON.stringify(bad)).toEqual([400, 'validation_error']);
    }
    expect((await call('GET', `/price-tiers/${tier.id}`, { key: t.key })).body.quantityBreaks).toEqual([]);
  });
});

describe('the CLI and the API give the same tier', () => {
  it('create, set-price and add-break through either door read back the same', async () => {
    const product = await newProduct(t, 12);
    const name = `Twin ${unique()}`;
    const api = (await post('/price-tiers', { name, tierIndex: 40 })).body;
    const cli = await admin('price-tier', 'create', '--org', t.orgId, '--name', name, '--index', '40');
    const read = async (id: string) => (await call('GET', `/price-tiers/${id}`, { key: t.key })).body;
    expect(comparable(await read(cli.id))).toEqual(comparable(api));

    await put(`/price-tiers/${api.id}/prices/${product.id}`, { price: 11 });
    await post(`/price-tiers/${api.id}/breaks`, { productId: product.id, minQuantity: 10, unitPrice: 9.5 });
    const tierFlags = ['--org', t.orgId, '--tier', cli.id, '--product', product.id];
    await admin('price-tier', 'set-price', ...tierFlags, '--price', '11');
    await admin('price-tier', 'add-break', ...tierFlags, '--min-quantity', '10', '--unit-price', '9.5');
    const [viaApi, viaCli] = [await read(api.id), await read(cli.id)];
    expect(viaApi.productPrices).toEqual([
      { productId: product.id, sku: product.sku, productName: product.name, price: 11 },
    ]);
    expect(viaCli.productPrices).toEqual(viaApi.productPrices);
    expect(viaCli.quantityBreaks).toEqual(viaApi.quantityBreaks);
    expect(comparable(viaCli)).toEqual(comparable(viaApi));
    const audit = await listAudit(t.orgId, { resourceType: 'price-tier', resourceId: cli.id });
    expect(audit.map((e) => [e.action, e.apiKeyId])).toEqual([
      ['create', 'back-office'],
      ['set-price', 'back-office'],
      ['add-break', 'back-office'],
    ]);
  });
});
