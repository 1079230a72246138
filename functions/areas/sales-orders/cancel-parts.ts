/**
 * Cancelling an order in parts when its stock writes do not fit one transaction (docs/architecture.md,
 * "Transactions beyond 100 items"). Unlike confirm, a cancel never undoes: releasing reservations and
 * putting picked stock back cannot run out of stock, so a cancel interrupted mid-way is finished (rolled
 * forward) by whoever meets its marker next. Only a capacity bin refusing returned stock fails a part
 * (the planner's 422); the marker stays and a later cancel finishes the job. The order's allocated serials
 * are freed after the stock parts, up to 99 a part (each re-read; only those still allocated by this order),
 * the last of them with the closing write when they fit.
 */
import { newId } from '../../platform/ids.js';
import { conflict, notFound } from '../../../domain/errors.js';
import { planStockMovement } from '../../../domain/inventory/movement.js';
import { salesOrderCancelled } from '../../../domain/sales-orders/events.js';
import { decideCancel, type StockDelta } from '../../../domain/sales-orders/fulfilment.js';
import type { SalesOrder, SalesOrderStatus } from '../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../domain/sales-orders/status.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { settle } from '../../platform/dynamo/parts.js';
import { transact, type WriteItem } from '../../platform/dynamo/transact.js';
import type { Journal, JournalEntry } from '../../platform/journal/journal.js';
import { releaseSerials } from '../inventory/public.js';
import { loadStockFacts } from '../inventory/public.js';
import { stockMovementWrites } from '../inventory/public.js';
import { confirmChunking, orderSource } from './confirm-parts.js';
import { cancelMarker, cancelStep, storedDelta, type PendingCancel } from './store/pending-cancel.js';
import { PENDING_CONFIRM } from './store/pending-confirm.js';
import { loadSalesOrder } from './store/read.js';
import { orderCountItems, salesOrders } from './store/sales-orders.js';

type Events = NonNullable<JournalEntry['events']>;

/** The last write's items beside the stock and the order: counters, the outbox item, the audit entry. */
export function cancelClosing(
  orgId: string,
  journal: Journal,
  cancelled: SalesOrder,
  from: SalesOrderStatus,
  stockEvents: Events,
): WriteItem[] {
  return [
    ...orderCountItems(orgId, cancelled, from),
    ...journal.items({
      events: [salesOrderCancelled(cancelled.id), ...stockEvents],
      audit: [
        {
          resourceType: 'sales_order',
          resourceId: cancelled.id,
          action: 'cancel',
          changedFields: ['status', 'cancelReason', 'cancelledAt', 'reservations', 'picks'],
        },
      ],
    }),
  ];
}

export const productsOf = (deltas: StockDelta[]) => [...new Set(deltas.map((d) => d.productId))];

/** The stock writes of `deltas`, planned on a fresh read of their stock. */
export async function cancelMovement(orgId: string, order: SalesOrder, deltas: StockDelta[], at: string) {
  if (deltas.length === 0) return { items: [], events: [] };
  const loaded = await loadStockFacts(orgId, deltas);
  const plan = planStockMovement(deltas, loaded.levels, loaded.facts, at);
  return stockMovementWrites(orgId, plan, loaded, orderSource(order), at);
}

/**
 * The largest leading run of the deltas' products whose stock writes fit in `budget` items (one per
 * product, the ledger entry, capacity-bin counters), with the deltas left over.
 */
async function fitPart(orgId: string, order: SalesOrder, deltas: StockDelta[], budget: number, at: string) {
  const products = productsOf(deltas);
  let count = Math.max(1, Math.min(products.length, budget - 1));
  for (;;) {
    const chosen = new Set(products.slice(0, count));
    const movement = await cancelMovement(
      orgId,
      order,
      deltas.filter((d) => chosen.has(d.productId)),
      at,
    );
    if (movement.items.length <= budget || count === 1) {
      return { ...movement, rest: deltas.filter((d) => !chosen.has(d.productId)) };
    }
    count = Math.max(1, count - (movement.items.length - budget));
  }
}

/** A part's instant: now, but after the previous part's (each part's ledger entry is keyed by it). */
const partInstant = (previous: string) =>
  new Date(Math.max(Date.now(), Date.parse(previous) + 1)).toISOString();

/**
 * One part of a cancel under way: re-reads the order and its marker; the rest fitting with the order's
 * closing items, replaces the order (CANCELLED, marker gone) and returns it; otherwise applies the next
 * part and advances the marker (null). A marker already gone means another request finished the cancel.
 */
