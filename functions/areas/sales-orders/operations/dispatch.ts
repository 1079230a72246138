import { conflict } from '../../../../domain/errors.js';
import { salesOrderDispatched } from '../../../../domain/sales-orders/events.js';
import { decideDispatch } from '../../../../domain/sales-orders/dispatch.js';
import { refuseWhileShipmentsOpen } from '../../../../domain/sales-orders/open-shipments.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../../domain/sales-orders/status.js';
import { assertCan } from '../../../../domain/workflow/transitions.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { sellSerials } from '../../inventory/public.js';
import { orderTransitionItems } from '../store/order-writes.js';
import { readOrderToTransition } from '../store/read.js';
import { salesOrderDetail } from '../view.js';

/**
 * POST /sales-orders/{id}/dispatch: advances dispatchedQty (clamped to the packed balance), stamps
 * shippedDate on the first dispatch, PARTIALLY_DISPATCHED or DISPATCHED. No stock moves. The allocated
 * serials of the dispatched units become SOLD (whole units). The order, its counters, the serials, the
 * event, the audit entry and the idempotency record commit together.
 */
export const dispatchSalesOrderOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'dispatchSalesOrder'> = async ({
  auth,
  params,
  body: request,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const order = await readOrderToTransition(orgId, params.id);
      assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'dispatch');
      refuseWhileShipmentsOpen(order, 'dispatch');
      const { order: next, dispatched } = decideDispatch(order, request, at);
      const sold = await sellSerials(
        orgId,
        dispatched.flatMap((d) => {
          const line = order.lines.find((l) => l.id === d.lineId)!;
          return line.isServiceLine ? [] : [{ line, quantity: d.quantity }];
        }),
        at,
        { type: 'sales_order', id: order.id },
      );
      const response = { status: 200, body: salesOrderDetail(next) };
      await transact(
        orderTransitionItems({
          orgId,
          read: order,
          next,
          action: 'dispatch',
          at,
          deltas: [],
          extra: sold,
          journal: () =>
            journal.items({
              events: [salesOrderDispatched(next, dispatched, null)],
              audit: [
                {
                  resourceType: 'sales_order',
                  resourceId: next.id,
                  action: 'dispatch',
                  changedFields: ['status', 'lines', 'shippedDate'],
                },
              ],
              response,
            }),
        }),
      );
      return response;
    },
    onExhausted: () => conflict('The order kept changing while it was dispatched; retry the request'),
  });
};
