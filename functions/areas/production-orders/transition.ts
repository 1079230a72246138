import {
  PRODUCTION_ORDER_RESOURCE,
  PRODUCTION_ORDER_TRANSITIONS,
  type ProductionOrder,
} from '../../../domain/production-orders/production-order.js';
import { documentTransitions } from '../../platform/dynamo/document.js';
import {
  getProductionOrder,
  productionOrderCountItems,
  productionOrderTransitionItem,
} from './store/production-orders.js';
import { productionOrderDetail } from './view.js';

/**
 * The transitions of an order that move nothing else (start, cancel): the order's move along its state
 * machine (status and version in the condition) and its status counters, with the journal, in one
 * transaction. The answer is the order's detail.
 */
export const productionOrderTransitions = documentTransitions({
  resource: PRODUCTION_ORDER_RESOURCE,
  auditType: 'production_order',
  transitions: PRODUCTION_ORDER_TRANSITIONS,
  read: getProductionOrder,
  document: (order: ProductionOrder) => order,
  write: (orgId, read, next, action) => [productionOrderTransitionItem(orgId, read, next, action)],
  counters: productionOrderCountItems,
  view: (next) => productionOrderDetail(next),
});
