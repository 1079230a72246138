import type { GoodsReceipt } from '../../../domain/goods-receipts/receipt.js';
import type { PurchaseOrder } from '../../../domain/purchase-orders/purchase-order.js';
import type { StoredReceipt } from './store/goods-receipts.js';

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

/** A receipt in GET /goods-receipts: as stored, its lines with the count of their serial numbers. */
export const receiptSummaryView = (receipt: StoredReceipt) => ({
  id: receipt.id,
  reference: receipt.reference,
  purchaseOrderId: receipt.purchaseOrderId,
  receivedAt: receipt.receivedAt,
  warehouseId: receipt.warehouseId,
  notes: receipt.notes,
  currency: receipt.currency,
  exchangeRate: receipt.exchangeRate,
  lineCount: receipt.lineCount,
  totalQuantity: receipt.totalQuantity,
  lines: receipt.lines.map((l) => ({
    poLineId: l.poLineId,
    productId: l.productId,
    quantity: l.quantity,
    batchId: l.batchId,
    batchNumber: l.batchNumber,
    binId: l.binId,
    serialCount: l.serialCount,
    unitCost: l.unitCost,
  })),
  createdAt: receipt.createdAt,
});

/**
 * GET /goods-receipts/{id}: the 201 body's shape (lines with their serial numbers, the order's summary as
 * it is now) plus each line's lot expiry date, read from the lot.
 */
export const receiptDetailView = (
  receipt: StoredReceipt,
  order: PurchaseOrder,
  expiryOf: (batchId: string) => string | null,
  lineSerials: readonly string[][],
) => ({
  id: receipt.id,
  reference: receipt.reference,
  receivedAt: receipt.receivedAt,
  warehouseId: receipt.warehouseId,
  notes: receipt.notes,
  currency: receipt.currency,
  exchangeRate: receipt.exchangeRate,
  lines: receipt.lines.map((l, i) => ({
    poLineId: l.poLineId,
    productId: l.productId,
    quantity: l.quantity,
    batchId: l.batchId,
    batchNumber: l.batchNumber,
    expiryDate: l.batchId ? expiryOf(l.batchId) : null,
    binId: l.binId,
    serialNumbers: lineSerials[i] ?? [],
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

type ReceivedSerial = {
  poLineId: string | null;
  batchId: string | null;
  binId: string | null;
  serialNumber: string;
};

/**
 * Deals the serials a receipt created back to its lines: a serial names its line, lot and bin, and two
 * lines alike in all three (allowed) take theirs in line order, each as many as it counted. The order the
 * body gave them in is not stored, so each line's are in natural order (SN-2 before SN-10).
 */
export function serialsByLine(
  lines: readonly { poLineId: string; batchId: string | null; binId: string | null; serialCount: number }[],
  serials: readonly ReceivedSerial[],
): string[][] {
  const where = (s: Pick<ReceivedSerial, 'poLineId' | 'batchId' | 'binId'>) =>
    `${s.poLineId}|${s.batchId ?? ''}|${s.binId ?? ''}`;
  const pools = new Map<string, string[]>();
  for (const serial of serials) {
    const pool = pools.get(where(serial)) ?? [];
    pool.push(serial.serialNumber);
    pools.set(where(serial), pool);
  }
  const natural = new Intl.Collator('en', { numeric: true }).compare;
  return lines.map((line) => (pools.get(where(line)) ?? []).splice(0, line.serialCount).sort(natural));
}
