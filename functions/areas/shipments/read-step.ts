import { notFound } from '../../../domain/errors.js';
import {
  SHIPMENT_RESOURCE,
  SHIPMENT_TRANSITIONS,
  type Shipment,
  type ShipmentAction,
} from '../../../domain/shipments/shipment.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import { SALES_ORDER_TRANSITIONS, type SalesOrderAction } from '../../../domain/sales-orders/status.js';
import { assertCan } from '../../../domain/workflow/transitions.js';
import { readOrderToTransition } from '../sales-orders/public.js';
import { getShipment } from './store/shipments.js';

/** The order's side of each shipment step (what shipment-writes passes as the order's action). */
const ORDER_SIDE = {
  pick: 'ship',
  pack: 'ship',
  dispatch: 'rollUp',
  cancel: 'unship',
} as const satisfies Record<ShipmentAction, SalesOrderAction>;

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
  const orderSide = SALES_ORDER_TRANSITIONS[ORDER_SIDE[action]].from as readonly string[];
  if (orderSide.includes(order.status)) return { shipment: first, order };
  // The two reads are not one snapshot: a racing step on this shipment may commit (shipment and order
  // together) between them. When the order refuses its side, reading the shipment again (after the order)
  // sees at least that commit, so the loser is told about the shipment, not about the order it moved.
  const shipment = (await getShipment(orgId, id)) ?? first;
  assertCan(SHIPMENT_TRANSITIONS, SHIPMENT_RESOURCE, shipment.status, action);
  return { shipment, order };
}
