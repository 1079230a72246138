import { notFound } from '../../../domain/errors.js';
import {
  SHIPMENT_RESOURCE,
  SHIPMENT_TRANSITIONS,
  type Shipment,
  type ShipmentAction,
} from '../../../domain/shipments/shipment.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import { assertCan } from '../../../domain/workflow/transitions.js';
import { readOrderToTransition } from '../sales-orders/store/pending-confirm.js';
import { getShipment } from './store/shipments.js';

/** Writers racing on a shipment or its order (or the order's stock) re-read and decide again. */
export const SHIPMENT_ATTEMPTS = 10;

/**
 * The shipment a step starts from (404 when missing, 422 naming its status when `action` cannot start
 * there) and its order (409 while a confirm or cancel of the order in parts is under way).
 */
export async function readShipmentStep(
  orgId: string,
  id: string,
  action: ShipmentAction,
): Promise<{ shipment: Shipment; order: SalesOrder }> {
  const first = await getShipment(orgId, id);
  if (!first) throw notFound(SHIPMENT_RESOURCE);
  assertCan(SHIPMENT_TRANSITIONS, SHIPMENT_RESOURCE, first.status, action);
  const order = await readOrderToTransition(orgId, first.salesOrderId);
  // The two reads are not one snapshot: a racing step on this shipment may commit (shipment and order
  // together) between them. Reading the shipment again after the order sees at least that commit, so the
  // loser is told about the shipment, not about the order it moved.
  const shipment = (await getShipment(orgId, id)) ?? first;
  assertCan(SHIPMENT_TRANSITIONS, SHIPMENT_RESOURCE, shipment.status, action);
  return { shipment, order };
}
