import { notFound } from '../../../domain/errors.js';
import {
  PURCHASE_ORDER_RECEIPTS_CAP,
  type PurchaseOrder,
} from '../../../domain/purchase-orders/purchase-order.js';
import { PURCHASE_ORDER_RESOURCE, type PurchaseOrderAction } from '../../../domain/purchase-orders/status.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { transact, type TransactItem, type WriteItem } from '../../platform/dynamo/transact.js';
import { getPurchaseOrderWithReceipts, purchaseOrderTransitionItems } from './store/purchase-orders.js';
import { purchaseOrderDetail } from './view.js';

export type PurchaseOrderResponse = { status: number; body: ReturnType<typeof purchaseOrderDetail> };

export interface PurchaseOrderTransition {
  orgId: string;
  id: string;
  action: PurchaseOrderAction;
  /** The domain's decision on the order as read (throws the 422s). */
  decide: (order: PurchaseOrder) => PurchaseOrder;
  /** Conditions on other records the transition depends on (the supplier still active). */
  checks?: (order: PurchaseOrder) => WriteItem[];
  /** The write's journal items (events, audit, response). */
  journal: (next: PurchaseOrder, response: PurchaseOrderResponse) => TransactItem[];
  onExhausted: () => Error;
}

/**
 * One transition of an order (submit, approve, cancel, complete): read (with the receipts the detail
 * shows), decide, and write the order (status and version conditioned), its counters, the products'
 * open-order counts when it closes, the checks and the journal in one transaction. The answer is the
 * order's detail.
 */
export function transitionPurchaseOrder(t: PurchaseOrderTransition): Promise<PurchaseOrderResponse> {
  return writeOptimistically({
    onExhausted: t.onExhausted,
    run: async () => {
      const found = await getPurchaseOrderWithReceipts(t.orgId, t.id, PURCHASE_ORDER_RECEIPTS_CAP);
      if (!found) throw notFound(PURCHASE_ORDER_RESOURCE);
      const { order, receipts } = found;
      const next = t.decide(order);
      const response = { status: 200, body: purchaseOrderDetail(next, receipts) };
      await transact([
        ...purchaseOrderTransitionItems(t.orgId, order, next, t.action),
        ...(t.checks?.(order) ?? []),
        ...t.journal(next, response),
      ]);
      return response;
    },
  });
}
