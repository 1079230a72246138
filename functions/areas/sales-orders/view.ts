import { roundQuantity } from '../../../domain/inventory/stock.js';
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

/** A line's lots: what is still reserved for it (not picked) and what was picked, per batch. */
function lotsOf(order: SalesOrder, lineId: string) {
  const lots = new Map<
    string,
    { batchId: string; batchNumber: string; quantity: number; isPicked: boolean }
  >();
  const add = (batchId: string | null, batchNumber: string | null, quantity: number, isPicked: boolean) => {
    if (!batchId) return;
    const key = `${batchId}|${isPicked}`;
    const lot = lots.get(key) ?? { batchId, batchNumber: batchNumber ?? '', quantity: 0, isPicked };
    lot.quantity = roundQuantity(lot.quantity + quantity);
    lots.set(key, lot);
  };
  order.reservations
    .filter((r) => r.lineId === lineId)
    .forEach((r) => add(r.batchId, r.batchNumber, r.quantity, false));
  order.picks
    .filter((p) => p.lineId === lineId)
    .forEach((p) => add(p.batchId, p.batchNumber, p.quantity, true));
  return [...lots.values()];
}

/** The detail (create, GET by id and every transition): lines by sortOrder with their lots, charges, addresses. */
export function salesOrderDetail(order: SalesOrder) {
  return {
    ...salesOrderSummary(order),
    shipToAddress: order.shipToAddress,
    billToAddress: order.billToAddress,
    lines: [...order.lines]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map(({ orderDiscount: _d, serialNumberIds: _s, ...line }) => ({
        ...line,
        lots: lotsOf(order, line.id),
      })),
    charges: order.charges,
  };
}
