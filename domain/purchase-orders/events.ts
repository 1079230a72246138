/** The events of a purchase order, one builder per type so every write emits the same shape. */
import { event, type Event } from '../events.js';
import type { PurchaseOrder } from './purchase-order.js';

type Header = Pick<PurchaseOrder, 'id' | 'orderNumber' | 'supplierId'>;

export const purchaseOrderCreated = (order: Header): Event<'purchase_order.created'> =>
  event('purchase_order.created', {
    id: order.id,
    orderNumber: order.orderNumber,
    supplierId: order.supplierId,
  });

export const purchaseOrderApproved = (order: Header): Event<'purchase_order.approved'> =>
  event('purchase_order.approved', {
    id: order.id,
    orderNumber: order.orderNumber,
    supplierId: order.supplierId,
  });

/** A goods receipt recorded against the order; `status` is the order's after it. */
export const purchaseOrderReceived = (
  order: Pick<PurchaseOrder, 'id' | 'status'>,
  receipt: { id: string; reference: string },
): Event<'purchase_order.received'> =>
  event('purchase_order.received', {
    id: order.id,
    receiptId: receipt.id,
    reference: receipt.reference,
    status: order.status,
  });
