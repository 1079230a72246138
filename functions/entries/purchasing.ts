import * as validators from '../generated/validators-purchasing.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { goodsReceiptOperations } from '../areas/goods-receipts/operations.js';
import { purchaseOrderOperations } from '../areas/purchase-orders/operations/index.js';

/** Lambda entry for procure-to-pay: purchase orders and their goods receipts. */
export const handler = createGroupHandler({
  group: 'purchasing',
  endpoints: endpointsOf('purchasing'),
  operations: { ...purchaseOrderOperations, ...goodsReceiptOperations },
  validators,
});
