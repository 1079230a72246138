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
import type { PURCHASE_ORDER_ENDPOINTS } from '../endpoints.js';
import { supplierStillActive } from '../store/supplier-checks.js';
import { transitionPurchaseOrder } from '../transition.js';

const exhausted = (action: PurchaseOrderAction) => () =>
  conflict(`The purchase order kept changing during ${action}; retry the request`);

/** POST /purchase-orders/{id}/submit: DRAFT -> SUBMITTED (no event in the catalogue). */
export const submitPurchaseOrderOp: OperationOf<typeof PURCHASE_ORDER_ENDPOINTS, 'submitPurchaseOrder'> = ({
  auth,
  params,
  now,
  journal,
}) => {
  const at = now.toISOString();
  return transitionPurchaseOrder({
    orgId: auth.orgId,
    id: params.id,
    action: 'submit',
    decide: (order) => decideSubmit(order, at),
    journal: (next, response) =>
      journal.items({
        audit: [
          {
            resourceType: 'purchase_order',
            resourceId: next.id,
            action: 'submit',
            changedFields: ['status', 'submittedAt'],
          },
        ],
        response,
      }),
    onExhausted: exhausted('submit'),
  });
};

/**
 * POST /purchase-orders/{id}/approve: SUBMITTED -> APPROVED while the supplier is active, which the
 * approve's transaction checks (a supplier deactivated at any moment before it commits is the 422).
 */
export const approvePurchaseOrderOp: OperationOf<typeof PURCHASE_ORDER_ENDPOINTS, 'approvePurchaseOrder'> = ({
  auth,
  params,
  now,
  journal,
}) => {
  const at = now.toISOString();
  return transitionPurchaseOrder({
    orgId: auth.orgId,
    id: params.id,
    action: 'approve',
    decide: (order) => decideApprove(order, at),
    checks: (order) => [
      supplierStillActive(auth.orgId, order.supplierId, supplierNotActive(order, 'approve')),
    ],
    journal: (next, response) =>
      journal.items({
        events: [purchaseOrderApproved(next)],
        audit: [
          {
            resourceType: 'purchase_order',
            resourceId: next.id,
            action: 'approve',
            changedFields: ['status', 'approvedAt'],
          },
        ],
        response,
      }),
    onExhausted: exhausted('approve'),
  });
};

/**
 * POST /purchase-orders/{id}/cancel: DRAFT, SUBMITTED or APPROVED -> CANCELLED with nothing received. The
 * reason goes to the audit log only (spec); the catalogue has no cancel event.
 */
export const cancelPurchaseOrderOp: OperationOf<typeof PURCHASE_ORDER_ENDPOINTS, 'cancelPurchaseOrder'> = ({
  auth,
  params,
  body,
  now,
  journal,
}) => {
  const at = now.toISOString();
  const reason = body.reason ?? undefined;
  return transitionPurchaseOrder({
    orgId: auth.orgId,
    id: params.id,
    action: 'cancel',
    decide: (order) => decideCancel(order, at),
    journal: (next, response) =>
      journal.items({
        audit: [
          {
            resourceType: 'purchase_order',
            resourceId: next.id,
            action: 'cancel',
            changedFields: ['status', 'cancelledAt'],
            ...(reason === undefined ? {} : { reason }),
          },
        ],
        response,
      }),
    onExhausted: exhausted('cancel'),
  });
};
