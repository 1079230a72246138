/**
 * Applying a confirm's reservations to stock in parts when the order does not fit one transaction,
 * journalled on the order item (store/pending-confirm.ts; platform/dynamo/parts.ts). An interrupted
 * confirm is undone: its applied reservations released, the order left DRAFT.
 */
import { newId } from '../../platform/ids.js';
import { ApiError, conflict } from '../../../domain/errors.js';
import { planStockMovement, type StockChange } from '../../../domain/inventory/movement.js';
import { planReservations, type Reservation } from '../../../domain/sales-orders/confirm.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE } from '../../../domain/sales-orders/status.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { isRace, retryPart, settle, STALE_MARKER_MS } from '../../platform/dynamo/parts.js';
import { MAX_TRANSACTION_ITEMS, transact, type WriteItem } from '../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../platform/journal/journal.js';
import { loadStockFacts, type LoadedStockFacts } from '../inventory/public.js';
import { stockMovementWrites, type StockSource } from '../inventory/public.js';
import { loadReservableStock } from './confirm-facts.js';
import { PENDING_CANCEL } from './store/pending-cancel.js';
import { confirmMarker, confirmStepItem, type PendingConfirm } from './store/pending-confirm.js';
import { loadSalesOrder } from './store/read.js';
import { salesOrders } from './store/sales-orders.js';

type Events = NonNullable<JournalEntry['events']>;

/**
 * Knobs of the confirm (and cancel) in parts. Production uses the defaults; tests shrink the budget to
 * reach the chunked path with a few products, and use `afterPart` to change stock between two parts.
 */
export const confirmChunking: {
  maxItems: number;
  /** A marker older than this was left by a confirm that died; the next confirm or cancel undoes it. */
  staleAfterMs: number;
  afterPart?: (part: number) => Promise<void>;
} = { maxItems: MAX_TRANSACTION_ITEMS, staleAfterMs: STALE_MARKER_MS };

/** Beside the stock items, the last write holds the order, the counters, the outbox item and the audit entry. */
export const CONFIRM_OVERHEAD = 4;

export const orderSource = (order: SalesOrder): StockSource => ({
  type: 'sales_order',
  id: order.id,
  number: order.orderNumber,
});

export const reservationChanges = (reservations: Reservation[], sign: 1 | -1): StockChange[] =>
  reservations.map((r) => ({
    productId: r.productId,
    warehouseId: r.warehouseId,
    binId: r.binId,
    batchId: r.batchId,
    onHandDelta: 0,
    reservedDelta: sign * r.quantity,
  }));

/**
 * Undoes a confirm in parts from its marker on the order item: releases the recorded reservations, a
 * part at a time, each part conditioned on the marker's token and step; the last part removes the
 * marker. Stops as soon as the marker is gone or belongs to another confirm.
 */
export async function rollbackPending(orgId: string, orderId: string, token: string, at: string) {
  const budget = confirmChunking.maxItems - 1;
  await writeOptimistically({
    attempts: 20,
    onExhausted: () => conflict('The interrupted confirm of this order could not be undone; retry'),
    run: async () => {
      for (;;) {
        const loaded = await loadSalesOrder(orgId, orderId);
        const marker = loaded?.pending;
        if (!loaded || !marker || marker.token !== token) return;
        const products = [...new Set(marker.reservations.map((r) => r.productId))];
        const part = new Set(products.slice(0, budget));
        const releasing = marker.reservations.filter((r) => part.has(r.productId));
        const left = marker.reservations.filter((r) => !part.has(r.productId));
        const changes = reservationChanges(releasing, -1);
        const stock = await loadStockFacts(orgId, changes);
        const plan = planStockMovement(changes, stock.levels, stock.facts, at);
        const writes = stockMovementWrites(orgId, plan, stock, orderSource(loaded.order), at);
        await transact([...writes.items, confirmStepItem(orgId, orderId, marker, left, () => 'retry')]);
      }
    },
  });
}

/**
 * A marker found by a confirm or cancel: a live confirm in parts is a conflict (409); a stale one (its
 * confirm died) is undone, and the caller re-reads the order.
 */
