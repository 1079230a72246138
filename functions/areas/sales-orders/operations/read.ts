import { notFound } from '../../../../domain/errors.js';
import { documentListOperation } from '../../../platform/http/document-list.js';
import type { Operation } from '../../../platform/http/types.js';
import { listSalesOrders } from '../store/list.js';
import { getSalesOrder } from '../store/sales-orders.js';
import { salesOrderDetail, salesOrderSummary } from '../view.js';

export const getSalesOrderOp: Operation = async ({ auth, params }) => {
  const order = await getSalesOrder(auth.orgId, params.id!);
  if (!order) throw notFound('Sales order');
  return { body: salesOrderDetail(order), version: order.version };
};

export const listSalesOrdersOp = documentListOperation({
  list: listSalesOrders,
  view: salesOrderSummary,
  defaultSort: 'orderDate',
});
