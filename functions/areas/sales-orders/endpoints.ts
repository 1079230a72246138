import { SALES_ORDER_SORTS, SALES_ORDER_STATUSES } from '../../../domain/sales-orders/order.js';
import {
  declare,
  modifiedSince,
  PAGE_PARAMS,
  search,
  sortDir,
  type Declared,
} from '../../platform/catalogue/endpoint.js';

export const SALES_ORDER_ENDPOINTS = [
  declare({
    operationId: 'listSalesOrders',
    method: 'GET',
    path: '/sales-orders',
    summary: 'List sales orders (orderDate newest first by default)',
    permission: 'sales.view',
    response: 'SalesOrderList',
    query: [
      ...PAGE_PARAMS,
      search('order number and customer name'),
      {
        name: 'status',
        type: 'enum-list',
        values: SALES_ORDER_STATUSES,
        caseInsensitive: true,
        maxLength: 300,
        description: 'Comma list of statuses, case-insensitive (any of them matches).',
      },
      {
        name: 'customerId',
        type: 'id',
        description: 'Orders of this customer (an unknown id gives an empty page).',
      },
      {
        name: 'dateFrom',
        type: 'date-bound',
        bound: 'from',
        maxLength: 40,
        description: 'orderDate at or after (ISO 8601 date or timestamp).',
      },
      {
        name: 'dateTo',
        type: 'date-bound',
        bound: 'to',
        maxLength: 40,
        description: 'orderDate at or before (a date alone extends to 23:59:59.999Z).',
      },
      modifiedSince,
      {
        name: 'sortBy',
        type: 'enum',
        values: SALES_ORDER_SORTS,
        default: 'orderDate',
        description: 'Sort key (default orderDate).',
      },
      { ...sortDir, description: 'Sort direction (default desc).' },
    ],
  }),
  declare({
    operationId: 'createSalesOrder',
    method: 'POST',
    path: '/sales-orders',
    summary: 'Create a sales order in DRAFT (touches no stock or credit)',
    permission: 'sales.create',
    body: 'SalesOrderCreate',
    response: 'SalesOrderDetail',
    idempotent: true,
    errors: [409, 422],
  }),
  declare({
    operationId: 'getSalesOrder',
    method: 'GET',
    path: '/sales-orders/{id}',
    summary: 'Read a sales order with its lines (by sortOrder, with lots), charges and addresses',
    permission: 'sales.view',
    response: 'SalesOrderDetail',
  }),
] as const satisfies readonly Declared[];
