/** The events of stock and lots, one builder per type so every stock writer emits the same shape. */
import { event, type Event } from '../events.js';
import type { Batch, BatchStatus } from './batch.js';
import type { StockPlan } from './movement.js';
import { roundQuantity } from './stock.js';

/** A product's warehouse totals after a movement (StockPlan.changed). */
export const stockLevelChanged = (change: StockPlan['changed'][number]): Event<'stock.level_changed'> =>
  event('stock.level_changed', {
    id: change.productId,
    productId: change.productId,
    warehouseId: change.warehouseId,
    quantityOnHand: change.onHand,
    quantityReserved: change.reserved,
    quantityAvailable: roundQuantity(change.onHand - change.reserved),
  });

/**
 * An announced status change of a lot (spec: batchNumber, previousStatus, newStatus and the lot's products);
 * never its creation, nor a flip to CONSUMED by picking.
 */
export const batchStatusChanged = (
  batch: Pick<Batch, 'id' | 'batchNumber' | 'productId'>,
  previousStatus: BatchStatus,
  newStatus: BatchStatus,
): Event<'batch.status_changed'> =>
  event('batch.status_changed', {
    id: batch.id,
    batchNumber: batch.batchNumber,
    previousStatus,
    newStatus,
    productIds: [batch.productId],
  });
