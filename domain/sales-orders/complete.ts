/**
 * Completing a DISPATCHED order (spec: States > Sales order, complete): every line must be fully invoiced
 * by non-VOID invoices (the order's invoicedQty counts only those: voiding gives quantities back).
 */
import { unprocessable } from '../errors.js';
import { assertCan } from '../workflow/transitions.js';
import type { SalesOrder } from './order.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from './status.js';

export function decideComplete(order: SalesOrder, now: string): SalesOrder {
  const status = assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'complete');
  const short = order.lines.find((l) => l.invoicedQty < l.quantity - 1e-6);
  if (short) {
    throw unprocessable(
      `${short.product.name} (${short.product.sku}) is not fully invoiced: invoiced ${short.invoicedQty} of ${short.quantity} ordered`,
    );
  }
  return { ...order, status, updatedAt: now, version: order.version + 1 };
}
