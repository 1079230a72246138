import { roundQuantity } from '../../../domain/inventory/stock.js';
import type { Shipment } from '../../../domain/shipments/shipment.js';

/** The list row: the header with the order summary and a line count. */
export function shipmentSummary(shipment: Shipment) {
  return {
    id: shipment.id,
    shipmentNumber: shipment.shipmentNumber,
    status: shipment.status,
    salesOrder: shipment.salesOrder,
    warehouseId: shipment.warehouseId,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    totalWeight: shipment.totalWeight,
    shipDate: shipment.shipDate,
    notes: shipment.notes,
    lineCount: shipment.lines.length,
    createdAt: shipment.createdAt,
    updatedAt: shipment.updatedAt,
  };
}

/** A line's lots: what picking took for it, per batch (unbatched stock has none). */
function lotsOf(shipment: Shipment, soLineId: string) {
  const lots = new Map<string, { batchId: string; batchNumber: string; quantity: number }>();
  for (const pick of shipment.picks) {
    if (pick.lineId !== soLineId || !pick.batchId) continue;
    const lot = lots.get(pick.batchId) ?? {
      batchId: pick.batchId,
      batchNumber: pick.batchNumber ?? '',
      quantity: 0,
    };
    lot.quantity = roundQuantity(lot.quantity + pick.quantity);
    lots.set(pick.batchId, lot);
  }
  return [...lots.values()];
}

/**
 * The detail (GET by id, every transition and back-office command): lines in the order's line order, with
 * lots; cancelledAt and cancelReason (beyond the spec) null until a cancel.
 */
export function shipmentDetail(shipment: Shipment) {
  return {
    ...shipmentSummary(shipment),
    cancelledAt: shipment.cancelledAt ?? null,
    cancelReason: shipment.cancelReason ?? null,
    lines: shipment.lines.map((line) => ({
      soLineId: line.soLineId,
      productId: line.productId,
      product: { sku: line.product.sku, name: line.product.name },
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      lots: lotsOf(shipment, line.soLineId),
    })),
  };
}
