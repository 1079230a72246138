/**
 * The journal of a cancel too large for one transaction (docs/architecture.md, "Transactions beyond 100
 * items"): `pendingCancel` on the order item holds the stock deltas not yet applied and the events of the
 * parts already written, so whoever finds it can finish the cancel (a cancel only rolls forward: releasing
 * reservations and returning picked stock needs no stock to be there). platform/dynamo/parts.ts guards
 * every write of it.
 */
import type { StockDelta } from '../../../../domain/sales-orders/fulfilment.js';
import { markerItems, type Marker } from '../../../platform/dynamo/parts.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import { salesOrderKey } from './sales-orders.js';

export const PENDING_CANCEL = 'pendingCancel';

export interface PendingCancel extends Marker {
  /** When the cancel was asked for: the order's cancelledAt. */
  startedAt: string;
  reason: string | null;
  /** The stock deltas no part has applied yet (the last part applies what is left). */
  remaining: StockDelta[];
  /** The events of the parts written so far, for the last part's outbox item. */
  events: NonNullable<JournalEntry['events']>;
  /** The instant of the last part: each part's ledger entry needs its own (its key holds the instant). */
  lastAt: string;
}

/** A delta as stored in the marker (no undefined attributes). */
export const storedDelta = (d: StockDelta): StockDelta => ({
  productId: d.productId,
  warehouseId: d.warehouseId,
  binId: d.binId,
  batchId: d.batchId,
  onHandDelta: d.onHandDelta,
  reservedDelta: d.reservedDelta,
});

/** The marker's writes on the order item; each moves the order's version on. */
export const cancelMarker = (orgId: string, orderId: string) =>
  markerItems(salesOrderKey(orgId, orderId), PENDING_CANCEL, { countsVersion: true });

/** What a middle part records: what is left to apply, the events so far, its instant. */
export const cancelStep = (next: Pick<PendingCancel, 'remaining' | 'events' | 'lastAt'>) => ({
  set: { remaining: next.remaining.map(storedDelta), events: next.events, lastAt: next.lastAt },
});