async function cancelPart(
  orgId: string,
  orderId: string,
  token: string,
  journal: Journal,
): Promise<SalesOrder | null> {
  const found = await loadSalesOrder(orgId, orderId);
  if (!found) throw notFound(SALES_ORDER_RESOURCE);
  const marker = found.cancelling;
  if (!marker || marker.token !== token) {
    if (found.order.status === 'CANCELLED') return found.order;
    throw conflict('The cancel of this sales order was interrupted; retry');
  }
  const { maxItems } = confirmChunking;
  const items = cancelMarker(orgId, orderId);
  const at = partInstant(marker.lastAt);
  const read = found.order;
  const cancelled: SalesOrder = {
    ...decideCancel(read, marker.reason, marker.startedAt).order,
    updatedAt: at,
  };
  const released = await releaseSerials(orgId, read, at, maxItems - 1);
  const closingCount =
    cancelClosing(orgId, journal, cancelled, read.status, []).length + 1 + released.items.length;
  if (released.left === 0 && productsOf(marker.remaining).length + 1 + closingCount <= maxItems) {
    const movement = await cancelMovement(orgId, read, marker.remaining, at);
    if (movement.items.length + closingCount <= maxItems) {
      await transact([
        ...movement.items,
        ...released.items,
        items.finish(salesOrders.toItem(orgId, cancelled), marker, () => 'retry'),
        ...cancelClosing(orgId, journal, cancelled, read.status, [...marker.events, ...movement.events]),
      ]);
      return cancelled;
    }
  }
  if (marker.remaining.length === 0) {
    // Only serials are left to free: a part of them, the marker's step advanced (same remaining).
    await transact([
      ...released.items,
      items.step(marker, cancelStep({ remaining: [], events: marker.events, lastAt: at }), () => 'retry'),
    ]);
    return null;
  }
  const part = await fitPart(orgId, read, marker.remaining, maxItems - 1, at);
  await transact([
    ...part.items,
    items.step(
      marker,
      cancelStep({ remaining: part.rest, events: [...marker.events, ...part.events], lastAt: at }),
      () => 'retry',
    ),
  ]);
  return null;
}

/**
 * Finishes the cancel whose marker carries `token`, a part at a time; each part that keeps losing races
 * on its stock is a 409 with the marker left for the next cancel. Returns the cancelled order.
 */
export async function rollForwardCancel(
  orgId: string,
  orderId: string,
  token: string,
  journal: Journal,
  firstPart = 0,
): Promise<SalesOrder> {
  for (let index = firstPart; ; index += 1) {
    // A part that keeps losing races on its stock is a 409; the marker stays for the next cancel.
    const done = await writeOptimistically({
      onExhausted: () =>
        conflict('The stock kept changing under the cancel; cancel the order again to finish'),
      run: () => cancelPart(orgId, orderId, token, journal),
    });
    if (done) return done;
    await confirmChunking.afterPart?.(index);
  }
}

/**
 * Starts a cancel in parts: the first part's stock writes commit with the marker (conditioned on the
 * status and version read and on no marker), then the rest rolls forward. A race or a refusal of the first
 * part has applied nothing: the caller re-reads (race) or reports it (422).
 */
export async function cancelInParts(
  orgId: string,
  order: SalesOrder,
  reason: string | null,
  deltas: StockDelta[],
  at: string,
  journal: Journal,
): Promise<SalesOrder> {
  const first = await fitPart(orgId, order, deltas, confirmChunking.maxItems - 1, at);
  const marker: PendingCancel = {
    token: newId(),
    startedAt: at,
    step: 1,
    reason,
    remaining: first.rest.map(storedDelta),
    events: first.events,
    lastAt: at,
  };
  await transact([
    ...first.items,
    cancelMarker(orgId, order.id).start(marker, {
      version: order.version,
      from: SALES_ORDER_TRANSITIONS.cancel.from,
      resource: SALES_ORDER_RESOURCE,
      action: 'cancel',
      without: [PENDING_CONFIRM],
    }),
  ]);
  await confirmChunking.afterPart?.(0);
  return rollForwardCancel(orgId, order.id, marker.token, journal, 1);
}

/**
 * A cancel marker met by a confirm: while fresh the cancel is in progress (409); a stale one (its request
 * died) is finished, and the caller re-reads the order (now CANCELLED).
 */
export const settleCancel = (
  orgId: string,
  orderId: string,
  marker: PendingCancel,
  now: Date,
  journal: Journal,
): Promise<never> =>
  settle(marker, {
    now,
    staleAfterMs: confirmChunking.staleAfterMs,
    busy: () => conflict('A cancel of this sales order is in progress; retry shortly'),
    finish: () => rollForwardCancel(orgId, orderId, marker.token, journal),
  });
