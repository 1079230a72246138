import { valueProduct, valuationTotal } from '../../../../domain/reports/valuation.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { REPORT_ENDPOINTS } from '../endpoints.js';
import { listStockItems } from '../../inventory/public.js';
import { readReferences } from '../store/references.js';
import { valuationView } from '../view.js';
import { reportFilters } from './filters.js';

/**
 * GET /reports/valuation: the stock items of products holding stock (narrowed to the warehouse's), then
 * one batch read of their products (cost price, category) and of the lots held (unit cost, number).
 */
export const valuationReport: OperationOf<typeof REPORT_ENDPOINTS, 'valuationReport'> = async ({
  auth,
  query,
  now,
}) => {
  const { orgId } = auth;
  const [filters, stockItems] = await Promise.all([
    reportFilters(orgId, query, { warehouseCodes: false }),
    listStockItems(orgId, {
      sortBy: 'productName',
      ascending: true,
      warehouseId: query.warehouseId,
      includeInactiveProducts: true,
    }),
  ]);
  const stocks = stockItems.filter((s) => Object.values(s.levels).some((l) => l.onHand > 0));
  const references = await readReferences(orgId, {
    productIds: stocks.map((s) => s.productId),
    batchIds: stocks.flatMap((s) => Object.values(s.levels).flatMap((l) => (l.batchId ? [l.batchId] : []))),
  });
  const items = stocks.flatMap((stock) => {
    const product = references.product(stock.productId);
    if (!product) return [];
    if (filters.categoryId !== undefined && product.categoryId !== filters.categoryId) return [];
    const lotCosts = new Map(
      Object.values(stock.levels).flatMap((l) =>
        l.batchId ? [[l.batchId, references.batch(l.batchId)?.unitCost ?? null] as const] : [],
      ),
    );
    const value = valueProduct(
      {
        productId: stock.productId,
        isBatchTracked: stock.isBatchTracked,
        costPrice: product.costPrice,
        levels: stock.levels,
      },
      lotCosts,
      filters.warehouseId,
    );
    return value ? [{ value, product }] : [];
  });
  return {
    body: valuationView(now.toISOString(), items, valuationTotal(items.map((i) => i.value)), references),
  };
};
