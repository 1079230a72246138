import { newId } from '../../../platform/ids.js';
import { conflict } from '../../../../domain/errors.js';
import { purchaseOrderCreated } from '../../../../domain/purchase-orders/events.js';
import { newPurchaseOrder } from '../../../../domain/purchase-orders/purchase-order.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { numberDrawer } from '../../../platform/dynamo/sequence.js';
import { transact } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { PURCHASE_ORDER_ENDPOINTS } from '../endpoints.js';
import { productDeactivationsUnchanged } from '../../products/public.js';
import { loadPurchaseOrderFacts } from '../order-facts.js';
import { PURCHASE_ORDER_SEQUENCE, purchaseOrderCreateItems } from '../store/purchase-orders.js';
import { supplierStillActive } from '../store/supplier-checks.js';
import { purchaseOrderDetail } from '../view.js';

/**
 * POST /purchase-orders: a DRAFT order with its number, counters, the products' open-order counts, the
 * event, the audit entry and (with an Idempotency-Key) the stored response, in one transaction.
 */
export const createPurchaseOrderOp: OperationOf<
  typeof PURCHASE_ORDER_ENDPOINTS,
  'createPurchaseOrder'
> = async ({ auth, body: input, now, journal }) => {
  const { orgId } = auth;
  const id = newId();
  const at = now.toISOString();
  // Drawn beside the first read and kept for the retries (a deactivation race re-reads the facts only).
  const nextNumber = numberDrawer(orgId, PURCHASE_ORDER_SEQUENCE);
  return writeOptimistically({
    run: async () => {
      const [{ facts, deactivations }, number] = await Promise.all([
        loadPurchaseOrderFacts(orgId, input),
        nextNumber(),
      ]);
      const order = newPurchaseOrder(input, facts, {
        id,
        sequence: number,
        now: at,
        newId,
      });
      const response = { status: 201, body: purchaseOrderDetail(order) };
      await transact([
        ...purchaseOrderCreateItems(orgId, order),
        // A product deactivated since the read: retry, and the re-read product is refused (422).
        productDeactivationsUnchanged(orgId, deactivations),
        // The supplier read active: deactivated since, the create re-reads and refuses it (422).
        supplierStillActive(orgId, order.supplierId, 'retry'),
        ...journal.items({
          events: [purchaseOrderCreated(order)],
          audit: [
            {
              resourceType: 'purchase_order',
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
    onExhausted: () =>
      conflict('Products or the supplier kept changing while the order was created; retry it'),
  });
};
