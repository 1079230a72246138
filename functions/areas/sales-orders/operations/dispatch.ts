import { conflict } from '../../../../domain/errors.js';
import { salesOrderDispatched } from '../../../../domain/sales-orders/events.js';
import { decideDispatch } from '../../../../domain/sales-orders/dispatch.js';
import { refuseWhileShipmentsOpen } from '../../../../domain/sales-orders/open-shipments.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { sellSerials } from '../../inventory/public.js';
import { salesOrderTransitions } from '../transition.js';

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
  const { response } = await salesOrderTransitions.run({
    orgId,
    id: params.id,
    action: 'dispatch',
    decide: (order) => {
      refuseWhileShipmentsOpen(order, 'dispatch');
      const { order: next, dispatched } = decideDispatch(order, request, at);
      return { next, dispatched };
    },
    extra: async ({ dispatched }, order) => ({
      items: await sellSerials(
        orgId,
        dispatched.flatMap((d) => {
          const line = order.lines.find((l) => l.id === d.lineId)!;
          return line.isServiceLine ? [] : [{ line, quantity: d.quantity }];
        }),
        at,
        { type: 'sales_order', id: order.id },
      ),
    }),
    journal,
    events: ({ next, dispatched }) => [salesOrderDispatched(next, dispatched, null)],
    audit: { changedFields: ['status', 'lines', 'shippedDate'] },
    onExhausted: () => conflict('The order kept changing while it was dispatched; retry the request'),
  });
  return response;
};
