import type { StockPlan } from '../../../domain/inventory/movement.js';
import { roundQuantity } from '../../../domain/inventory/stock.js';
import type { TransactItem } from '../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../platform/journal/journal.js';
import { productCostUpdate } from '../products/store/products.js';
import { batchStatusUpdate } from './store/batches.js';
import { ledgerPut, stockPut } from './store/stock.js';
import { binStockUpdate } from './store/warehouses.js';
import type { LoadedStockFacts } from './stock-facts.js';

type Events = NonNullable<JournalEntry['events']>;

/** The stock-moving document, as the ledger records it. */
export interface StockSource {
  type: string;
  id: string;
  number: string | null;
}

/**
 * What a stock movement writes beside its document: every touched product's stock, the ledger entry (only
 * when on hand moves),
 * batch status flips, weighted-average cost changes and capacity-bin counters, plus the events to journal.
 *
 * Each stock put is conditioned on the version read and on the product rules the plan was decided with
 * (productType, isBatchTracked, copied onto the stock item by every product write that changes them). The
 * batch read sees each item on its own, so the product may have been read before a PUT and its stock after
 * it; without the rule condition an unbatched adjustment could land on a product just made batch-tracked.
 */
export function stockMovementWrites(
  orgId: string,
  plan: StockPlan,
  loaded: LoadedStockFacts,
  source: StockSource,
  at: string,
): { items: TransactItem[]; events: Events } {
  const items: TransactItem[] = [];
  const events: Events = [];
  for (const [productId, levels] of plan.levels) {
    const { productType, isBatchTracked } = loaded.facts.products.get(productId)!;
    items.push(
      stockPut(orgId, { ...loaded.stocks.get(productId)!, levels }, { productType, isBatchTracked }),
    );
  }
  // A pure reservation (or its release) moves no stock on hand: no ledger entry.
  if (plan.movements.length > 0) {
    items.push(
      ledgerPut(orgId, {
        at,
        sourceType: source.type,
        sourceId: source.id,
        sourceNumber: source.number,
        movements: plan.movements,
      }),
    );
  }
  for (const [batchId, to] of plan.batchStatus) {
    items.push(batchStatusUpdate(orgId, batchId, loaded.facts.batches.get(batchId)!.status, to, at));
  }
  for (const [productId, costPrice] of plan.costPrices) {
    items.push(productCostUpdate(orgId, loaded.records.get(productId)!, costPrice, at));
    events.push({ event: 'product.updated', data: { id: productId } });
  }
  for (const [binId, change] of plan.binChanges) {
    items.push(binStockUpdate(orgId, loaded.facts.bins.get(binId)!.warehouseId, binId, change));
  }
  for (const c of plan.changed) {
    events.push({
      event: 'stock.level_changed',
      data: {
        id: c.productId,
        productId: c.productId,
        warehouseId: c.warehouseId,
        quantityOnHand: c.onHand,
        quantityReserved: c.reserved,
        quantityAvailable: roundQuantity(c.onHand - c.reserved),
      },
    });
  }
  return { items, events };
}
