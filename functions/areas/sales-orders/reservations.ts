/**
 * Reading what confirm decides on, and applying reservations to stock: in one transaction when the order
 * fits, otherwise in parts journalled on the order item (store/pending-confirm.ts; docs/architecture.md,
 * "Transactions beyond 100 items").
 */
import { createId } from '@paralleldrive/cuid2';
import { ApiError, conflict } from '../../../domain/errors.js';
import { planStockMovement, type StockChange } from '../../../domain/inventory/movement.js';
import {
  planReservations,
  type ConfirmFacts,
  type Reservation,
} from '../../../domain/sales-orders/confirm.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import { batchGet, keyId } from '../../platform/dynamo/batch-get.js';
import { keys } from '../../platform/dynamo/keys.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import {
  isTransactionConflict,
  transact,
  WriteRace,
  type WriteItem,
} from '../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../platform/journal/journal.js';
import { getCustomerAccount } from '../customers/store/account.js';
import { getCustomer } from '../customers/store/customers.js';
import { batchFromItem } from '../inventory/store/batches.js';
import { loadStockFacts, rememberLot, type LoadedStockFacts } from '../inventory/stock-facts.js';
import { stockMovementWrites, type StockSource } from '../inventory/stock-writes.js';
import { getCreditLimitMode } from '../organisations/store/settings.js';
import {
  loadSalesOrder,
  markerFinishItem,
  markerStartItem,
  markerStepItem,
  type PendingConfirm,
} from './store/pending-confirm.js';

type Events = NonNullable<JournalEntry['events']>;

/**
 * Knobs of the confirm in parts. Production uses the defaults; tests shrink the budget to reach the
 * chunked path with a few products, and use `afterPart` to change stock between two parts.
 */
export const confirmChunking: {
  /** DynamoDB's limit on the items of one TransactWriteItems. */
  maxItems: number;
  /** A marker older than this was left by a confirm that died; the next confirm or cancel undoes it. */
  staleAfterMs: number;
  afterPart?: (part: number) => Promise<void>;
} = { maxItems: 100, staleAfterMs: 60_000 };

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
 * The stock of the given products in the order's warehouse and the batches their levels name (FEFO needs
 * status and expiry; the stock plan needs them too), in two batch reads.
 */
export async function loadReservableStock(
  orgId: string,
  order: SalesOrder,
  productIds: string[],
): Promise<{ loaded: LoadedStockFacts; batches: ConfirmFacts['batches'] }> {
  const loaded = await loadStockFacts(
    orgId,
    productIds.map((productId) => ({
      productId,
      warehouseId: order.warehouseId!,
      binId: null,
      batchId: null,
      onHandDelta: 0,
      reservedDelta: 0,
    })),
  );
  const batchIds = new Set<string>();
  for (const levels of loaded.levels.values()) {
    for (const level of Object.values(levels)) if (level.batchId) batchIds.add(level.batchId);
  }
  const found = await batchGet([...batchIds].map((id) => keys.batch(orgId, id)));
  const batches: ConfirmFacts['batches'] = new Map();
  for (const id of batchIds) {
    const item = found.get(keyId(keys.batch(orgId, id)));
    if (!item) continue;
    const batch = batchFromItem(item);
    batches.set(id, { batchNumber: batch.batchNumber, status: batch.status, expiryDate: batch.expiryDate });
    rememberLot(loaded, batch);
  }
  return { loaded, batches };
}

/** Everything decideConfirm needs: customer, account, the organisation's credit mode, stock and lots. */
export async function loadConfirmFacts(
  orgId: string,
  order: SalesOrder,
  productIds: string[],
): Promise<{ facts: ConfirmFacts; loaded: LoadedStockFacts }> {
  const [customer, account, creditLimitMode, stock] = await Promise.all([
    getCustomer(orgId, order.customerId),
    getCustomerAccount(orgId, order.customerId),
    getCreditLimitMode(orgId),
    order.warehouseId ? loadReservableStock(orgId, order, productIds) : null,
  ]);
  const state = customer?.state;
  return {
    loaded: stock?.loaded ?? (await loadStockFacts(orgId, [])),
    facts: {
      customer: {
        name: state?.name ?? order.customer.name,
        creditHold: state?.creditHold ?? false,
        creditLimit: state?.creditLimit ?? null,
      },
      outstandingBalance: account.outstandingBalance,
      creditLimitMode,
      stock: stock?.loaded.levels ?? new Map(),
      batches: stock?.batches ?? new Map(),
    },
  };
}

const isRace = (error: unknown) => error instanceof WriteRace || isTransactionConflict(error);

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
        await transact([...writes.items, markerStepItem(orgId, orderId, marker, left, () => 'retry')]);
      }
    },
  });
}

/**
 * A marker found by a confirm or cancel: a live confirm in parts is a conflict (409); a stale one (its
 * confirm died) is undone, and the caller re-reads the order.
 */
export async function settlePending(orgId: string, orderId: string, marker: PendingConfirm, now: Date) {
  if (now.getTime() - Date.parse(marker.startedAt) < confirmChunking.staleAfterMs) {
    throw conflict('A confirm of this sales order is in progress; retry shortly');
  }
  await rollbackPending(orgId, orderId, marker.token, now.toISOString());
  throw new WriteRace('An interrupted confirm was undone; read the order again');
}

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
  let marker: PendingConfirm = { token: createId(), startedAt: at, step: 0, reservations: [] };
  let version = order.version;
  const events: Events = [];
  const lost = () => conflict('The confirm was interrupted by another request; read the order and retry');
  for (const [index, part] of parts.entries()) {
    const first = index === 0;
    const last = index === parts.length - 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
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
        const plan = planStockMovement(reservationChanges(reservations, 1), loaded.levels, loaded.facts, at);
        const writes = stockMovementWrites(orgId, plan, loaded, orderSource(order), at);
        const applied = [...marker.reservations, ...reservations];
        if (first) {
          marker = { ...marker, step: 1, reservations: applied };
          await transact([...writes.items, markerStartItem(orgId, order, marker)]);
          version += 1;
        } else if (!last) {
          await transact([...writes.items, markerStepItem(orgId, order.id, marker, applied, lost)]);
          marker = { ...marker, step: marker.step + 1, reservations: applied };
          version += 1;
        } else {
          const confirmed = { ...write.confirmed, reservations: applied, version: version + 1 };
          await transact([
            ...writes.items,
            markerFinishItem(orgId, confirmed, marker, lost),
            ...write.closing([...events, ...writes.events]),
          ]);
          return confirmed;
        }
        events.push(...writes.events);
        break;
      } catch (error) {
        // Before the marker exists nothing is applied: the caller re-reads (race) or reports (rule).
        if (first) throw error;
        if (isRace(error) && attempt < 8) continue;
        await rollbackPending(orgId, order.id, marker.token, at);
        if (error instanceof ApiError) throw error;
        if (isRace(error)) throw lost();
        throw error;
      }
    }
    await confirmChunking.afterPart?.(index);
  }
  throw new Error('unreachable: the last part returns');
}
