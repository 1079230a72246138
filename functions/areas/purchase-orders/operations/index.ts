import { operationsFor } from '../../../platform/http/operations-for.js';
import type { PURCHASE_ORDER_ENDPOINTS } from '../endpoints.js';
import { createPurchaseOrderOp } from './create.js';
import { getPurchaseOrderOp, listPurchaseOrdersOp } from './read.js';
import {
  approvePurchaseOrderOp,
  cancelPurchaseOrderOp,
  completePurchaseOrderOp,
  submitPurchaseOrderOp,
} from './transitions.js';

export const purchaseOrderOperations = operationsFor<typeof PURCHASE_ORDER_ENDPOINTS>({
  listPurchaseOrders: listPurchaseOrdersOp,
  createPurchaseOrder: createPurchaseOrderOp,
  getPurchaseOrder: getPurchaseOrderOp,
  submitPurchaseOrder: submitPurchaseOrderOp,
  approvePurchaseOrder: approvePurchaseOrderOp,
  cancelPurchaseOrder: cancelPurchaseOrderOp,
  completePurchaseOrder: completePurchaseOrderOp,
});
