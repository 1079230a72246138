import {
  PURCHASE_ORDER_RECEIPTS_CAP,
  type GoodsReceiptSummary,
  type PurchaseOrder,
} from '../../../domain/purchase-orders/purchase-order.js';

/** The list row: the header with the supplier summary and a line count; no lines or receipts. */
export function purchaseOrderSummary(order: PurchaseOrder) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    supplier: order.supplier,
    warehouseId: order.warehouseId,
    shipToLocationId: order.shipToLocationId,
    orderDate: order.orderDate,
    expectedDate: order.expectedDate,
    receivedDate: order.receivedDate,
    currency: order.currency,
    notes: order.notes,
    subtotal: order.subtotal,
    taxTotal: order.taxTotal,
    totalAmount: order.totalAmount,
    lineCount: order.lines.length,
    submittedAt: order.submittedAt,
    approvedAt: order.approvedAt,
    cancelledAt: order.cancelledAt,
    completedAt: order.completedAt,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

/**
 * The detail (create, GET by id and every transition): lines by sortOrder and the goods receipts newest
 * first, at most PURCHASE_ORDER_RECEIPTS_CAP with receiptsTotal and receiptsTruncated (spec: embedded caps).
 */
export function purchaseOrderDetail(order: PurchaseOrder, receipts: readonly GoodsReceiptSummary[] = []) {
  const total = Math.max(order.receiptCount, receipts.length);
  return {
    ...purchaseOrderSummary(order),
    lines: [...order.lines].sort((a, b) => a.sortOrder - b.sortOrder),
    receipts: receipts.slice(0, PURCHASE_ORDER_RECEIPTS_CAP),
    receiptsTotal: total,
    receiptsTruncated: total > PURCHASE_ORDER_RECEIPTS_CAP,
  };
}
