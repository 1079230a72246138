/**
 * The purchase order's state machine (spec: States and transitions > Purchase order). Every transition is
 * checked here (assertCan: 422 naming the actual status) and written conditioned on the status and version
 * it was read at (the store's transitionUpdate), so of two racing transitions one wins and the other gets
 * the same 422.
 */
import { unprocessable, type ApiError } from '../errors.js';
import { assertCan, type Transitions } from '../workflow/transitions.js';
import type { PurchaseOrder, PurchaseOrderStatus } from './purchase-order.js';

export const PURCHASE_ORDER_RESOURCE = 'Purchase order';

export const PURCHASE_ORDER_TRANSITIONS = {
  submit: { from: ['DRAFT'], to: 'SUBMITTED' },
  approve: { from: ['SUBMITTED'], to: 'APPROVED' },
  cancel: { from: ['DRAFT', 'SUBMITTED', 'APPROVED'], to: 'CANCELLED' },
  // A goods receipt decides RECEIVED or PARTIALLY_RECEIVED; `to` names the usual outcome.
  receive: { from: ['APPROVED', 'PARTIALLY_RECEIVED'], to: 'RECEIVED' },
  // In the application (back office `purchase-order complete`).
  complete: { from: ['RECEIVED'], to: 'COMPLETED' },
} as const satisfies Transitions<PurchaseOrderStatus>;

export type PurchaseOrderAction = keyof typeof PURCHASE_ORDER_TRANSITIONS;

/** The order after `action`: new status, the action's timestamp, updatedAt and the next version. */
function moved(
  order: PurchaseOrder,
  action: PurchaseOrderAction,
  at: string,
  stamp: Partial<PurchaseOrder>,
): PurchaseOrder {
  const status = assertCan(PURCHASE_ORDER_TRANSITIONS, PURCHASE_ORDER_RESOURCE, order.status, action);
  return { ...order, ...stamp, status, updatedAt: at, version: order.version + 1 };
}

/** DRAFT -> SUBMITTED; an order needs at least one line. */
export function decideSubmit(order: PurchaseOrder, at: string): PurchaseOrder {
  const next = moved(order, 'submit', at, { submittedAt: at });
  if (order.lines.length === 0) {
    throw unprocessable(`Purchase order ${order.orderNumber} has no lines; add a line before submitting`);
  }
  return next;
}

/**
 * SUBMITTED -> APPROVED. The supplier must be active: the approve's write checks that atomically and
 * reports supplierNotActive when it is not (a supplier deactivated at any moment before the commit).
 */
export const decideApprove = (order: PurchaseOrder, at: string): PurchaseOrder =>
  moved(order, 'approve', at, { approvedAt: at });

const PAST = { approve: 'approved', receive: 'received' } as const;

/**
 * The 422 of an approve (or a goods receipt) while the order's supplier is not active (spec: both need an
 * active supplier).
 */
export const supplierNotActive = (
  order: Pick<PurchaseOrder, 'orderNumber' | 'supplier'>,
  action: keyof typeof PAST,
): ApiError =>
  unprocessable(
    `Supplier ${order.supplier.code} (${order.supplier.name}) is not active; purchase order ${order.orderNumber} cannot be ${PAST[action]}`,
  );

/**
 * DRAFT, SUBMITTED or APPROVED -> CANCELLED while nothing was received (the spec's other condition,
 * active supplier returns, has no records in this service: docs/decisions.md).
 */
export function decideCancel(order: PurchaseOrder, at: string): PurchaseOrder {
  const next = moved(order, 'cancel', at, { cancelledAt: at });
  const received = order.lines.filter((l) => l.receivedQty > 0);
  if (received.length > 0) {
    throw unprocessable(
      `Purchase order ${order.orderNumber} has received goods (${[...new Set(received.map((l) => l.product.sku))].join(', ')}); it cannot be cancelled`,
    );
  }
  return next;
}

/** RECEIVED -> COMPLETED (in the application). */
export const decideComplete = (order: PurchaseOrder, at: string): PurchaseOrder =>
  moved(order, 'complete', at, { completedAt: at });
