import type { AdjustmentLine, StockAdjustment } from '../../../domain/inventory/adjustment.js';
import { planStockMovement } from '../../../domain/inventory/adjustment.js';
import { roundQuantity } from '../../../domain/inventory/stock.js';
import type { JournalEntry } from '../../platform/journal/journal.js';
import { batchStatusUpdate } from './store/batches.js';
import { productCostUpdate } from '../products/store/products.js';
import { ledgerPut, stockPut } from './store/stock.js';
import type { TransactItem } from '../../platform/dynamo/transact.js';
import { binStockUpdate } from './store/warehouses.js';
import type { LoadedFacts } from './line-facts.js';

type Events = NonNullable<JournalEntry['events']>;

/**
 * What completing an adjustment writes beside its header: every touched product's stock (conditioned on the
 * version read), the ledger entry, batch status flips, weighted-average cost changes and capacity-bin
 * counters, plus the events to journal. Throws the domain's 422 when the stock cannot take the lines.
 */
export function completionWrites(
  orgId: string,
  adjustment: StockAdjustment,
  lines: AdjustmentLine[],
  loaded: LoadedFacts,
): { items: TransactItem[]; events: Events } {
  const at = adjustment.completedAt!;
  const current = new Map([...loaded.stocks].map(([productId, stock]) => [productId, stock.levels]));
  const plan = planStockMovement(lines, current, loaded.facts, at);
  const items: TransactItem[] = [];
  const events: Events = [];
  for (const [productId, levels] of plan.levels) {
    items.push(stockPut(orgId, { ...loaded.stocks.get(productId)!, levels }));
  }
  items.push(
    ledgerPut(orgId, {
      at,
      sourceType: 'stock_adjustment',
      sourceId: adjustment.id,
      sourceNumber: adjustment.adjustmentNumber,
      movements: plan.movements,
    }),
  );
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
