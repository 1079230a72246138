import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/dynamo/client.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { BatchWriteCommand } from '../../functions/platform/dynamo/commands.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import {
  clearSlimProjections,
  configureSlimProjection,
} from '../../functions/platform/dynamo/slim-projection.js';
import { productItem, type ProductRecord } from '../../functions/areas/products/store/products.js';
import { createProduct } from '../../domain/products/product.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { countReads } from '../support/read-counter.js';
import { adjust, product, warehouse } from '../support/inventory.js';

let t: Tenant;
const reads = countReads('listCostCounter');

beforeAll(async () => {
  t = await newTenant('List cost org');
  for (let i = 0; i < 45; i += 1) {
    const res = await call('POST', '/products', {
      key: t.key,
      body: { sku: `LC-${String(i).padStart(3, '0')}`, name: `Item ${String(i).padStart(3, '0')}` },
    });
    expect(res.status).toBe(201);
  }
  await call(
    'PUT',
    `/products/${(await call('GET', '/products', { key: t.key, query: { sku: 'LC-044' } })).body.data[0].id}`,
    {
      key: t.key,
      body: { isActive: false },
    },
  );
});

async function measureGet(path: string, query: Record<string, string | number | boolean>, tenant: Tenant) {
  reads.reset();
  const res = await call('GET', path, { key: tenant.key, query });
  expect(res.status).toBe(200);
  return { res, scanned: reads.count.scanned, gets: reads.count.gets };
}

async function measure(query: Record<string, string | number | boolean>, tenant: Tenant = t) {
  reads.reset();
  const res = await call('GET', '/products', { key: tenant.key, query });
  expect(res.status).toBe(200);
  return { res, ...reads.count };
}

