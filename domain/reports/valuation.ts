/**
 * GET /reports/valuation: what the stock on hand is worth. Batch-tracked products are valued lot by lot
 * (FIFO from receipt or production cost: each lot's on hand at the lot's unitCost, the product's cost price
 * where a lot has none); other products at their average cost price (the product's costPrice, which
 * receipts keep as a weighted average). Line figures to 4 dp, the total to 2 dp (design.md section 5).
 */
import { header2, line4 } from '../money.js';
import { roundQuantity, type StockLevels } from '../inventory/stock.js';

export type CostingMethod = 'FIFO' | 'AVERAGE';
/** Where a lot's unit cost came from: its own (receipt or production) or the product's cost price. */
export type LotCostSource = 'LOT' | 'PRODUCT';

export interface LotValue {
  batchId: string;
  onHand: number;
  unitCost: number;
  costSource: LotCostSource;
  value: number;
}

export interface ProductValue {
  productId: string;
  costingMethod: CostingMethod;
  onHand: number;
  /** value / onHand: the average unit cost of what is held. */
  unitCost: number;
  value: number;
  /** Batch-tracked products only: the lots held, with quantity above 0. */
  lots: LotValue[] | null;
}

export function valueProduct(
  product: { productId: string; isBatchTracked: boolean; costPrice: number; levels: StockLevels },
  lotCosts: ReadonlyMap<string, number | null>,
  warehouseId?: string,
): ProductValue | null {
  const perLot = new Map<string, number>();
  let unbatched = 0;
  for (const level of Object.values(product.levels)) {
    if (warehouseId !== undefined && level.warehouseId !== warehouseId) continue;
    if (level.batchId === null) unbatched += level.onHand;
    else perLot.set(level.batchId, (perLot.get(level.batchId) ?? 0) + level.onHand);
  }
  const onHand = roundQuantity([...perLot.values()].reduce((s, q) => s + q, unbatched));
  if (onHand <= 0) return null;
  if (!product.isBatchTracked) {
    const value = line4(onHand * product.costPrice);
    return {
      productId: product.productId,
      costingMethod: 'AVERAGE',
      onHand,
      unitCost: product.costPrice,
      value,
      lots: null,
    };
  }
  const lots: LotValue[] = [...perLot]
    .map(([batchId, quantity]) => ({ batchId, quantity: roundQuantity(quantity) }))
    .filter((l) => l.quantity > 0)
    .sort((a, b) => (a.batchId < b.batchId ? -1 : a.batchId > b.batchId ? 1 : 0))
    .map(({ batchId, quantity }) => {
      const own = lotCosts.get(batchId) ?? null;
      const unitCost = own ?? product.costPrice;
      return {
        batchId,
        onHand: quantity,
        unitCost,
        costSource: own === null ? 'PRODUCT' : 'LOT',
        value: line4(quantity * unitCost),
      };
    });
  // Stock held outside any lot (from before the product was batch-tracked) is valued at cost price.
  const value = line4(lots.reduce((s, l) => s + l.value, roundQuantity(unbatched) * product.costPrice));
  return {
    productId: product.productId,
    costingMethod: 'FIFO',
    onHand,
    unitCost: line4(value / onHand),
    value,
    lots,
  };
}

/** Value descending; equal values in the order of `tiebreak` (the caller passes the SKU). */
export function valuationOrder<T extends { value: number }>(items: T[], tiebreak: (item: T) => string): T[] {
  return [...items].sort((a, b) => b.value - a.value || tiebreak(a).localeCompare(tiebreak(b)));
}

/** The report total: one currency assumed, as the spec says. */
export const valuationTotal = (items: readonly { value: number }[]): number =>
  header2(items.reduce((s, i) => s + i.value, 0));
