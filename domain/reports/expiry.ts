/**
 * GET /reports/expiry: where an expiring lot's stock is. Only locations holding more than 0 are listed
 * (the spec: a batch's locations may be empty).
 */
import { roundQuantity, type StockLevels } from '../inventory/stock.js';

export interface BatchLocation {
  warehouseId: string;
  binId: string | null;
  onHand: number;
}

export function batchLocations(levels: StockLevels, batchId: string, warehouseId?: string): BatchLocation[] {
  return Object.values(levels)
    .filter(
      (l) =>
        l.batchId === batchId && l.onHand > 0 && (warehouseId === undefined || l.warehouseId === warehouseId),
    )
    .map((l) => ({ warehouseId: l.warehouseId, binId: l.binId, onHand: roundQuantity(l.onHand) }))
    .sort((a, b) =>
      a.warehouseId !== b.warehouseId
        ? a.warehouseId.localeCompare(b.warehouseId)
        : (a.binId ?? '').localeCompare(b.binId ?? ''),
    );
}
