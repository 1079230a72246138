import { createId } from '@paralleldrive/cuid2';
import { conflict, invalidParameter, notFound, unprocessable } from '../../domain/errors.js';
import {
  ADJUSTMENT_REASONS,
  ADJUSTMENT_STATUSES,
  checkLines,
  newAdjustment,
  planStockMovement,
  type AdjustmentInput,
  type AdjustmentStatus,
} from '../../domain/inventory/adjustment.js';
import { stockRows, type StockRow } from '../../domain/inventory/stock.js';
import { byText, listInMemory } from '../../domain/listing/in-memory.js';
import { paginate, pageWindow } from '../../domain/listing/pagination.js';
import { parseInstant } from '../../domain/listing/query-params.js';
import type { Operation, OperationInput } from '../http/types.js';
import { batchStatusUpdate } from '../store/batches.js';
import { keys } from '../store/keys.js';
import { batchGet, getProductWithBom, keyId, productCostUpdate } from '../store/products.js';
import { adjustmentPut, getAdjustment, listAdjustments, sequenceNext } from '../store/stock-adjustments.js';
import { ledgerPut, listStockItems, stockPut, type ProductStock } from '../store/stock.js';
import { isTransactionConflict, transact, type TransactItem } from '../store/transactions.js';
import { binStockUpdate, listBinsOf, listWarehouseRecords, listZoneRecords } from '../store/warehouses.js';
import { loadLineFacts } from './line-facts.js';
import { adjustmentView, stockRowView, warehouseView } from './representation.js';

const window = (input: OperationInput) =>
  pageWindow(input.query.page as number, input.query.pageSize as number);
const ascending = (input: OperationInput) => ((input.query.sortDir as string | undefined) ?? 'asc') === 'asc';

const listWarehousesOp: Operation = async (input) => {
  const orgId = input.auth.orgId;
  const [warehouses, zones] = await Promise.all([listWarehouseRecords(orgId), listZoneRecords(orgId)]);
  const page = listInMemory(
    input.query.includeInactive === true ? warehouses : warehouses.filter((w) => w.isActive),
    {
      search: input.query.search as string | undefined,
      searchable: (w) => [w.code, w.name],
      compare: (a, b) => byText(a.code.toLowerCase(), b.code.toLowerCase()) || byText(a.id, b.id),
      window: window(input),
    },
  );
  // Bins are read for the page's warehouses only, in parallel.
  const bins = await Promise.all(page.data.map((w) => listBinsOf(orgId, w.id)));
  return {
    body: { ...page, data: page.data.map((w, i) => warehouseView(w, zones, bins[i] ?? [])) },
  };
};

