import * as validators from '../generated/validators-purchasing.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { goodsReceiptOperations } from '../areas/goods-receipts/operations.js';
import { purchaseOrderOperations } from '../areas/purchase-orders/operations/index.js';

/** Lambda entry for procure-to-pay: purchase orders and their goods receipts. */
export const handler = createGroupHandler(
  'purchasing',
  { ...purchaseOrderOperations, ...goodsReceiptOperations },
  validators,
);
