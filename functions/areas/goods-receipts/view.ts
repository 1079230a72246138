import type { GoodsReceipt } from '../../../domain/goods-receipts/receipt.js';
import type { PurchaseOrder } from '../../../domain/purchase-orders/purchase-order.js';

/**
 * The 201 body of a receipt (spec: receipt response): the receipt with its lines as recorded (lots
 * resolved, serial numbers given or generated, unit cost in the base currency) and the order's summary
 * after it.
 */
export const receiptView = (receipt: GoodsReceipt, order: PurchaseOrder) => ({
  id: receipt.id,
  reference: receipt.reference,
  receivedAt: receipt.receivedAt,
  warehouseId: receipt.warehouseId,
  notes: receipt.notes,
  currency: receipt.currency,
  exchangeRate: receipt.exchangeRate,
  lines: receipt.lines.map((l) => ({
    poLineId: l.poLineId,
    productId: l.productId,
    quantity: l.quantity,
    batchId: l.batchId,
    batchNumber: l.batchNumber,
    binId: l.binId,
    serialNumbers: l.serialNumbers,
    unitCost: l.unitCost,
  })),
  purchaseOrder: {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    receivedDate: order.receivedDate,
  },
  createdAt: receipt.createdAt,
});
