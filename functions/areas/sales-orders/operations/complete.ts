import { conflict } from '../../../../domain/errors.js';
import { decideComplete } from '../../../../domain/sales-orders/complete.js';
import { salesOrderCompleted } from '../../../../domain/sales-orders/events.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { salesOrderTransitions } from '../transition.js';

/**
 * POST /sales-orders/{id}/complete: DISPATCHED -> COMPLETED once every line is fully invoiced (decideComplete).
 * The order, its status counters, the event and the audit entry commit together; no stock moves. An
 * invoice racing the complete bumps the order's version, so the complete re-reads and decides again.
 */
export const completeSalesOrderOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'completeSalesOrder'> = async ({
  auth,
  params,
  now,
  journal,
}) => {
  const at = now.toISOString();
  const { response } = await salesOrderTransitions.run({
    orgId: auth.orgId,
    id: params.id,
    action: 'complete',
    decide: (order) => ({ next: decideComplete(order, at) }),
    journal,
    events: ({ next }) => [salesOrderCompleted(next)],
    audit: { changedFields: ['status'] },
    onExhausted: () => conflict('The order kept changing while it was completed; retry the request'),
  });
  return response;
};
