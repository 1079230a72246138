/**
 * GET /production-orders, newest first (createdAt desc), through the document list (listDocuments) with
 * the maintained counters: no filter, one or several statuses and one product read about a page of
 * orders; modifiedSince alone reads only the orders changed since (changedRange); search, dates on
 * plannedStartDate, combinations and pages no remembered cursor reaches are paged on the slim projection.
 */
import type {
  ProductionOrder,
  ProductionOrderStatus,
} from '../../../../domain/production-orders/production-order.js';
import { maintainedCounts } from '../../../platform/dynamo/document-pages.js';
import { listDocuments, type DocumentFilter } from '../../../platform/dynamo/document-query.js';
import {
  productionOrderCountsKey,
  productionOrderPartitions,
  productionOrderProjection,
  productionOrders,
  productOrderCountKey,
} from './production-orders.js';

export interface ProductionOrderFilter extends Omit<DocumentFilter, 'customerId' | 'statuses'> {
  statuses?: ProductionOrderStatus[];
  productId?: string;
}

const counts = maintainedCounts<ProductionOrderStatus>(productionOrderCountsKey, {
  key: productOrderCountKey,
  attribute: 'count',
});

export const listProductionOrders = (
  orgId: string,
  filter: ProductionOrderFilter,
  window: { offset: number; limit: number },
): Promise<{ items: ProductionOrder[]; total: number }> =>
  listDocuments<ProductionOrder, ProductionOrderStatus>({
    orgId,
    // listDocuments' party partition (GSI4) is the customer's for orders and invoices; a production
    // order's party is its product, so its `customerId` filter carries the product id.
    partitions: { ...productionOrderPartitions, customer: productionOrderPartitions.product },
    filter: {
      statuses: filter.statuses,
      customerId: filter.productId,
      from: filter.from,
      to: filter.to,
      modifiedSince: filter.modifiedSince,
      search: filter.search,
    },
    sort: { by: 'createdAt', ascending: false },
    window,
    dateAttribute: 'plannedStartDate',
    indexSort: 'createdAt',
    fromItem: productionOrders.fromItem,
    counts,
    distinctStatuses: true,
    changedRange: true,
    partyParameter: 'productId',
    projection: productionOrderProjection,
  });
