import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../functions/areas/products/steps/categories.js';
import { createUnitOfMeasure } from '../../functions/areas/products/steps/units-of-measure.js';
import { setBom } from '../../functions/areas/products/steps/bom.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
let other: Tenant;
let kg: { id: string };
let box: { id: string };
let bakery: { id: string };

const create = (body: Record<string, unknown>, tenant: Tenant = t) =>
  call('POST', '/products', { key: tenant.key, body });
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Products org'), newTenant('Other org')]);
  kg = await createUnitOfMeasure({ orgId: t.orgId, name: 'Kilogram', abbreviation: 'kg', type: 'WEIGHT' });
  box = await createUnitOfMeasure({ orgId: t.orgId, name: 'Box', abbreviation: 'bx', type: 'UNIT' });
  bakery = await createCategory({ orgId: t.orgId, name: 'Bakery', sortOrder: 2 });
});

describe('POST /products', () => {
  it('creates a product with defaults and returns the detail shape', async () => {
    const res = await create({ sku: 'SKU-1', name: 'Flour', categoryId: bakery.id, unitOfMeasureId: kg.id });
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    expect(res.body).toMatchObject({
      sku: 'SKU-1',
      name: 'Flour',
      description: null,
      productType: 'STOCKED',
      isActive: true,
      defaultPrice: 0,
      costPrice: 0,
      taxRate: 0,
      isBatchTracked: false,
      allocationPolicy: 'FEFO',
      category: { id: bakery.id, name: 'Bakery' },
      unitOfMeasure: { id: kg.id, name: 'Kilogram', abbreviation: 'kg', type: 'WEIGHT' },
      totalStockOnHand: 0,
      variants: [],
      suppliers: [],
      stockLevels: [],
      effectiveAllergens: { contains: [], mayContain: [], reviewed: false, unreviewedIngredientCount: 0 },
    });
    expect(res.body.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(res.body.createdAt).toBe(res.body.updatedAt);
    expect(res.body).not.toHaveProperty('PK');
    expect(res.body).not.toHaveProperty('version');
  });

  it('rejects a missing sku and name with details for both, naming the first', async () => {
    const res = await create({ description: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details).toEqual([
      { path: 'sku', message: 'is required' },
      { path: 'name', message: 'is required' },
    ]);
    expect(res.body.error.message).toBe('sku: is required');
  });

  it.each([
    ['defaultPrice', null],
    ['costPrice', true],
    ['taxRate', []],
    ['defaultPrice', {}],
    ['taxRate', '0.15'],
  ])('applies the null rule: %s = %j is 400, never coerced', async (field, value) => {
    const res = await create({ sku: `N-${unique()}`, name: `N ${unique()}`, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details[0]).toEqual({ path: field, message: 'must be number' });
  });

  it('rejects a raw metadata key', async () => {
    const res = await create({ sku: `M-${unique()}`, name: `M ${unique()}`, metadata: { a: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'metadata', message: 'is not accepted' }]);
  });

  it('enforces ranges and lengths', async () => {
    const res = await create({
      sku: 'x'.repeat(51),
      name: `R ${unique()}`,
      taxRate: 15,
      description: 'd'.repeat(5001),
      reorderQuantity: 1.5,
      unitsPerSaleUom: 0,
      productType: 'SERVICE',
      containsAllergens: ['NUTS'],
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'sku',
        'taxRate',
        'description',
        'reorderQuantity',
        'unitsPerSaleUom',
        'productType',
        'containsAllergens[0]',
      ]),
    );
    expect(res.body.error.details.find((d: { path: string }) => d.path === 'description').message).toBe(
      'must NOT have more than 5000 characters',
    );
  });

  it('caps validation details at 20', async () => {
    const body: Record<string, unknown> = { sku: 1, name: 2 };
    for (const f of [
      'description',
      'barcode',
      'notes',
      'imageUrl',
      'categoryId',
      'unitOfMeasureId',
      'purchaseUomId',
      'saleUomId',
      'preferredSupplierId',
    ])
      body[f] = 5;
    for (const f of [
      'defaultPrice',
      'costPrice',
      'taxRate',
      'weight',
      'minStockLevel',
      'maxStockLevel',
      'reorderQuantity',
      'unitsPerSaleUom',
      'unitsPerPurchaseUom',
      'shelfLifeDays',
    ])
      body[f] = 'x';
    for (const f of ['isBomProduct', 'isBatchTracked', 'requiresSerialTracking']) body[f] = 'yes';
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toHaveLength(20);
  });

  it('rejects a body that is not an object', async () => {
    const res = await call('POST', '/products', { key: t.key, body: [1, 2] });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'validation_error',
      message: 'body: must be a JSON object',
      details: [{ path: 'body', message: 'must be a JSON object' }],
    });
  });

  it('gives 409 for a duplicate sku (case-insensitive) and a duplicate name (case-insensitive)', async () => {
    const id = unique();
    expect((await create({ sku: `DUP-${id}`, name: `Dup ${id}` })).status).toBe(201);
    const sameSku = await create({ sku: `dup-${id}`, name: `Other ${id}` });
    expect(sameSku.status).toBe(409);
    expect(sameSku.body.error.code).toBe('conflict');
    expect(sameSku.body.error.message).toContain('sku');
    const sameName = await create({ sku: `OTHER-${id}`, name: `DUP ${id}` });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error.message).toContain('named');
  });

  it('lets two organisations use the same sku and name', async () => {
    const res = await create({ sku: 'SKU-1', name: 'Flour' }, other);
    expect(res.status).toBe(201);
  });

  it('only one of two racing creates with the same sku wins', async () => {
    const id = unique();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create({ sku: `RACE-${id}`, name: `Race ${id} ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('gives 422 invalid_reference for ids not in the organisation, naming the field', async () => {
    const foreignUom = await createUnitOfMeasure({
      orgId: other.orgId,
      name: 'Litre',
      abbreviation: 'l',
      type: 'VOLUME',
    });
    for (const [field, value] of [
      ['categoryId', 'nope'],
      ['unitOfMeasureId', foreignUom.id],
      ['preferredSupplierId', 'cl0000000000000000000000'],
    ] as const) {
      const res = await create({ sku: `REF-${unique()}`, name: `Ref ${unique()}`, [field]: value });
      expect(res.status, field).toBe(422);
      expect(res.body.error.code).toBe('invalid_reference');
      expect(res.body.error.message).toContain(field);
    }
  });

  it('applies the unit-of-measure factor rules (422 unprocessable)', async () => {
    const noFactor = await create({
      sku: `U-${unique()}`,
      name: `U ${unique()}`,
      unitOfMeasureId: kg.id,
      saleUomId: box.id,
    });
    expect(noFactor.status).toBe(422);
    expect(noFactor.body.error).toEqual({
      code: 'unprocessable',
      message: 'unitsPerSaleUom is required when saleUomId is set',
    });
    const same = await create({
      sku: `U-${unique()}`,
      name: `U ${unique()}`,
      unitOfMeasureId: kg.id,
      purchaseUomId: kg.id,
      unitsPerPurchaseUom: 10,
    });
    expect(same.status).toBe(422);
    expect(same.body.error.message).toBe('purchaseUomId must differ from unitOfMeasureId');
    const ok = await create({
      sku: `U-${unique()}`,
      name: `U ${unique()}`,
      unitOfMeasureId: kg.id,
      purchaseUomId: box.id,
      unitsPerPurchaseUom: 12,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.purchaseUom).toEqual({ id: box.id, name: 'Box', abbreviation: 'bx', type: 'UNIT' });
  });

  it('refuses tracking flags on a NON_STOCKED product', async () => {
    const res = await create({
      sku: `S-${unique()}`,
      name: `S ${unique()}`,
      productType: 'NON_STOCKED',
      isBatchTracked: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain('isBatchTracked');
  });

  it('stores FEFO for a product without batch tracking, and MANUAL when batch-tracked', async () => {
    const plain = await create({ sku: `A-${unique()}`, name: `A ${unique()}`, allocationPolicy: 'MANUAL' });
    expect(plain.body.allocationPolicy).toBe('FEFO');
    const tracked = await create({
      sku: `B-${unique()}`,
      name: `B ${unique()}`,
      allocationPolicy: 'MANUAL',
      isBatchTracked: true,
    });
    expect(tracked.body.allocationPolicy).toBe('MANUAL');
  });
});

describe('GET /products/{id}', () => {
  it('reads a product, and another organisation gets 404', async () => {
    const created = await create({ sku: `G-${unique()}`, name: `G ${unique()}`, barcode: '9400000000001' });
    const mine = await call('GET', `/products/${created.body.id}`, { key: t.key });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(created.body);
    const theirs = await call('GET', `/products/${created.body.id}`, { key: other.key });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toEqual({ code: 'not_found', message: 'Product not found' });
    expect((await call('GET', '/products/does-not-exist', { key: t.key })).status).toBe(404);
  });

  it('rolls allergens up over the recipe, recursively', async () => {
    const flour = await create({
      sku: `F-${unique()}`,
      name: `F ${unique()}`,
      containsAllergens: ['GLUTEN'],
      allergenReviewed: true,
    });
    const filling = await create({
      sku: `FI-${unique()}`,
      name: `FI ${unique()}`,
      mayContainAllergens: ['GLUTEN', 'SESAME'],
    });
    const nuts = await create({
      sku: `NU-${unique()}`,
      name: `NU ${unique()}`,
      containsAllergens: ['TREE_NUTS', 'TREE_NUTS'],
      allergenReviewed: true,
    });
    const pie = await create({
      sku: `P-${unique()}`,
      name: `P ${unique()}`,
      containsAllergens: ['MILK'],
      allergenReviewed: true,
    });
    await setBom({
      orgId: t.orgId,
      productId: filling.body.id,
      lines: [{ componentProductId: nuts.body.id, quantity: 0.1 }],
    });
    await setBom({
      orgId: t.orgId,
      productId: pie.body.id,
      lines: [
        { componentProductId: flour.body.id, quantity: 0.3, wastagePercent: 5, sortOrder: 2 },
        {
          componentProductId: filling.body.id,
          quantity: 0.2,
          isPhantom: true,
          sortOrder: 1,
          group: 'Filling',
        },
      ],
    });
    const detail = await call('GET', `/products/${pie.body.id}`, { key: t.key });
    expect(detail.body.isBomProduct).toBe(true);
    expect(detail.body.effectiveAllergens).toEqual({
      contains: ['GLUTEN', 'MILK', 'TREE_NUTS'],
      mayContain: ['SESAME'],
      reviewed: false,
      unreviewedIngredientCount: 1,
    });
    expect(nuts.body.containsAllergens).toEqual(['TREE_NUTS']);

    const bom = await call('GET', `/products/${pie.body.id}/bom`, { key: t.key });
    expect(bom.status).toBe(200);
    expect(bom.body).toEqual({
      productId: pie.body.id,
      isBomProduct: true,
      lines: [
        {
          componentProduct: { id: filling.body.id, sku: filling.body.sku, name: filling.body.name },
          quantity: 0.2,
          wastagePercent: 0,
          isPhantom: true,
          sortOrder: 1,
          group: 'Filling',
        },
        {
          componentProduct: { id: flour.body.id, sku: flour.body.sku, name: flour.body.name },
          quantity: 0.3,
          wastagePercent: 5,
          isPhantom: false,
          sortOrder: 2,
          group: null,
        },
      ],
    });
  });
});

describe('GET /products/{id}/bom', () => {
  it('returns isBomProduct false and no lines for a plain product; 404 across organisations', async () => {
    const p = await create({ sku: `NB-${unique()}`, name: `NB ${unique()}` });
    const res = await call('GET', `/products/${p.body.id}/bom`, { key: t.key });
    expect(res.body).toEqual({ productId: p.body.id, isBomProduct: false, lines: [] });
    expect((await call('GET', `/products/${p.body.id}/bom`, { key: other.key })).status).toBe(404);
  });
});

describe('GET /products/{id}/prices', () => {
  it('resolves to the default price', async () => {
    const p = await create({ sku: `PR-${unique()}`, name: `PR ${unique()}`, defaultPrice: 12.5 });
    const res = await call('GET', `/products/${p.body.id}/prices`, { key: t.key, query: { quantity: 3 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      productId: p.body.id,
      customerId: null,
      quantity: 3,
      basePrice: 12.5,
      resolvedPrice: 12.5,
      source: 'default',
      appliedTierId: null,
      appliedDiscountPct: 0,
      appliedLineDiscountPct: null,
    });
    const defaultQuantity = await call('GET', `/products/${p.body.id}/prices`, { key: t.key });
    expect(defaultQuantity.body.quantity).toBe(1);
  });

  it.each(['0', '-1', 'abc', ''])(
    'rejects quantity %j with 400 invalid_parameter (empty means default)',
    async (q) => {
      const p = await create({ sku: `PQ-${unique()}`, name: `PQ ${unique()}` });
      const res = await call('GET', `/products/${p.body.id}/prices`, { key: t.key, query: { quantity: q } });
      if (q === '') {
        expect(res.status).toBe(200);
        return;
      }
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_parameter');
      expect(res.body.error.message).toContain('quantity');
    },
  );

  it('gives 404 for a customer not in the organisation, and for a foreign product', async () => {
    const p = await create({ sku: `PC-${unique()}`, name: `PC ${unique()}` });
    const res = await call('GET', `/products/${p.body.id}/prices`, {
      key: t.key,
      query: { customerId: 'nobody' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Customer not found');
    expect((await call('GET', `/products/${p.body.id}/prices`, { key: other.key })).status).toBe(404);
  });
});

describe('PUT /products/{id}', () => {
  it('merge-patches: only present keys change, null clears, updatedAt moves, event and audit are written', async () => {
    const p = await create({
      sku: `PU-${unique()}`,
      name: `PU ${unique()}`,
      description: 'old',
      barcode: '123',
      defaultPrice: 5,
    });
    await new Promise((r) => setTimeout(r, 5));
    const res = await call('PUT', `/products/${p.body.id}`, {
      key: t.key,
      body: { description: null, defaultPrice: 6 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: null, barcode: '123', defaultPrice: 6, sku: p.body.sku });
    expect(res.body.updatedAt > p.body.updatedAt).toBe(true);
    expect(res.body.createdAt).toBe(p.body.createdAt);
  });

  it('writing the same values back changes nothing, not even updatedAt', async () => {
    const p = await create({ sku: `NO-${unique()}`, name: `NO ${unique()}`, defaultPrice: 5 });
    const res = await call('PUT', `/products/${p.body.id}`, {
      key: t.key,
      body: { defaultPrice: 5, sku: p.body.sku },
    });
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toBe(p.body.updatedAt);
  });

  it('checks the UoM rules against the merged values', async () => {
    const p = await create({
      sku: `UM-${unique()}`,
      name: `UM ${unique()}`,
      unitOfMeasureId: kg.id,
      saleUomId: box.id,
      unitsPerSaleUom: 6,
    });
    const clearsFactor = await call('PUT', `/products/${p.body.id}`, {
      key: t.key,
      body: { unitsPerSaleUom: null },
    });
    expect(clearsFactor.status).toBe(422);
    const sameAsBase = await call('PUT', `/products/${p.body.id}`, {
      key: t.key,
      body: { unitOfMeasureId: box.id },
    });
    expect(sameAsBase.status).toBe(422);
    expect(sameAsBase.body.error.message).toBe('saleUomId must differ from unitOfMeasureId');
    const ok = await call('PUT', `/products/${p.body.id}`, { key: t.key, body: { saleUomId: null } });
    expect(ok.status).toBe(200);
    expect(ok.body.saleUom).toBeNull();
    expect(ok.body.unitOfMeasure.id).toBe(kg.id);
  });

  it('moves the uniqueness guards: the old sku becomes free, a taken one is 409', async () => {
    const id = unique();
    const a = await create({ sku: `MA-${id}`, name: `MA ${id}` });
    const b = await create({ sku: `MB-${id}`, name: `MB ${id}` });
    const taken = await call('PUT', `/products/${b.body.id}`, { key: t.key, body: { sku: `ma-${id}` } });
    expect(taken.status).toBe(409);
    const takenName = await call('PUT', `/products/${b.body.id}`, { key: t.key, body: { name: `ma ${id}` } });
    expect(takenName.status).toBe(409);
    const renamed = await call('PUT', `/products/${a.body.id}`, {
      key: t.key,
      body: { sku: `MC-${id}`, name: `MC ${id}` },
    });
    expect(renamed.status).toBe(200);
    const reuse = await create({ sku: `MA-${id}`, name: `MA ${id}` });
    expect(reuse.status).toBe(201);
  });

  it('changing only the case of its own sku or name is allowed', async () => {
    const id = unique();
    const p = await create({ sku: `CS-${id}`, name: `Case ${id}` });
    const res = await call('PUT', `/products/${p.body.id}`, {
      key: t.key,
      body: { sku: `cs-${id}`, name: `CASE ${id}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sku: `cs-${id}`, name: `CASE ${id}` });
  });

  it('deactivates and reactivates with isActive', async () => {
    const p = await create({ sku: `DE-${unique()}`, name: `DE ${unique()}` });
    const off = await call('PUT', `/products/${p.body.id}`, { key: t.key, body: { isActive: false } });
    expect(off.body.isActive).toBe(false);
    const on = await call('PUT', `/products/${p.body.id}`, { key: t.key, body: { isActive: true } });
    expect(on.body.isActive).toBe(true);
  });

  it('validates the body (400), and 404s across organisations', async () => {
    const p = await create({ sku: `PV-${unique()}`, name: `PV ${unique()}` });
    const bad = await call('PUT', `/products/${p.body.id}`, { key: t.key, body: { name: null } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: 'name', message: 'must be string' }]);
    const foreign = await call('PUT', `/products/${p.body.id}`, { key: other.key, body: { name: 'Hijack' } });
    expect(foreign.status).toBe(404);
    const still = await call('GET', `/products/${p.body.id}`, { key: t.key });
    expect(still.body.name).toBe(p.body.name);
  });

  it('two racing updates both land, each on the latest version', async () => {
    const p = await create({ sku: `RU-${unique()}`, name: `RU ${unique()}` });
    const [a, b] = await Promise.all([
      call('PUT', `/products/${p.body.id}`, { key: t.key, body: { defaultPrice: 1 } }),
      call('PUT', `/products/${p.body.id}`, { key: t.key, body: { costPrice: 2 } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const final = await call('GET', `/products/${p.body.id}`, { key: t.key });
    expect(final.body).toMatchObject({ defaultPrice: 1, costPrice: 2 });
  });
});

describe('events and audit', () => {
  it('writes product.created / product.updated outbox events and audit entries with the write', async () => {
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db } = await import('../../functions/platform/dynamo/client.js');
    const { tableName } = await import('../../functions/platform/dynamo/table-definition.js');
    const { listAudit } = await import('../../functions/platform/journal/audit.js');
    const p = await create({ sku: `EV-${unique()}`, name: `EV ${unique()}` });
    const put = await call('PUT', `/products/${p.body.id}`, {
      key: t.key,
      body: { defaultPrice: 3 },
      headers: { 'x-request-id': 'audit-req-1' },
    });
    expect(put.status).toBe(200);
    await call('PUT', `/products/${p.body.id}`, { key: t.key, body: { defaultPrice: 3 } });
    const audit = await listAudit(t.orgId, { resourceType: 'product', resourceId: p.body.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({
      apiKeyId: t.keyId,
      requestId: 'audit-req-1',
      changedFields: ['defaultPrice'],
      resourceType: 'product',
    });
    const outbox = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `O#${t.orgId}#OUTBOX` },
      }),
    );
    const mine = outbox.Items!.flatMap((item) => item.events).filter((e) => e.data.id === p.body.id);
    expect(mine.map((e) => e.event)).toEqual(['product.created', 'product.updated']);
    expect(mine[1]).toEqual({
      id: expect.stringMatching(/^evt_/),
      event: 'product.updated',
      orgId: t.orgId,
      occurredAt: put.body.updatedAt,
      data: { id: p.body.id },
    });
    expect(outbox.Items!.every((item) => item.published === false)).toBe(true);
  });
});
