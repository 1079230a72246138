import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, product, warehouse } from '../support/inventory.js';

let t: Tenant;
let other: Tenant;
let north: Awaited<ReturnType<typeof warehouse>>;
let south: Awaited<ReturnType<typeof warehouse>>;
let apple: { id: string; sku: string; name: string };
let banana: { id: string; sku: string; name: string };
let cherry: { id: string; sku: string; name: string };
let lotA: { id: string; batchNumber: string };
let lotB: { id: string; batchNumber: string };

const soh = (query: Record<string, string | number> = {}, tenant: Tenant = t) =>
  call('GET', '/stock-on-hand', { key: tenant.key, query });
const rowKey = (r: any) => `${r.product.sku}@${r.warehouse.code}/${r.bin?.code ?? '-'}`;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('SOH org'), newTenant('Other SOH org')]);
  north = await warehouse(t);
  south = await warehouse(t);
  apple = await product(t, { sku: 'APPLE', name: 'Apple' });
  banana = await product(t, { sku: 'BANANA', name: 'banana', isBatchTracked: true });
  cherry = await product(t, { sku: 'CHERRY', name: 'Cherry' });
  lotA = await batchOf(t, banana.id, '2027-03-01');
  lotB = await batchOf(t, banana.id);
  await adjust(t, [
    { productId: apple.id, warehouseId: north.id, quantityChange: 10 },
    { productId: apple.id, warehouseId: north.id, binId: north.binId, quantityChange: 4 },
    { productId: apple.id, warehouseId: south.id, quantityChange: 1 },
    { productId: banana.id, warehouseId: north.id, binId: north.binId, batchId: lotA.id, quantityChange: 3 },
    { productId: banana.id, warehouseId: north.id, binId: north.binId, batchId: lotB.id, quantityChange: 2 },
    { productId: cherry.id, warehouseId: south.id, quantityChange: 5 },
  ]);
  // Cherry's stock goes back to zero: a zero row.
  await adjust(t, [{ productId: cherry.id, warehouseId: south.id, quantityChange: -5 }]);
});

describe('GET /stock-on-hand', () => {
  it('rows per product x warehouse x bin in product-name order, batches folded in for batch-tracked products', async () => {
    const res = await soh();
    expect(res.status).toBe(200);
    // Within a product: warehouse code, then the warehouse-level row before bins.
    const appleRows = [
      [north.code, '', `APPLE@${north.code}/-`],
      [north.code, north.binId, `APPLE@${north.code}/${north.binCode}`],
      [south.code, '', `APPLE@${south.code}/-`],
    ]
      .sort((a, b) => (a[0]!.toLowerCase() + a[1] < b[0]!.toLowerCase() + b[1] ? -1 : 1))
      .map((r) => r[2]);
    expect(res.body.data.map(rowKey)).toEqual([...appleRows, `BANANA@${north.code}/${north.binCode}`]);
    expect(res.body.pagination).toEqual({ total: 4, page: 1, pageSize: 50, totalPages: 1 });
    const bananaRow = res.body.data.find((r: any) => r.product.id === banana.id);
    expect(bananaRow).toEqual({
      product: { id: banana.id, sku: 'BANANA', name: 'banana' },
      warehouse: { id: north.id, code: north.code },
      bin: { id: north.binId, code: north.binCode },
      quantityOnHand: 5,
      quantityReserved: 0,
      quantityAvailable: 5,
      batches: [
        {
          batchId: lotA.id,
          batchNumber: lotA.batchNumber,
          expiryDate: '2027-03-01',
          quantityOnHand: 3,
          quantityReserved: 0,
          quantityAvailable: 3,
        },
        {
          batchId: lotB.id,
          batchNumber: lotB.batchNumber,
          expiryDate: null,
          quantityOnHand: 2,
          quantityReserved: 0,
          quantityAvailable: 2,
        },
      ].sort((a, b) => (a.batchId < b.batchId ? -1 : 1)),
      updatedAt: expect.any(String),
    });
    const appleRow = res.body.data.find(
      (r: any) => r.product.id === apple.id && r.bin === null && r.warehouse.id === north.id,
    );
    expect(appleRow).toMatchObject({ quantityOnHand: 10, quantityAvailable: 10, batches: null });
  });

  it('includeZero shows zero rows; warehouseId, productId and search filter', async () => {
    expect((await soh({ includeZero: 1 })).body.data.map(rowKey)).toContain(`CHERRY@${south.code}/-`);
    expect((await soh({ includeZero: 'true' })).body.pagination.total).toBe(5);
    expect((await soh({ warehouseId: south.id })).body.data.map(rowKey)).toEqual([`APPLE@${south.code}/-`]);
    expect((await soh({ productId: banana.id })).body.data.map(rowKey)).toEqual([
      `BANANA@${north.code}/${north.binCode}`,
    ]);
    expect((await soh({ search: 'nan' })).body.data.map(rowKey)).toEqual([
      `BANANA@${north.code}/${north.binCode}`,
    ]);
    expect((await soh({ search: 'appl', warehouseId: north.id })).body.pagination.total).toBe(2);
  });

  it('sorts by updatedAt both ways, pages, and modifiedSince keeps only rows changed since', async () => {
    const up = await soh({ sortBy: 'updatedAt', sortDir: 'ASC', includeZero: 1 });
    const stamps = up.body.data.map((r: any) => r.updatedAt);
    expect(stamps).toEqual([...stamps].sort());
    expect(up.body.data.at(-1).product.id).toBe(cherry.id);
    const down = await soh({ sortBy: 'updatedAt', sortDir: 'desc', includeZero: 1 });
    expect(down.body.data.map(rowKey)).toEqual([...up.body.data.map(rowKey)].reverse());
    const since = await soh({ modifiedSince: up.body.data.at(-1).updatedAt, includeZero: 1 });
    expect(since.body.data.map(rowKey)).toEqual([`CHERRY@${south.code}/-`]);
    const page2 = await soh({ pageSize: 3, page: 2 });
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.pagination).toEqual({ total: 4, page: 2, pageSize: 3, totalPages: 2 });
  });

  it("hides archived products' stock unless includeInactiveProducts", async () => {
    const fresh = await newTenant('Archived SOH org');
    const w = await warehouse(fresh);
    const p = await product(fresh);
    await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }]);
    await call('PUT', `/products/${p.id}`, { key: fresh.key, body: { isActive: false, name: 'Renamed' } });
    expect((await soh({}, fresh)).body.data).toEqual([]);
    const shown = await soh({ includeInactiveProducts: 1 }, fresh);
    expect(shown.body.data.map((r: any) => r.product.name)).toEqual(['Renamed']);
  });

  it('404 for a warehouseId or productId not in the organisation; 400 for bad parameters', async () => {
    const foreign = await warehouse(other);
    const foreignProduct = await product(other);
    for (const query of <Record<string, string>[]>[
      { warehouseId: foreign.id },
      { productId: foreignProduct.id },
      { warehouseId: 'nope' },
    ]) {
      const res = await soh(query);
      expect(res.status, JSON.stringify(query)).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    for (const query of <Record<string, string>[]>[
      { sortBy: 'sku' },
      { includeZero: 'yes' },
      { sortDir: 'up' },
      { modifiedSince: 'x' },
    ]) {
      const res = await soh(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('invalid_parameter');
    }
  });
});
