/**
 * GET /reports/low-stock: an active stocked product whose available quantity (on hand minus reserved) is at
 * or below its minStockLevel, with the quantity that brings it to maxStockLevel (or back to minStockLevel
 * when no maximum is set) and what that costs at the product's cost price (design.md section 5).
 */
import { line4 } from '../money.js';
import { roundQuantity } from '../inventory/stock.js';

export interface LowStockFacts {
  minStockLevel: number | null;
  maxStockLevel: number | null;
  costPrice: number;
  onHand: number;
  reserved: number;
}

export interface LowStockFigures {
  available: number;
  /** minStockLevel - available: how far below the minimum (0 when exactly at it). */
  shortfall: number;
  suggestedReorderQty: number;
  estimatedCost: number;
}

export function lowStockFigures(facts: LowStockFacts): LowStockFigures | null {
  if (facts.minStockLevel === null) return null;
  const available = roundQuantity(facts.onHand - facts.reserved);
  if (available > facts.minStockLevel) return null;
  const target = facts.maxStockLevel ?? facts.minStockLevel;
  // A maximum below the minimum is not refused on products; never suggest a negative order.
  const suggestedReorderQty = Math.max(0, roundQuantity(target - available));
  return {
    available,
    shortfall: roundQuantity(facts.minStockLevel - available),
    suggestedReorderQty,
    estimatedCost: line4(suggestedReorderQty * facts.costPrice),
  };
}

/** Largest shortfall first (the most urgent), then SKU. */
export function lowStockOrder<T extends { shortfall: number }>(rows: T[], sku: (row: T) => string): T[] {
  return [...rows].sort((a, b) => b.shortfall - a.shortfall || sku(a).localeCompare(sku(b)));
}
