import { operationsFor } from '../../../platform/http/operations-for.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { cancelSalesOrderOp } from './cancel.js';
import { completeSalesOrderOp } from './complete.js';
import { confirmSalesOrderOp } from './confirm.js';
import { createSalesOrderOp } from './create.js';
import { dispatchSalesOrderOp } from './dispatch.js';
import { packSalesOrderOp, pickSalesOrderOp } from './fulfilment.js';
import { getSalesOrderOp, listSalesOrdersOp } from './read.js';

export const salesOrderOperations = operationsFor<typeof SALES_ORDER_ENDPOINTS>({
  listSalesOrders: listSalesOrdersOp,
  createSalesOrder: createSalesOrderOp,
  getSalesOrder: getSalesOrderOp,
  dispatchSalesOrder: dispatchSalesOrderOp,
  confirmSalesOrder: confirmSalesOrderOp,
  cancelSalesOrder: cancelSalesOrderOp,
  completeSalesOrder: completeSalesOrderOp,
  pickSalesOrder: pickSalesOrderOp,
  packSalesOrder: packSalesOrderOp,
});
