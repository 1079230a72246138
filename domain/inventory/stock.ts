/**
 * The stock model every area moves and reads: quantities per product x warehouse x bin x batch, on hand
 * and reserved (allocated). Available is on hand minus reserved and may never go below zero through a
 * movement, nor may on hand.
 */

export interface StockLevel {
  warehouseId: string;
  binId: string | null;
  batchId: string | null;
  onHand: number;
  reserved: number;
  /** Bumped when on hand or reserved change; batch-only changes (quarantine, merge) leave it alone. */
  updatedAt: string;
}

/** A product's levels keyed by location (see locationKey). */
export type StockLevels = Record<string, StockLevel>;

export const locationKey = (warehouseId: string, binId: string | null, batchId: string | null): string =>
  `${warehouseId}|${binId ?? ''}|${batchId ?? ''}`;

/** Quantities are decimal numbers; rounding to 6 places keeps float noise (0.1 + 0.2) out of the ledger. */
export const roundQuantity = (value: number): number => Math.round(value * 1e6) / 1e6;

export interface StockTotals {
  onHand: number;
  reserved: number;
  /** On hand held in batches (lots), for Product rules 3 and 5. */
  lotQuantity: number;
}

export function stockTotals(levels: StockLevels): StockTotals {
  let onHand = 0;
  let reserved = 0;
  let lotQuantity = 0;
  for (const level of Object.values(levels)) {
    onHand += level.onHand;
    reserved += level.reserved;
    if (level.batchId !== null) lotQuantity += level.onHand;
  }
  return {
    onHand: roundQuantity(onHand),
    reserved: roundQuantity(reserved),
    lotQuantity: roundQuantity(lotQuantity),
  };
}

export interface WarehouseStock {
  warehouseId: string;
  quantityOnHand: number;
  quantityReserved: number;
  quantityAvailable: number;
}

/** Per-warehouse sums, warehouses with nothing on hand or reserved left out, ordered by warehouse id. */
export function stockByWarehouse(levels: StockLevels): WarehouseStock[] {
  const sums = new Map<string, { onHand: number; reserved: number }>();
  for (const level of Object.values(levels)) {
    const sum = sums.get(level.warehouseId) ?? { onHand: 0, reserved: 0 };
    sum.onHand += level.onHand;
    sum.reserved += level.reserved;
    sums.set(level.warehouseId, sum);
  }
  return [...sums]
    .filter(([, s]) => s.onHand !== 0 || s.reserved !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([warehouseId, s]) => ({
      warehouseId,
      quantityOnHand: roundQuantity(s.onHand),
      quantityReserved: roundQuantity(s.reserved),
      quantityAvailable: roundQuantity(s.onHand - s.reserved),
    }));
}

/** One stock-on-hand row: a product in a warehouse bin, its batches folded in. */
export interface StockRow {
  productId: string;
  warehouseId: string;
  binId: string | null;
  onHand: number;
  reserved: number;
  available: number;
  updatedAt: string;
  batches: { batchId: string; onHand: number; reserved: number; available: number }[];
}

export function stockRows(productId: string, levels: StockLevels): StockRow[] {
  const rows = new Map<string, StockRow>();
  for (const level of Object.values(levels)) {
    const key = `${level.warehouseId}|${level.binId ?? ''}`;
    const row = rows.get(key) ?? {
      productId,
      warehouseId: level.warehouseId,
      binId: level.binId,
      onHand: 0,
      reserved: 0,
      available: 0,
      updatedAt: level.updatedAt,
      batches: [],
    };
    row.onHand = roundQuantity(row.onHand + level.onHand);
    row.reserved = roundQuantity(row.reserved + level.reserved);
    row.available = roundQuantity(row.onHand - row.reserved);
    if (level.updatedAt > row.updatedAt) row.updatedAt = level.updatedAt;
    if (level.batchId !== null) {
      row.batches.push({
        batchId: level.batchId,
        onHand: level.onHand,
        reserved: level.reserved,
        available: roundQuantity(level.onHand - level.reserved),
      });
    }
    rows.set(key, row);
  }
  for (const row of rows.values()) row.batches.sort((a, b) => (a.batchId < b.batchId ? -1 : 1));
  return [...rows.values()];
}