const listStockOnHandOp: Operation = async (input) => {
  const { orgId } = input.auth;
  const q = input.query;
  const warehouseId = q.warehouseId as string | undefined;
  const productId = q.productId as string | undefined;
  const [warehouses, product] = await Promise.all([
    listWarehouseRecords(orgId),
    productId ? getProductWithBom(orgId, productId) : Promise.resolve(null),
  ]);
  if (warehouseId && !warehouses.some((w) => w.id === warehouseId)) throw notFound('Warehouse');
  if (productId && !product) throw notFound('Product');
  const filter = {
    sortBy: q.sortBy as 'productName' | 'updatedAt',
    ascending: ascending(input),
    search: q.search as string | undefined,
    warehouseId,
    includeInactiveProducts: q.includeInactiveProducts === true,
    modifiedSince: q.modifiedSince as Date | undefined,
  };
  let stocks: ProductStock[];
  if (productId) {
    const stock = product!.stock;
    const needle = filter.search?.toLowerCase();
    const visible =
      stock !== null &&
      (filter.includeInactiveProducts || stock.productActive) &&
      (!needle || `${stock.productName}\n${stock.productSku}`.toLowerCase().includes(needle));
    stocks = visible ? [stock] : [];
  } else stocks = await listStockItems(orgId, filter);
  const since = filter.modifiedSince?.toISOString();
  const rows: { row: StockRow; stock: ProductStock }[] = stocks.flatMap((stock) =>
    stockRows(stock.productId, stock.levels)
      .filter((row) => !warehouseId || row.warehouseId === warehouseId)
      .filter((row) => q.includeZero === true || row.onHand !== 0 || row.reserved !== 0)
      .filter((row) => !since || row.updatedAt >= since)
      .map((row) => ({ row, stock })),
  );
  const code = new Map(warehouses.map((w) => [w.id, w.code]));
  const compare =
    filter.sortBy === 'productName'
      ? (a: (typeof rows)[number], b: (typeof rows)[number]) =>
          byText(a.stock.productName.toLowerCase(), b.stock.productName.toLowerCase()) ||
          byText(a.stock.productId, b.stock.productId) ||
          byText(
            (code.get(a.row.warehouseId) ?? '').toLowerCase(),
            (code.get(b.row.warehouseId) ?? '').toLowerCase(),
          ) ||
          byText(a.row.warehouseId, b.row.warehouseId) ||
          byText(a.row.binId ?? '', b.row.binId ?? '')
      : (a: (typeof rows)[number], b: (typeof rows)[number]) =>
          byText(a.row.updatedAt, b.row.updatedAt) ||
          byText(a.stock.productId, b.stock.productId) ||
          byText(a.row.warehouseId, b.row.warehouseId) ||
          byText(a.row.binId ?? '', b.row.binId ?? '');
  rows.sort((a, b) => (filter.ascending ? compare(a, b) : compare(b, a)));
  const page = window(input);
  const pageRows = rows.slice(page.offset, page.offset + page.pageSize);
  // Bin codes and batch numbers for the page only: one batch read.
  const found = await batchGet([
    ...pageRows.flatMap(({ row }) => (row.binId ? [keys.bin(orgId, row.warehouseId, row.binId)] : [])),
    ...pageRows.flatMap(({ row }) => row.batches.map((b) => keys.batch(orgId, b.batchId))),
  ]);
  const batches = new Map(
    pageRows.flatMap(({ row }) =>
      row.batches.flatMap((b) => {
        const item = found.get(keyId(keys.batch(orgId, b.batchId)));
        return item
          ? [
              [
                b.batchId,
                { batchNumber: item.batchNumber as string, expiryDate: (item.expiryDate as string) ?? null },
              ] as const,
            ]
          : [];
      }),
    ),
  );
  const data = pageRows.map(({ row, stock }) =>
    stockRowView(row, {
      product: {
        id: stock.productId,
        sku: stock.productSku,
        name: stock.productName,
        isBatchTracked: stock.isBatchTracked,
      },
      warehouseCode: code.get(row.warehouseId) ?? '',
      binCode: row.binId
        ? ((found.get(keyId(keys.bin(orgId, row.warehouseId, row.binId)))?.code as string) ?? null)
        : null,
      batches,
    }),
  );
  return { body: paginate(data, rows.length, page) };
};

const CUID = /^[a-z][a-z0-9]{1,63}$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function commaList<T extends string>(name: string, raw: unknown, allowed: readonly T[]): T[] | undefined {
  if (raw === undefined) return undefined;
  const values = String(raw)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const bad = values.find((v) => !(allowed as readonly string[]).includes(v));
  if (bad !== undefined)
    throw invalidParameter(name, `has an unknown value '${bad}' (one of ${allowed.join(', ')})`);
  return values as T[];
}

function dateBound(name: string, raw: unknown, endOfDay: boolean): string | undefined {
  if (raw === undefined) return undefined;
  const text = String(raw);
  const parsed = parseInstant(text);
  if (!parsed) throw invalidParameter(name, 'must be an ISO 8601 date or timestamp');
  // A date-only dateTo covers the whole day in UTC.
  if (endOfDay && DATE_ONLY.test(text)) return `${text}T23:59:59.999Z`;
  return parsed.toISOString();
}

const listStockAdjustmentsOp: Operation = async (input) => {
  const q = input.query;
  const warehouseId = q.warehouseId as string | undefined;
  if (warehouseId !== undefined && !CUID.test(warehouseId))
    throw invalidParameter('warehouseId', 'must be a cuid');
  const page = window(input);
  const { items, total } = await listAdjustments(
    input.auth.orgId,
    {
      statuses: commaList<AdjustmentStatus>('status', q.status, ADJUSTMENT_STATUSES),
      reasons: commaList('reason', q.reason, ADJUSTMENT_REASONS),
      warehouseId,
      search: q.search as string | undefined,
      from: dateBound('dateFrom', q.dateFrom, false),
      to: dateBound('dateTo', q.dateTo, true),
      modifiedSince: q.modifiedSince as Date | undefined,
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(adjustmentView), total, page) };
};

