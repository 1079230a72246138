import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../functions/areas/products/steps/categories.js';
import { productKey } from '../../functions/areas/products/store/products.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { GetCommand } from '../../functions/platform/dynamo/commands.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { coldCall, rewriteSlim } from '../support/projection.js';
import { adjust, product, warehouse } from '../support/inventory.js';

let t: Tenant;
let category: { id: string };
const ids: Record<string, string> = {};

const list = (query: Record<string, string | number | boolean> = {}) =>
  call('GET', '/products', { key: t.key, query });
const skus = (res: { body: { data: { sku: string }[] } }) => res.body.data.map((p) => p.sku);

beforeAll(async () => {
  t = await newTenant('Lists org');
  category = await createCategory({ orgId: t.orgId, name: 'Frozen' });
  const rows = [
    { sku: 'C-300', name: 'banana bread', barcode: '9400000000003', categoryId: category.id },
    { sku: 'A-100', name: 'Apple pie', barcode: '9400000000001' },
    { sku: 'B-200', name: 'Cherry tart', productType: 'NON_STOCKED' },
    { sku: 'D-400', name: 'date loaf', barcode: 'ABC-XYZ' },
    { sku: 'E-500', name: 'Eclair', productType: 'ASSEMBLED', categoryId: category.id },
  ];
  for (const row of rows) {
    const res = await call('POST', '/products', { key: t.key, body: row });
    expect(res.status).toBe(201);
    ids[row.sku] = res.body.id;
    await new Promise((r) => setTimeout(r, 3));
  }
  await call('PUT', `/products/${ids['D-400']}`, { key: t.key, body: { isActive: false } });
});

