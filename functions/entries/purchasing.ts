import * as validators from '../generated/validators-purchasing.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { PURCHASE_ORDER_ENDPOINTS } from '../areas/purchase-orders/endpoints.js';
import { GOODS_RECEIPT_ENDPOINTS } from '../areas/goods-receipts/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { goodsReceiptOperations } from '../areas/goods-receipts/operations.js';
import { purchaseOrderOperations } from '../areas/purchase-orders/operations/index.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('purchasing', {
  'purchase-orders': PURCHASE_ORDER_ENDPOINTS,
  'goods-receipts': GOODS_RECEIPT_ENDPOINTS,
});

/** Lambda entry for procure-to-pay: purchase orders and their goods receipts. */
export const handler = createGroupHandler({
  group: 'purchasing',
  endpoints,
  operations: { ...purchaseOrderOperations, ...goodsReceiptOperations },
  validators,
});
