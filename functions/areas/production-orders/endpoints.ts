import {
  PRODUCTION_ORDER_RESOURCE,
  PRODUCTION_ORDER_STATUSES,
} from '../../../domain/production-orders/production-order.js';
import {
  declare,
  modifiedSince,
  PAGE_PARAMS,
  search,
  type Declared,
  dateRange,
} from '../../platform/catalogue/endpoint.js';

/** Read-only (spec: Credit notes and production orders); the back office creates, starts, completes and cancels. */
export const PRODUCTION_ORDER_ENDPOINTS = [
  declare({
    operationId: 'listProductionOrders',
    method: 'GET',
    path: '/production-orders',
    summary: 'List production orders (newest first)',
    permission: 'manufacturing.view',
    response: 'ProductionOrderList',
    errors: [404],
    query: [
      ...PAGE_PARAMS,
      search("order number, the product's SKU and the product's name"),
      {
        name: 'status',
        type: 'enum-list',
        values: PRODUCTION_ORDER_STATUSES,
        caseInsensitive: true,
        maxLength: 100,
        description: 'Comma list of statuses, case-insensitive (any of them matches).',
      },
      {
        name: 'productId',
        type: 'id',
        description: 'Orders producing this product; a product not in the organisation is 404.',
      },
      ...dateRange('plannedStartDate'),
      modifiedSince,
    ],
  }),
  declare({
    operationId: 'getProductionOrder',
    method: 'GET',
    path: '/production-orders/{id}',
    resources: { id: PRODUCTION_ORDER_RESOURCE },
    summary: 'Read a production order with its OUTPUT and INPUT lines',
    permission: 'manufacturing.view',
    response: 'ProductionOrderDetail',
  }),
] as const satisfies readonly Declared[];
