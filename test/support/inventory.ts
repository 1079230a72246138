import { createBatch } from '../../functions/areas/inventory/steps/batches.js';
import { addBin, addZone, createWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { call, type Tenant } from './api.js';

export const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();

export async function product(t: Tenant, body: Record<string, unknown> = {}) {
  const u = unique();
  const res = await call('POST', '/products', {
    key: t.key,
    body: { sku: `P-${u}`, name: `Product ${u}`, ...body },
  });
  if (res.status !== 201) throw new Error(`product create failed: ${res.raw}`);
  return res.body as { id: string; sku: string; name: string };
}

/** A warehouse with one storage zone holding a bin (optionally capacity-limited). */
export async function warehouse(t: Tenant, options: { capacity?: number } = {}) {
  const u = unique();
  const wh = await createWarehouse({ orgId: t.orgId, code: `WH-${u}`, name: `Warehouse ${u}` });
  const zone = await addZone({ orgId: t.orgId, warehouseId: wh.id, name: 'Main', zoneType: 'STORAGE' });
  const bin = await addBin({ orgId: t.orgId, zoneId: zone.id, code: `A-${u}`, capacity: options.capacity });
  return { id: wh.id, code: wh.code, zoneId: zone.id, binId: bin.id, binCode: bin.code };
}

/** A new empty lot of the product (its detail, with the productId an empty lot's detail cannot show). */
export const batchOf = async (t: Tenant, productId: string, expiryDate?: string) => ({
  ...(await createBatch({ orgId: t.orgId, productId, batchNumber: `LOT-${unique()}`, expiryDate })),
  productId,
});

export const adjust = (t: Tenant, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  call('POST', '/stock-adjustments', { key: t.key, body: { reason: 'CORRECTION', lines, ...extra } });

export async function onHand(t: Tenant, productId: string): Promise<number> {
  const res = await call('GET', `/products/${productId}`, { key: t.key });
  return res.body.totalStockOnHand as number;
}
