import { batchLocations } from '../../../../domain/reports/expiry.js';
import { daysBetween, expiryWindow } from '../../../../domain/reports/report-dates.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { REPORT_ENDPOINTS } from '../endpoints.js';
import { activeBatchesExpiring } from '../store/expiring-batches.js';
import { readReferences, readStocks, uniqueBins } from '../store/references.js';
import { expiryView } from '../view.js';
import { reportFilters } from './filters.js';

/**
 * GET /reports/expiry: the window's key range of the batches' expiry index (ACTIVE filtered), then one
 * batch read of the stock items of their products (the locations) and one of the bins shown.
 */
export const expiryReport: OperationOf<typeof REPORT_ENDPOINTS, 'expiryReport'> = async ({
  auth,
  query,
  now,
}) => {
  const { orgId } = auth;
  const window = expiryWindow(now, query.daysAhead, query.daysBack);
  const [filters, batches] = await Promise.all([
    reportFilters(orgId, query, { warehouseCodes: true }),
    activeBatchesExpiring(orgId, window.from, window.to),
  ]);
  const stocks = await readStocks(orgId, [...new Set(batches.map((b) => b.productId))]);
  const rows = batches.flatMap((batch) => {
    const stock = stocks.get(batch.productId);
    const locations = batchLocations(stock?.levels ?? {}, batch.id, filters.warehouseId);
    // With a warehouse, only batches holding stock there; without, a batch may show no locations.
    if (filters.warehouseId !== undefined && locations.length === 0) return [];
    return [
      {
        batch,
        product: { id: batch.productId, sku: stock?.productSku ?? '', name: stock?.productName ?? '' },
        daysUntilExpiry: daysBetween(window.today, batch.expiryDate!),
        locations,
      },
    ];
  });
  const references = await readReferences(orgId, { bins: uniqueBins(rows.flatMap((r) => r.locations)) });
  return { body: expiryView(window, rows, { references, warehouses: filters.warehouses }) };
};
