import { notFound } from '../../../../domain/errors.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { documentListOperation } from '../../../platform/http/document-list.js';
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

export const listSalesOrdersOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'listSalesOrders'> =
  documentListOperation({
    list: listSalesOrders,
    view: salesOrderSummary,
    defaultSort: 'orderDate',
  });
