/**
 * Dispatching packed goods (POST /sales-orders/{id}/dispatch). Quantities are clamped to each line's
 * packed-not-yet-dispatched balance (negatives to 0); omitted or empty lines dispatch everything packed.
 * Service lines always ship their whole balance. No stock moves: picking already took it off the shelf.
 */
import { invalidReference, unprocessable } from '../errors.js';
import { roundQuantity } from '../inventory/stock.js';
import type { SalesOrder, SalesOrderLine } from './order.js';

export interface DispatchRequest {
  lines?: { soLineId: string; quantity: number }[];
}

const packedBalance = (line: SalesOrderLine) =>
  roundQuantity(Math.max(0, line.packedQty - line.dispatchedQty));
const serviceBalance = (line: SalesOrderLine) =>
  roundQuantity(Math.max(0, line.quantity - line.dispatchedQty));

export function decideDispatch(
  order: SalesOrder,
  request: DispatchRequest,
  now: string,
): { order: SalesOrder; dispatched: { lineId: string; quantity: number }[] } {
  const requested = new Map<string, number>();
  request.lines?.forEach((line, i) => {
    if (!order.lines.some((l) => l.id === line.soLineId)) {
      throw invalidReference(`lines[${i}].soLineId`, 'line of this sales order');
    }
    requested.set(line.soLineId, (requested.get(line.soLineId) ?? 0) + Math.max(0, line.quantity));
  });
  const everything = requested.size === 0;
  const dispatched: { lineId: string; quantity: number }[] = [];
  const lines = order.lines.map((line) => {
    const quantity = line.isServiceLine
      ? serviceBalance(line)
      : Math.min(packedBalance(line), everything ? Infinity : (requested.get(line.id) ?? 0));
    if (quantity <= 0) return line;
    dispatched.push({ lineId: line.id, quantity });
    const dispatchedQty = roundQuantity(line.dispatchedQty + quantity);
    return line.isServiceLine
      ? { ...line, pickedQty: line.quantity, packedQty: line.quantity, dispatchedQty }
      : { ...line, dispatchedQty };
  });
  if (dispatched.length === 0) throw unprocessable('Nothing to dispatch: no packed quantity is waiting');
  const complete = lines.every((l) => l.dispatchedQty >= l.quantity);
  return {
    order: {
      ...order,
      lines,
      status: complete ? 'DISPATCHED' : 'PARTIALLY_DISPATCHED',
      shippedDate: order.shippedDate ?? now,
      updatedAt: now,
      version: order.version + 1,
    },
    dispatched,
  };
}
