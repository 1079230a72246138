/**
 * `sales-order pack` and `POST /sales-orders/{id}/pack` (design.md sections 5 and 7): packs everything picked (service lines whole). PICKING ->
 * PACKED; no stock moves (picking already took it off the shelf).
 */
import { decidePack } from '../../../../domain/sales-orders/fulfilment.js';
import { refuseWhileShipmentsOpen } from '../../../../domain/sales-orders/open-shipments.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../../domain/sales-orders/status.js';
import { assertCan } from '../../../../domain/workflow/transitions.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { orderTransitionItems } from '../store/order-writes.js';
import { salesOrderDetail } from '../view.js';
import { readOrder } from './pick.js';

export async function packSalesOrder(
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  return writeOptimistically({
    run: async () => {
      const order = await readOrder(orgId, input.id);
      assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'pack');
      refuseWhileShipmentsOpen(order, 'pack');
      const next = decidePack(order, at);
      const detail = salesOrderDetail(next);
      await transact(
        orderTransitionItems({
          orgId,
          read: order,
          next,
          action: 'pack',
          at,
          deltas: [],
          journal: () =>
            context.journal.items({
              audit: [
                {
                  resourceType: 'sales_order',
                  resourceId: order.id,
                  action: 'pack',
                  changedFields: ['status', 'lines'],
                },
              ],
              response: { status: 200, body: detail },
            }),
        }),
      );
      return detail;
    },
    onExhausted: () => context.exhausted('The order kept changing while it was packed'),
  });
}
