/**
 * A product's stock: one item beside the product (SK STOCK) holding every location's quantities, the
 * totals, and copies of the product fields that stock rules and the stock-on-hand list need. A write either
 * replaces it conditioned on its version, so a decision made on the quantities read is never applied to
 * different ones, or adds to existing locations under a condition that is the stock rule itself
 * (stockIncrement): either way two racing decrements cannot both pass, and stock cannot go negative.
 */
import type { ProductType } from '../../../../domain/products/product.js';
import type { Movement } from '../../../../domain/inventory/movement.js';
import { incrementGuard, type LevelDelta } from '../../../../domain/inventory/stock-increment.js';
import type { StockSource } from '../../../../domain/inventory/stock-on-hand.js';
import {
  locationKey,
  roundQuantity,
  stockTotals,
  type StockLevels,
} from '../../../../domain/inventory/stock.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { sortKey, tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { queryAll, type ScanBudget } from '../../../platform/dynamo/query-window.js';
import { ListTooBroad } from '../../../platform/dynamo/list-budget.js';
import { slimAttributes, slimProjection, type SlimRow } from '../../../platform/dynamo/slim-projection.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';
import { slimAttributesOf, type SlimRebuilder } from '../../../platform/dynamo/slim-backfill.js';

/** Product fields copied onto its stock item; the product write that changes them updates the copy. */
export interface ProductCopy {
  productName: string;
  productSku: string;
  productActive: boolean;
  productType: ProductType;
  isBatchTracked: boolean;
}

export interface ProductStock extends ProductCopy {
  productId: string;
  levels: StockLevels;
  /** 0 when no stock item exists yet. */
  version: number;
}

export const copyOf = (product: {
  name: string;
  sku: string;
  isActive: boolean;
  productType: ProductType;
  isBatchTracked: boolean;
}): ProductCopy => ({
  productName: product.name,
  productSku: product.sku,
  productActive: product.isActive,
  productType: product.productType,
  isBatchTracked: product.isBatchTracked,
});

export const emptyStock = (productId: string, copy: ProductCopy): ProductStock => ({
  productId,
  ...copy,
  levels: {},
  version: 0,
});

/** A product's stock lives beside it, in the product's partition. */
export const productStockKey = (orgId: string, productId: string): Key => ({
  PK: `${tenantPrefix(orgId)}#PRODUCT#${productId}`,
  SK: 'STOCK',
});
export const stockCollection = (orgId: string) => `${tenantPrefix(orgId)}#STOCK`;

/** The stock ledger: one partition per organisation, sorted by time. */
export const ledgerCollection = (orgId: string) => `${tenantPrefix(orgId)}#LEDGER`;
const ledgerKey = (orgId: string, at: string, sourceType: string, sourceId: string): Key => ({
  PK: ledgerCollection(orgId),
  SK: `${at}#${sourceType}#${sourceId}`,
});

export const productStocks = entity<ProductStock>({
  name: 'ProductStock',
  fields: [
    'productId',
    'productName',
    'productSku',
    'productActive',
    'productType',
    'isBatchTracked',
    'levels',
    'version',
  ],
  defaults: { levels: {} },
  key: (orgId, stock) => productStockKey(orgId, stock.productId),
  indexes: (orgId, stock) => {
    const totals = stockTotals(stock.levels);
    const levels = Object.values(stock.levels);
    const updatedAt = levels.reduce<string | null>(
      (m, l) => (m === null || l.updatedAt > m ? l.updatedAt : m),
      null,
    );
    const collection = stockCollection(orgId);
    return {
      ...totals,
      updatedAt,
      warehouseIds: [...new Set(levels.map((l) => l.warehouseId))],
      // Per location, what an increment's condition compares against (stockIncrement): a condition cannot
      // subtract reserved from on hand itself.
      availableAt: Object.fromEntries(
        Object.entries(stock.levels).map(([key, l]) => [key, roundQuantity(l.onHand - l.reserved)]),
      ),
      searchText: `${stock.productName}\n${stock.productSku}`.toLowerCase(),
      // Sparse: only products that have ever held stock appear in the stock-on-hand indexes.
      ...(levels.length > 0
        ? {
            GSI1PK: collection,
            GSI1SK: sortKey(stock.productName.toLowerCase(), stock.productId),
            GSI4PK: collection,
            GSI4SK: sortKey(updatedAt!, stock.productId),
            ...slimAttributes(collection, stockSlim(stock)),
          }
        : {}),
    };
  },
});

/** Kept for the callers that decode stock items they read with others. */
export const stockFromItem = productStocks.fromItem;

const stockItem = (orgId: string, stock: ProductStock, version: number) =>
  productStocks.toItem(orgId, { ...stock, version });

