/**
 * GET /batches, GET /batches/{id}, GET /serial-numbers and GET /serial-numbers/{id} (spec: Endpoints >
 * Traceability). The list is in FEFO order and
 * reads the narrowest batch index for its filters (store/batches.ts); the warehouse filter goes through
 * stock, because a lot has no warehouse of its own: it lies wherever its product's stock levels name it.
 */
import { notFound } from '../../../domain/errors.js';
import { canBeId } from '../../../domain/ids.js';
import {
  BATCH_RESOURCE,
  compareFefo,
  expiryWindow,
  matchesBatchFilter,
  type Batch,
  type BatchFilter,
} from '../../../domain/inventory/batch.js';
import { batchItems, lotsInWarehouse } from '../../../domain/inventory/batch-stock.js';
import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import { SERIAL_RESOURCE, type SerialNumber } from '../../../domain/inventory/serial.js';
import { rawItem, readBatch, type Key } from '../../platform/dynamo/read-batch.js';
import type { OperationOf } from '../../platform/http/types.js';
import type { INVENTORY_ENDPOINTS } from './endpoints.js';
import { getProduct, getStocks, productKey } from '../products/public.js';
import { batches as lots, batchKey, getBatch, listBatches } from './store/batches.js';
import { stockCollection, stockedInWarehouse, type ProductStock } from './store/stock.js';
import {
  ListTooBroad,
  listScanBudget,
  projectedListTooBroad,
  tooBroad,
} from '../../platform/dynamo/list-budget.js';
import { projectionUnavailable } from '../../platform/dynamo/slim-projection.js';
import { getSerialNumber, listSerials } from './store/serial-numbers.js';
import { binKey, getWarehouse, warehouseKey } from './store/warehouses.js';
import {
  batchDetailView,
  batchView,
  serialDetailView,
  serialView,
  type PlacementCodes,
  type SerialProducts,
} from './view.js';

/** The detail of a batch, given its product's stock as read: codes of the places it lies are read here. */
export async function batchDetail(orgId: string, batch: Batch, stock: ProductStock | null) {
  const { items } = batchItems(stock?.levels ?? {}, batch.id);
  const b = readBatch();
  for (const i of items) b.get(rawItem, warehouseKey(orgId, i.warehouseId));
  for (const i of items) if (i.binId) b.get(rawItem, binKey(orgId, i.warehouseId, i.binId));
  await b.run();
  const codes: PlacementCodes = { warehouses: new Map(), bins: new Map() };
  for (const i of items) {
    const warehouse = b.item(warehouseKey(orgId, i.warehouseId));
    if (warehouse) codes.warehouses.set(i.warehouseId, warehouse.code as string);
    const bin = i.binId ? b.item(binKey(orgId, i.warehouseId, i.binId)) : undefined;
    if (bin) codes.bins.set(i.binId!, bin.code as string);
  }
  return batchDetailView(batch, stock, codes);
}

export const getBatchOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'getBatch'> = async ({ auth, params }) => {
  const batch = await getBatch(auth.orgId, params.id);
  if (!batch) throw notFound(BATCH_RESOURCE);
  const stock = (await getStocks(auth.orgId, [batch.productId])).get(batch.productId) ?? null;
  return { body: await batchDetail(auth.orgId, batch, stock) };
};

/**
 * The lots holding stock in a warehouse, as batches matching the other filters, in FEFO order: the
 * stock items of the products stocked there (one product's item with productId) name the lots, which are
 * then batch-read. Without productId the stock items and the lots read count against the list budget
 * (list-budget.ts): a warehouse holding more is refused, naming warehouseId and productId, which narrows
 * the read to one stock item.
 */
async function batchesInWarehouse(
  orgId: string,
  warehouseId: string,
  filter: BatchFilter,
): Promise<{ batches: Batch[]; stocks: Map<string, ProductStock> }> {
  const budget = listScanBudget();
  // While the stock projection's snapshot is being built the same request will be answered: a 503.
  const refused = () =>
    projectionUnavailable(stockCollection(orgId)) === 'snapshot-awaited'
      ? projectedListTooBroad(stockCollection(orgId), 'warehouseId', budget, 'productId')
      : tooBroad(
          'warehouseId',
          budget,
          'productId',
          "a warehouse's lots are named by the stock items stocked in it",
        );
  const stocks = filter.productId
    ? [...(await getStocks(orgId, [filter.productId])).values()]
    : await stockedInWarehouse(orgId, warehouseId, budget).catch((error: unknown) => {
        throw error instanceof ListTooBroad ? refused() : error;
      });
  const lotIds = stocks.flatMap((s) => [...lotsInWarehouse(s.levels, warehouseId)]);
  if (!filter.productId && stocks.length + lotIds.length > budget) throw refused();
  // Without productId the lots are read within what the stock items left of the request's bytes.
  const found = await lots
    .batchGetByKeys(
      lotIds.map((id) => batchKey(orgId, id)),
      filter.productId ? {} : { budget },
    )
    .catch((error: unknown) => {
      throw error instanceof ListTooBroad ? refused() : error;
    });
  const batches = [...found.values()].filter((b) => matchesBatchFilter(b, filter)).sort(compareFefo);
  return { batches, stocks: new Map(stocks.map((s) => [s.productId, s])) };
}

