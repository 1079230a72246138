import { conflict } from '../../../../domain/errors.js';
import {
  decideApprove,
  decideCancel,
  decideSubmit,
  supplierNotActive,
  type PurchaseOrderAction,
} from '../../../../domain/purchase-orders/status.js';
import type { PurchaseOrder } from '../../../../domain/purchase-orders/purchase-order.js';
import { keys } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type GuardedItem } from '../../../platform/dynamo/transact.js';
import type { Operation } from '../../../platform/http/types.js';
import { transitionPurchaseOrder } from '../transition.js';

const exhausted = (action: PurchaseOrderAction) => () =>
  conflict(`The purchase order kept changing during ${action}; retry the request`);

/** POST /purchase-orders/{id}/submit: DRAFT -> SUBMITTED (no event in the catalogue). */
export const submitPurchaseOrderOp: Operation = ({ auth, params, now, journal }) => {
  const at = now.toISOString();
  return transitionPurchaseOrder({
    orgId: auth.orgId,
    id: params.id!,
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
 * The supplier is active when the approve commits: checked in the approve's transaction, so a supplier
 * deactivated at any moment before it is the 422 (and a supplier changed otherwise meanwhile, a retry).
 */
const supplierActive = (orgId: string, order: PurchaseOrder): GuardedItem =>
  guard(
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.supplier(orgId, order.supplierId),
        ConditionExpression: 'isActive = :true',
        ExpressionAttributeValues: { ':true': true },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => (old && old.isActive !== false ? 'retry' : supplierNotActive(order)),
  );

/** POST /purchase-orders/{id}/approve: SUBMITTED -> APPROVED while the supplier is active. */
export const approvePurchaseOrderOp: Operation = ({ auth, params, now, journal }) => {
  const at = now.toISOString();
  return transitionPurchaseOrder({
    orgId: auth.orgId,
    id: params.id!,
    action: 'approve',
    decide: (order) => decideApprove(order, at),
    checks: (order) => [supplierActive(auth.orgId, order)],
    journal: (next, response) =>
      journal.items({
        events: [
          {
            event: 'purchase_order.approved',
            data: { id: next.id, orderNumber: next.orderNumber, supplierId: next.supplierId },
          },
        ],
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
export const cancelPurchaseOrderOp: Operation = ({ auth, params, body, now, journal }) => {
  const at = now.toISOString();
  const reason = ((body ?? {}) as { reason?: string | null }).reason ?? undefined;
  return transitionPurchaseOrder({
    orgId: auth.orgId,
    id: params.id!,
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
