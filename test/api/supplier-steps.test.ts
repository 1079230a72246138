/**
 * Supplier locations and price-list rows over the API (design.md section 7, beyond the spec): POST
 * /suppliers/{id}/locations and PUT /suppliers/{id}/prices/{productId} run the steps of `supplier
 * add-location|set-price`, answer the refreshed supplier, and the spec's reads show what they wrote.
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
const newSupplier = async (tenant: Tenant = t, name = 'Stone Mill') =>
  (await call('POST', '/suppliers', { key: tenant.key, body: { code: `SS-${unique()}`, name } })).body;
const newProduct = async (tenant: Tenant = t) =>
  (
    await call('POST', '/products', {
      key: tenant.key,
      body: { sku: `SP-${unique()}`, name: `Flour ${unique()}`, defaultPrice: 3 },
    })
  ).body as { id: string; sku: string; name: string };
const product = async (id: string) => (await call('GET', `/products/${id}`, { key: t.key })).body;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Supplier steps org'), newTenant('Supplier steps outsider')]);
});

describe('POST /suppliers/{id}/locations (purchasing.edit)', () => {
  it('adds a location (201, the refreshed supplier), replays its key, moves a claimed default and is audited', async () => {
    const s = await newSupplier();
    const added = await expectReplay(t, 'POST', `/suppliers/${s.id}/locations`, {
      name: ' Mill ',
      type: 'SHIPPING',
      contactName: 'Ana',
      contactEmail: 'ana@mill.example',
      contactPhone: '03 555 0101',
      address: '1 Mill Road',
      city: 'Ashburton',
      region: 'Canterbury',
      postcode: '7700',
      country: 'NZ',
      isDefaultShipping: true,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: s.id, code: s.code, priceList: [], priceListTotal: 0 });
    expect(added.body.locations).toEqual([
      {
        id: expect.any(String),
        name: 'Mill',
        type: 'SHIPPING',
        contactName: 'Ana',
        contactEmail: 'ana@mill.example',
        contactPhone: '03 555 0101',
        address: '1 Mill Road',
        city: 'Ashburton',
        region: 'Canterbury',
        postcode: '7700',
        country: 'NZ',
        isDefaultShipping: true,
        isDefaultBilling: false,
        createdAt: expect.any(String),
      },
    ]);
    expect((await call('GET', `/suppliers/${s.id}`, { key: t.key })).body).toEqual(added.body);

    const hub = await post(`/suppliers/${s.id}/locations`, { name: 'Hub', isDefaultShipping: true });
    expect(hub.status).toBe(201);
    expect(
      hub.body.locations.map((l: { name: string; type: string; isDefaultShipping: boolean; city: null }) => [
        l.name,
        l.type,
        l.isDefaultShipping,
        l.city,
      ]),
    ).toEqual([
      ['Hub', 'BOTH', true, null],
      ['Mill', 'SHIPPING', false, 'Ashburton'],
    ]);
    const listed = await call('GET', `/suppliers/${s.id}/locations`, {
      key: t.key,
      query: { search: 'ashburton' },
    });
    expect(listed.body.data.map((l: { name: string }) => l.name)).toEqual(['Mill']);
    const audit = await listAudit(t.orgId, { resourceType: 'supplier', resourceId: s.id });
    expect(
      audit.filter((e) => e.action === 'add-location').map((e) => [e.changedFields, e.apiKeyId]),
    ).toEqual([
      [['locations'], t.keyId],
      [['locations'], t.keyId],
    ]);
  });

  it("bad bodies are 400; another organisation's supplier is 404", async () => {
    const s = await newSupplier();
    for (const bad of [
      {},
      { name: '' },
      { name: '  ' },
      { name: 'x', type: 'HOME' },
      { name: 'x', contactEmail: 'not-an-email' },
      { name: 'x', isDefaultBilling: 'yes' },
      { name: 'x', postcode: 'x'.repeat(21) },
    ]) {
      const res = await post(`/suppliers/${s.id}/locations`, bad);
      expect([res.status, res.body.error.code], JSON.stringify(bad)).toEqual([400, 'validation_error']);
    }
    const foreign = await post(`/suppliers/${s.id}/locations`, { name: 'Mine' }, other.key);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Supplier not found']);
    expect((await call('GET', `/suppliers/${s.id}`, { key: t.key })).body.locations).toEqual([]);
  });
});

describe('PUT /suppliers/{id}/prices/{productId} (purchasing.edit)', () => {
  it('creates and merge-patches the row (200, the refreshed supplier); the product detail lists the same terms', async () => {
    const s = await newSupplier();
    const p = await newProduct();
    const path = `/suppliers/${s.id}/prices/${p.id}`;
    const set = await expectReplay(t, 'PUT', path, { supplierPrice: 2.5, supplierSku: 'MILL-1' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: s.id, priceListTotal: 1, priceListTruncated: false });
    expect(set.body.priceList).toEqual([
      {
        productId: p.id,
        sku: p.sku,
        productName: p.name,
        supplierSku: 'MILL-1',
        supplierPrice: 2.5,
        leadTimeDays: null,
        minOrderQty: null,
        isPreferred: false,
      },
    ]);
    const patched = await put(path, { leadTimeDays: 4, minOrderQty: 10 });
    expect(patched.body.priceList[0]).toMatchObject({
      supplierSku: 'MILL-1',
      supplierPrice: 2.5,
      leadTimeDays: 4,
      minOrderQty: 10,
    });
    const cleared = await put(path, { supplierSku: null, supplierPrice: 2.25 });
    expect(cleared.body.priceList[0]).toMatchObject({
      supplierSku: null,
      supplierPrice: 2.25,
      leadTimeDays: 4,
    });
    const unchanged = await put(path, {});
    expect(unchanged.body).toEqual(cleared.body);
    expect((await call('GET', `/suppliers/${s.id}`, { key: t.key })).body).toEqual(cleared.body);
    expect((await product(p.id)).suppliers).toEqual([
      {
        supplierId: s.id,
        supplierCode: s.code,
        supplierName: s.name,
        supplierSku: null,
        supplierPrice: 2.25,
        leadTimeDays: 4,
        minOrderQty: 10,
        isPreferred: false,
      },
    ]);
    const audit = await listAudit(t.orgId, { resourceType: 'supplier', resourceId: s.id });
    expect(audit.filter((e) => e.action === 'set-price').map((e) => [e.changedFields, e.apiKeyId])).toEqual([
      [['supplierPrice', 'supplierSku', 'leadTimeDays', 'minOrderQty'], t.keyId],
      [['leadTimeDays', 'minOrderQty'], t.keyId],
      [['supplierPrice', 'supplierSku'], t.keyId],
    ]);
  });

  it('racing patches of different terms of one row are both kept', async () => {
    const s = await newSupplier();
    const p = await newProduct();
    const path = `/suppliers/${s.id}/prices/${p.id}`;
    await put(path, { supplierPrice: 1 });
    const answers = await Promise.all([
      put(path, { leadTimeDays: 7 }),
      put(path, { minOrderQty: 12 }),
      put(path, { supplierSku: 'RACE-1' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const read = (await call('GET', `/suppliers/${s.id}`, { key: t.key })).body;
    expect(read.priceList[0]).toMatchObject({
      supplierPrice: 1,
      leadTimeDays: 7,
      minOrderQty: 12,
      supplierSku: 'RACE-1',
    });
  });

  it("isPreferred moves the product's preferred supplier (true takes it, false on the preferred one clears it)", async () => {
    const [mill, rival] = [await newSupplier(t, 'Mill'), await newSupplier(t, 'Rival')];
    const p = await newProduct();
    await put(`/suppliers/${mill.id}/prices/${p.id}`, { supplierPrice: 2, isPreferred: true });
    const before = await product(p.id);
    expect(before.preferredSupplierId).toBe(mill.id);
    const taken = await put(`/suppliers/${rival.id}/prices/${p.id}`, { supplierPrice: 3, isPreferred: true });
    expect(taken.body.priceList[0]).toMatchObject({ productId: p.id, isPreferred: true });
    const after = await product(p.id);
    expect(after.preferredSupplierId).toBe(rival.id);
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(
      after.suppliers.map((x: { supplierId: string; isPreferred: boolean }) => [x.supplierId, x.isPreferred]),
    ).toEqual([
      [rival.id, true],
      [mill.id, false],
    ]);
    expect((await call('GET', `/suppliers/${mill.id}`, { key: t.key })).body.priceList[0].isPreferred).toBe(
      false,
    );
    // false on a supplier that is not the preferred one changes nothing
    await put(`/suppliers/${mill.id}/prices/${p.id}`, { isPreferred: false });
    expect((await product(p.id)).preferredSupplierId).toBe(rival.id);
    const dropped = await put(`/suppliers/${rival.id}/prices/${p.id}`, { isPreferred: false });
    expect(dropped.body.priceList[0]).toMatchObject({ supplierPrice: 3, isPreferred: false });
    expect((await product(p.id)).preferredSupplierId).toBeNull();
    const productAudit = await listAudit(t.orgId, { resourceType: 'product', resourceId: p.id });
    expect(productAudit.filter((e) => e.action === 'set-preferred-supplier').map((e) => e.apiKeyId)).toEqual([
      t.keyId,
      t.keyId,
      t.keyId,
    ]);
  });

  it("a new row needs a supplierPrice (422); bad bodies are 400; another organisation's supplier or product is 404", async () => {
    const s = await newSupplier();
    const p = await newProduct();
    const path = `/suppliers/${s.id}/prices/${p.id}`;
    const none = await put(path, { supplierSku: 'X-1' });
    expect([none.status, none.body.error]).toEqual([
      422,
      {
        code: 'unprocessable',
        message: "A product not yet on the supplier's price list needs a supplierPrice",
      },
    ]);
    for (const bad of [
      { supplierPrice: -1 },
      { supplierPrice: null },
      { supplierPrice: 1, leadTimeDays: 1.5 },
      { supplierPrice: 1, minOrderQty: 0 },
      { supplierPrice: 1, isPreferred: 'yes' },
      { supplierPrice: 1, supplierSku: 'x'.repeat(101) },
    ]) {
      const res = await put(path, bad);
      expect([res.status, res.body.error.code], JSON.stringify(bad)).toEqual([400, 'validation_error']);
    }
    const foreign = await put(path, { supplierPrice: 1 }, other.key);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Supplier not found']);
    const theirs = await newProduct(other);
    const theirProduct = await put(`/suppliers/${s.id}/prices/${theirs.id}`, { supplierPrice: 1 });
    expect([theirProduct.status, theirProduct.body.error.message]).toEqual([404, 'Product not found']);
    expect((await call('GET', `/suppliers/${s.id}`, { key: t.key })).body.priceList).toEqual([]);
  });
});

describe('the CLI and the API give the same supplier', () => {
  it('add-location and set-price through either door read back the same', async () => {
    const [viaApi, viaCli] = [await newSupplier(t, 'Twin'), await newSupplier(t, 'Twin')];
    const p = await newProduct();
    await post(`/suppliers/${viaApi.id}/locations`, {
      name: 'Depot',
      type: 'BILLING',
      city: 'Napier',
      isDefaultBilling: true,
    });
    await put(`/suppliers/${viaApi.id}/prices/${p.id}`, {
      supplierPrice: 4.5,
      supplierSku: 'TW-1',
      leadTimeDays: 2,
      minOrderQty: 5,
    });
    const location = await admin(
      'supplier',
      'add-location',
      '--org',
      t.orgId,
      '--supplier',
      viaCli.id,
      '--name',
      'Depot',
      '--type',
      'BILLING',
      '--city',
      'Napier',
      '--default-billing',
    );
    expect(location).toMatchObject({ id: expect.any(String), name: 'Depot', isDefaultBilling: true });
    const row = await admin(
      'supplier',
      'set-price',
      '--org',
      t.orgId,
      '--supplier',
      viaCli.id,
      '--product',
      p.id,
      '--price',
      '4.5',
      '--sku',
      'TW-1',
      '--lead-time-days',
      '2',
      '--min-order-qty',
      '5',
    );
    expect(row).toEqual({
      id: `${viaCli.id}:${p.id}`,
      supplierId: viaCli.id,
      productId: p.id,
      supplierSku: 'TW-1',
      supplierPrice: 4.5,
      leadTimeDays: 2,
      minOrderQty: 5,
      isPreferred: false,
    });
    const read = async (id: string) => (await call('GET', `/suppliers/${id}`, { key: t.key })).body;
    const [api, cli] = [await read(viaApi.id), await read(viaCli.id)];
    expect(api.priceList).toEqual(cli.priceList);
    expect(comparable({ ...cli, code: 'X' })).toEqual(comparable({ ...api, code: 'X' }));
    const audit = await listAudit(t.orgId, { resourceType: 'supplier', resourceId: viaCli.id });
    expect(audit.filter((e) => e.action !== 'create').map((e) => [e.action, e.apiKeyId])).toEqual([
      ['add-location', 'back-office'],
      ['set-price', 'back-office'],
    ]);
  });
});
