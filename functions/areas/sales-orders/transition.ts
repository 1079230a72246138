import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../domain/sales-orders/status.js';
import { documentTransitions } from '../../platform/dynamo/document.js';
import { orderTransitionOversize, orderTransitionPut } from './store/order-writes.js';
import { readOrderToTransition } from './store/read.js';
import { orderCountItems } from './store/sales-orders.js';
import { salesOrderDetail } from './view.js';

/**
 * The transitions of an order that move no stock (dispatch, complete): read (409 while a confirm or
 * cancel in parts is under way), and write the order put whole (status and version conditioned), its
 * counters when the status moves, the transition's extra items and the journal in one transaction,
 * refused (422) when that is more than one transaction holds. The answer is the order's detail.
 */
export const salesOrderTransitions = documentTransitions({
  resource: SALES_ORDER_RESOURCE,
  auditType: 'sales_order',
  transitions: SALES_ORDER_TRANSITIONS,
  read: readOrderToTransition,
  document: (order) => order,
  write: (orgId, read, next, action) => [orderTransitionPut(orgId, read, next, action)],
  counters: orderCountItems,
  oversize: orderTransitionOversize,
  view: (next) => salesOrderDetail(next),
});
