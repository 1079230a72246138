/**
 * What report rows show beside ids (product SKU and name, category, bin code, batch number and cost), read
 * for the rows of one report only; the stock items a report needs, by product; and the organisation's
 * warehouses (one small partition range) for their codes and for checking a warehouseId filter.
 */
import { batchGet, keyId } from '../../../platform/dynamo/batch-get.js';
import { keys, type Key } from '../../../platform/dynamo/keys.js';
import { stockFromItem, type ProductStock } from '../../inventory/store/stock.js';
import { listWarehouseRecords } from '../../inventory/store/warehouses.js';

const PARALLEL_READS = 4;

/**
 * A report's batch read: a snapshot needs no consistent read (half the capacity), and its chunks of 100
 * keys are read a few at a time in parallel rather than one after another.
 */
async function snapshotRead(all: Key[]): Promise<Map<string, Record<string, unknown>>> {
  const chunks: Key[][] = [];
  for (let i = 0; i < all.length; i += 100) chunks.push(all.slice(i, i + 100));
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < chunks.length; i += PARALLEL_READS) {
    const maps = await Promise.all(
      chunks.slice(i, i + PARALLEL_READS).map((chunk) => batchGet(chunk, { consistent: false })),
    );
    for (const map of maps) for (const [id, item] of map) found.set(id, item);
  }
  return found;
}

/** The stock items of some products (absent: the product has none), by product id. */
export async function readStocks(orgId: string, productIds: string[]): Promise<Map<string, ProductStock>> {
  const found = await snapshotRead([...new Set(productIds)].map((id) => keys.productStock(orgId, id)));
  return new Map([...found.values()].map((item) => [item.productId as string, stockFromItem(item)]));
}

export interface ProductFacts {
  id: string;
  sku: string;
  name: string;
  category: { id: string; name: string } | null;
  categoryId: string | null;
  isActive: boolean;
  productType: string;
  isBatchTracked: boolean;
  costPrice: number;
  minStockLevel: number | null;
  maxStockLevel: number | null;
}

export interface BatchFacts {
  batchNumber: string;
  unitCost: number | null;
  expiryDate: string | null;
}

export interface References {
  product(id: string): ProductFacts | null;
  binCode(warehouseId: string, binId: string): string | null;
  batch(id: string): BatchFacts | null;
}

export async function readReferences(
  orgId: string,
  wanted: {
    productIds?: Iterable<string>;
    bins?: Iterable<{ warehouseId: string; binId: string }>;
    batchIds?: Iterable<string>;
  },
): Promise<References> {
  const found = await snapshotRead([
    ...[...new Set(wanted.productIds ?? [])].map((id) => keys.product(orgId, id)),
    ...[...(wanted.bins ?? [])].map((b) => keys.bin(orgId, b.warehouseId, b.binId)),
    ...[...new Set(wanted.batchIds ?? [])].map((id) => keys.batch(orgId, id)),
  ]);
  return {
    product: (id) => {
      const item = found.get(keyId(keys.product(orgId, id)));
      if (!item) return null;
      return {
        id,
        sku: item.sku as string,
        name: item.name as string,
        category: (item.category as ProductFacts['category'] | undefined) ?? null,
        categoryId: (item.categoryId as string | null | undefined) ?? null,
        isActive: item.isActive as boolean,
        productType: item.productType as string,
        isBatchTracked: item.isBatchTracked as boolean,
        costPrice: (item.costPrice as number | undefined) ?? 0,
        minStockLevel: (item.minStockLevel as number | null | undefined) ?? null,
        maxStockLevel: (item.maxStockLevel as number | null | undefined) ?? null,
      };
    },
    binCode: (warehouseId, binId) =>
      (found.get(keyId(keys.bin(orgId, warehouseId, binId)))?.code as string | undefined) ?? null,
    batch: (id) => {
      const item = found.get(keyId(keys.batch(orgId, id)));
      return item
        ? {
            batchNumber: item.batchNumber as string,
            unitCost: (item.unitCost as number | null | undefined) ?? null,
            expiryDate: (item.expiryDate as string | null | undefined) ?? null,
          }
        : null;
    },
  };
}

/** Warehouse id -> code, for every warehouse of the organisation (active or not). */
export async function warehouseCodes(orgId: string): Promise<Map<string, string>> {
  return new Map((await listWarehouseRecords(orgId)).map((w) => [w.id, w.code]));
}

/** Each bin of some rows once (bins are keyed under their warehouse). */
export function uniqueBins(rows: readonly { warehouseId: string; binId: string | null }[]) {
  const bins = new Map<string, { warehouseId: string; binId: string }>();
  for (const r of rows)
    if (r.binId) bins.set(`${r.warehouseId}|${r.binId}`, { warehouseId: r.warehouseId, binId: r.binId });
  return [...bins.values()];
}
