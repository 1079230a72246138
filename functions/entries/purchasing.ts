import * as validators from '../generated/validators-purchasing.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { PURCHASE_ORDER_ENDPOINTS } from '../areas/purchase-orders/endpoints.js';
import { GOODS_RECEIPT_ENDPOINTS } from '../areas/goods-receipts/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('purchasing', {
  'purchase-orders': PURCHASE_ORDER_ENDPOINTS,
  'goods-receipts': GOODS_RECEIPT_ENDPOINTS,
});

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  'purchase-orders': () =>
    import('../areas/purchase-orders/operations/index.js').then((m) => m.purchaseOrderOperations),
  'goods-receipts': () =>
    import('../areas/goods-receipts/operations.js').then((m) => m.goodsReceiptOperations),
};

/** Lambda entry for procure-to-pay: purchase orders and their goods receipts. */
export const handler = createGroupHandler({
  group: 'purchasing',
  endpoints,
  areas,
  validators,
});
