/**
 * Where a lot is, read from its product's stock levels (a lot belongs to one product, so one stock item
 * holds every location of it).
 */
import { roundQuantity, type StockLevels } from './stock.js';

/** Batch detail caps its items (spec: items capped at 1000, with itemsTruncated and itemsTotal). */
export const MAX_BATCH_ITEMS = 1000;

export interface BatchItem {
  warehouseId: string;
  binId: string | null;
  /** Gross on hand at the location. */
  quantity: number;
  /** On hand minus what unpicked sales-order allocations hold of the lot there (the reserved quantity). */
  availableQuantity: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The locations holding the lot (on hand above zero), by warehouse then bin (the unbinned location
 * first), capped; totalQuantity sums the returned items.
 */
export function batchItems(
  levels: StockLevels,
  batchId: string,
): { items: BatchItem[]; itemsTotal: number; itemsTruncated: boolean; totalQuantity: number } {
  const all = Object.values(levels)
    .filter((l) => l.batchId === batchId && l.onHand > 0)
    .sort((a, b) => byText(a.warehouseId, b.warehouseId) || byText(a.binId ?? '', b.binId ?? ''))
    .map((l) => ({
      warehouseId: l.warehouseId,
      binId: l.binId,
      quantity: l.onHand,
      availableQuantity: roundQuantity(l.onHand - l.reserved),
    }));
  const items = all.slice(0, MAX_BATCH_ITEMS);
  return {
    items,
    itemsTotal: all.length,
    itemsTruncated: all.length > MAX_BATCH_ITEMS,
    totalQuantity: roundQuantity(items.reduce((sum, i) => sum + i.quantity, 0)),
  };
}

/**
 * Whether the lot ever held stock: its locations stay in the stock item at zero once emptied, so a
 * consumed lot still names its product and only a lot that never received anything is empty.
 */
export const lotHasHeldStock = (levels: StockLevels, batchId: string): boolean =>
  Object.values(levels).some((l) => l.batchId === batchId);

/** The lots of a product holding stock (on hand above zero) in a warehouse. */
export const lotsInWarehouse = (levels: StockLevels, warehouseId: string): Set<string> =>
  new Set(
    Object.values(levels)
      .filter((l) => l.warehouseId === warehouseId && l.batchId !== null && l.onHand > 0)
      .map((l) => l.batchId!),
  );
