import { lowStockFigures, lowStockOrder } from '../../../../domain/reports/low-stock.js';
import { header2 } from '../../../../domain/money.js';
import { roundQuantity } from '../../../../domain/inventory/stock.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { REPORT_ENDPOINTS } from '../endpoints.js';
import { readStocks } from '../store/references.js';
import { reorderCandidates } from '../store/reorder-candidates.js';
import { lowStockView } from '../view.js';
import { reportFilters } from './filters.js';

/**
 * GET /reports/low-stock: the organisation's active stocked products with a minStockLevel (one read of
 * the product collection, filtered), then one batch read of their stock items. With warehouseId the
 * availability is that warehouse's alone, held against the product's (organisation-wide) minStockLevel.
 */
export const lowStockReport: OperationOf<typeof REPORT_ENDPOINTS, 'lowStockReport'> = async ({
  auth,
  query,
  now,
}) => {
  const { orgId } = auth;
  const [filters, candidates] = await Promise.all([
    reportFilters(orgId, query, { warehouseCodes: false }),
    reorderCandidates(orgId, query.categoryId),
  ]);
  const stocks = await readStocks(
    orgId,
    candidates.map((c) => c.id),
  );
  const rows = candidates.flatMap((product) => {
    // A product that never held stock has an empty stock item (or none): available 0.
    const levels = Object.values(stocks.get(product.id)?.levels ?? {}).filter(
      (l) => filters.warehouseId === undefined || l.warehouseId === filters.warehouseId,
    );
    const onHand = roundQuantity(levels.reduce((s, l) => s + l.onHand, 0));
    const reserved = roundQuantity(levels.reduce((s, l) => s + l.reserved, 0));
    const figures = lowStockFigures({ ...product, onHand, reserved });
    return figures ? [{ product, onHand, reserved, ...figures }] : [];
  });
  const ordered = lowStockOrder(rows, (r) => r.product.sku);
  return {
    body: lowStockView(
      now.toISOString(),
      ordered,
      filters.warehouseId === undefined
        ? null
        : { id: filters.warehouseId, code: filters.warehouses.get(filters.warehouseId)! },
      header2(ordered.reduce((s, r) => s + r.estimatedCost, 0)),
    ),
  };
};
