import {
  MAX_RENDERED_LINES,
  type ProductionOrder,
} from '../../../domain/production-orders/production-order.js';

/** The list row: the header with product, warehouse and sales-order summaries and a line count. */
export function productionOrderSummary(order: ProductionOrder) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    productId: order.productId,
    product: order.product,
    plannedQuantity: order.plannedQuantity,
    actualQuantity: order.actualQuantity,
    warehouseId: order.warehouseId,
    warehouse: order.warehouse,
    plannedStartDate: order.plannedStartDate,
    priority: order.priority,
    salesOrderId: order.salesOrderId,
    salesOrder: order.salesOrder,
    startedAt: order.startedAt,
    completedAt: order.completedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    lineCount: order.lines.length,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

/** The detail: the header and its lines (OUTPUT first), capped at the spec's 1000 with the cap's flags. */
export const productionOrderDetail = (order: ProductionOrder) => ({
  ...productionOrderSummary(order),
  lines: order.lines.slice(0, MAX_RENDERED_LINES),
  linesTruncated: order.lines.length > MAX_RENDERED_LINES,
  linesTotal: order.lines.length,
});
