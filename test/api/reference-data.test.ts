import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../functions/areas/products/steps/categories.js';
import { createUnitOfMeasure } from '../../functions/areas/products/steps/units-of-measure.js';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product } from '../support/inventory.js';
import { eventsFor } from '../support/outbox.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant(), newTenant()]);
  const dairy = await createCategory({ orgId: t.orgId, name: 'dairy', sortOrder: 2 });
  await createCategory({ orgId: t.orgId, name: 'Bakery', sortOrder: 2 });
  await createCategory({ orgId: t.orgId, name: 'Zesty', sortOrder: 1 });
  await createCategory({ orgId: t.orgId, name: 'Cheese', parentId: dairy.id, sortOrder: 3 });
  await createUnitOfMeasure({ orgId: t.orgId, name: 'Kilogram', abbreviation: 'kg', type: 'WEIGHT' });
  await createUnitOfMeasure({ orgId: t.orgId, name: 'Each', abbreviation: 'ea', type: 'UNIT' });
  await createUnitOfMeasure({ orgId: t.orgId, name: 'Litre', abbreviation: 'L', type: 'VOLUME' });
});

describe('GET /categories', () => {
  it('orders by sort order, then name, with parentId', async () => {
    const res = await call('GET', '/categories', { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual([
      'Zesty',
      'Bakery',
      'dairy',
      'Cheese',
    ]);
    expect(res.body.data[3]).toEqual({
      id: expect.any(String),
      name: 'Cheese',
      parentId: res.body.data[2].id,
      sortOrder: 3,
    });
    expect(res.body.pagination).toEqual({ total: 4, page: 1, pageSize: 50, totalPages: 1 });
  });

  it('searches by name and pages', async () => {
    const res = await call('GET', '/categories', {
      key: t.key,
      query: { search: 'E', pageSize: 2, page: 2 },
    });
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Cheese']);
    expect(res.body.pagination).toEqual({ total: 3, page: 2, pageSize: 2, totalPages: 2 });
  });

  it('is scoped to the organisation', async () => {
    expect((await call('GET', '/categories', { key: other.key })).body.data).toEqual([]);
  });
});

describe('GET /units-of-measure', () => {
  it('lists by name and searches name or abbreviation', async () => {
    const all = await call('GET', '/units-of-measure', { key: t.key });
    expect(all.body.data.map((u: { abbreviation: string }) => u.abbreviation)).toEqual(['ea', 'kg', 'L']);
    expect(all.body.data[1]).toEqual({
      id: expect.any(String),
      name: 'Kilogram',
      abbreviation: 'kg',
      type: 'WEIGHT',
    });
    const byAbbreviation = await call('GET', '/units-of-measure', { key: t.key, query: { search: 'KG' } });
    expect(byAbbreviation.body.data.map((u: { name: string }) => u.name)).toEqual(['Kilogram']);
  });
});

describe('POST /categories and POST /units-of-measure (design.md section 7)', () => {
  let fresh: Tenant;
  beforeAll(async () => {
    fresh = await newTenant('Reference data writes org');
  });

  it('creates a category under a parent of the organisation, audited with the key; the same key replays', async () => {
    const parent = await expectReplay(fresh, 'POST', '/categories', { name: 'Frozen', sortOrder: 4 });
    expect(parent.status).toBe(201);
    expect(parent.body).toEqual({ id: expect.any(String), name: 'Frozen', parentId: null, sortOrder: 4 });
    const child = await call('POST', '/categories', {
      key: fresh.key,
      body: { name: 'Ice cream', parentId: parent.body.id },
    });
    expect([child.status, child.body]).toEqual([
      201,
      { id: expect.any(String), name: 'Ice cream', parentId: parent.body.id, sortOrder: 0 },
    ]);
    const list = await call('GET', '/categories', { key: fresh.key });
    expect(list.body.data).toEqual([child.body, parent.body]);
    const audit = await listAudit(fresh.orgId, { resourceType: 'category', resourceId: child.body.id });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        apiKeyId: fresh.keyId,
        changedFields: ['name', 'parentId', 'sortOrder'],
      }),
    ]);
  });

  it("a bad body is 400; another organisation's parent is 422 and nothing is created", async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }, { name: 'A', sortOrder: -1 }]) {
      const res = await call('POST', '/categories', { key: fresh.key, body });
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
    const theirs = await call('POST', '/categories', { key: other.key, body: { name: 'Theirs' } });
    const before = (await call('GET', '/categories', { key: fresh.key })).body.pagination.total;
    const foreign = await call('POST', '/categories', {
      key: fresh.key,
      body: { name: 'Stray', parentId: theirs.body.id },
    });
    expect([foreign.status, foreign.body.error]).toEqual([
      422,
      { code: 'invalid_reference', message: 'parentId does not reference an existing Category' },
    ]);
    expect((await call('GET', '/categories', { key: fresh.key })).body.pagination.total).toBe(before);
  });

  it('creates a unit of measure; a bad type or a missing field is 400; the same key replays', async () => {
    const body = { name: 'Gram', abbreviation: 'g', type: 'WEIGHT' };
    const created = await expectReplay(fresh, 'POST', '/units-of-measure', body);
    expect([created.status, created.body]).toEqual([201, { id: expect.any(String), ...body }]);
    expect((await call('GET', '/units-of-measure', { key: fresh.key })).body.data).toContainEqual(
      created.body,
    );
    expect((await call('GET', '/units-of-measure', { key: other.key })).body.data).not.toContainEqual(
      created.body,
    );
    for (const bad of [
      { ...body, type: 'MASS' },
      { name: 'Gram', type: 'WEIGHT' },
      { ...body, abbreviation: '' },
    ]) {
      const res = await call('POST', '/units-of-measure', { key: fresh.key, body: bad });
      expect([res.status, res.body.error.code], JSON.stringify(bad)).toEqual([400, 'validation_error']);
    }
    const audit = await listAudit(fresh.orgId, {
      resourceType: 'unit_of_measure',
      resourceId: created.body.id,
    });
    expect(audit.map((a) => [a.action, a.apiKeyId])).toEqual([['create', fresh.keyId]]);
  });

  it('the CLI and the API give the same category and unit of measure', async () => {
    const api = await call('POST', '/categories', { key: fresh.key, body: { name: 'Twin', sortOrder: 7 } });
    const cli = await runAdmin([
      'category',
      'create',
      '--org',
      fresh.orgId,
      '--name',
      'Twin',
      '--sort-order',
      '7',
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
    const uom = await call('POST', '/units-of-measure', {
      key: fresh.key,
      body: { name: 'Litre', abbreviation: 'L', type: 'VOLUME' },
    });
    const uomCli = await runAdmin([
      'uom',
      'create',
      '--org',
      fresh.orgId,
      '--name',
      'Litre',
      '--abbreviation',
      'L',
      '--type',
      'VOLUME',
    ]);
    expect(uomCli.code, uomCli.stderr).toBe(0);
    expect(comparable(JSON.parse(uomCli.stdout))).toEqual(comparable(uom.body));
  });
});