describe('GET /products', () => {
  it('lists active products by name ascending, case-insensitively, with pagination', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(skus(res)).toEqual(['A-100', 'C-300', 'B-200', 'E-500']);
    expect(res.body.pagination).toEqual({ total: 4, page: 1, pageSize: 50, totalPages: 1 });
    expect(res.body.data[0]).not.toHaveProperty('effectiveAllergens');
    expect(res.body.data[0]).toMatchObject({ sku: 'A-100', totalStockOnHand: 0, isActive: true });
  });

  it('includes inactive products with includeInactive=true, and isActive overrides it', async () => {
    expect(skus(await list({ includeInactive: true }))).toEqual([
      'A-100',
      'C-300',
      'B-200',
      'D-400',
      'E-500',
    ]);
    expect(skus(await list({ isActive: false }))).toEqual(['D-400']);
    expect(skus(await list({ isActive: true, includeInactive: true }))).toEqual([
      'A-100',
      'C-300',
      'B-200',
      'E-500',
    ]);
  });

  it('searches name, sku and barcode case-insensitively', async () => {
    expect(skus(await list({ search: 'TART' }))).toEqual(['B-200']);
    expect(skus(await list({ search: 'c-30' }))).toEqual(['C-300']);
    expect(skus(await list({ search: '0000001', includeInactive: true }))).toEqual(['A-100']);
    expect(skus(await list({ search: 'xyz', includeInactive: true }))).toEqual(['D-400']);
  });

  it('filters by exact sku and barcode (case-insensitive), AND-combined with other filters', async () => {
    expect(skus(await list({ sku: 'a-100' }))).toEqual(['A-100']);
    expect(skus(await list({ sku: 'a-10' }))).toEqual([]);
    expect(skus(await list({ barcode: 'abc-xyz', includeInactive: true }))).toEqual(['D-400']);
    expect(skus(await list({ barcode: 'abc-xyz' }))).toEqual([]);
    expect(skus(await list({ sku: 'C-300', productType: 'ASSEMBLED' }))).toEqual([]);
  });

  it('filters by categoryId and productType', async () => {
    expect(skus(await list({ categoryId: category.id }))).toEqual(['C-300', 'E-500']);
    expect(skus(await list({ productType: 'NON_STOCKED' }))).toEqual(['B-200']);
    expect((await list({ productType: 'SERVICE' })).status).toBe(400);
  });

  it('sorts by every whitelisted key in both directions, with sortDir case-insensitive', async () => {
    expect(skus(await list({ sortBy: 'sku' }))).toEqual(['A-100', 'B-200', 'C-300', 'E-500']);
    expect(skus(await list({ sortBy: 'sku', sortDir: 'DESC' }))).toEqual([
      'E-500',
      'C-300',
      'B-200',
      'A-100',
    ]);
    expect(skus(await list({ sortBy: 'createdAt' }))).toEqual(['C-300', 'A-100', 'B-200', 'E-500']);
    expect(skus(await list({ sortBy: 'name', sortDir: 'desc' }))).toEqual([
      'E-500',
      'B-200',
      'C-300',
      'A-100',
    ]);
    expect(skus(await list({ sortBy: 'updatedAt', includeInactive: true }))).toEqual([
      'C-300',
      'A-100',
      'B-200',
      'E-500',
      'D-400',
    ]);
  });

  it('rejects a sortBy outside the whitelist and a bad sortDir with 400 invalid_parameter', async () => {
    const res = await list({ sortBy: 'price' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_parameter',
      message: "Query parameter 'sortBy' must be one of name, sku, createdAt, updatedAt",
    });
    expect((await list({ sortDir: 'up' })).body.error.code).toBe('invalid_parameter');
  });

  it('pages with a stable order, clamps pageSize to 200 and rejects page 0', async () => {
    const first = await list({ pageSize: 2 });
    const second = await list({ pageSize: 2, page: 2 });
    const third = await list({ pageSize: 2, page: 3 });
    expect(skus(first)).toEqual(['A-100', 'C-300']);
    expect(skus(second)).toEqual(['B-200', 'E-500']);
    expect(skus(third)).toEqual([]);
    expect(second.body.pagination).toEqual({ total: 4, page: 2, pageSize: 2, totalPages: 2 });
    expect((await list({ pageSize: 1000 })).body.pagination.pageSize).toBe(200);
    for (const bad of [{ page: 0 }, { pageSize: 0 }, { page: 'x' }, { pageSize: 1.5 }] as Record<
      string,
      string | number
    >[]) {
      const res = await list(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('invalid_parameter');
    }
  });

  it('clamps page x pageSize to 100,000 rows: the last reachable page repeats', async () => {
    const res = await list({ pageSize: 200, page: 9999 });
    expect(res.status).toBe(200);
    expect(res.body.pagination.page).toBe(500);
  });

  it('supports the incremental sync recipe with modifiedSince', async () => {
    const all = await list({ sortBy: 'updatedAt', sortDir: 'asc', pageSize: 200, includeInactive: true });
    const since = all.body.data[2].updatedAt as string;
    const res = await list({
      modifiedSince: since,
      sortBy: 'updatedAt',
      sortDir: 'asc',
      pageSize: 200,
      includeInactive: true,
    });
    expect(skus(res)).toEqual(skus(all).slice(2));
    const byName = await list({ modifiedSince: since, includeInactive: true });
    expect(byName.body.pagination.total).toBe(3);
    expect((await list({ modifiedSince: 'yesterday' })).status).toBe(400);
  });

  it('never shows another organisation its products', async () => {
    const other = await newTenant('Nobody');
    const res = await call('GET', '/products', { key: other.key, query: { includeInactive: true } });
    expect(res.body).toEqual({ data: [], pagination: { total: 0, page: 1, pageSize: 50, totalPages: 0 } });
  });

  it('a cost change by a stock movement moves the slim row: modifiedSince finds the product on every sort', async () => {
    const own = await newTenant('Cost moves org');
    const wh = await warehouse(own);
    const moved = await product(own, { costPrice: 1 });
    await product(own);
    const byName = (query: Record<string, string>) =>
      call('GET', '/products', { key: own.key, query: { sortBy: 'name', ...query } });
    // Loads this organisation's projection, so the next list reads it incrementally.
    expect((await byName({ search: 'product' })).body.pagination.total).toBe(2);
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const moving = await adjust(own, [
      { productId: moved.id, warehouseId: wh.id, quantityChange: 2, costPerUnit: 3 },
    ]);
    expect(moving.status).toBe(201);
    for (const sortBy of ['name', 'sku', 'createdAt']) {
      const res = await byName({ modifiedSince: since, sortBy });
      expect(res.body.data.map((p: { id: string; costPrice: number }) => [p.id, p.costPrice])).toEqual([
        [moved.id, 3],
      ]);
      expect(res.body.pagination.total).toBe(1);
    }
  });

  it("searches and filters by sku from the row's name, sku and barcode, whether it carries t and k (before session 43) or not", async () => {
    const own = await newTenant('Slim shape org');
    const made = await product(own, { name: 'Rye Loaf', sku: 'RYE-1', barcode: 'BAR-77' });
    const key = productKey(own.orgId, made.id);
    const stored = async () =>
      (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;
    // A row written now keeps no copy of what n, s and b give.
    expect(Object.keys((await stored()).slim).sort()).toEqual(['a', 'b', 'c', 'g', 'id', 'n', 'p', 's', 'u']);
    const found = async (query: Record<string, string>) => {
      const res = await coldCall(own, '/products', query);
      expect(res.status).toBe(200);
      return res.body.data.map((p: { id: string }) => p.id);
    };
    for (const search of ['rye l', 'rye-1', 'bar-77']) expect(await found({ search })).toEqual([made.id]);
    expect(await found({ sku: 'rye-1' })).toEqual([made.id]);
    // A row of before: its t and k are ignored (here made stale on purpose), n, s and b decide.
    await rewriteSlim(key, { t: 'old name\nold-sku\n', k: 'old-sku' });
    expect(await found({ search: 'old name' })).toEqual([]);
    expect(await found({ sku: 'old-sku' })).toEqual([]);
    expect(await found({ search: 'rye l' })).toEqual([made.id]);
    expect(await found({ sku: 'rye-1' })).toEqual([made.id]);
  });
});
