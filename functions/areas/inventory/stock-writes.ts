import { stockLevelChanged } from '../../../domain/inventory/events.js';
import type { StockPlan } from '../../../domain/inventory/movement.js';
import { levelDeltas } from '../../../domain/inventory/stock-increment.js';
import { productUpdated } from '../../../domain/products/events.js';
import type { TransactItem } from '../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../platform/journal/journal.js';
import { productCostUpdate } from '../products/public.js';
import { batchStatusUpdate } from './store/batches.js';
import { ledgerPut, productStockKey, stockIncrement, stockPut } from './store/stock.js';
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
 * What a stock movement writes beside its document: every touched product's stock, the ledger entry (when
 * on hand moves), batch status flips, weighted-average cost changes and capacity-bin counters, plus the
 * events to journal.
 *
 * A product's stock is incremented where its changed locations already exist and hold no lot
 * (stockIncrement: conditioned on the stock rule, so concurrent writers of one product all land), and
 * otherwise put whole. Each stock put is conditioned on the version read and on the product rules the plan was decided with
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
    const stock = loaded.stocks.get(productId)!;
    const deltas = levelDeltas(stock.levels, levels);
    // A weighted-average cost is decided on the on hand read, so a costed receipt replaces the stock.
    const increment =
      deltas && !plan.costPrices.has(productId)
        ? stockIncrement(
            orgId,
            stock,
            loaded.alongside(productStockKey(orgId, productId)),
            deltas,
            { productType, isBatchTracked },
            at,
          )
        : null;
    items.push(increment ?? stockPut(orgId, { ...stock, levels }, { productType, isBatchTracked }));
  }
  // The ledger records on-hand movements; a change of reserved alone (confirm's reservation) has none.
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
    const lot = loaded.lots.get(batchId);
    // Every lot in the facts is loaded or remembered with its record; a flip without it would leave the
    // lot's list row stale, so a missing one is a bug to surface, not to write around.
    if (!lot) throw new Error(`stockMovementWrites: lot ${batchId} flips but was not loaded`);
    items.push(batchStatusUpdate(orgId, lot, to, at));
  }
  for (const [productId, costPrice] of plan.costPrices) {
    items.push(productCostUpdate(orgId, loaded.records.get(productId)!, costPrice, at));
    events.push(productUpdated(productId));
  }
  for (const [binId, change] of plan.binChanges) {
    items.push(binStockUpdate(orgId, loaded.facts.bins.get(binId)!.warehouseId, binId, change));
  }
  for (const c of plan.changed) {
    events.push(stockLevelChanged(c));
  }
  return { items, events };
}