export const settlePending = (orgId: string, orderId: string, marker: PendingConfirm, now: Date) =>
  settle(marker, {
    now,
    staleAfterMs: confirmChunking.staleAfterMs,
    busy: () => conflict('A confirm of this sales order is in progress; retry shortly'),
    undo: () => rollbackPending(orgId, orderId, marker.token, now.toISOString()),
  });

export interface ConfirmWrite {
  order: SalesOrder;
  confirmed: SalesOrder;
  reservations: Reservation[];
  loaded: LoadedStockFacts;
  /** The counters, outbox, audit and response items of the final write. */
  closing: (stockEvents: Events) => WriteItem[];
  at: string;
}

/** How many stock items a part may hold beside the order's own items. */
export const partBudget = () => confirmChunking.maxItems - CONFIRM_OVERHEAD;

/**
 * The confirm in parts: the stocked products split into parts of at most maxItems - 4, each part's
 * reservations decided on a fresh read of its products' stock (the first part on the read confirm
 * decided with) and applied with a write of the marker; the last part replaces the order. A part whose
 * stock is no longer there (422) undoes the applied parts and reports it; a part that keeps losing races
 * is undone as a 409.
 */
export async function confirmInParts(orgId: string, write: ConfirmWrite, productIds: string[]) {
  const { order, at } = write;
  const size = partBudget();
  const parts: string[][] = [];
  for (let i = 0; i < productIds.length; i += size) parts.push(productIds.slice(i, i + size));
  let marker: PendingConfirm = { token: newId(), startedAt: at, step: 0, reservations: [] };
  let version = order.version;
  const events: Events = [];
  const items = confirmMarker(orgId, order.id);
  const lost = () => conflict('The confirm was interrupted by another request; read the order and retry');
  for (const [index, part] of parts.entries()) {
    const first = index === 0;
    const last = index === parts.length - 1;
    try {
      // The first part is not retried here: nothing is applied yet, so the caller re-reads and decides again.
      const done = await retryPart(
        async (attempt) => {
          const products = new Set(part);
          let reservations: Reservation[];
          let loaded: LoadedStockFacts;
          if (first && attempt === 1) {
            reservations = write.reservations.filter((r) => products.has(r.productId));
            loaded = write.loaded;
          } else {
            const fresh = await loadReservableStock(orgId, order, part);
            reservations = planReservations(
              order,
              { stock: fresh.loaded.levels, batches: fresh.batches },
              products,
            );
            loaded = fresh.loaded;
          }
          const plan = planStockMovement(
            reservationChanges(reservations, 1),
            loaded.levels,
            loaded.facts,
            at,
          );
          const writes = stockMovementWrites(orgId, plan, loaded, orderSource(order), at);
          const applied = [...marker.reservations, ...reservations];
          if (first) {
            const started = { ...marker, step: 1, reservations: applied };
            await transact([
              ...writes.items,
              items.start(started, {
                version: order.version,
                from: ['DRAFT'],
                resource: SALES_ORDER_RESOURCE,
                action: 'confirm',
                without: [PENDING_CANCEL],
              }),
            ]);
            marker = started;
            version += 1;
          } else if (!last) {
            await transact([...writes.items, confirmStepItem(orgId, order.id, marker, applied, lost)]);
            marker = { ...marker, step: marker.step + 1, reservations: applied };
            version += 1;
          } else {
            const confirmed = { ...write.confirmed, reservations: applied, version: version + 1 };
            await transact([
              ...writes.items,
              items.finish(salesOrders.toItem(orgId, confirmed), marker, lost),
              ...write.closing([...events, ...writes.events]),
            ]);
            return confirmed;
          }
          events.push(...writes.events);
          return null;
        },
        first ? 1 : undefined,
      );
      if (done) return done;
    } catch (error) {
      // Before the marker exists nothing is applied: the caller re-reads (race) or reports (rule).
      if (first) throw error;
      await rollbackPending(orgId, order.id, marker.token, at);
      if (error instanceof ApiError) throw error;
      if (isRace(error)) throw lost();
      throw error;
    }
    await confirmChunking.afterPart?.(index);
  }
  throw new Error('unreachable: the last part returns');
}
