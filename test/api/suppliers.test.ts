import { beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { eventsFor } from '../support/outbox.js';

let t: Tenant;
let other: Tenant;
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const create = (body: Record<string, unknown>, key = t.key) => call('POST', '/suppliers', { key, body });
const put = (id: string, body: Record<string, unknown>, key = t.key) =>
  call('PUT', `/suppliers/${id}`, { key, body });
const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
const newProduct = async (extra: Record<string, unknown> = {}) =>
  (
    await call('POST', '/products', {
      key: t.key,
      body: { sku: `P-${unique()}`, name: `P ${unique()}`, ...extra },
    })
  ).body;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Suppliers org'), newTenant('Other suppliers org')]);
});

describe('POST /suppliers', () => {
  it('creates a supplier with defaults; email and salesContactEmail null are coerced to empty', async () => {
    const code = `S-${unique()}`;
    const res = await create({
      code,
      name: 'Mill Co',
      email: null,
      salesContactEmail: null,
      phone: '',
      department: 'Sales',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      code,
      name: 'Mill Co',
      email: '',
      salesContactEmail: '',
      phone: null,
      address: null,
      postcode: null,
      department: 'Sales',
      taxNumber: null,
      salesContactName: null,
      salesContactPhone: null,
      notes: null,
      currency: 'NZD',
      isActive: true,
      createdAt: res.body.createdAt,
      updatedAt: res.body.createdAt,
      locations: [],
      priceList: [],
      priceListTruncated: false,
      priceListTotal: 0,
    });
  });

  it.each([
    ['email', 'nope', 'must be an email address'],
    ['salesContactEmail', 'x@', 'must be an email address'],
    ['code', 'a/b', 'may contain only letters, digits, _ and -'],
    ['currency', 'nzd', 'must be one of NZD, AUD, USD, GBP, EUR, CAD, SGD, JPY'],
    ['name', 'n'.repeat(201), 'must NOT have more than 200 characters'],
  ])('rejects %s = %j with 400', async (field, value, message) => {
    const res = await create({ code: `V-${unique()}`, name: 'V', [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path: field, message });
  });

  it('409 on a duplicate code (case-sensitive); another organisation may reuse it', async () => {
    const code = `d-${unique()}`;
    expect((await create({ code, name: 'A' })).status).toBe(201);
    const dup = await create({ code, name: 'B' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toEqual({
      code: 'conflict',
      message: `A supplier with code '${code}' already exists`,
    });
    expect((await create({ code: code.toUpperCase(), name: 'C' })).status).toBe(201);
    expect((await create({ code, name: 'D' }, other.key)).status).toBe(201);
  });
});

describe('GET and PUT /suppliers/{id}', () => {
  it('merge-patches, 409s on a used code, 404s across organisations', async () => {
    const a = (await create({ code: `A-${unique()}`, name: 'A', notes: 'n' })).body;
    const b = (await create({ code: `B-${unique()}`, name: 'B' })).body;
    const res = await put(a.id, { phone: '5', email: null, currency: 'AUD' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '5', email: '', currency: 'AUD', notes: 'n', code: a.code });
    expect((await put(b.id, { code: a.code })).status).toBe(409);
    expect((await call('GET', `/suppliers/${a.id}`, { key: other.key })).status).toBe(404);
    expect((await put(a.id, { name: 'x' }, other.key)).status).toBe(404);
    const got = await call('GET', `/suppliers/${a.id}`, { key: t.key });
    expect(got.body).toMatchObject({ phone: '5', currency: 'AUD' });
  });

  it('an inactive supplier cannot become a product preferred supplier (422 invalid_reference)', async () => {
    const s = (await create({ code: `IN-${unique()}`, name: 'Gone' })).body;
    expect((await put(s.id, { isActive: false })).body.isActive).toBe(false);
    const res = await call('POST', '/products', {
      key: t.key,
      body: { sku: `IP-${unique()}`, name: `IP ${unique()}`, preferredSupplierId: s.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_reference');
  });
});

describe('GET /suppliers', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await newTenant('Supplier lists');
    for (const [code, name, email] of [
      ['S2', 'beta', 'sales@beta.example'],
      ['S1', 'Alpha', ''],
      ['S3', 'gamma', 'g@x.example'],
    ]) {
      await create({ code, name, email }, tenant.key);
    }
    const gone = await create({ code: 'S9', name: 'Omega' }, tenant.key);
    await put(gone.body.id, { isActive: false }, tenant.key);
  });
  const list = (query: Record<string, string | number>) =>
    call('GET', '/suppliers', { key: tenant.key, query });
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((s) => s.name);

  it('lists active suppliers by name, with search, exact code, includeInactive, sorts and modifiedSince', async () => {
    const res = await list({});
    expect(names(res)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(res.body.data[0]).not.toHaveProperty('priceList');
    expect(names(await list({ search: 'SALES@' }))).toEqual(['beta']);
    expect(names(await list({ code: 'S3' }))).toEqual(['gamma']);
    expect(names(await list({ code: 's3' }))).toEqual([]);
    expect(names(await list({ includeInactive: '1', sortBy: 'code', sortDir: 'desc' }))).toEqual([
      'Omega',
      'gamma',
      'beta',
      'Alpha',
    ]);
    expect((await list({ sortBy: 'email' })).body.error.code).toBe('invalid_parameter');
    const byUpdate = await list({ sortBy: 'updatedAt', sortDir: 'asc' });
    const last = byUpdate.body.data[2];
    expect(names(await list({ modifiedSince: last.updatedAt }))).toEqual([last.name]);
  });
});

describe('locations and price lists from the back office', () => {
  it('lists locations defaults first, then oldest, with search; a claimed default moves', async () => {
    const s = (await create({ code: `L-${unique()}`, name: 'Located' })).body;
    const a = await admin(
      'supplier',
      'add-location',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--name',
      'Depot A',
      '--city',
      'Napier',
      '--default-shipping',
      '--default-billing',
    );
    expect(a).toMatchObject({
      id: expect.any(String),
      name: 'Depot A',
      type: 'BOTH',
      city: 'Napier',
      isDefaultShipping: true,
      isDefaultBilling: true,
    });
    await admin(
      'supplier',
      'add-location',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--name',
      'Yard',
      '--type',
      'SHIPPING',
    );
    await admin(
      'supplier',
      'add-location',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--name',
      'Ship hub',
      '--type',
      'SHIPPING',
      '--city',
      'Taupo',
      '--default-shipping',
    );
    const res = await call('GET', `/suppliers/${s.id}/locations`, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual(['Depot A', 'Ship hub', 'Yard']);
    expect(res.body.data[0]).toMatchObject({ isDefaultBilling: true, isDefaultShipping: false });
    expect(res.body.data[1]).toMatchObject({ isDefaultShipping: true });
    const search = await call('GET', `/suppliers/${s.id}/locations`, {
      key: t.key,
      query: { search: 'taupo' },
    });
    expect(search.body.data.map((l: { name: string }) => l.name)).toEqual(['Ship hub']);
    const detail = await call('GET', `/suppliers/${s.id}`, { key: t.key });
    expect(detail.body.locations.map((l: { name: string }) => l.name)).toEqual([
      'Depot A',
      'Ship hub',
      'Yard',
    ]);
    expect((await call('GET', `/suppliers/${s.id}/locations`, { key: other.key })).status).toBe(404);
    const bad = await runAdmin([
      'supplier',
      'add-location',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--name',
      'x',
      '--type',
      'HOME',
    ]);
    expect(bad.code).toBe(1);
  });

  it('price list: preferred first then cheapest; --preferred reconciles the product; product detail lists suppliers', async () => {
    const s = (await create({ code: `PL-${unique()}`, name: 'Prices' })).body;
    const rival = (await create({ code: `RV-${unique()}`, name: 'Rival' })).body;
    const [cheap, dear, fav] = [await newProduct(), await newProduct(), await newProduct()];
    await admin(
      'supplier',
      'set-price',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--product',
      dear.id,
      '--price',
      '9.5',
    );
    await admin(
      'supplier',
      'set-price',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--product',
      cheap.id,
      '--price',
      '1.25',
      '--sku',
      'SUP-1',
      '--lead-time-days',
      '3',
      '--min-order-qty',
      '10',
    );
    await admin(
      'supplier',
      'set-price',
      '--org',
      t.orgId,
      '--supplier',
      rival.id,
      '--product',
      fav.id,
      '--price',
      '2',
      '--preferred',
    );
    const row = await admin(
      'supplier',
      'set-price',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--product',
      fav.id,
      '--price',
      '20',
      '--preferred',
    );
    expect(row).toMatchObject({
      id: `${s.id}:${fav.id}`,
      productId: fav.id,
      supplierPrice: 20,
      isPreferred: true,
    });

    const detail = await call('GET', `/suppliers/${s.id}`, { key: t.key });
    expect(detail.body.priceList).toEqual([
      {
        productId: fav.id,
        sku: fav.sku,
        productName: fav.name,
        supplierSku: null,
        supplierPrice: 20,
        leadTimeDays: null,
        minOrderQty: null,
        isPreferred: true,
      },
      {
        productId: cheap.id,
        sku: cheap.sku,
        productName: cheap.name,
        supplierSku: 'SUP-1',
        supplierPrice: 1.25,
        leadTimeDays: 3,
        minOrderQty: 10,
        isPreferred: false,
      },
      expect.objectContaining({ productId: dear.id, supplierPrice: 9.5, isPreferred: false }),
    ]);
    expect(detail.body).toMatchObject({ priceListTruncated: false, priceListTotal: 3 });

    // The rival lost the preference when --preferred moved it; the product says so too.
    const rivalDetail = await call('GET', `/suppliers/${rival.id}`, { key: t.key });
    expect(rivalDetail.body.priceList[0]).toMatchObject({ productId: fav.id, isPreferred: false });
    const product = await call('GET', `/products/${fav.id}`, { key: t.key });
    expect(product.body.preferredSupplierId).toBe(s.id);
    expect(product.body.suppliers).toEqual([
      {
        supplierId: s.id,
        supplierCode: s.code,
        supplierName: 'Prices',
        supplierSku: null,
        supplierPrice: 20,
        leadTimeDays: null,
        minOrderQty: null,
        isPreferred: true,
      },
      {
        supplierId: rival.id,
        supplierCode: rival.code,
        supplierName: 'Rival',
        supplierSku: null,
        supplierPrice: 2,
        leadTimeDays: null,
        minOrderQty: null,
        isPreferred: false,
      },
    ]);
    expect((await eventsFor(t.orgId, fav.id)).map((e) => e.event)).toEqual([
      'product.created',
      'product.updated',
      'product.updated',
    ]);

    // Product rule 6: a PUT of preferredSupplierId moves the flags back.
    const moved = await call('PUT', `/products/${fav.id}`, {
      key: t.key,
      body: { preferredSupplierId: rival.id },
    });
    expect(moved.status).toBe(200);
    expect(
      moved.body.suppliers.map((x: { supplierId: string; isPreferred: boolean }) => [
        x.supplierId,
        x.isPreferred,
      ]),
    ).toEqual([
      [rival.id, true],
      [s.id, false],
    ]);
    expect((await call('GET', `/suppliers/${rival.id}`, { key: t.key })).body.priceList[0].isPreferred).toBe(
      true,
    );
    expect((await call('GET', `/suppliers/${s.id}`, { key: t.key })).body.priceList[0]).toMatchObject({
      productId: cheap.id,
      isPreferred: false,
    });
    const cleared = await call('PUT', `/products/${fav.id}`, {
      key: t.key,
      body: { preferredSupplierId: null },
    });
    expect(cleared.body.suppliers.every((x: { isPreferred: boolean }) => !x.isPreferred)).toBe(true);
    expect((await call('GET', `/suppliers/${rival.id}`, { key: t.key })).body.priceList[0].isPreferred).toBe(
      false,
    );
  });

  it('set-price refuses unknown suppliers and products', async () => {
    const s = (await create({ code: `X-${unique()}`, name: 'X' })).body;
    const noProduct = await runAdmin([
      'supplier',
      'set-price',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--product',
      'nope',
      '--price',
      '1',
    ]);
    expect(noProduct.code).toBe(1);
    expect(noProduct.stderr).toContain('"message":"Product not found"');
    const badPrice = await runAdmin([
      'supplier',
      'set-price',
      '--org',
      t.orgId,
      '--supplier',
      s.id,
      '--product',
      'p',
      '--price',
      '-1',
    ]);
    expect(badPrice.code).toBe(2);
  });
});
