/**
 * Weighted average cost after receiving stock at known unit costs: the stock already on hand keeps its
 * current cost and weight. Stock at or below zero carries no weight, so the receipts alone set the cost.
 * Rounded to the 4 decimals costPrice is stored with.
 */
export function weightedAverageCost(
  onHandBefore: number,
  currentCost: number,
  receipts: { quantity: number; unitCost: number }[],
): number {
  const base = Math.max(0, onHandBefore);
  const quantity = receipts.reduce((s, r) => s + r.quantity, 0);
  if (quantity <= 0) return currentCost;
  const value = base * currentCost + receipts.reduce((s, r) => s + r.quantity * r.unitCost, 0);
  return Math.round((value / (base + quantity)) * 1e4) / 1e4;
}
