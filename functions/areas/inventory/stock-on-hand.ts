import { notFound } from '../../../domain/errors.js';
import { canBeId } from '../../../domain/ids.js';
import { selectStockRows, type RowSelection } from '../../../domain/inventory/stock-on-hand.js';
import type { StockRow } from '../../../domain/inventory/stock.js';
import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import type { OperationOf } from '../../platform/http/types.js';
import type { INVENTORY_ENDPOINTS } from './endpoints.js';
import { getProductWithBom, getStocks } from '../products/public.js';
import { ListTooBroad, listScanBudget, projectedListTooBroad } from '../../platform/dynamo/list-budget.js';
import { rawItem, readBatch } from '../../platform/dynamo/read-batch.js';
import { batchKey } from './store/batches.js';
import { listStockItems, projectedStockSources, stockCollection, type ProductStock } from './store/stock.js';
import { binKey, listWarehouseRecords } from './store/warehouses.js';
import { stockRowView } from './view.js';

/** The stock of one product, through the same filters the list applies in its query. */
function visible(stock: ProductStock | null, includeInactive: boolean, search: string | undefined) {
  const needle = search?.toLowerCase();
  return (
    stock !== null &&
    (includeInactive || stock.productActive) &&
    (!needle || `${stock.productName}\n${stock.productSku}`.toLowerCase().includes(needle))
  );
}

export const listStockOnHandOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'listStockOnHand'> = async (
  input,
) => {
  const { orgId } = input.auth;
  const q = input.query;
  const warehouseId = q.warehouseId;
  const productId = q.productId;
  const search = q.search;
  const includeInactiveProducts = q.includeInactiveProducts === true;
  // An unknown product is 404 (spec); one that cannot be an id is unknown without a read.
  if (productId !== undefined && !canBeId(productId)) throw notFound('Product');
  const [warehouses, product] = await Promise.all([
    listWarehouseRecords(orgId),
    productId ? getProductWithBom(orgId, productId) : Promise.resolve(null),
  ]);
  if (warehouseId && !warehouses.some((w) => w.id === warehouseId)) throw notFound('Warehouse');
  if (productId && !product) throw notFound('Product');
  const sortBy = q.sortBy;
  const ascending = (q.sortDir ?? 'asc') === 'asc';
  const modifiedSince = q.modifiedSince;
  const code = new Map(warehouses.map((w) => [w.id, w.code]));
  const selection = {
    warehouseId,
    includeZero: q.includeZero === true,
    since: modifiedSince?.toISOString(),
    sortBy,
    ascending,
    warehouseCode: (id: string) => code.get(id) ?? '',
  };
  const page = pageOf(q);
  // The sync recipe (modifiedSince by updatedAt) reads only the changed stock items from its index; the
  // rest selects and pages on the slim projection and reads the page's stock items by key.
  const syncRange = modifiedSince !== undefined && sortBy === 'updatedAt';
  const projected =
    productId || syncRange
      ? null
      : await projectedPage(orgId, { search, warehouseId, includeInactiveProducts }, selection, page);
  // Above the projection's ceiling the index read is bounded (list-budget.ts): a list that would read more
  // is refused, naming what asked for it; productId and the sync range narrow the read.
  const aboveCeiling = !productId && !syncRange && !projected;
  let pageRows: { row: StockRow; source: ProductStock }[];
  let total: number;
  if (projected) ({ pageRows, total } = projected);
  else {
    const stocks = productId
      ? visible(product!.stock, includeInactiveProducts, search)
        ? [product!.stock!]
        : []
      : await listStockItems(
          orgId,
          { sortBy, ascending, search, warehouseId, includeInactiveProducts, modifiedSince },
          aboveCeiling ? { maxScanned: listScanBudget() } : {},
        ).catch((error: unknown) => {
          if (!(error instanceof ListTooBroad)) throw error;
          throw projectedListTooBroad(
            stockCollection(orgId),
            stockFilterParameter({ search, warehouseId, modifiedSince }),
            error.budget,
            'productId, or modifiedSince and sortBy=updatedAt',
          );
        });
    const rows = selectStockRows(stocks, selection);
    pageRows = rows.slice(page.offset, page.offset + page.pageSize);
    total = rows.length;
  }
  // Bin codes and batch numbers for the page's rows only, in one batch read.
  const found = readBatch();
  for (const { row } of pageRows) {
    if (row.binId) found.get(rawItem, binKey(orgId, row.warehouseId, row.binId));
  }
  for (const { row } of pageRows) {
    for (const b of row.batches) found.get(rawItem, batchKey(orgId, b.batchId));
  }
  await found.run();
  const batches = new Map<string, { batchNumber: string; expiryDate: string | null }>();
  for (const { row } of pageRows) {
    for (const b of row.batches) {
      const item = found.item(batchKey(orgId, b.batchId));
      if (item)
        batches.set(b.batchId, {
          batchNumber: item.batchNumber as string,
          expiryDate: item.expiryDate as string | null,
        });
    }
  }
  const data = pageRows.map(({ row, source }) =>
    stockRowView(row, {
      product: {
        id: source.productId,
        sku: source.productSku,
        name: source.productName,
        isBatchTracked: source.isBatchTracked,
      },
      warehouseCode: code.get(row.warehouseId) ?? '',
      binCode: row.binId
        ? ((found.item(binKey(orgId, row.warehouseId, row.binId))?.code as string | undefined) ?? null)
        : null,
      batches,
    }),
  );
  return { body: paginate(data, total, page) };
};

/**
 * The first filter of a refused read, undefined for the unfiltered list (its row total needs every row,
 * whatever the page, so no page is named).
 */
const stockFilterParameter = (query: {
  search?: string;
  warehouseId?: string;
  modifiedSince?: Date;
}): string | undefined =>
  query.search
    ? 'search'
    : query.warehouseId
      ? 'warehouseId'
      : query.modifiedSince
        ? 'modifiedSince'
        : undefined;

const rowKey = (productId: string, row: StockRow) => `${productId}|${row.warehouseId}|${row.binId ?? ''}`;

/**
 * The page's rows selected, counted and sorted on the slim projection, then rebuilt from the page's stock
 * items (read by key) for their lots. A product whose stock item is gone is dropped from the projection
 * and the page selected again. Null when the organisation's stock is more than this container holds.
 */
async function projectedPage(
  orgId: string,
  filter: { search?: string; warehouseId?: string; includeInactiveProducts: boolean },
  selection: RowSelection,
  page: { offset: number; pageSize: number },
): Promise<{ pageRows: { row: StockRow; source: ProductStock }[]; total: number } | null> {
  for (;;) {
    const projected = await projectedStockSources(orgId, filter);
    if (!projected) return null;
    const rows = selectStockRows(projected.sources, selection);
    const wanted = rows.slice(page.offset, page.offset + page.pageSize);
    const ids = [...new Set(wanted.map(({ source }) => source.productId))];
    const stocks = await getStocks(orgId, ids);
    const gone = ids.filter((id) => !stocks.has(id));
    if (gone.length > 0) {
      projected.forget(gone);
      continue;
    }
    const full = new Map(
      selectStockRows([...stocks.values()], { ...selection, since: undefined, includeZero: true }).map(
        (entry) => [rowKey(entry.source.productId, entry.row), entry],
      ),
    );
    const pageRows = wanted.flatMap(({ row, source }) => {
      const entry = full.get(rowKey(source.productId, row));
      return entry ? [entry] : [];
    });
    return { pageRows, total: rows.length };
  }
}
