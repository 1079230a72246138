/**
 * An order with shipments not yet dispatched is fulfilled through them (domain/shipments): the order's own
 * pick, pack and dispatch would take the units those shipments claim (an order-level pack packs every
 * picked unit, a dispatch ships every packed one), and a cancel would leave them without an order: the
 * shipments are cancelled first (domain/shipments/cancel.ts), which gives their units back to the order.
 */
import { unprocessable } from '../errors.js';
import type { SalesOrder } from './order.js';

const numbersOf = (order: SalesOrder): string =>
  (order.openShipments ?? []).map((s) => s.shipmentNumber).join(', ');

/** 422 naming the open shipments when the order has any; `action` is the order's own pick, pack or dispatch. */
export function refuseWhileShipmentsOpen(order: SalesOrder, action: 'pick' | 'pack' | 'dispatch'): void {
  if (!order.openShipments?.length) return;
  throw unprocessable(
    `Sales order ${order.orderNumber} has shipments not yet dispatched (${numbersOf(order)}); ` +
      `${action} them through the shipments until they are dispatched`,
  );
}

/** Cancel: an order with open shipments is cancelled once they are (POST /shipments/{id}/cancel). */
export function refuseCancelWithOpenShipments(order: SalesOrder): void {
  if (!order.openShipments?.length) return;
  throw unprocessable(
    `Sales order ${order.orderNumber} has shipments not yet dispatched (${numbersOf(order)}) and cannot be ` +
      'cancelled; cancel the shipments first',
  );
}
