/**
 * GET /sales-orders through the document list (listDocuments) with the maintained counters: the default
 * list, one or several statuses, one customer and the sync recipe read about a page of orders; search,
 * dates, combinations, the orderNumber/totalAmount sorts and pages no remembered cursor reaches are paged
 * on the slim projection (docs/architecture.md).
 */
import type { SalesOrder, SalesOrderSort, SalesOrderStatus } from '../../../../domain/sales-orders/order.js';
import { maintainedCounts } from '../../../platform/dynamo/document-pages.js';
import { listDocuments, type DocumentFilter } from '../../../platform/dynamo/document-query.js';
import {
  customerOrderCountKey,
  salesOrderCountsKey,
  salesOrderPartitions,
  salesOrderProjection,
  salesOrders,
} from './sales-orders.js';

export interface SalesOrderFilter extends Omit<DocumentFilter, 'supplierId' | 'statuses'> {
  statuses?: SalesOrderStatus[];
}

const counts = maintainedCounts<SalesOrderStatus>(salesOrderCountsKey, {
  key: customerOrderCountKey,
  attribute: 'orderCount',
});

export const listSalesOrders = (
  orgId: string,
  filter: SalesOrderFilter,
  sort: { by: SalesOrderSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: SalesOrder[]; total: number }> =>
  listDocuments<SalesOrder, SalesOrderStatus>({
    orgId,
    partitions: salesOrderPartitions,
    filter,
    // orderDate and createdAt are the same instant (both stamped at create): one index serves both sorts.
    sort: { by: sort.by === 'createdAt' ? 'orderDate' : sort.by, ascending: sort.ascending },
    window,
    dateAttribute: 'orderDate',
    indexSort: 'orderDate',
    datesInKey: true,
    fromItem: salesOrders.fromItem,
    counts,
    projection: salesOrderProjection,
  });
