/**
 * What other areas may use of sales-orders: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export { decideWithPickFacts } from './picking.js';
export { orderTransitionItems, type OrderEvents } from './store/order-writes.js';
export { readOrderToTransition } from './store/read.js';
export {
  getSalesOrder,
  markerConflict,
  openOrdersHolding,
  orderReplaceItem,
  salesOrders,
} from './store/sales-orders.js';