export const listBatchesOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'listBatches'> = async ({
  auth,
  query,
}) => {
  const { orgId } = auth;
  const productId = query.productId;
  const warehouseId = query.warehouseId;
  // Unknown (or impossible) ids are 404 (spec: validated in the organisation).
  const [product, warehouse] = await Promise.all([
    productId && canBeId(productId) ? getProduct(orgId, productId) : null,
    warehouseId && canBeId(warehouseId) ? getWarehouse(orgId, warehouseId) : null,
  ]);
  if (productId !== undefined && !product) throw notFound('Product');
  if (warehouseId !== undefined && !warehouse) throw notFound('Warehouse');
  const filter: BatchFilter = {
    status: query.status,
    productId,
    expiry: expiryWindow(query.expiryAfter, query.expiryBefore),
    search: query.search,
    modifiedSince: query.modifiedSince?.toISOString(),
  };
  const page = pageOf(query);
  let items: Batch[];
  let total: number;
  let stocks = new Map<string, ProductStock>();
  if (warehouseId) {
    const inWarehouse = await batchesInWarehouse(orgId, warehouseId, filter);
    items = inWarehouse.batches.slice(page.offset, page.offset + page.pageSize);
    total = inWarehouse.batches.length;
    stocks = inWarehouse.stocks;
  } else {
    ({ items, total } = await listBatches(orgId, filter, { offset: page.offset, limit: page.pageSize }));
  }
  // The page's products (sku, name and the lot's levels) from their stock items, in one batch read.
  const missing = [...new Set(items.map((b) => b.productId))].filter((id) => !stocks.has(id));
  if (missing.length > 0) for (const [id, s] of await getStocks(orgId, missing)) stocks.set(id, s);
  const data = items.map((b) => batchView(b, stocks.get(b.productId) ?? null));
  return { body: paginate(data, total, page) };
};

/** The products of a page of serials (id, sku, name), in one batch read. */
async function productsOf(orgId: string, serials: SerialNumber[]) {
  const ids = [...new Set(serials.map((s) => s.productId))];
  const b = readBatch({ consistent: false });
  for (const id of ids) b.get(rawItem, productKey(orgId, id));
  await b.run();
  const products: SerialProducts = new Map();
  for (const id of ids) {
    const item = b.item(productKey(orgId, id));
    if (item) products.set(id, { sku: item.sku as string, name: item.name as string });
  }
  return products;
}

export const listSerialNumbersOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'listSerialNumbers'> = async ({
  auth,
  query,
}) => {
  const { orgId } = auth;
  const productId = query.productId;
  if (productId !== undefined && !(canBeId(productId) && (await getProduct(orgId, productId)))) {
    throw notFound('Product');
  }
  const page = pageOf(query);
  const { items, total } = await listSerials(
    orgId,
    {
      productId,
      status: query.status,
      serial: query.serial,
      modifiedSince: query.modifiedSince?.toISOString(),
    },
    { offset: page.offset, limit: page.pageSize },
  );
  const products = await productsOf(orgId, items);
  return {
    body: paginate(
      items.map((s) => serialView(s, products)),
      total,
      page,
    ),
  };
};

/** The serial's detail: its lot, warehouse and bin named by number and code (one batch read). */
export async function serialDetail(orgId: string, serial: SerialNumber) {
  const placement = [
    ...(serial.batchId ? [batchKey(orgId, serial.batchId)] : []),
    ...(serial.warehouseId ? [warehouseKey(orgId, serial.warehouseId)] : []),
    ...(serial.warehouseId && serial.binId ? [binKey(orgId, serial.warehouseId, serial.binId)] : []),
    productKey(orgId, serial.productId),
  ];
  const b = readBatch({ consistent: false });
  for (const key of placement) b.get(rawItem, key);
  await b.run();
  const field = (key: Key | null, name: string) =>
    key ? ((b.item(key)?.[name] as string | undefined) ?? null) : null;
  const products: SerialProducts = new Map();
  const product = b.item(productKey(orgId, serial.productId));
  if (product) products.set(serial.productId, { sku: product.sku as string, name: product.name as string });
  return serialDetailView(serial, products, {
    batchNumber: field(serial.batchId ? batchKey(orgId, serial.batchId) : null, 'batchNumber'),
    warehouseCode: field(serial.warehouseId ? warehouseKey(orgId, serial.warehouseId) : null, 'code'),
    binCode: field(
      serial.warehouseId && serial.binId ? binKey(orgId, serial.warehouseId, serial.binId) : null,
      'code',
    ),
  });
}

export const getSerialNumberOp: OperationOf<typeof INVENTORY_ENDPOINTS, 'getSerialNumber'> = async ({
  auth,
  params,
}) => {
  const serial = await getSerialNumber(auth.orgId, params.id);
  if (!serial) throw notFound(SERIAL_RESOURCE);
  return { body: await serialDetail(auth.orgId, serial) };
};
