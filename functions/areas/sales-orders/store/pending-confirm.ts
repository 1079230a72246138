/**
 * The journal of a confirm too large for one transaction (docs/architecture.md, "Transactions beyond 100
 * items"): `pendingConfirm` on the order item holds the reservations already applied to stock, so whoever
 * finds it can undo them exactly (platform/dynamo/parts.ts guards every write of it).
 */
import type { Reservation } from '../../../../domain/sales-orders/confirm.js';
import { markerItems, type Marker } from '../../../platform/dynamo/parts.js';
import type { GuardedItem, OnFail } from '../../../platform/dynamo/transact.js';
import { salesOrderKey } from './sales-orders.js';

export const PENDING_CONFIRM = 'pendingConfirm';

export interface PendingConfirm extends Marker {
  /** Reservations applied to stock so far (what a rollback releases). */
  reservations: Reservation[];
}

/** The marker's writes on the order item; each moves the order's version on. */
export const confirmMarker = (orgId: string, orderId: string) =>
  markerItems(salesOrderKey(orgId, orderId), PENDING_CONFIRM, { countsVersion: true });

/**
 * A middle part (or a rollback part): records the reservations now applied and moves the step on; with
 * none left applied the marker is removed.
 */
export function confirmStepItem(
  orgId: string,
  orderId: string,
  marker: PendingConfirm,
  reservations: Reservation[],
  onFail: OnFail,
): GuardedItem {
  const items = confirmMarker(orgId, orderId);
  if (reservations.length === 0) return items.remove(marker, onFail);
  return items.step(marker, { set: { reservations } }, onFail);
}
