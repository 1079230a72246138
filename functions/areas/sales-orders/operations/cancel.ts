import { conflict, notFound, unprocessable } from '../../../../domain/errors.js';
import { decideCancel } from '../../../../domain/sales-orders/fulfilment.js';
import { refuseCancelWithOpenShipments } from '../../../../domain/sales-orders/open-shipments.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../../domain/sales-orders/status.js';
import { assertCan } from '../../../../domain/workflow/transitions.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import {
  cancelClosing,
  cancelInParts,
  cancelMovement,
  productsOf,
  rollForwardCancel,
} from '../cancel-parts.js';
import { releaseSerials } from '../../inventory/public.js';
import { confirmChunking, settlePending } from '../confirm-parts.js';
import { loadSalesOrder } from '../store/read.js';
import { orderReplaceItem } from '../store/sales-orders.js';
import { salesOrderDetail } from '../view.js';

/**
 * POST /sales-orders/{id}/cancel: DRAFT, CONFIRMED, PICKING or PACKED -> CANCELLED. Reservations are
 * released and picked stock goes back on hand at its lots and bins (ledger rows with source sales_order),
 * allocated serials return to AVAILABLE, the reason is stored, counters move, in one transaction with
 * the events and the audit entry when they fit in one, otherwise in parts (cancel-parts.ts). A cancel meeting an unfinished cancel in parts
 * finishes it (with that cancel's reason) rather than starting anew.
 */
export const cancelSalesOrderOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'cancelSalesOrder'> = async ({
  auth,
  params: { id },
  body,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const at = now.toISOString();
  const reason = body.reason ?? null;
  return writeOptimistically({
    onExhausted: () => conflict('The order or its stock kept changing under the cancel; retry'),
    run: async () => {
      const found = await loadSalesOrder(orgId, id);
      if (!found) throw notFound(SALES_ORDER_RESOURCE);
      const { order, pending, cancelling } = found;
      if (cancelling) {
        return { body: salesOrderDetail(await rollForwardCancel(orgId, id, cancelling.token, journal)) };
      }
      if (pending) await settlePending(orgId, id, pending, now);
      assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'cancel');
      // An invoice racing this cancel bumps the order's version, so the cancel re-reads and sees it here.
      const invoicesOpen = order.activeInvoiceCount ?? 0;
      if (invoicesOpen > 0) {
        throw unprocessable(
          `Sales order ${order.orderNumber} has ${invoicesOpen} invoice(s) that are not VOID; void them before cancelling`,
        );
      }
      // A shipment created meanwhile bumps the order's version too, so the cancel re-reads and sees it.
      refuseCancelWithOpenShipments(order);
      const { order: cancelled, deltas } = decideCancel(order, reason, at);
      const { maxItems } = confirmChunking;
      const released = await releaseSerials(orgId, order, at);
      // The order put, the freed serials, and beside the stock writes (one per product and the ledger)
      // the closing items.
      const overhead =
        1 + released.items.length + cancelClosing(orgId, journal, cancelled, order.status, []).length;
      if (productsOf(deltas).length + 1 + overhead <= maxItems) {
        const stock = await cancelMovement(orgId, order, deltas, at);
        if (stock.items.length + overhead <= maxItems) {
          await transact([
            ...stock.items,
            ...released.items,
            orderReplaceItem(orgId, cancelled, order, 'cancel'),
            ...cancelClosing(orgId, journal, cancelled, order.status, stock.events),
          ]);
          return { body: salesOrderDetail(cancelled) };
        }
      }
      return { body: salesOrderDetail(await cancelInParts(orgId, order, reason, deltas, at, journal)) };
    },
  });
};
