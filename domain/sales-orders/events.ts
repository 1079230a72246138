/** The events of a sales order, one builder per type so every write emits the same shape. */
import { event, type Event } from '../events.js';
import type { SalesOrder } from './order.js';

export const salesOrderCreated = (id: string): Event<'sales_order.created'> =>
  event('sales_order.created', { id });

export const salesOrderConfirmed = (id: string): Event<'sales_order.confirmed'> =>
  event('sales_order.confirmed', { id });

/**
 * A dispatch of the order itself (`shipment` null) or of one of its shipments: `lines` are what this
 * dispatch shipped, per order line.
 */
export const salesOrderDispatched = (
  order: Pick<SalesOrder, 'id' | 'orderNumber' | 'status' | 'shippedDate'>,
  dispatched: { lineId: string; quantity: number }[],
  shipment: { id: string; shipmentNumber: string } | null,
): Event<'sales_order.dispatched'> =>
  event('sales_order.dispatched', {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    shippedDate: order.shippedDate,
    shipment: shipment && { id: shipment.id, shipmentNumber: shipment.shipmentNumber },
    lines: dispatched.map((d) => ({ soLineId: d.lineId, quantity: d.quantity })),
  });

export const salesOrderCompleted = (
  order: Pick<SalesOrder, 'id' | 'orderNumber' | 'status'>,
): Event<'sales_order.completed'> =>
  event('sales_order.completed', { id: order.id, orderNumber: order.orderNumber, status: order.status });

export const salesOrderCancelled = (id: string): Event<'sales_order.cancelled'> =>
  event('sales_order.cancelled', { id });