const getStockAdjustmentOp: Operation = async ({ auth, params }) => {
  const adjustment = await getAdjustment(auth.orgId, params.id!);
  if (!adjustment) throw notFound('Stock adjustment');
  return { body: adjustmentView(adjustment) };
};

/** DynamoDB's TransactWriteItems limit. */
const MAX_TRANSACTION_ITEMS = 100;
/** Racing writers on the same stock or sequence re-read and re-decide; each retry waits a little longer. */
const WRITE_ATTEMPTS = 15;
const pause = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.random() * Math.min(400, 20 * 2 ** Math.min(attempt, 5))),
  );

const createStockAdjustmentOp: Operation = async ({ auth, body, now, journal }) => {
  const { orgId } = auth;
  const input = body as AdjustmentInput;
  const at = now.toISOString();
  const id = createId();
  const lines = newAdjustment(input, { id, sequence: 0, now: at }).lines;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await pause(attempt);
    const loaded = await loadLineFacts(orgId, lines, 'ADJUSTMENT');
    checkLines(lines, loaded.facts);
    const adjustment = newAdjustment(input, { id, sequence: loaded.sequence + 1, now: at });
    const response = { status: 201, body: adjustmentView(adjustment) };
    const items: TransactItem[] = [
      adjustmentPut(orgId, adjustment),
      sequenceNext(orgId, 'ADJUSTMENT', loaded.sequence),
    ];
    const events: {
      event: 'stock.level_changed' | 'product.updated';
      data: { id: string } & Record<string, unknown>;
    }[] = [];
    if (adjustment.status === 'COMPLETED') {
      const current = new Map([...loaded.stocks].map(([pid, s]) => [pid, s.levels]));
      const plan = planStockMovement(lines, current, loaded.facts, at);
      for (const [productId, levels] of plan.levels)
        items.push(stockPut(orgId, { ...loaded.stocks.get(productId)!, levels }));
      items.push(
        ledgerPut(orgId, {
          at,
          sourceType: 'stock_adjustment',
          sourceId: id,
          sourceNumber: adjustment.adjustmentNumber,
          movements: plan.movements,
        }),
      );
      for (const [batchId, to] of plan.batchStatus) {
        items.push(batchStatusUpdate(orgId, batchId, loaded.facts.batches.get(batchId)!.status, to, at));
      }
      for (const [productId, costPrice] of plan.costPrices) {
        items.push(productCostUpdate(orgId, loaded.records.get(productId)!, costPrice, at));
        events.push({ event: 'product.updated', data: { id: productId } });
      }
      for (const [binId, change] of plan.binChanges) {
        items.push(binStockUpdate(orgId, loaded.facts.bins.get(binId)!.warehouseId, binId, change));
      }
      for (const c of plan.changed) {
        events.push({
          event: 'stock.level_changed',
          data: {
            id: c.productId,
            productId: c.productId,
            warehouseId: c.warehouseId,
            quantityOnHand: c.onHand,
            quantityReserved: c.reserved,
            quantityAvailable: Math.round((c.onHand - c.reserved) * 1e6) / 1e6,
          },
        });
      }
    }
    items.push(
      ...journal.items({
        events,
        audit: [
          {
            resourceType: 'stock_adjustment',
            resourceId: id,
            action: 'create',
            changedFields: Object.keys(input),
          },
        ],
        response,
      }),
    );
    if (items.length > MAX_TRANSACTION_ITEMS) {
      throw unprocessable(
        `The adjustment touches too many records (${items.length}) to apply atomically; split it into smaller adjustments`,
      );
    }
    try {
      const result = await transact(items);
      if (result.ok) return response;
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
    }
  }
  throw conflict('The stock changed repeatedly while the adjustment was being applied; retry it');
};

export const inventoryOperations: Record<string, Operation> = {
  listWarehouses: listWarehousesOp,
  listStockOnHand: listStockOnHandOp,
  listStockAdjustments: listStockAdjustmentsOp,
  getStockAdjustment: getStockAdjustmentOp,
  createStockAdjustment: createStockAdjustmentOp,
};
