/**
 * What other areas may use of purchase-orders: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export { openPurchaseOrdersHolding } from './store/open-orders.js';
export {
  PENDING_RECEIPT_ATTRIBUTE,
  goodsReceiptKey,
  RECEIPT_SK_PREFIX as GOODS_RECEIPT_SK_PREFIX,
  purchaseOrderKey,
  purchaseOrderStatusCountItems,
  purchaseOrderTransitionItems,
  purchaseOrders,
} from './store/purchase-orders.js';
export { supplierStillActive } from './store/supplier-checks.js';
