import { byText } from '../listing/in-memory.js';
import { stockRows, type StockLevels, type StockRow } from './stock.js';

export interface StockSource {
  productId: string;
  productName: string;
  levels: StockLevels;
}

export interface RowSelection {
  warehouseId?: string;
  includeZero: boolean;
  /** ISO instant: rows whose quantities changed at or after it. */
  since?: string;
  sortBy: 'productName' | 'updatedAt';
  ascending: boolean;
  warehouseCode: (warehouseId: string) => string;
}

/**
 * The stock-on-hand rows of the given products, filtered and in list order. Product-name order ties break
 * on product id, warehouse code, then the warehouse-level row before bins; updatedAt order on product,
 * warehouse and bin ids. Zero rows (nothing on hand or reserved) only on request.
 */
export function selectStockRows<S extends StockSource>(
  sources: S[],
  selection: RowSelection,
): { row: StockRow; source: S }[] {
  const rows = sources.flatMap((source) =>
    stockRows(source.productId, source.levels)
      .filter((row) => !selection.warehouseId || row.warehouseId === selection.warehouseId)
      .filter((row) => selection.includeZero || row.onHand !== 0 || row.reserved !== 0)
      .filter((row) => !selection.since || row.updatedAt >= selection.since)
      .map((row) => ({ row, source })),
  );
  type Entry = (typeof rows)[number];
  const code = (r: StockRow) => selection.warehouseCode(r.warehouseId).toLowerCase();
  const location = (a: Entry, b: Entry) =>
    byText(a.source.productId, b.source.productId) ||
    byText(code(a.row), code(b.row)) ||
    byText(a.row.warehouseId, b.row.warehouseId) ||
    byText(a.row.binId ?? '', b.row.binId ?? '');
  const compare =
    selection.sortBy === 'productName'
      ? (a: Entry, b: Entry) =>
          byText(a.source.productName.toLowerCase(), b.source.productName.toLowerCase()) || location(a, b)
      : (a: Entry, b: Entry) => byText(a.row.updatedAt, b.row.updatedAt) || location(a, b);
  return rows.sort((a, b) => (selection.ascending ? compare(a, b) : compare(b, a)));
}
