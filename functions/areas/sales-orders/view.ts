import type { SalesOrder } from '../../../domain/sales-orders/order.js';

/** The list row: the header with the customer summary and a line count; no lines, charges or addresses. */
export function salesOrderSummary(order: SalesOrder) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    customer: order.customer,
    currency: order.currency,
    orderDate: order.orderDate,
    requiredDate: order.requiredDate,
    shippedDate: order.shippedDate,
    notes: order.notes,
    warehouseId: order.warehouseId,
    assignedToId: order.assignedToId,
    discountPct: order.discountPct,
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    chargesTotal: order.chargesTotal,
    taxTotal: order.taxTotal,
    totalAmount: order.totalAmount,
    lineCount: order.lines.length,
    cancelReason: order.cancelReason,
    cancelledAt: order.cancelledAt,
    confirmedAt: order.confirmedAt,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

/** The detail (create, GET by id and every transition): lines by sortOrder with their lots, charges, addresses. */
export function salesOrderDetail(order: SalesOrder) {
  return {
    ...salesOrderSummary(order),
    shipToAddress: order.shipToAddress,
    billToAddress: order.billToAddress,
    lines: [...order.lines]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map(({ orderDiscount: _d, serialNumberIds: _s, ...line }) => line),
    charges: order.charges,
  };
}
