import { unprocessable } from '../../../domain/errors.js';
import { adjustmentChanges, type StockAdjustment } from '../../../domain/inventory/adjustment.js';
import { planStockMovement } from '../../../domain/inventory/movement.js';
import { fitsOneTransaction, type WriteItem } from '../../platform/dynamo/transact.js';
import type { LoadedStockFacts } from './stock-facts.js';
import { stockMovementWrites } from './stock-writes.js';

/** The ledger's source types of an adjustment's movements and of their reversal by a void. */
export const ADJUSTMENT_SOURCE_TYPE = 'stock_adjustment';
export const ADJUSTMENT_VOID_SOURCE_TYPE = 'stock_adjustment_void';

/**
 * What completing an adjustment writes beside it, the same whether it is created COMPLETED or completed
 * from DRAFT later: its lines planned against the stock read, with the ledger entry and events.
 */
export const completionWrites = (
  orgId: string,
  adjustment: StockAdjustment,
  loaded: LoadedStockFacts,
  at: string,
) =>
  stockMovementWrites(
    orgId,
    planStockMovement(adjustmentChanges(adjustment.lines), loaded.levels, loaded.facts, at),
    loaded,
    { type: ADJUSTMENT_SOURCE_TYPE, id: adjustment.id, number: adjustment.adjustmentNumber },
    at,
  );

/** An adjustment's write must apply all or nothing, so one that needs more than a transaction is refused. */
export function assertFitsOneTransaction(items: readonly WriteItem[]): void {
  if (!fitsOneTransaction(items)) {
    throw unprocessable(
      `The adjustment touches too many records (${items.length}) to apply atomically; split it into smaller adjustments`,
    );
  }
}
