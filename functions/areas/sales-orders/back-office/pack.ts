/**
 * `sales-order pack` (design.md section 5): packs everything picked (service lines whole). PICKING ->
 * PACKED; no stock moves (picking already took it off the shelf).
 */
import { decidePack } from '../../../../domain/sales-orders/fulfilment.js';
import { refuseWhileShipmentsOpen } from '../../../../domain/sales-orders/open-shipments.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../../domain/sales-orders/status.js';
import { assertCan } from '../../../../domain/workflow/transitions.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { orderTransitionItems } from '../store/order-writes.js';
import { salesOrderDetail } from '../view.js';
import { readOrder } from './pick.js';

export async function packSalesOrder(input: { orgId: string; id: string }) {
  const { orgId } = input;
  const now = new Date();
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const order = await readOrder(orgId, input.id);
      assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'pack');
      refuseWhileShipmentsOpen(order, 'pack');
      const next = decidePack(order, at);
      await transact(
        orderTransitionItems({
          orgId,
          read: order,
          next,
          action: 'pack',
          at,
          deltas: [],
          journal: () =>
            backOfficeJournal(orgId, now).items({
              audit: [
                {
                  resourceType: 'sales_order',
                  resourceId: order.id,
                  action: 'pack',
                  changedFields: ['status', 'lines'],
                },
              ],
            }),
        }),
      );
      return salesOrderDetail(next);
    },
    onExhausted: () =>
      new BackOfficeError('The order kept changing while it was packed; run the command again'),
  });
}
