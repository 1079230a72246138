import { conflict } from '../../../../domain/errors.js';
import { purchaseOrderApproved } from '../../../../domain/purchase-orders/events.js';
import {
  decideApprove,
  decideCancel,
  decideSubmit,
  supplierNotActive,
  type PurchaseOrderAction,
} from '../../../../domain/purchase-orders/status.js';
import type { OperationOf } from '../../../platform/http/types.js';
import { requestContext } from '../../../platform/journal/write-context.js';
import { completePurchaseOrder } from '../steps/complete.js';
import type { PURCHASE_ORDER_ENDPOINTS } from '../endpoints.js';
import { supplierStillActive } from '../store/supplier-checks.js';
import { purchaseOrderTransitions } from '../transition.js';

const exhausted = (action: PurchaseOrderAction) => () =>
  conflict(`The purchase order kept changing during ${action}; retry the request`);

/** POST /purchase-orders/{id}/submit: DRAFT -> SUBMITTED (no event in the catalogue). */
export const submitPurchaseOrderOp: OperationOf<
  typeof PURCHASE_ORDER_ENDPOINTS,
  'submitPurchaseOrder'
> = async ({ auth, params, now, journal }) => {
  const at = now.toISOString();
  const { response } = await purchaseOrderTransitions.run({
    orgId: auth.orgId,
    id: params.id,
    action: 'submit',
    decide: (order) => ({ next: decideSubmit(order, at) }),
    journal,
    audit: { changedFields: ['status', 'submittedAt'] },
    onExhausted: exhausted('submit'),
  });
  return response;
};

/**
 * POST /purchase-orders/{id}/approve: SUBMITTED -> APPROVED while the supplier is active, which the
 * approve's transaction checks (a supplier deactivated at any moment before it commits is the 422).
 */
export const approvePurchaseOrderOp: OperationOf<
  typeof PURCHASE_ORDER_ENDPOINTS,
  'approvePurchaseOrder'
> = async ({ auth, params, now, journal }) => {
  const at = now.toISOString();
  const { response } = await purchaseOrderTransitions.run({
    orgId: auth.orgId,
    id: params.id,
    action: 'approve',
    decide: (order) => ({ next: decideApprove(order, at) }),
    extra: (_, order) => ({
      items: [supplierStillActive(auth.orgId, order.supplierId, supplierNotActive(order, 'approve'))],
    }),
    journal,
    events: ({ next }) => [purchaseOrderApproved(next)],
    audit: { changedFields: ['status', 'approvedAt'] },
    onExhausted: exhausted('approve'),
  });
  return response;
};

/**
 * POST /purchase-orders/{id}/cancel: DRAFT, SUBMITTED or APPROVED -> CANCELLED with nothing received. The
 * reason goes to the audit log only (spec); the catalogue has no cancel event.
 */
export const cancelPurchaseOrderOp: OperationOf<
  typeof PURCHASE_ORDER_ENDPOINTS,
  'cancelPurchaseOrder'
> = async ({ auth, params, body, now, journal }) => {
  const at = now.toISOString();
  const reason = body.reason ?? undefined;
  const { response } = await purchaseOrderTransitions.run({
    orgId: auth.orgId,
    id: params.id,
    action: 'cancel',
    decide: (order) => ({ next: decideCancel(order, at) }),
    journal,
    audit: { changedFields: ['status', 'cancelledAt'], ...(reason === undefined ? {} : { reason }) },
    onExhausted: exhausted('cancel'),
  });
  return response;
};

/** POST /purchase-orders/{id}/complete: the back office's `purchase-order complete`, over the API. */
export const completePurchaseOrderOp: OperationOf<
  typeof PURCHASE_ORDER_ENDPOINTS,
  'completePurchaseOrder'
> = async ({ auth, params, now, journal }) => ({
  status: 200,
  body: await completePurchaseOrder({ orgId: auth.orgId, id: params.id }, requestContext({ now, journal })),
});
