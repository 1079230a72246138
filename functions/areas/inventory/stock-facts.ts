import type { Batch } from '../../../domain/inventory/batch.js';
import type { StockChange, StockFacts } from '../../../domain/inventory/movement.js';
import type { StockLevels } from '../../../domain/inventory/stock.js';
import { rawItem, readBatch, type Key } from '../../platform/dynamo/read-batch.js';
import { productKey, products, type ProductRecord } from '../products/public.js';
import { batchKey, batches } from './store/batches.js';
import { copyOf, emptyStock, productStockKey, productStocks, type ProductStock } from './store/stock.js';
import { binKey, bins, warehouseKey, warehouses } from './store/warehouses.js';

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
  /** An item asked for beside the facts (a receipt's order, a warehouse), undefined when absent. */
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
  const b = readBatch();
  for (const key of alongside) b.get(rawItem, key);
  const productSlots = productIds.map((id) => ({
    id,
    product: b.get(products, productKey(orgId, id)),
    stock: b.get(productStocks, productStockKey(orgId, id)),
  }));
  const warehouseSlots = changes.map((c) => b.get(warehouses, warehouseKey(orgId, c.warehouseId)));
  const binSlots = changes.flatMap((c) =>
    c.binId ? [b.get(bins, binKey(orgId, c.warehouseId, c.binId))] : [],
  );
  const batchSlots = changes.flatMap((c) => (c.batchId ? [b.get(batches, batchKey(orgId, c.batchId))] : []));
  await b.run();
  const records = new Map<string, ProductRecord>();
  const stocks = new Map<string, ProductStock>();
  const lots = new Map<string, Batch>();
  const facts: StockFacts = {
    products: new Map(),
    warehouses: new Map(),
    bins: new Map(),
    batches: new Map(),
  };
  for (const { id, product, stock } of productSlots) {
    const record = product.value;
    if (!record) continue;
    records.set(id, record);
    stocks.set(id, stock.value ?? emptyStock(id, copyOf(record)));
    facts.products.set(id, {
      productType: record.productType,
      isBatchTracked: record.isBatchTracked,
      uomType: record.unitOfMeasure?.type ?? null,
      costPrice: record.costPrice,
    });
  }
  changes.forEach((change, i) => {
    const warehouse = warehouseSlots[i]!.value;
    if (warehouse) facts.warehouses.set(change.warehouseId, { isActive: warehouse.isActive });
  });
  for (const { value: bin } of binSlots) {
    if (bin)
      facts.bins.set(bin.id, { warehouseId: bin.warehouseId, capacity: bin.capacity, onHand: bin.onHand });
  }
  for (const { value: lot } of batchSlots) {
    if (!lot) continue;
    facts.batches.set(lot.id, { productId: lot.productId, status: lot.status });
    lots.set(lot.id, lot);
  }
  return {
    facts,
    records,
    stocks,
    levels: new Map([...stocks].map(([productId, stock]) => [productId, stock.levels])),
    lots,
    // Any item of the read (a lot's pending mark is not part of its record), as it was read.
    alongside: (key) => b.item(key),
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
