import type { Batch } from '../../../domain/inventory/batch.js';
import type { StockChange, StockFacts } from '../../../domain/inventory/movement.js';
import type { StockLevels } from '../../../domain/inventory/stock.js';
import { batchGet, keyId } from '../../platform/dynamo/batch-get.js';
import { keys, type Key } from '../../platform/dynamo/keys.js';
import { productFromItem, type ProductRecord } from '../products/store/products.js';
import { batchFromItem } from './store/batches.js';
import { copyOf, emptyStock, stockFromItem, type ProductStock } from './store/stock.js';
import { binFromItem, warehouseFromItem } from './store/warehouses.js';

export interface LoadedStockFacts {
  facts: StockFacts;
  records: Map<string, ProductRecord>;
  stocks: Map<string, ProductStock>;
  /** Each found product's levels as read, what the plan starts from. */
  levels: Map<string, StockLevels>;
  /**
   * The lots in `facts.batches` as read: a status flip rewrites the lot's slim row whole from it. A caller
   * that adds a lot to the facts adds it here too (rememberLot).
   */
  lots: Map<string, Batch>;
  /** An item asked for beside the facts (a document's sequence), undefined when absent. */
  alongside: (key: Key) => Record<string, unknown> | undefined;
}

/**
 * Everything the changes reference and their products' stock, in one batch read; `alongside` keys (the
 * document's sequence) join the same round trip. The read is consistent per item, not one snapshot: the
 * stock writes are conditioned on what was decided here (stockMovementWrites). Ids not found are simply
 * absent: the domain turns that into 422.
 */
export async function loadStockFacts(
  orgId: string,
  changes: StockChange[],
  alongside: Key[] = [],
): Promise<LoadedStockFacts> {
  const productIds = [...new Set(changes.map((c) => c.productId))];
  const found = await batchGet([
    ...alongside,
    ...productIds.flatMap((id) => [keys.product(orgId, id), keys.productStock(orgId, id)]),
    ...changes.map((c) => keys.warehouse(orgId, c.warehouseId)),
    ...changes.flatMap((c) => (c.binId ? [keys.bin(orgId, c.warehouseId, c.binId)] : [])),
    ...changes.flatMap((c) => (c.batchId ? [keys.batch(orgId, c.batchId)] : [])),
  ]);
  const get = (key: Key) => found.get(keyId(key));
  const records = new Map<string, ProductRecord>();
  const stocks = new Map<string, ProductStock>();
  const lots = new Map<string, Batch>();
  const facts: StockFacts = {
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
  for (const change of changes) {
    const warehouse = get(keys.warehouse(orgId, change.warehouseId));
    if (warehouse)
      facts.warehouses.set(change.warehouseId, { isActive: warehouseFromItem(warehouse).isActive });
    const bin = change.binId ? get(keys.bin(orgId, change.warehouseId, change.binId)) : undefined;
    if (bin) {
      const record = binFromItem(bin);
      facts.bins.set(record.id, {
        warehouseId: record.warehouseId,
        capacity: record.capacity,
        onHand: record.onHand,
      });
    }
    const batch = change.batchId ? get(keys.batch(orgId, change.batchId)) : undefined;
    if (batch) {
      const record = batchFromItem(batch);
      facts.batches.set(record.id, { productId: record.productId, status: record.status });
      lots.set(record.id, record);
    }
  }
  return {
    facts,
    records,
    stocks,
    levels: new Map([...stocks].map(([productId, stock]) => [productId, stock.levels])),
    lots,
    alongside: get,
  };
}

/** A lot read (or created) beside the facts, which the plan may move and flip: see `lots`. */
export function rememberLot(loaded: LoadedStockFacts, lot: Batch): void {
  loaded.facts.batches.set(lot.id, { productId: lot.productId, status: lot.status });
  loaded.lots.set(lot.id, lot);
}

/** A lot the plan must not see (being created by another request): out of the facts. */
export function forgetLot(loaded: LoadedStockFacts, lotId: string): void {
  loaded.facts.batches.delete(lotId);
  loaded.lots.delete(lotId);
}
