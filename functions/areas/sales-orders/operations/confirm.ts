import { conflict, notFound } from '../../../../domain/errors.js';
import { planStockMovement } from '../../../../domain/inventory/movement.js';
import { decideConfirm, stockedProductIds } from '../../../../domain/sales-orders/confirm.js';
import { salesOrderConfirmed } from '../../../../domain/sales-orders/events.js';
import type { SalesOrder } from '../../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../../domain/sales-orders/status.js';
import { assertCan } from '../../../../domain/workflow/transitions.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact, type WriteItem } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import { stockMovementWrites } from '../../inventory/public.js';
import {
  CONFIRM_OVERHEAD,
  confirmChunking,
  confirmInParts,
  orderSource,
  reservationChanges,
  settlePending,
} from '../confirm-parts.js';
import { loadConfirmFacts } from '../confirm-facts.js';
import { settleCancel } from '../cancel-parts.js';
import { loadSalesOrder } from '../store/read.js';
import { orderCountItems, orderReplaceItem } from '../store/sales-orders.js';
import { salesOrderDetail } from '../view.js';

/**
 * POST /sales-orders/{id}/confirm: DRAFT -> CONFIRMED. Credit is checked (BLOCK refuses, WARN confirms
 * with an audit warning) and every stocked line is reserved FEFO in the order's warehouse: reserved up,
 * on hand unchanged, no ledger entry. Stock, order, counters, events and audit commit in one transaction
 * when they fit in one (up to 96 stocked products), otherwise in parts (confirm-parts.ts).
 */
export const confirmSalesOrderOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'confirmSalesOrder'> = async ({
  auth,
  params,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const { id } = params;
  const at = now.toISOString();
  return writeOptimistically({
    onExhausted: () => conflict('Other requests kept changing the stock this order needs; retry'),
    run: async () => {
      const found = await loadSalesOrder(orgId, id);
      if (!found) throw notFound(SALES_ORDER_RESOURCE);
      const { order, pending, cancelling } = found;
      if (cancelling) await settleCancel(orgId, id, cancelling, now, journal);
      if (pending) await settlePending(orgId, id, pending, now);
      assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'confirm');
      const productIds = stockedProductIds(order);
      const { facts, loaded } = await loadConfirmFacts(orgId, order, productIds);
      const { order: confirmed, reservations, warnings } = decideConfirm(order, facts, at);
      const closing = (stockEvents: NonNullable<JournalEntry['events']>, body: SalesOrder): WriteItem[] => [
        ...orderCountItems(orgId, body, 'DRAFT'),
        ...journal.items({
          events: [salesOrderConfirmed(id), ...stockEvents],
          audit: [
            {
              resourceType: 'sales_order',
              resourceId: id,
              action: 'confirm',
              changedFields: ['status', 'reservations', 'confirmedAt'],
              ...(warnings.length > 0 ? { warnings } : {}),
            },
          ],
        }),
      ];
      if (productIds.length + CONFIRM_OVERHEAD > confirmChunking.maxItems) {
        const done = await confirmInParts(
          orgId,
          { order, confirmed, reservations, loaded, at, closing: (events) => closing(events, confirmed) },
          productIds,
        );
        return { body: salesOrderDetail(done) };
      }
      const plan = planStockMovement(reservationChanges(reservations, 1), loaded.levels, loaded.facts, at);
      const writes = stockMovementWrites(orgId, plan, loaded, orderSource(order), at);
      await transact([
        ...writes.items,
        orderReplaceItem(orgId, confirmed, order, 'confirm'),
        ...closing(writes.events, confirmed),
      ]);
      return { body: salesOrderDetail(confirmed) };
    },
  });
};
