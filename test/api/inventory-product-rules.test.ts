import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, product, warehouse } from '../support/inventory.js';

let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;
const put = (id: string, body: Record<string, unknown>) =>
  call('PUT', `/products/${id}`, { key: t.key, body });

beforeAll(async () => {
  t = await newTenant('Product rules org');
  wh = await warehouse(t);
});

describe('product rules that depend on stock', () => {
  it('isBatchTracked cannot change while the product has stock on hand (422); the same value is accepted', async () => {
    const p = await product(t);
    await adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: 3 }]);
    const res = await put(p.id, { isBatchTracked: true });
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: 'unprocessable',
      message: 'isBatchTracked cannot change while the product has stock on hand or lot quantities',
    });
    expect((await put(p.id, { isBatchTracked: false })).status).toBe(200);
    await adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: -3 }]);
    expect((await put(p.id, { isBatchTracked: true })).body.isBatchTracked).toBe(true);
  });

  it('isBatchTracked cannot be switched off while lots hold stock', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await batchOf(t, p.id);
    await adjust(t, [{ productId: p.id, warehouseId: wh.id, batchId: lot.id, quantityChange: 2 }]);
    expect((await put(p.id, { isBatchTracked: false })).status).toBe(422);
  });

  it('productType cannot cross NON_STOCKED while stock exists; other type changes are fine', async () => {
    const p = await product(t);
    await adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: 1 }]);
    const res = await put(p.id, { productType: 'NON_STOCKED' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'productType cannot change from STOCKED to NON_STOCKED while the product has stock on hand',
    );
    expect((await put(p.id, { productType: 'ASSEMBLED' })).body.productType).toBe('ASSEMBLED');
    await adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: -1 }]);
    expect((await put(p.id, { productType: 'NON_STOCKED' })).body.productType).toBe('NON_STOCKED');
    // A NON_STOCKED product takes no stock.
    const refused = await adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: 1 }]);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('unprocessable');
  });

  // The adjustment's batch read is not one snapshot: DynamoDB isolates each item, so a PUT committing
  // between the read of the product and of its stock item is seen half. That window is narrow, so the
  // race runs 160 times (40 rounds of 4 concurrent pairs, a fresh product per pair); stock-writes.test.ts
  // replays the torn read deterministically.
  it('a PUT switching on batch tracking and an adjustment adding unbatched stock, racing: exactly one wins', async () => {
    const bothWon: string[] = [];
    for (let round = 0; round < 40; round += 1) {
      const products = await Promise.all(Array.from({ length: 4 }, () => product(t)));
      await Promise.all(
        products.map(async (p) => {
          const [updated, adjusted] = await Promise.all([
            put(p.id, { isBatchTracked: true }),
            adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: 1 }]),
          ]);
          if (updated.status === 200 && adjusted.status === 201) bothWon.push(p.id);
          else
            expect([updated.status, adjusted.status].sort()).toEqual(
              updated.status === 200 ? [200, 422] : [201, 422],
            );
        }),
      );
    }
    expect(bothWon).toEqual([]);
  }, 60_000);

  it('renaming a product shows in stock on hand', async () => {
    const p = await product(t);
    await adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: 1 }]);
    await put(p.id, { name: `Renamed ${p.sku}`, sku: `${p.sku}-R` });
    const res = await call('GET', '/stock-on-hand', { key: t.key, query: { productId: p.id } });
    expect(res.body.data[0].product).toEqual({ id: p.id, sku: `${p.sku}-R`, name: `Renamed ${p.sku}` });
  });
});
