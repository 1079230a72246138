import { notFound } from '../../../../domain/errors.js';
import type { SalesOrderStatus } from '../../../../domain/sales-orders/order.js';
import { paginate, pageOf } from '../../../../domain/listing/pagination.js';
import { documentFilterOf } from '../../../platform/http/document-filter.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { listSalesOrders } from '../store/list.js';
import { getSalesOrder } from '../store/sales-orders.js';
import { salesOrderDetail, salesOrderSummary } from '../view.js';

export const getSalesOrderOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'getSalesOrder'> = async ({
  auth,
  params,
}) => {
  const order = await getSalesOrder(auth.orgId, params.id);
  if (!order) throw notFound('Sales order');
  return { body: salesOrderDetail(order), version: order.version };
};

export const listSalesOrdersOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'listSalesOrders'> = async ({
  auth,
  query,
}) => {
  const page = pageOf(query);
  const sortBy = query.sortBy;
  const { items, total } = await listSalesOrders(
    auth.orgId,
    documentFilterOf<SalesOrderStatus>(query),
    { by: sortBy, ascending: query.sortDir === 'asc' },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(salesOrderSummary), total, page) };
};
