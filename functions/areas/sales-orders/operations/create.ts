import { newId } from '../../../platform/ids.js';
import { conflict } from '../../../../domain/errors.js';
import { salesOrderCreated } from '../../../../domain/sales-orders/events.js';
import { newSalesOrder } from '../../../../domain/sales-orders/order.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { numberDrawer } from '../../../platform/dynamo/sequence.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { productDeactivationsUnchanged } from '../../products/public.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { loadOrderFacts, SALES_ORDER_SEQUENCE } from '../order-facts.js';
import { orderCountItems, salesOrders } from '../store/sales-orders.js';
import { salesOrderDetail } from '../view.js';

/**
 * POST /sales-orders: a DRAFT order with its number, counters, event, audit entry and (with an
 * Idempotency-Key) the stored response, in one transaction. No stock and no credit are touched.
 */
export const createSalesOrderOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'createSalesOrder'> = async ({
  auth,
  body: input,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const id = newId();
  const at = now.toISOString();
  // Drawn beside the first read and kept for the retries (a deactivation race re-reads the products only).
  const nextNumber = numberDrawer(orgId, SALES_ORDER_SEQUENCE);
  return writeOptimistically({
    run: async () => {
      const [{ facts, deactivations }, number] = await Promise.all([
        loadOrderFacts(orgId, input),
        nextNumber(),
      ]);
      const order = newSalesOrder(input, facts, { id, sequence: number, now: at, newId });
      const response = { status: 201, body: salesOrderDetail(order) };
      await transact([
        salesOrders.createItem(orgId, order),
        // A product deactivated since the read: retry, and the re-read product is refused (422).
        productDeactivationsUnchanged(orgId, deactivations),
        ...orderCountItems(orgId, order, null),
        ...journal.items({
          events: [salesOrderCreated(id)],
          audit: [
            {
              resourceType: 'sales_order',
              resourceId: id,
              action: 'create',
              changedFields: Object.keys(input),
            },
          ],
          response,
        }),
      ]);
      return response;
    },
    onExhausted: () => conflict('Products kept being deactivated while the order was created; retry it'),
  });
};
