import { conflict } from '../../../../domain/errors.js';
import { decideComplete } from '../../../../domain/sales-orders/complete.js';
import { salesOrderCompleted } from '../../../../domain/sales-orders/events.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { orderTransitionItems } from '../store/order-writes.js';
import { readOrderToTransition } from '../store/read.js';
import { salesOrderDetail } from '../view.js';

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
  const { orgId } = auth;
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const order = await readOrderToTransition(orgId, params.id);
      const next = decideComplete(order, at);
      const response = { status: 200, body: salesOrderDetail(next) };
      await transact(
        orderTransitionItems({
          orgId,
          read: order,
          next,
          action: 'complete',
          at,
          deltas: [],
          journal: () =>
            journal.items({
              events: [salesOrderCompleted(next)],
              audit: [
                {
                  resourceType: 'sales_order',
                  resourceId: next.id,
                  action: 'complete',
                  changedFields: ['status'],
                },
              ],
              response,
            }),
        }),
      );
      return response;
    },
    onExhausted: () => conflict('The order kept changing while it was completed; retry the request'),
  });
};