/**
 * Replaces the stock item as read at `stock.version` (0: must not exist yet). `decidedWith` are the product
 * rules a stock movement was decided with: the write fails unless the item's copies still hold them.
 */
export function stockPut(
  orgId: string,
  stock: ProductStock,
  decidedWith?: Pick<ProductCopy, 'productType' | 'isBatchTracked'>,
): TransactItem {
  if (stock.version === 0) {
    // A product write changing the rules creates the item, so its absence also means the rules are unchanged.
    return {
      Put: {
        TableName: tableName(),
        Item: stockItem(orgId, stock, 1),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }
  return {
    Put: {
      TableName: tableName(),
      Item: stockItem(orgId, stock, stock.version + 1),
      ConditionExpression: decidedWith
        ? 'version = :v AND productType = :type AND isBatchTracked = :tracked'
        : 'version = :v',
      ExpressionAttributeValues: {
        ':v': stock.version,
        ...(decidedWith ? { ':type': decidedWith.productType, ':tracked': decidedWith.isBatchTracked } : {}),
      },
    },
  };
}

/**
 * Adds a plan's changes to the stock item as it is when the write lands, instead of replacing it as read:
 * concurrent adjustments and reservations of one product then all land, where version-conditioned puts
 * would void each other's reads (issue 29 item 2). The condition is the stock rule (incrementGuard) plus
 * the product rules the plan was decided with, not the version; the version still moves, so every put
 * decided on an older read (a new location, a lot, a product write) fails and decides again.
 *
 * What is derived from every location moves by the same amounts: the totals, each location's available,
 * and the slim row of the location's warehouse and bin (its index in the row list is checked, since a put
 * may reorder the list). updatedAt and its index key take the time of this write (a write landing after a
 * later-stamped one leaves them a few milliseconds early). Null when an increment cannot say the change:
 * a new location, a lot's location (lot status flips and quarantines are decided on the version), or an
 * item written before availableAt existed; the caller puts the whole stock instead.
 */
export function stockIncrement(
  orgId: string,
  stock: ProductStock,
  item: Record<string, unknown> | undefined,
  deltas: LevelDelta[],
  decidedWith: Pick<ProductCopy, 'productType' | 'isBatchTracked'>,
  at: string,
): TransactItem | null {
  if (!item || stock.version === 0 || item.version !== stock.version || deltas.length === 0) return null;
  const available = item.availableAt;
  const slim = item.slim;
  if (!isMap(available) || !isMap(slim) || !Array.isArray(slim.rows)) return null;
  const rows: unknown[] = slim.rows;
  const names: Record<string, string> = {
    '#levels': 'levels',
    '#onHand': 'onHand',
    '#reserved': 'reserved',
    '#updatedAt': 'updatedAt',
    '#available': 'availableAt',
    '#slim': 'slim',
    '#rows': 'rows',
    '#version': 'version',
    '#type': 'productType',
    '#tracked': 'isBatchTracked',
  };
  const values: Record<string, unknown> = {
    ':at': at,
    ':one': 1,
    ':type': decidedWith.productType,
    ':tracked': decidedWith.isBatchTracked,
    ':gsi4': sortKey(at, stock.productId),
    ':gsi5': sortKey(new Date().toISOString(), stock.productId),
  };
  const sets = ['#updatedAt = :at', 'GSI4SK = :gsi4', 'GSI5SK = :gsi5', '#version = #version + :one'];
  const conditions = ['#type = :type', '#tracked = :tracked'];
  let onHandTotal = 0;
  let reservedTotal = 0;
  for (const [i, d] of deltas.entries()) {
    const { warehouseId, binId, batchId } = d.before;
    if (batchId !== null || typeof available[d.key] !== 'number') return null;
    const row = rows.findIndex((r) => Array.isArray(r) && r[0] === warehouseId && r[1] === binId);
    if (row < 0) return null;
    names[`#l${i}`] = d.key;
    const level = `#levels.#l${i}`;
    const slimRow = `#slim.#rows[${row}]`;
    values[`:on${i}`] = d.onHandDelta;
    values[`:res${i}`] = d.reservedDelta;
    values[`:av${i}`] = roundQuantity(d.onHandDelta - d.reservedDelta);
    values[`:wh${i}`] = warehouseId;
    sets.push(
      `${level}.#onHand = ${level}.#onHand + :on${i}`,
      `${level}.#reserved = ${level}.#reserved + :res${i}`,
      `${level}.#updatedAt = :at`,
      `#available.#l${i} = #available.#l${i} + :av${i}`,
      `${slimRow}[2] = ${slimRow}[2] + :on${i}`,
      `${slimRow}[3] = ${slimRow}[3] + :res${i}`,
      `${slimRow}[4] = :at`,
    );
    conditions.push(`attribute_exists(${level})`, `${slimRow}[0] = :wh${i}`);
    if (binId === null) {
      values[':null'] = 'NULL';
      conditions.push(`attribute_type(${slimRow}[1], :null)`);
    } else {
      values[`:bin${i}`] = binId;
      conditions.push(`${slimRow}[1] = :bin${i}`);
    }
    const guard = incrementGuard(d.onHandDelta, d.reservedDelta);
    if (guard.minReserved !== null) {
      values[`:minRes${i}`] = guard.minReserved;
      conditions.push(`${level}.#reserved >= :minRes${i}`);
    }
    if (guard.minAvailable !== null) {
      values[`:minAv${i}`] = guard.minAvailable;
      conditions.push(`#available.#l${i} >= :minAv${i}`);
    }
    onHandTotal = roundQuantity(onHandTotal + d.onHandDelta);
    reservedTotal = roundQuantity(reservedTotal + d.reservedDelta);
  }
  values[':onTotal'] = onHandTotal;
  values[':resTotal'] = reservedTotal;
  sets.push('#onHand = #onHand + :onTotal', '#reserved = #reserved + :resTotal');
  return {
    Update: {
      TableName: tableName(),
      Key: productStockKey(orgId, stock.productId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Moves the stock item on one version without changing its quantities (updatedAt stays: it tracks
 * quantity changes only). A batch status action writes it so that every stock write decided on the lot's
 * old status (a reservation or pick on a lot just quarantined) fails its version condition and decides
 * again. A product without a stock item gets its empty one, which is what a product write does too.
 */
export function stockVersionBump(orgId: string, stock: ProductStock): TransactItem {
  if (stock.version === 0) return stockPut(orgId, stock);
  return {
    Update: {
      TableName: tableName(),
      Key: productStockKey(orgId, stock.productId),
      UpdateExpression: 'SET version = :next',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': stock.version, ':next': stock.version + 1 },
    },
  };
}

/**
 * One ledger item per stock-moving document: every movement of the write, signed, with its source. The
 * stock-movement and at-date reports read the organisation's ledger partition by time range.
 */
export interface LedgerEntry {
  orgId: string;
  at: string;
  sourceType: string;
  sourceId: string;
  sourceNumber: string | null;
  movements: Movement[];
}

export const ledgerEntries = entity<LedgerEntry>({
  name: 'LedgerEntry',
  fields: allFields<LedgerEntry>()(['orgId', 'at', 'sourceType', 'sourceId', 'sourceNumber', 'movements']),
  defaults: { movements: [] },
  key: (orgId, entry) => ledgerKey(orgId, entry.at, entry.sourceType, entry.sourceId),
  indexes: (_orgId, entry) => ({ productIds: [...new Set(entry.movements.map((m) => m.productId))] }),
});

/** A stock write's ledger entry, created in the write's transaction. */
export const ledgerPut = (orgId: string, entry: Omit<LedgerEntry, 'orgId'>): TransactItem =>
  ledgerEntries.createItem(orgId, { orgId, ...entry });

export async function listLedger(orgId: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': ledgerCollection(orgId) },
  });
}

/**
 * A stock item's row in the slim projection: the product copy the list filters and sorts on and its
 * levels without lots, summed per warehouse and bin (what a stock-on-hand row shows before its batches).
 */
interface StockSlim extends SlimRow {
  name: string;
  sku: string;
  active: boolean;
  /** [warehouseId, binId, onHand, reserved, updatedAt] per warehouse and bin */
  rows: [string, string | null, number, number, string][];
}

function stockSlim(stock: ProductStock): StockSlim {
  const rows = new Map<string, StockSlim['rows'][number]>();
  for (const l of Object.values(stock.levels)) {
    const key = locationKey(l.warehouseId, l.binId, null);
    const row = rows.get(key) ?? [l.warehouseId, l.binId, 0, 0, l.updatedAt];
    row[2] = roundQuantity(row[2] + l.onHand);
    row[3] = roundQuantity(row[3] + l.reserved);
    if (l.updatedAt > row[4]) row[4] = l.updatedAt;
    rows.set(key, row);
  }
  return {
    id: stock.productId,
    name: stock.productName,
    sku: stock.productSku,
    active: stock.productActive,
    rows: [...rows.values()],
  };
}

/**
 * The stock-on-hand sources of every stocked product that passes the product filters, from the slim
 * projection: the product copy and lot-less levels, enough to select, count, sort and page the rows; the
 * page's stock items are then read by key for their lots. Null when the collection is too large to hold.
 */
export async function projectedStockSources(
  orgId: string,
  filter: Pick<StockListFilter, 'search' | 'warehouseId' | 'includeInactiveProducts'>,
): Promise<{ sources: StockSource[]; forget: (ids: string[]) => void } | null> {
  const projection = await slimProjection(stockCollection(orgId));
  if (!projection) return null;
  const needle = filter.search?.toLowerCase();
  const sources: StockSource[] = [];
  for (const row of projection.rows()) {
    const r = row as StockSlim;
    if (!filter.includeInactiveProducts && !r.active) continue;
    if (needle && !`${r.name}\n${r.sku}`.toLowerCase().includes(needle)) continue;
    if (filter.warehouseId && !r.rows.some(([w]) => w === filter.warehouseId)) continue;
    const levels: StockLevels = {};
    for (const [warehouseId, binId, onHand, reserved, updatedAt] of r.rows) {
      levels[locationKey(warehouseId, binId, null)] = {
        warehouseId,
        binId,
        batchId: null,
        onHand,
        reserved,
        updatedAt,
      };
    }
    sources.push({ productId: r.id, productName: r.name, levels });
  }
  return { sources, forget: (ids) => projection.forget(ids) };
}

/**
 * The stock items of the products holding stock in a warehouse (they name its lots: a lot has no warehouse
 * of its own), reading at most `budget` of them. The stock projection names the products with stock on
 * hand there and only their items are read, by key; without a projection (a collection larger than a
 * container holds, or awaiting its snapshot) the stock index is read within the budget, filtered by
 * warehouse. ListTooBroad past the budget either way, before any item is read by key; and past the
 * request's bytes while the items are read by key (batch-get.ts).
 */
export async function stockedInWarehouse(
  orgId: string,
  warehouseId: string,
  budget: number,
): Promise<ProductStock[]> {
  const projection = await slimProjection(stockCollection(orgId));
  if (!projection) {
    const filter: StockListFilter = {
      sortBy: 'productName',
      ascending: true,
      warehouseId,
      includeInactiveProducts: true,
    };
    return listStockItems(orgId, filter, { maxScanned: budget });
  }
  const named: string[] = [];
  for (const row of projection.rows()) {
    // A location row sums its lots and the lot-less level, none negative: a lot on hand there shows.
    if ((row as StockSlim).rows.some(([w, , onHand]) => w === warehouseId && onHand > 0)) named.push(row.id);
  }
  if (named.length > budget) throw new ListTooBroad(budget);
  const found = await productStocks.batchGetByKeys(
    named.map((id) => productStockKey(orgId, id)),
    { budget },
  );
  const stocks = [...found.values()];
  if (stocks.length < named.length) {
    const read = new Set(stocks.map((s) => s.productId));
    projection.forget(named.filter((id) => !read.has(id)));
  }
  return stocks;
}

export interface StockListFilter {
  sortBy: 'productName' | 'updatedAt';
  ascending: boolean;
  search?: string;
  warehouseId?: string;
  includeInactiveProducts: boolean;
  modifiedSince?: Date;
}

/**
 * Stock items of products that hold or held stock, in product-name or updatedAt order. modifiedSince
 * narrows the updatedAt index range; the other filters run as a FilterExpression. With a budget, at most
 * that many items are read (ListTooBroad past it).
 */
export async function listStockItems(
  orgId: string,
  filter: StockListFilter,
  budget: ScanBudget = {},
): Promise<ProductStock[]> {
  const index = filter.sortBy === 'productName' ? 'GSI1' : 'GSI4';
  const names: Record<string, string> = { '#pk': `${index}PK` };
  const values: Record<string, unknown> = { ':pk': stockCollection(orgId) };
  const conditions: string[] = [];
  let keyCondition = '#pk = :pk';
  if (filter.modifiedSince) {
    values[':since'] = filter.modifiedSince.toISOString();
    if (index === 'GSI4') {
      names['#sk'] = 'GSI4SK';
      keyCondition += ' AND #sk >= :since';
    } else conditions.push('updatedAt >= :since');
  }
  if (!filter.includeInactiveProducts) {
    values[':active'] = true;
    conditions.push('productActive = :active');
  }
  if (filter.search) {
    values[':search'] = filter.search.toLowerCase();
    conditions.push('contains(searchText, :search)');
  }
  if (filter.warehouseId) {
    values[':wh'] = filter.warehouseId;
    conditions.push('contains(warehouseIds, :wh)');
  }
  const items = await queryAll(
    {
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: keyCondition,
      FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: filter.ascending,
    },
    budget,
  );
  return items.map(stockFromItem);
}

/** A stored stock item's slim row, rebuilt from the item; none while it never held stock. */
export const stockSlimRebuilder: SlimRebuilder = (orgId, item) => {
  const stock = stockFromItem(item);
  return slimAttributesOf(stockItem(orgId, stock, stock.version));
};
