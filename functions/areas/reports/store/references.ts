/**
 * What report rows show beside ids (product SKU and name, category, bin code, batch number and cost), read
 * for the rows of one report only; the stock items a report needs, by product; and the organisation's
 * warehouses (one small partition range) for their codes and for checking a warehouseId filter.
 */
import { readBatch, type ReadBatch } from '../../../platform/dynamo/read-batch.js';
import { batchKey, batches } from '../../inventory/public.js';
import { productStockKey, productStocks, type ProductStock } from '../../inventory/public.js';
import { binKey, bins, listWarehouseRecords } from '../../inventory/public.js';
import { productKey, products } from '../../products/public.js';

/**
 * A report's batch read: a snapshot needs no consistent read (half the capacity), and its chunks of 100
 * keys are read a few at a time in parallel rather than one after another.
 */
const snapshotRead = (): ReadBatch => readBatch({ consistent: false, parallelChunks: 4 });

/** The stock items of some products (absent: the product has none), by product id. */
export async function readStocks(orgId: string, productIds: string[]): Promise<Map<string, ProductStock>> {
  const b = snapshotRead();
  const slots = [...new Set(productIds)].map((id) => b.get(productStocks, productStockKey(orgId, id)));
  await b.run();
  return new Map(slots.flatMap(({ value }) => (value ? [[value.productId, value] as const] : [])));
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
  const b = snapshotRead();
  const productSlots = new Map(
    [...new Set(wanted.productIds ?? [])].map((id) => [id, b.get(products, productKey(orgId, id))]),
  );
  const binSlots = new Map(
    [...(wanted.bins ?? [])].map((w) => [
      `${w.warehouseId}|${w.binId}`,
      b.get(bins, binKey(orgId, w.warehouseId, w.binId)),
    ]),
  );
  const batchSlots = new Map(
    [...new Set(wanted.batchIds ?? [])].map((id) => [id, b.get(batches, batchKey(orgId, id))]),
  );
  await b.run();
  return {
    product: (id) => {
      const record = productSlots.get(id)?.value;
      if (!record) return null;
      return {
        id,
        sku: record.sku,
        name: record.name,
        category: record.category ?? null,
        categoryId: record.categoryId ?? null,
        isActive: record.isActive,
        productType: record.productType,
        isBatchTracked: record.isBatchTracked,
        costPrice: record.costPrice ?? 0,
        minStockLevel: record.minStockLevel ?? null,
        maxStockLevel: record.maxStockLevel ?? null,
      };
    },
    binCode: (warehouseId, binId) => binSlots.get(`${warehouseId}|${binId}`)?.value?.code ?? null,
    batch: (id) => {
      const lot = batchSlots.get(id)?.value;
      return lot
        ? { batchNumber: lot.batchNumber, unitCost: lot.unitCost ?? null, expiryDate: lot.expiryDate ?? null }
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
