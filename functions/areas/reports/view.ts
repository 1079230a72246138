import type { AgingReport } from '../../../domain/invoices/aging.js';
import type { Batch } from '../../../domain/inventory/batch.js';
import { roundQuantity } from '../../../domain/inventory/stock.js';
import type { BatchLocation } from '../../../domain/reports/expiry.js';
import type { LowStockFigures } from '../../../domain/reports/low-stock.js';
import type { AtDateRow } from '../../../domain/reports/stock-at-date.js';
import { directionOf } from '../../../domain/reports/stock-movement.js';
import type { ProductValue } from '../../../domain/reports/valuation.js';
import { valuationOrder } from '../../../domain/reports/valuation.js';
import type { MovementRow } from './store/movements.js';
import type { ProductFacts, References } from './store/references.js';
import type { ReorderCandidate } from './store/reorder-candidates.js';

/** The receivable-aging snapshot: rows due date ascending, totals per bucket (currencies mixed). */
export const receivableAgingView = (report: AgingReport, asOf: string, truncated: boolean) => ({
  asOf,
  invoices: report.rows,
  totals: report.totals,
  truncated,
});

interface Context {
  references: References;
  warehouses: Map<string, string>;
}

const productRef = (id: string, references: References) => {
  const product = references.product(id);
  return { id, sku: product?.sku ?? '', name: product?.name ?? '' };
};
const warehouseRef = (id: string, warehouses: Map<string, string>) => ({
  id,
  code: warehouses.get(id) ?? '',
});
const binRef = (warehouseId: string, binId: string | null, references: References) =>
  binId === null ? null : { id: binId, code: references.binCode(warehouseId, binId) };

/** The stock-movement snapshot: rows newest first, as read. */
export const stockMovementView = (
  window: { from: string; to: string },
  rows: readonly MovementRow[],
  truncated: boolean,
  { references, warehouses }: Context,
) => ({
  dateFrom: window.from,
  dateTo: window.to,
  movements: rows.map((r) => ({
    date: r.at,
    product: productRef(r.productId, references),
    warehouse: warehouseRef(r.warehouseId, warehouses),
    bin: binRef(r.warehouseId, r.binId, references),
    batch:
      r.batchId === null
        ? null
        : { id: r.batchId, batchNumber: references.batch(r.batchId)?.batchNumber ?? null },
    quantityChange: r.quantity,
    direction: directionOf(r.quantity),
    sourceType: r.sourceType,
    sourceId: r.sourceId,
    sourceNumber: r.sourceNumber,
  })),
  truncated,
});

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** The at-date snapshot: product name, then warehouse code. */
export function stockAtDateView(
  asAtDate: string,
  rows: readonly AtDateRow[],
  { references, warehouses }: Context,
) {
  const shown = rows.map((r) => {
    const product = references.product(r.productId);
    return {
      product: productRef(r.productId, references),
      category: product?.category ?? null,
      warehouse: warehouseRef(r.warehouseId, warehouses),
      quantityOnHand: r.onHand,
      quantityReserved: 0 as const,
      quantityAvailable: r.onHand,
    };
  });
  shown.sort(
    (a, b) =>
      byText(a.product.name, b.product.name) ||
      byText(a.product.id, b.product.id) ||
      byText(a.warehouse.code, b.warehouse.code),
  );
  return { asAtDate, rows: shown };
}

/** The valuation snapshot: value descending, then SKU. */
export function valuationView(
  asOf: string,
  items: readonly { value: ProductValue; product: ProductFacts }[],
  totalValue: number,
  references: References,
) {
  const rows = items.map(({ value, product }) => ({
    product: { id: product.id, sku: product.sku, name: product.name },
    category: product.category,
    costingMethod: value.costingMethod,
    quantityOnHand: value.onHand,
    unitCost: value.unitCost,
    value: value.value,
    lots:
      value.lots?.map((l) => ({
        batchId: l.batchId,
        batchNumber: references.batch(l.batchId)?.batchNumber ?? null,
        quantityOnHand: l.onHand,
        unitCost: l.unitCost,
        costSource: l.costSource,
        value: l.value,
      })) ?? null,
  }));
  return { asOf, items: valuationOrder(rows, (r) => r.product.sku), totalValue };
}

/** The expiry snapshot: batches as read (expiry ascending, id tiebreaker). */
export const expiryView = (
  window: { today: string; from: string; to: string },
  rows: readonly {
    batch: Batch;
    product: { id: string; sku: string; name: string };
    daysUntilExpiry: number;
    locations: BatchLocation[];
  }[],
  { references, warehouses }: Context,
) => ({
  today: window.today,
  expiringFrom: window.from,
  expiringTo: window.to,
  batches: rows.map((r) => ({
    batchId: r.batch.id,
    batchNumber: r.batch.batchNumber,
    product: r.product,
    status: 'ACTIVE' as const,
    expiryDate: r.batch.expiryDate!,
    daysUntilExpiry: r.daysUntilExpiry,
    quantityOnHand: roundQuantity(r.locations.reduce((s, l) => s + l.onHand, 0)),
    locations: r.locations.map((l) => ({
      warehouse: warehouseRef(l.warehouseId, warehouses),
      bin: binRef(l.warehouseId, l.binId, references),
      quantityOnHand: l.onHand,
    })),
  })),
});

/** The low-stock snapshot: rows in the order given (largest shortfall first). */
export const lowStockView = (
  asOf: string,
  rows: readonly ({ product: ReorderCandidate; onHand: number; reserved: number } & LowStockFigures)[],
  warehouse: { id: string; code: string } | null,
  totalEstimatedCost: number,
) => ({
  asOf,
  products: rows.map((r) => ({
    product: { id: r.product.id, sku: r.product.sku, name: r.product.name },
    category: r.product.category,
    warehouse,
    quantityOnHand: r.onHand,
    quantityReserved: r.reserved,
    quantityAvailable: r.available,
    minStockLevel: r.product.minStockLevel,
    maxStockLevel: r.product.maxStockLevel,
    shortfall: r.shortfall,
    suggestedReorderQty: r.suggestedReorderQty,
    costPrice: r.product.costPrice,
    estimatedCost: r.estimatedCost,
  })),
  totalEstimatedCost,
});
