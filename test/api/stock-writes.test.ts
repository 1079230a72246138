import { beforeAll, describe, expect, it } from 'vitest';
import { planStockMovement, type StockChange } from '../../domain/inventory/movement.js';
import { loadStockFacts } from '../../functions/areas/inventory/stock-facts.js';
import { stockMovementWrites } from '../../functions/areas/inventory/stock-writes.js';
import { transact, WriteRace } from '../../functions/platform/dynamo/transact.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { onHand, product, warehouse } from '../support/inventory.js';

let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;

beforeAll(async () => {
  t = await newTenant('Stock writes org');
  wh = await warehouse(t);
});

/**
 * The torn read a batch read allows, made deterministic: the product as it was before a PUT changed its
 * stock rules, its stock item as the PUT left it. Writes planned on that read must not commit.
 */
async function writeOnTornRead(productId: string, rules: Record<string, unknown>) {
  const changes: StockChange[] = [
    { productId, warehouseId: wh.id, binId: null, batchId: null, onHandDelta: 1, reservedDelta: 0 },
  ];
  const before = await loadStockFacts(t.orgId, changes);
  expect((await call('PUT', `/products/${productId}`, { key: t.key, body: rules })).status).toBe(200);
  const after = await loadStockFacts(t.orgId, changes);
  const torn = { ...after, facts: before.facts, records: before.records };
  const at = new Date().toISOString();
  const plan = planStockMovement(changes, torn.levels, torn.facts, at);
  const source = { type: 'stock_adjustment', id: `torn-${productId}`, number: null };
  return transact(stockMovementWrites(t.orgId, plan, torn, source, at).items);
}

describe('stock writes are conditioned on the product rules they were decided with', () => {
  it('unbatched stock planned before batch tracking was switched on does not commit', async () => {
    const p = await product(t);
    await expect(writeOnTornRead(p.id, { isBatchTracked: true })).rejects.toBeInstanceOf(WriteRace);
    expect(await onHand(t, p.id)).toBe(0);
  });

  it('stock planned before the product became NON_STOCKED does not commit', async () => {
    const p = await product(t);
    await expect(writeOnTornRead(p.id, { productType: 'NON_STOCKED' })).rejects.toBeInstanceOf(WriteRace);
    expect(await onHand(t, p.id)).toBe(0);
  });

  it('a product change that leaves the rules alone does not block the write', async () => {
    const p = await product(t);
    await expect(writeOnTornRead(p.id, { name: `Renamed ${p.sku}` })).resolves.toBeUndefined();
    expect(await onHand(t, p.id)).toBe(1);
  });
});
