import { SALES_ORDER_STATUSES, type SalesOrderStatus } from '../../../../domain/sales-orders/order.js';

/** The query key prefix of everything read from /sales-orders: an action invalidates it all. */
export const SALES_ORDERS = ['sales-orders'] as const;

/** A status filter's value as the typed query takes it (only statuses the API knows). */
export const statusesOf = (value: string | undefined): SalesOrderStatus[] | undefined => {
  const statuses = (value ?? '')
    .split(',')
    .filter((status): status is SalesOrderStatus =>
      (SALES_ORDER_STATUSES as readonly string[]).includes(status),
    );
  return statuses.length > 0 ? statuses : undefined;
};
