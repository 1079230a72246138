import { MAX_MOVEMENT_ROWS } from '../../../../domain/reports/stock-movement.js';
import { movementWindow } from '../../../../domain/reports/report-dates.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { REPORT_ENDPOINTS } from '../endpoints.js';
import { readMovements } from '../store/movements.js';
import { readReferences, uniqueBins } from '../store/references.js';
import { stockMovementView } from '../view.js';
import { reportFilters } from './filters.js';

/**
 * GET /reports/stock-movement: the window's movement rows newest first from the narrowest date-ordered key
 * (organisation, product, warehouse, or product in warehouse), at most 1000, then one batch read of the
 * rows' products, bins and batches.
 */
export const stockMovementReport: OperationOf<typeof REPORT_ENDPOINTS, 'stockMovementReport'> = async ({
  auth,
  query,
}) => {
  const { orgId } = auth;
  const window = movementWindow(query.dateFrom, query.dateTo);
  // The rows are read while the filters are checked: an unknown id reads nothing and is then refused.
  const [filters, { rows, truncated }] = await Promise.all([
    reportFilters(orgId, query, { warehouseCodes: true }),
    readMovements(
      orgId,
      window,
      {
        productId: query.productId,
        warehouseId: query.warehouseId,
      },
      MAX_MOVEMENT_ROWS,
    ),
  ]);
  const references = await readReferences(orgId, {
    productIds: rows.map((r) => r.productId),
    bins: uniqueBins(rows),
    batchIds: rows.flatMap((r) => (r.batchId ? [r.batchId] : [])),
  });
  return {
    body: stockMovementView(window, rows, truncated, { references, warehouses: filters.warehouses }),
  };
};