describe('PUT /products/{id}/bom (design.md section 7)', () => {
  const put = (tenant: Tenant, id: string, body: unknown) =>
    call('PUT', `/products/${id}/bom`, { key: tenant.key, body });

  it('replaces the BOM with lines as GET shows them; a read BOM sent back is the same BOM', async () => {
    const [cake, flour, icing] = await Promise.all([product(t), product(t), product(t)]);
    // A PUT replaces: sent twice it is the same BOM (no Idempotency-Key needed).
    const set = await put(t, cake.id, {
      lines: [
        { componentProduct: { id: flour.id }, quantity: 0.5, wastagePercent: 10, sortOrder: 2 },
        { componentProduct: { id: icing.id }, quantity: 1, isPhantom: true, sortOrder: 1, group: 'Top' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      productId: cake.id,
      isBomProduct: true,
      lines: [
        {
          componentProduct: { id: icing.id, sku: icing.sku, name: icing.name },
          quantity: 1,
          wastagePercent: 0,
          isPhantom: true,
          sortOrder: 1,
          group: 'Top',
        },
        {
          componentProduct: { id: flour.id, sku: flour.sku, name: flour.name },
          quantity: 0.5,
          wastagePercent: 10,
          isPhantom: false,
          sortOrder: 2,
          group: null,
        },
      ],
    });
    const read = await call('GET', `/products/${cake.id}/bom`, { key: t.key });
    expect(read.body).toEqual(set.body);
    const again = await put(t, cake.id, read.body);
    expect([again.status, again.body]).toEqual([200, set.body]);
    expect((await call('GET', `/products/${cake.id}`, { key: t.key })).body.isBomProduct).toBe(true);
    const emptied = await put(t, cake.id, { lines: [] });
    expect(emptied.body).toEqual({ productId: cake.id, isBomProduct: false, lines: [] });
    expect((await eventsFor(t.orgId, cake.id)).map((e) => e.event)).toEqual([
      'product.created',
      'product.updated',
      'product.updated',
      'product.updated',
    ]);
    const audit = await listAudit(t.orgId, { resourceType: 'product', resourceId: cake.id });
    expect(audit.filter((a) => a.action === 'set-bom').map((a) => a.apiKeyId)).toEqual([
      t.keyId,
      t.keyId,
      t.keyId,
    ]);
  });

  it("bad lines are 400; another organisation's product is 404; bad components are 422", async () => {
    const [cake, flour, service] = await Promise.all([
      product(t),
      product(t),
      product(t, { productType: 'NON_STOCKED' }),
    ]);
    for (const body of [
      {},
      { lines: [{ componentProduct: { id: flour.id } }] },
      { lines: [{ componentProduct: { id: flour.id }, quantity: 0 }] },
      { lines: [{ componentProductId: flour.id, quantity: 1 }] },
      { lines: [{ componentProduct: { id: flour.id }, quantity: 1, wastagePercent: 101 }] },
    ]) {
      const res = await put(t, cake.id, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
    const line = { componentProduct: { id: flour.id }, quantity: 1 };
    const foreign = await put(other, cake.id, { lines: [line] });
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Product not found']);
    const theirs = await product(other);
    const stray = await put(t, cake.id, { lines: [{ componentProduct: { id: theirs.id }, quantity: 1 }] });
    expect([stray.status, stray.body.error]).toEqual([
      422,
      { code: 'invalid_reference', message: 'componentProduct does not reference an existing Product' },
    ]);
    const self = await put(t, cake.id, { lines: [{ componentProduct: { id: cake.id }, quantity: 1 }] });
    expect([self.status, self.body.error.message]).toEqual([
      422,
      `Product ${cake.sku} cannot be a component of itself`,
    ]);
    const nonStocked = await put(t, service.id, { lines: [line] });
    expect([nonStocked.status, nonStocked.body.error.message]).toEqual([
      422,
      `Product ${service.sku} is NON_STOCKED; it cannot have a bill of materials`,
    ]);
    expect((await call('GET', `/products/${cake.id}/bom`, { key: t.key })).body.lines).toEqual([]);
  });

  it('the CLI (`bom set` with a file) and the API give the same BOM', async () => {
    const [viaApi, viaCli, flour] = await Promise.all([product(t), product(t), product(t)]);
    const api = await put(t, viaApi.id, {
      lines: [{ componentProduct: { id: flour.id }, quantity: 2, group: 'Base' }],
    });
    const file = join(tmpdir(), `bom-${viaCli.id}.json`);
    writeFileSync(file, JSON.stringify([{ componentProductId: flour.id, quantity: 2, group: 'Base' }]));
    const cli = await runAdmin(['bom', 'set', '--org', t.orgId, '--product', viaCli.id, '--file', file]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
  });
});
