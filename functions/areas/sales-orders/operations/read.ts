import { notFound } from '../../../../domain/errors.js';
import type { SalesOrderSort, SalesOrderStatus } from '../../../../domain/sales-orders/order.js';
import { paginate, pageWindow } from '../../../../domain/listing/pagination.js';
import { documentFilterOf } from '../../../platform/http/document-filter.js';
import type { Operation } from '../../../platform/http/types.js';
import { listSalesOrders } from '../store/list.js';
import { getSalesOrder } from '../store/sales-orders.js';
import { salesOrderDetail, salesOrderSummary } from '../view.js';

export const getSalesOrderOp: Operation = async ({ auth, params }) => {
  const order = await getSalesOrder(auth.orgId, params.id!);
  if (!order) throw notFound('Sales order');
  return { body: salesOrderDetail(order), version: order.version };
};

export const listSalesOrdersOp: Operation = async ({ auth, query }) => {
  const page = pageWindow(query.page as number, query.pageSize as number);
  const sortBy = (query.sortBy as SalesOrderSort | undefined) ?? 'orderDate';
  const { items, total } = await listSalesOrders(
    auth.orgId,
    documentFilterOf<SalesOrderStatus>(query),
    { by: sortBy, ascending: query.sortDir === 'asc' },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(salesOrderSummary), total, page) };
};
