import { invalidParameter, notFound } from '../../../../domain/errors.js';
import { canBeId } from '../../../../domain/ids.js';
import type { SalesOrderSort, SalesOrderStatus } from '../../../../domain/sales-orders/order.js';
import { paginate, pageWindow } from '../../../../domain/listing/pagination.js';
import type { Operation } from '../../../platform/http/types.js';
import { listSalesOrders } from '../store/list.js';
import { getSalesOrder } from '../store/sales-orders.js';
import { salesOrderDetail, salesOrderSummary } from '../view.js';

export const getSalesOrderOp: Operation = async ({ auth, params }) => {
  const order = await getSalesOrder(auth.orgId, params.id!);
  if (!order) throw notFound('Sales order');
  return { body: salesOrderDetail(order) };
};

export const listSalesOrdersOp: Operation = async ({ auth, query }) => {
  // An unknown customer simply has no orders (an empty page); one that cannot be an id is a bad parameter.
  const customerId = query.customerId as string | undefined;
  if (customerId !== undefined && !canBeId(customerId)) throw invalidParameter('customerId', 'is not an id');
  const page = pageWindow(query.page as number, query.pageSize as number);
  const sortBy = (query.sortBy as SalesOrderSort | undefined) ?? 'orderDate';
  const { items, total } = await listSalesOrders(
    auth.orgId,
    {
      statuses: query.status as SalesOrderStatus[] | undefined,
      customerId,
      from: query.dateFrom as string | undefined,
      to: query.dateTo as string | undefined,
      modifiedSince: query.modifiedSince as Date | undefined,
      search: query.search as string | undefined,
    },
    { by: sortBy, ascending: query.sortDir === 'asc' },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(salesOrderSummary), total, page) };
};
