import { notFound } from '../../../../domain/errors.js';
import { paginate, pageOf } from '../../../../domain/listing/pagination.js';
import {
  PURCHASE_ORDER_RECEIPTS_CAP,
  type PurchaseOrderStatus,
} from '../../../../domain/purchase-orders/purchase-order.js';
import { PURCHASE_ORDER_RESOURCE } from '../../../../domain/purchase-orders/status.js';
import { documentFilterOf } from '../../../platform/http/document-filter.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { PURCHASE_ORDER_ENDPOINTS } from '../endpoints.js';
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

/** sortDir defaults to desc, also when sortBy is given (spec: changed in v1). */
export const listPurchaseOrdersOp: OperationOf<
  typeof PURCHASE_ORDER_ENDPOINTS,
  'listPurchaseOrders'
> = async ({ auth, query }) => {
  const page = pageOf(query);
  const { items, total } = await listPurchaseOrders(
    auth.orgId,
    documentFilterOf<PurchaseOrderStatus>(query),
    {
      by: query.sortBy ?? 'orderDate',
      ascending: query.sortDir === 'asc',
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(purchaseOrderSummary), total, page) };
};
