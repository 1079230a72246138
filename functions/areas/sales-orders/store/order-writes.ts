/**
 * The order transition writer: everything one sales-order transition commits, built from what the caller
 * read and decided (it loads nothing itself). Pick, pack and shipments write through it; confirm and cancel
 * can too (they are the other stock-moving transitions).
 *
 *   - the order, put whole (its status and updatedAt index keys move with it), conditioned on the status
 *     the action may start from and the version it was read at: a transition lost to another writer is
 *     the 422 naming the status the order now has, a version-only race is 'retry';
 *   - the per-status counters, when the status changes;
 *   - for non-empty stock deltas, the stock movement (planStockMovement + stockMovementWrites: stock puts
 *     on the versions read, one ledger item carrying the order's reference, stock.level_changed events);
 *   - the journal items (events, audit, idempotency record), from the caller's function, which receives
 *     the stock events so the write's events share one outbox item.
 */
import { unprocessable } from '../../../../domain/errors.js';
import { planStockMovement } from '../../../../domain/inventory/movement.js';
import type { StockDelta } from '../../../../domain/sales-orders/fulfilment.js';
import type { SalesOrder } from '../../../../domain/sales-orders/order.js';
import type { SalesOrderAction } from '../../../../domain/sales-orders/status.js';
import {
  fitsOneTransaction,
  MAX_TRANSACTION_ITEMS,
  type GuardedItem,
  type TransactItem,
  type WriteItem,
} from '../../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import type { LoadedStockFacts } from '../../inventory/public.js';
import { stockMovementWrites, type StockSource } from '../../inventory/public.js';
import { orderCountItems, orderReplaceItem } from './sales-orders.js';

export type OrderEvents = NonNullable<JournalEntry['events']>;

export interface OrderTransitionWrite {
  orgId: string;
  /** The order as read: its status and version are the write's condition. */
  read: SalesOrder;
  /** The order the domain decided (status, version + 1, updatedAt already set). */
  next: SalesOrder;
  action: SalesOrderAction;
  /** The instant of the write (ledger entry and stock levels). */
  at: string;
  /** Stock the transition moves; empty for transitions that move none (pack, dispatch). */
  deltas: StockDelta[];
  /** The stock facts the deltas were decided on; required when there are deltas. */
  stock?: LoadedStockFacts;
  /** The ledger's reference; defaults to the order itself ('sales_order', id, orderNumber). */
  source?: StockSource;
  /** Items beside the order and its stock (the serial numbers the transition moves), one per serial. */
  extra?: WriteItem[];
  /** The write's journal items (events, audit, response); `stockEvents` are the movement's events. */
  journal: (stockEvents: OrderEvents) => TransactItem[];
}

/** The order put, guarded like every order transition (orderReplaceItem). */
export const orderTransitionPut = (
  orgId: string,
  read: SalesOrder,
  next: SalesOrder,
  action: SalesOrderAction,
): GuardedItem => orderReplaceItem(orgId, next, read, action);

/**
 * Every item of one order transition, ready for `transact`. Refuses (422) a write that would not fit in
 * one transaction: one stock item per product touched plus the ledger, order, counters, outbox, audit and
 * idempotency items must stay within 100 (and one per serial number the transition moves).
 */
export function orderTransitionItems(write: OrderTransitionWrite): WriteItem[] {
  const { orgId, read, next, action, at, deltas } = write;
  const items: WriteItem[] = [orderTransitionPut(orgId, read, next, action)];
  if (next.status !== read.status) items.push(...orderCountItems(orgId, next, read.status));
  let stockEvents: OrderEvents = [];
  if (deltas.length > 0) {
    if (!write.stock)
      throw new Error('orderTransitionItems: stock deltas need the stock facts they were decided on');
    const plan = planStockMovement(deltas, write.stock.levels, write.stock.facts, at);
    const movement = stockMovementWrites(
      orgId,
      plan,
      write.stock,
      write.source ?? { type: 'sales_order', id: next.id, number: next.orderNumber },
      at,
    );
    items.push(...movement.items);
    stockEvents = movement.events;
  }
  items.push(...(write.extra ?? []), ...write.journal(stockEvents));
  const oversize = orderTransitionOversize(read, action, items);
  if (oversize) throw oversize;
  return items;
}

/** The 422 for a transition of `read` whose items would not fit in one transaction (null when they fit). */
export const orderTransitionOversize = (
  read: SalesOrder,
  action: SalesOrderAction,
  items: readonly WriteItem[],
): Error | null =>
  fitsOneTransaction(items)
    ? null
    : unprocessable(
        `Sales order ${read.orderNumber}: ${action} would write ${items.length} records, more than one ` +
          `transaction holds (${MAX_TRANSACTION_ITEMS}); ${action} fewer lines at a time`,
      );
