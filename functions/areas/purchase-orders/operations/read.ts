import { notFound } from '../../../../domain/errors.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { PURCHASE_ORDER_ENDPOINTS } from '../endpoints.js';
import { PURCHASE_ORDER_RECEIPTS_CAP } from '../../../../domain/purchase-orders/purchase-order.js';
import { PURCHASE_ORDER_RESOURCE } from '../../../../domain/purchase-orders/status.js';
import { documentListOperation } from '../../../platform/http/document-list.js';
import { listPurchaseOrders } from '../store/list.js';
import { getPurchaseOrderWithReceipts } from '../store/purchase-orders.js';
import { purchaseOrderDetail, purchaseOrderSummary } from '../view.js';

export const getPurchaseOrderOp: OperationOf<typeof PURCHASE_ORDER_ENDPOINTS, 'getPurchaseOrder'> = async ({
  auth,
  params,
}) => {
  const found = await getPurchaseOrderWithReceipts(auth.orgId, params.id, PURCHASE_ORDER_RECEIPTS_CAP);
  if (!found) throw notFound(PURCHASE_ORDER_RESOURCE);
  return { body: purchaseOrderDetail(found.order, found.receipts) };
};

export const listPurchaseOrdersOp: OperationOf<typeof PURCHASE_ORDER_ENDPOINTS, 'listPurchaseOrders'> =
  documentListOperation({
    list: listPurchaseOrders,
    view: purchaseOrderSummary,
    defaultSort: 'orderDate',
  });
