import { invalidParameter, invalidReference } from '../../../../domain/errors.js';
import { canBeId } from '../../../../domain/ids.js';
import { getProduct } from '../../products/public.js';
import { categories } from '../../products/public.js';
import { warehouseCodes } from '../store/references.js';

export interface ReportFilters {
  productId?: string;
  warehouseId?: string;
  categoryId?: string;
  /** Every warehouse of the organisation, id -> code (read when a report shows codes or filters by one). */
  warehouses: Map<string, string>;
}

/** The filter ids a report may declare, as parsed. */
export interface ReportFilterQuery {
  productId?: string;
  warehouseId?: string;
  categoryId?: string;
}

const idParam = (query: ReportFilterQuery, name: keyof ReportFilterQuery): string | undefined => {
  const value = query[name];
  if (value !== undefined && !canBeId(value)) throw invalidParameter(name, 'is not an id');
  return value;
};

/**
 * The reports' filter ids: a malformed one is 400, one not in the organisation 422 invalid_reference (the
 * spec: reports have no path ids, so no 404). The lookups run in parallel.
 */
export async function reportFilters(
  orgId: string,
  query: ReportFilterQuery,
  options: { warehouseCodes: boolean },
): Promise<ReportFilters> {
  const productId = idParam(query, 'productId');
  const warehouseId = idParam(query, 'warehouseId');
  const categoryId = idParam(query, 'categoryId');
  const [product, category, warehouses] = await Promise.all([
    productId ? getProduct(orgId, productId) : null,
    categoryId ? categories.getByKey(categories.key(orgId, categoryId)) : null,
    warehouseId || options.warehouseCodes ? warehouseCodes(orgId) : new Map<string, string>(),
  ]);
  if (productId && !product) throw invalidReference('productId', 'product');
  if (warehouseId && !warehouses.has(warehouseId)) throw invalidReference('warehouseId', 'warehouse');
  if (categoryId && !category) throw invalidReference('categoryId', 'category');
  return { productId, warehouseId, categoryId, warehouses };
}
