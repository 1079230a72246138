/**
 * GET /purchase-orders through the document list (listDocuments) with the maintained counters: the default
 * list, one or several statuses, one supplier and the sync recipe read about a page of orders; search,
 * dates, combinations, the orderNumber/totalAmount sorts and pages no remembered cursor reaches are paged
 * on the slim projection (docs/architecture.md "What the purchase-order lists cost").
 */
import type {
  PurchaseOrder,
  PurchaseOrderSort,
  PurchaseOrderStatus,
} from '../../../../domain/purchase-orders/purchase-order.js';
import { listDocuments, type DocumentFilter } from '../../../platform/dynamo/document-query.js';
import {
  purchaseOrderCounts,
  purchaseOrderPartitions,
  purchaseOrderProjection,
  purchaseOrders,
  supplierOrderCount,
} from './purchase-orders.js';

export const listPurchaseOrders = (
  orgId: string,
  filter: DocumentFilter & { statuses?: PurchaseOrderStatus[] },
  sort: { by: PurchaseOrderSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: PurchaseOrder[]; total: number }> =>
  listDocuments<PurchaseOrder, PurchaseOrderStatus>({
    orgId,
    partitions: purchaseOrderPartitions,
    filter,
    // orderDate and createdAt are the same instant (both stamped at create): one index serves both sorts.
    sort: { by: sort.by === 'createdAt' ? 'orderDate' : sort.by, ascending: sort.ascending },
    window,
    dateAttribute: 'orderDate',
    indexSort: 'orderDate',
    fromItem: purchaseOrders.fromItem,
    counts: { totals: purchaseOrderCounts, party: supplierOrderCount },
    partyParameter: 'supplierId',
    projection: purchaseOrderProjection,
  });
