/**
 * GET /reports/stock-on-hand-at-date: on hand per product and warehouse at an instant, reconstructed from
 * the current levels minus every ledger movement after the instant. Rows netting to 0 or less are dropped;
 * nothing is reserved in the past as far as the report is concerned (the spec: reserved is always 0).
 */
import type { Movement } from '../inventory/movement.js';
import { roundQuantity, type StockLevels } from '../inventory/stock.js';

export interface AtDateRow {
  productId: string;
  warehouseId: string;
  onHand: number;
}

export function stockAtDate(
  current: readonly { productId: string; levels: StockLevels }[],
  laterMovements: readonly Movement[],
  warehouseId?: string,
): AtDateRow[] {
  const sums = new Map<string, AtDateRow>();
  const add = (productId: string, warehouse: string, quantity: number) => {
    if (warehouseId !== undefined && warehouse !== warehouseId) return;
    const key = `${productId}|${warehouse}`;
    const row = sums.get(key) ?? { productId, warehouseId: warehouse, onHand: 0 };
    row.onHand += quantity;
    sums.set(key, row);
  };
  for (const stock of current) {
    for (const level of Object.values(stock.levels)) add(stock.productId, level.warehouseId, level.onHand);
  }
  for (const m of laterMovements) add(m.productId, m.warehouseId, -m.quantity);
  return [...sums.values()]
    .map((row) => ({ ...row, onHand: roundQuantity(row.onHand) }))
    .filter((row) => row.onHand > 0);
}
