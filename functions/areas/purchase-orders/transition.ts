import { PURCHASE_ORDER_RECEIPTS_CAP } from '../../../domain/purchase-orders/purchase-order.js';
import {
  PURCHASE_ORDER_RESOURCE,
  PURCHASE_ORDER_TRANSITIONS,
} from '../../../domain/purchase-orders/status.js';
import { documentTransitions } from '../../platform/dynamo/document.js';
import { getPurchaseOrderWithReceipts, purchaseOrderTransitionItems } from './store/purchase-orders.js';
import { purchaseOrderDetail } from './view.js';

/**
 * The transitions of an order (submit, approve, cancel, complete): read with the receipts the detail
 * shows, and write the order (status and version conditioned, refused while a receipt in parts is under
 * way), its counters and the products' open-order counts when it closes (purchaseOrderTransitionItems),
 * with the transition's checks and journal in one transaction. The answer is the order's detail.
 */
export const purchaseOrderTransitions = documentTransitions({
  resource: PURCHASE_ORDER_RESOURCE,
  auditType: 'purchase_order',
  transitions: PURCHASE_ORDER_TRANSITIONS,
  read: (orgId, id) => getPurchaseOrderWithReceipts(orgId, id, PURCHASE_ORDER_RECEIPTS_CAP),
  document: (found) => found.order,
  write: purchaseOrderTransitionItems,
  view: (next, found) => purchaseOrderDetail(next, found.receipts),
});
