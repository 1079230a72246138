import { asAtInstant } from '../../../../domain/reports/report-dates.js';
import { stockAtDate } from '../../../../domain/reports/stock-at-date.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { REPORT_ENDPOINTS } from '../endpoints.js';
import { listStockItems } from '../../inventory/public.js';
import { movementsAfter } from '../store/ledger.js';
import { readReferences } from '../store/references.js';
import { stockAtDateView } from '../view.js';
import { reportFilters } from './filters.js';

/**
 * GET /reports/stock-on-hand-at-date: the current stock items (products that ever held stock, narrowed to
 * the warehouse's), then the ledger entries after asAtDate (read after the stock, consistently), each
 * movement subtracted; one batch read of the products shown for names and categories.
 */
export const stockAtDateReport: OperationOf<typeof REPORT_ENDPOINTS, 'stockAtDateReport'> = async ({
  auth,
  query,
  now,
}) => {
  const { orgId } = auth;
  const asAt = asAtInstant(query.asAtDate, now);
  const [filters, current] = await Promise.all([
    reportFilters(orgId, query, { warehouseCodes: true }),
    listStockItems(orgId, {
      sortBy: 'productName',
      ascending: true,
      warehouseId: query.warehouseId,
      includeInactiveProducts: true,
    }),
  ]);
  const later = await movementsAfter(orgId, asAt);
  const rows = stockAtDate(current, later, filters.warehouseId);
  const references = await readReferences(orgId, { productIds: rows.map((r) => r.productId) });
  const shown = rows.filter(
    (r) =>
      filters.categoryId === undefined || references.product(r.productId)?.categoryId === filters.categoryId,
  );
  return { body: stockAtDateView(asAt, shown, { references, warehouses: filters.warehouses }) };
};
