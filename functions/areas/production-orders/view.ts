import {
  MAX_RENDERED_LINES,
  type LotQuantity,
  type ProductionOrder,
  type ProductionOrderLine,
  type ProductRef,
} from '../../../domain/production-orders/production-order.js';

// Stored maps come back from DynamoDB in no particular key order; responses list keys in a fixed one.
const productRef = (p: ProductRef) => ({ id: p.id, sku: p.sku, name: p.name });
const lot = (l: LotQuantity) => ({ batchId: l.batchId, batchNumber: l.batchNumber, quantity: l.quantity });

const lineView = (line: ProductionOrderLine) => ({
  id: line.id,
  lineType: line.lineType,
  productId: line.productId,
  product: productRef(line.product),
  quantityPerUnit: line.quantityPerUnit,
  wastagePercent: line.wastagePercent,
  group: line.group,
  phantomProductId: line.phantomProductId,
  plannedQuantity: line.plannedQuantity,
  actualQuantity: line.actualQuantity,
  unitCost: line.unitCost,
  totalCost: line.totalCost,
  lotsConsumed: line.lotsConsumed.map(lot),
  lotsMinted: line.lotsMinted.map(lot),
});

/** The list row: the header with product, warehouse and sales-order summaries and a line count. */
export function productionOrderSummary(order: ProductionOrder) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    productId: order.productId,
    product: productRef(order.product),
    plannedQuantity: order.plannedQuantity,
    actualQuantity: order.actualQuantity,
    warehouseId: order.warehouseId,
    warehouse: { id: order.warehouse.id, code: order.warehouse.code },
    plannedStartDate: order.plannedStartDate,
    priority: order.priority,
    salesOrderId: order.salesOrderId,
    salesOrder: order.salesOrder
      ? { id: order.salesOrder.id, orderNumber: order.salesOrder.orderNumber }
      : null,
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
  lines: order.lines.slice(0, MAX_RENDERED_LINES).map(lineView),
  linesTruncated: order.lines.length > MAX_RENDERED_LINES,
  linesTotal: order.lines.length,
});
