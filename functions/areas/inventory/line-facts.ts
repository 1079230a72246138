import type { AdjustmentLine, LineFacts } from '../../../domain/inventory/adjustment.js';
import type { BatchStatus } from '../../../domain/inventory/batch.js';
import { keys, type Key } from '../../platform/dynamo/keys.js';
import { productFromItem, type ProductRecord } from '../products/store/products.js';
import { batchGet, keyId } from '../../platform/dynamo/batch-get.js';
import { copyOf, emptyStock, stockFromItem, type ProductStock } from './store/stock.js';
import { binFromItem, warehouseFromItem } from './store/warehouses.js';

export interface LoadedFacts {
  facts: LineFacts;
  records: Map<string, ProductRecord>;
  stocks: Map<string, ProductStock>;
  sequence: number;
}

/**
 * Everything an adjustment's lines reference, its products' stock and the adjustment sequence, in one
 * consistent batch read. Ids not found are simply absent: the domain turns that into 422.
 */
export async function loadLineFacts(
  orgId: string,
  lines: AdjustmentLine[],
  sequence: string,
): Promise<LoadedFacts> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const requested: Key[] = [
    keys.sequence(orgId, sequence),
    ...productIds.flatMap((id) => [keys.product(orgId, id), keys.productStock(orgId, id)]),
    ...lines.map((l) => keys.warehouse(orgId, l.warehouseId)),
    ...lines.flatMap((l) => (l.binId ? [keys.bin(orgId, l.warehouseId, l.binId)] : [])),
    ...lines.flatMap((l) => (l.batchId ? [keys.batch(orgId, l.batchId)] : [])),
  ];
  const found = await batchGet(requested);
  const get = (key: Key) => found.get(keyId(key));
  const records = new Map<string, ProductRecord>();
  const stocks = new Map<string, ProductStock>();
  const facts: LineFacts = {
    products: new Map(),
    warehouses: new Map(),
    bins: new Map(),
    batches: new Map(),
  };
  for (const id of productIds) {
    const item = get(keys.product(orgId, id));
    if (!item) continue;
    const record = productFromItem(item);
    records.set(id, record);
    const stockItem = get(keys.productStock(orgId, id));
    stocks.set(id, stockItem ? stockFromItem(stockItem) : emptyStock(id, copyOf(record)));
    facts.products.set(id, {
      productType: record.productType,
      isBatchTracked: record.isBatchTracked,
      uomType: record.unitOfMeasure?.type ?? null,
      costPrice: record.costPrice,
    });
  }
  for (const line of lines) {
    const warehouse = get(keys.warehouse(orgId, line.warehouseId));
    if (warehouse)
      facts.warehouses.set(line.warehouseId, { isActive: warehouseFromItem(warehouse).isActive });
    const bin = line.binId ? get(keys.bin(orgId, line.warehouseId, line.binId)) : undefined;
    if (bin) {
      const record = binFromItem(bin);
      facts.bins.set(record.id, {
        warehouseId: record.warehouseId,
        capacity: record.capacity,
        onHand: record.onHand,
      });
    }
    const batch = line.batchId ? get(keys.batch(orgId, line.batchId)) : undefined;
    if (batch) {
      facts.batches.set(line.batchId!, {
        productId: batch.productId as string,
        status: batch.status as BatchStatus,
      });
    }
  }
  return {
    facts,
    records,
    stocks,
    sequence: (get(keys.sequence(orgId, sequence))?.value as number | undefined) ?? 0,
  };
}
