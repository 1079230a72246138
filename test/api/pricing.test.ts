import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/dynamo/client.js';
import { priceTierKey } from '../../functions/areas/pricing/public.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
let other: Tenant;
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
const newProduct = async (defaultPrice: number) =>
  (
    await call('POST', '/products', {
      key: t.key,
      body: { sku: `PP-${unique()}`, name: `PP ${unique()}`, defaultPrice },
    })
  ).body;
const newCustomer = async (body: Record<string, unknown> = {}) => {
  const res = await call('POST', '/customers', {
    key: t.key,
    body: { code: `PC-${unique()}`, name: 'Buyer', ...body },
  });
  expect(res.status).toBe(201);
  return res.body;
};
const deactivateTier = (orgId: string, id: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: priceTierKey(orgId, id),
      UpdateExpression: 'SET isActive = :f',
      ExpressionAttributeValues: { ':f': false },
    }),
  );
const prices = (productId: string, query: Record<string, string | number>) =>
  call('GET', `/products/${productId}/prices`, { key: t.key, query });

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Pricing org'), newTenant('Other pricing org')]);
});

describe('price tiers', () => {
  it('lists tiers by tierIndex with search, includeInactive and modifiedSince; detail has prices, breaks and counts', async () => {
    const tenant = await newTenant('Tier lists');
    const tier = (name: string, ...extra: string[]) =>
      admin('price-tier', 'create', '--org', tenant.orgId, '--name', name, ...extra);
    const gold = await tier('Gold');
    expect(gold).toEqual({
      id: expect.any(String),
      tierIndex: 1,
      name: 'Gold',
      isActive: true,
      productPriceCount: 0,
      customerCount: 0,
      createdAt: expect.any(String),
      updatedAt: gold.createdAt,
    });
    const silver = await tier('Silver');
    expect(silver.tierIndex).toBe(2);
    await tier('Base', '--index', '0');
    const old = await tier('Old');
    await deactivateTier(tenant.orgId, old.id);

    const list = (query: Record<string, string> = {}) =>
      call('GET', '/price-tiers', { key: tenant.key, query });
    const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((x) => x.name);
    expect(names(await list())).toEqual(['Base', 'Gold', 'Silver']);
    expect(names(await list({ includeInactive: 'true' }))).toEqual(['Base', 'Gold', 'Silver', 'Old']);
    expect(names(await list({ search: 'OL' }))).toEqual(['Gold']);
    expect((await list({ includeInactive: '1' })).status).toBe(400);

    const product = (
      await call('POST', '/products', {
        key: tenant.key,
        body: { sku: 'T-1', name: 'Tiered', defaultPrice: 10 },
      })
    ).body;
    await new Promise((r) => setTimeout(r, 5));
    const set = await admin(
      'price-tier',
      'set-price',
      '--org',
      tenant.orgId,
      '--tier',
      gold.id,
      '--product',
      product.id,
      '--price',
      '8',
    );
    expect(set).toEqual({ id: `${gold.id}:${product.id}`, tierId: gold.id, productId: product.id, price: 8 });
    await admin(
      'price-tier',
      'set-price',
      '--org',
      tenant.orgId,
      '--tier',
      gold.id,
      '--product',
      product.id,
      '--price',
      '7.5',
    );
    await admin(
      'price-tier',
      'add-break',
      '--org',
      tenant.orgId,
      '--tier',
      gold.id,
      '--product',
      product.id,
      '--min-quantity',
      '100',
      '--unit-price',
      '6',
    );
    const brk = await admin(
      'price-tier',
      'add-break',
      '--org',
      tenant.orgId,
      '--tier',
      gold.id,
      '--product',
      product.id,
      '--min-quantity',
      '20',
      '--unit-price',
      '7',
    );
    expect(brk).toEqual({
      id: `${gold.id}:${product.id}:20`,
      tierId: gold.id,
      productId: product.id,
      minQuantity: 20,
      unitPrice: 7,
    });
    await call('POST', '/customers', {
      key: tenant.key,
      body: { code: 'G1', name: 'G1', priceTierId: gold.id },
    });
    const moving = await call('POST', '/customers', {
      key: tenant.key,
      body: { code: 'G2', name: 'G2', priceTierId: gold.id },
    });
    await call('PUT', `/customers/${moving.body.id}`, { key: tenant.key, body: { priceTierId: silver.id } });

    const detail = await call('GET', `/price-tiers/${gold.id}`, { key: tenant.key });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: gold.id,
      productPriceCount: 1,
      customerCount: 1,
      productPrices: [{ productId: product.id, sku: 'T-1', productName: 'Tiered', price: 7.5 }],
      productPricesTruncated: false,
      productPricesTotal: 1,
      quantityBreaks: [
        { productId: product.id, minQuantity: 20, unitPrice: 7 },
        { productId: product.id, minQuantity: 100, unitPrice: 6 },
      ],
    });
    expect(detail.body.updatedAt > gold.updatedAt).toBe(true);
    expect((await call('GET', `/price-tiers/${silver.id}`, { key: tenant.key })).body.customerCount).toBe(1);
    expect(names(await list({ modifiedSince: detail.body.updatedAt }))).toEqual(['Gold']);

    expect((await call('GET', `/price-tiers/${gold.id}`, { key: other.key })).status).toBe(404);
    expect((await call('GET', '/price-tiers/nope', { key: tenant.key })).body.error).toEqual({
      code: 'not_found',
      message: 'Price tier not found',
    });
  });

  it('a customer cannot be put on an unknown, foreign or inactive tier (422 invalid_reference)', async () => {
    const foreign = await admin('price-tier', 'create', '--org', other.orgId, '--name', 'Foreign');
    const inactive = await admin('price-tier', 'create', '--org', t.orgId, '--name', 'Inactive');
    await deactivateTier(t.orgId, inactive.id);
    for (const priceTierId of ['nope', foreign.id, inactive.id]) {
      const res = await call('POST', '/customers', {
        key: t.key,
        body: { code: `IT-${unique()}`, name: 'x', priceTierId },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('invalid_reference');
      expect(res.body.error.message).toContain('priceTierId');
    }
  });

  it('back-office commands refuse unknown tiers, products and customers, and bad numbers', async () => {
    const product = await newProduct(1);
    const bad = await runAdmin([
      'price-tier',
      'set-price',
      '--org',
      t.orgId,
      '--tier',
      'nope',
      '--product',
      product.id,
      '--price',
      '1',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"code":"not_found","message":"Price tier not found"');
    const pct = await runAdmin([
      'customer',
      'set-product-discount',
      '--org',
      t.orgId,
      '--customer',
      'c',
      '--product',
      product.id,
      '--pct',
      '15',
    ]);
    expect(pct.code).toBe(1);
    expect(pct.stderr).toContain('--pct must be a fraction');
    const noCustomer = await runAdmin([
      'customer',
      'set-product-discount',
      '--org',
      t.orgId,
      '--customer',
      'nobody',
      '--product',
      product.id,
      '--pct',
      '0.1',
    ]);
    expect(noCustomer.stderr).toContain('Customer not found');
  });
});

describe('GET /products/{id}/prices resolves defaultPrice -> tier -> quantity break', () => {
  let tier: { id: string };
  let tiered: { id: string };
  let breaksOnly: { id: string };
  let customer: { id: string };

  beforeAll(async () => {
    tier = await admin('price-tier', 'create', '--org', t.orgId, '--name', `Resolver ${unique()}`);
    tiered = await newProduct(10);
    breaksOnly = await newProduct(5);
    await admin(
      'price-tier',
      'set-price',
      '--org',
      t.orgId,
      '--tier',
      tier.id,
      '--product',
      tiered.id,
      '--price',
      '8',
    );
    for (const [min, price] of <[string, string][]>[
      ['10', '7'],
      ['50', '6.5'],
      ['25', '9'],
    ]) {
      await admin(
        'price-tier',
        'add-break',
        '--org',
        t.orgId,
        '--tier',
        tier.id,
        '--product',
        tiered.id,
        '--min-quantity',
        min,
        '--unit-price',
        price,
      );
    }
    await admin(
      'price-tier',
      'add-break',
      '--org',
      t.orgId,
      '--tier',
      tier.id,
      '--product',
      breaksOnly.id,
      '--min-quantity',
      '3',
      '--unit-price',
      '4',
    );
    customer = await newCustomer({ priceTierId: tier.id, discountPct: 0.05 });
    await admin(
      'customer',
      'set-product-discount',
      '--org',
      t.orgId,
      '--customer',
      customer.id,
      '--product',
      tiered.id,
      '--pct',
      '0.1',
    );
  });

  it('source tier: the customer tier price, with the standing and per-product discounts reported, not applied', async () => {
    const res = await prices(tiered.id, { customerId: customer.id, quantity: 2 });
    expect(res.body).toEqual({
      productId: tiered.id,
      customerId: customer.id,
      quantity: 2,
      basePrice: 10,
      resolvedPrice: 8,
      source: 'tier',
      appliedTierId: tier.id,
      appliedDiscountPct: 0.05,
      appliedLineDiscountPct: 0.1,
    });
  });

  it.each([
    [9, 8, 'tier'],
    [10, 7, 'quantity_break'],
    [25, 9, 'quantity_break'],
    [60, 6.5, 'quantity_break'],
  ])(
    'quantity %d resolves to %d (%s): the largest break reached overrides the tier',
    async (quantity, price, source) => {
      const res = await prices(tiered.id, { customerId: customer.id, quantity });
      expect(res.body).toMatchObject({ resolvedPrice: price, source, appliedTierId: tier.id, basePrice: 10 });
    },
  );

  it('a tier without a price for the product keeps the default until a break is reached', async () => {
    const below = await prices(breaksOnly.id, { customerId: customer.id, quantity: 2 });
    expect(below.body).toMatchObject({
      resolvedPrice: 5,
      source: 'default',
      appliedTierId: null,
      appliedLineDiscountPct: null,
    });
    const reached = await prices(breaksOnly.id, { customerId: customer.id, quantity: 3 });
    expect(reached.body).toMatchObject({
      resolvedPrice: 4,
      source: 'quantity_break',
      appliedTierId: tier.id,
    });
  });

  it('source default: no customer, a customer without a tier, or a customer on a tier since deactivated', async () => {
    expect((await prices(tiered.id, { quantity: 100 })).body).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
      customerId: null,
      appliedDiscountPct: 0,
    });
    const plain = await newCustomer();
    expect((await prices(tiered.id, { customerId: plain.id, quantity: 100 })).body).toMatchObject({
      customerId: plain.id,
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
      appliedDiscountPct: 0,
      appliedLineDiscountPct: null,
    });
    const lapsed = await admin('price-tier', 'create', '--org', t.orgId, '--name', `Lapsed ${unique()}`);
    await admin(
      'price-tier',
      'set-price',
      '--org',
      t.orgId,
      '--tier',
      lapsed.id,
      '--product',
      tiered.id,
      '--price',
      '1',
    );
    const onLapsed = await newCustomer({ priceTierId: lapsed.id });
    expect((await prices(tiered.id, { customerId: onLapsed.id })).body.source).toBe('tier');
    await deactivateTier(t.orgId, lapsed.id);
    expect((await prices(tiered.id, { customerId: onLapsed.id })).body).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
    });
  });

  it('a customer of another organisation is 404', async () => {
    const foreign = await call('POST', '/customers', {
      key: other.key,
      body: { code: `O-${unique()}`, name: 'o' },
    });
    const res = await prices(tiered.id, { customerId: foreign.body.id });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Customer not found');
  });
});