/** Writes `count` products the way a create writes the product item (bulk, without the API). */
async function seed(tenant: Tenant, count: number, name: (i: number) => string) {
  const items = Array.from({ length: count }, (_, i) => {
    const state = createProduct(
      { sku: `SEED-${String(i).padStart(4, '0')}`, name: name(i) },
      { id: `seed${String(i).padStart(4, '0')}${tenant.orgId.slice(0, 8)}`, now: new Date().toISOString() },
    );
    const record: ProductRecord = {
      ...state,
      category: null,
      unitOfMeasure: null,
      purchaseUom: null,
      saleUom: null,
    };
    return productItem(tenant.orgId, record);
  });
  for (let i = 0; i < items.length; i += 25) {
    await db().send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
}

describe('list cost', () => {
  it('totals come from maintained counts, and page 1 reads about pageSize items', async () => {
    clearListCursors();
    const first = await measure({ pageSize: 10 });
    expect(first.res.body.pagination).toEqual({ total: 44, page: 1, pageSize: 10, totalPages: 5 });
    expect(first.res.body.data.map((p: { sku: string }) => p.sku)[0]).toBe('LC-000');
    expect(first.scanned).toBeLessThanOrEqual(11);
    const all = await measure({ pageSize: 10, includeInactive: true });
    expect(all.res.body.pagination.total).toBe(45);
    const inactive = await measure({ isActive: false });
    expect(inactive.res.body.pagination.total).toBe(1);
  });

  it('sequential pages resume where the previous page ended instead of re-reading it', async () => {
    clearListCursors();
    await measure({ pageSize: 10 });
    const second = await measure({ pageSize: 10, page: 2 });
    expect(second.res.body.data.map((p: { sku: string }) => p.sku)).toEqual(
      Array.from({ length: 10 }, (_, i) => `LC-0${10 + i}`),
    );
    expect(second.scanned).toBeLessThanOrEqual(11);
    const third = await measure({ pageSize: 10, page: 3 });
    expect(third.res.body.data[0].sku).toBe('LC-020');
    expect(third.scanned).toBeLessThanOrEqual(11);
  });

  it('a page reached without its cursor skips through the slim projection, then reads its items by key', async () => {
    configureSlimProjection({ overlapMs: 0 });
    clearListCursors();
    clearSlimProjections();
    const cold = await measure({ pageSize: 10, page: 4 });
    expect(cold.res.body.data[0].sku).toBe('LC-030');
    expect(cold.res.body.pagination.total).toBe(44);
    // The first read in a container loads the projection: every product's slim row, once.
    expect(cold.scanned).toBe(45);
    clearListCursors();
    const warm = await measure({ pageSize: 10, page: 4 });
    expect(warm.res.body.data.map((p: { sku: string }) => p.sku)).toEqual(
      Array.from({ length: 10 }, (_, i) => `LC-0${30 + i}`),
    );
    expect(warm.scanned).toBe(0);
    expect(warm.gets).toBe(20); // the page's 10 products and their 10 stock items
    configureSlimProjection({ overlapMs: 5_000 });
  });

  it('search and row filters read what changed since the last read plus the page, at any collection size', async () => {
    configureSlimProjection({ overlapMs: 0 });
    const small = await newTenant('List cost small');
    const large = await newTenant('List cost large');
    // Both hold 6 products named "Widget ..."; the large one also 600 others.
    await seed(small, 40, (i) => (i % 7 === 0 ? `Widget ${i}` : `Small item ${i}`));
    await seed(large, 640, (i) => (i % 7 === 0 && i < 40 ? `Widget ${i}` : `Large item ${i}`));
    const costs = [];
    for (const tenant of [small, large]) {
      await measure({ search: 'widget' }, tenant); // loads the projection
      const warm = await measure({ search: 'widget', pageSize: 50 }, tenant);
      expect(warm.res.body.pagination.total).toBe(6);
      expect(warm.res.body.data.map((p: { name: string }) => p.name)[0]).toBe('Widget 0');
      costs.push(warm.scanned + warm.gets);
      const filtered = await measure({ sku: 'seed-0007', categoryId: 'none' }, tenant);
      expect(filtered.res.body.pagination.total).toBe(0);
      expect(filtered.scanned + filtered.gets).toBe(0);
    }
    expect(costs).toEqual([12, 12]); // 6 products + 6 stock items, nothing scanned

    // A product written through the API shows up in the next search of a warm projection, reading only it.
    const created = await call('POST', '/products', {
      key: small.key,
      body: { sku: 'LC-NEW', name: 'Widget new' },
    });
    expect(created.status).toBe(201);
    const fresh = await measure({ search: 'widget new' }, small);
    expect(fresh.res.body.data.map((p: { sku: string }) => p.sku)).toEqual(['LC-NEW']);
    expect(fresh.scanned).toBeLessThanOrEqual(1);
    configureSlimProjection({ overlapMs: 5_000 });
  });

  it('the sync recipe reads only the changed rows', async () => {
    const all = await measure({ sortBy: 'updatedAt', sortDir: 'asc', pageSize: 200, includeInactive: true });
    const since = all.res.body.data[40].updatedAt as string;
    const sync = await measure({
      modifiedSince: since,
      sortBy: 'updatedAt',
      sortDir: 'asc',
      pageSize: 200,
      includeInactive: true,
    });
    expect(sync.res.body.pagination.total).toBe(5);
    expect(sync.scanned).toBe(5);
  });

  it('a stock-on-hand page reads its own stock items, not every stocked product', async () => {
    configureSlimProjection({ overlapMs: 0 });
    const tenant = await newTenant('Stock list cost');
    const wh = await warehouse(tenant);
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1)
      ids.push((await product(tenant, { name: `Stock ${String(i).padStart(2, '0')}` })).id);
    const res = await adjust(
      tenant,
      ids.map((productId) => ({ productId, warehouseId: wh.id, quantityChange: 5 })),
      { reason: 'FOUND' },
    );
    expect(res.status).toBe(201);
    await measureGet('/stock-on-hand', { pageSize: 5 }, tenant); // loads the projection
    const page = await measureGet('/stock-on-hand', { pageSize: 5, page: 3 }, tenant);
    expect(page.res.body.pagination.total).toBe(30);
    expect(page.res.body.data.map((r: { product: { name: string } }) => r.product.name)).toEqual(
      ['10', '11', '12', '13', '14'].map((n) => `Stock ${n}`),
    );
    expect(page.gets).toBe(5);
    expect(page.scanned).toBeLessThanOrEqual(3); // the warehouse partition (warehouse, zone, bin)
    const search = await measureGet('/stock-on-hand', { search: 'stock 2', warehouseId: wh.id }, tenant);
    expect(search.res.body.pagination.total).toBe(10);
    expect(search.gets).toBe(10);
    configureSlimProjection({ overlapMs: 5_000 });
  });
});
