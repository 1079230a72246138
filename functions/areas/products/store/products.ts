import { GetCommand, QueryCommand } from '../../../platform/dynamo/commands.js';
import type { ProductState, ProductUsage } from '../../../../domain/products/product.js';
import { uniqueName, uniqueSku } from '../../../../domain/products/product.js';
import { changedFields } from '../../../../domain/changed-fields.js';
import { batchGet, keyId } from '../../../platform/dynamo/batch-get.js';
import { db } from '../../../platform/dynamo/client.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { sortKey, tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { indexQuery } from '../../../platform/dynamo/index-query.js';
import { hasListCursor, queryWindow, readPage } from '../../../platform/dynamo/query-window.js';
import { ListTooBroad, listScanBudget, projectedListTooBroad } from '../../../platform/dynamo/list-budget.js';
import {
  slimAttributes,
  slimProjection,
  windowOf,
  type SlimRow,
} from '../../../platform/dynamo/slim-projection.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type TransactItem, type WriteItem } from '../../../platform/dynamo/transact.js';
import { conflict } from '../../../../domain/errors.js';
import { stockTotals } from '../../../../domain/inventory/stock.js';
import {
  copyOf,
  emptyStock,
  productStockKey,
  stockFromItem,
  stockPut,
  type ProductStock,
} from '../../inventory/public.js';
import { slimAttributesOf, type SlimRebuilder } from '../../../platform/dynamo/slim-backfill.js';

export interface NamedRef {
  id: string;
  name: string;
}
export interface UomRef extends NamedRef {
  abbreviation: string;
  type: string;
}

/** A product as stored: its state plus copies of the reference data it shows (immutable once created). */
export interface ProductRecord extends ProductState {
  category: NamedRef | null;
  unitOfMeasure: UomRef | null;
  purchaseUom: UomRef | null;
  saleUom: UomRef | null;
}

/** The four generic GSIs hold the product sorts: name, sku, createdAt, updatedAt. */
export const PRODUCT_SORT_INDEX = {
  name: 'GSI1',
  sku: 'GSI2',
  createdAt: 'GSI3',
  updatedAt: 'GSI4',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORT_INDEX;

/**
 * A product's row in the slim projection: every list filter and the four sort values, short names because
 * it is stored twice (item and GSI5). The sort values leave out the index keys' id suffix (the projection
 * breaks ties on the row's id, the same order): 100 bytes less on every product write.
 */
interface ProductSlim extends SlimRow {
  /** the values GSI1SK..GSI4SK sort by: lowercased name and sku (also skuKey), createdAt, updatedAt */
  n: string;
  s: string;
  c: string;
  u: string;
  /**
   * Rows written before session 43 also carry `t` (searchText) and `k` (skuKey), which `n`, `s` and `b`
   * give: the list derives them (`searchTextOf`), and a row without them packs ~22% smaller.
   */
  t?: string;
  k?: string;
  /** barcodeKey, categoryId, productType, isActive */
  b: string | null;
  g: string | null;
  p: string;
  a: boolean;
}

export const productKey = (orgId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#PRODUCT#${id}`,
  SK: 'PRODUCT',
});
const productBomKey = (orgId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#PRODUCT#${id}`,
  SK: 'BOM',
});
export const productCollection = (orgId: string) => `${tenantPrefix(orgId)}#PRODUCT`;
/** Maintained counts, so list totals need no count query. */
export const productCountsKey = (orgId: string): Key => ({
  PK: `${tenantPrefix(orgId)}#COUNTS`,
  SK: 'PRODUCT',
});

const PRODUCT_FIELDS = allFields<ProductRecord>()([
  'id',
  'sku',
  'name',
  'description',
  'categoryId',
  'unitOfMeasureId',
  'purchaseUomId',
  'saleUomId',
  'preferredSupplierId',
  'unitsPerPurchaseUom',
  'unitsPerSaleUom',
  'productType',
  'isBomProduct',
  'isBatchTracked',
  'requiresSerialTracking',
  'requiresInspection',
  'defaultPrice',
  'costPrice',
  'taxRate',
  'weight',
  'barcode',
  'minStockLevel',
  'maxStockLevel',
  'reorderQuantity',
  'notes',
  'imageUrl',
  'allocationPolicy',
  'containsAllergens',
  'mayContainAllergens',
  'allergenReviewed',
  'requiresAllergenCheck',
  'requiresFinalQC',
  'requiresLineClearance',
  'expiryRequired',
  'shelfLifeDays',
  'isActive',
  'storageCondition',
  'version',
  'createdAt',
  'updatedAt',
  'category',
  'unitOfMeasure',
  'purchaseUom',
  'saleUom',
]);

export const products = entity<ProductRecord>({
  name: 'Product',
  fields: PRODUCT_FIELDS,
  // Items written before a field existed lack it; the record leaves it out rather than inventing a null.
  absent: 'omit',
  key: (orgId, record) => productKey(orgId, record.id),
  indexes: (orgId, record) => {
    const collection = productCollection(orgId);
    const slim = productSlim(record);
    return {
      GSI1PK: collection,
      GSI2PK: collection,
      GSI3PK: collection,
      GSI4PK: collection,
      GSI1SK: sortKey(record.name.toLowerCase(), record.id),
      GSI2SK: sortKey(record.sku.toLowerCase(), record.id),
      GSI3SK: sortKey(record.createdAt, record.id),
      GSI4SK: sortKey(record.updatedAt, record.id),
      searchText: searchTextOf(slim),
      skuKey: record.sku.toLowerCase(),
      barcodeKey: record.barcode?.toLowerCase() ?? null,
      ...slimAttributes(collection, slim),
    };
  },
});

export const productItem = products.toItem;
export const productFromItem = products.fromItem;

function productSlim(record: ProductRecord): ProductSlim {
  return {
    id: record.id,
    n: record.name.toLowerCase(),
    s: record.sku.toLowerCase(),
    c: record.createdAt,
    u: record.updatedAt,
    b: record.barcode?.toLowerCase() ?? null,
    g: record.categoryId ?? null,
    p: record.productType,
    a: record.isActive,
  };
}

/**
 * A product's search text (name, sku and barcode, lowercased), from the slim row: the item's `searchText`
 * (what the index reads above the ceiling filter on) and what the projected list searches, one definition.
 */
const searchTextOf = (row: ProductSlim): string => `${row.n}\n${row.s}\n${row.b ?? ''}`;

export async function getProduct(orgId: string, id: string): Promise<ProductRecord | null> {
  return products.getByKey(productKey(orgId, id));
}

export interface BomLine {
  componentProductId: string;
  quantity: number;
  wastagePercent: number;
  isPhantom: boolean;
  sortOrder: number;
  group: string | null;
}

/** A supplier's terms for the product, as held in the product's partition (see productSupplierKey in suppliers/store/suppliers.ts). */
export interface ProductSupplierLink {
  supplierId: string;
  supplierSku: string | null;
  supplierPrice: number;
  leadTimeDays: number | null;
  minOrderQty: number | null;
}

/** The product, its BOM lines, its stock and its supplier links in one query of the product's partition. */
export async function getProductWithBom(
  orgId: string,
  id: string,
): Promise<{
  product: ProductRecord;
  bom: BomLine[];
  stock: ProductStock | null;
  suppliers: ProductSupplierLink[];
} | null> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': productKey(orgId, id).PK },
      ConsistentRead: true,
    }),
  );
  const product = Items.find((i) => i.SK === 'PRODUCT');
  if (!product) return null;
  const stock = Items.find((i) => i.SK === 'STOCK');
  return {
    product: productFromItem(product),
    bom: (Items.find((i) => i.SK === 'BOM')?.lines ?? []) as BomLine[],
    stock: stock ? stockFromItem(stock) : null,
    suppliers: Items.filter((i) => (i.SK as string).startsWith('SUPPLIER#')).map((i) => ({
      supplierId: i.supplierId as string,
      supplierSku: (i.supplierSku as string | null) ?? null,
      supplierPrice: i.supplierPrice as number,
      leadTimeDays: (i.leadTimeDays as number | null) ?? null,
      minOrderQty: (i.minOrderQty as number | null) ?? null,
    })),
  };
}

/** Products and their BOMs for the given ids (one batch read per 50 products). */
export async function getProductsWithBoms(
  orgId: string,
  ids: string[],
): Promise<Map<string, { product: ProductRecord; bom: BomLine[] }>> {
  const found = await batchGet(ids.flatMap((id) => [productKey(orgId, id), productBomKey(orgId, id)]));
  const result = new Map<string, { product: ProductRecord; bom: BomLine[] }>();
  for (const id of ids) {
    const product = found.get(keyId(productKey(orgId, id)));
    if (!product) continue;
    const bom = found.get(keyId(productBomKey(orgId, id)));
    result.set(id, { product: productFromItem(product), bom: (bom?.lines ?? []) as BomLine[] });
  }
  return result;
}

export function productBomPut(orgId: string, productId: string, lines: BomLine[]): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...productBomKey(orgId, productId), entity: 'ProductBom', orgId, lines },
    },
  };
}

const guardPut = (key: Key, productId: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...key, entity: 'UniqueGuard', productId },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});
/** A product's sku and its case-insensitive name are each unique in the organisation (409 conflict). */
const skuGuardPut = (orgId: string, sku: string, productId: string): WriteItem =>
  guard(guardPut(skuGuard(orgId, sku), productId), () =>
    conflict(`A product with sku '${sku}' already exists`),
  );
const nameGuardPut = (orgId: string, name: string, productId: string): WriteItem =>
  guard(guardPut(nameGuard(orgId, name), productId), () =>
    conflict(`A product named '${name}' already exists (names are case-insensitive)`),
  );
const guardDelete = (key: Key, productId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: key,
    ConditionExpression: 'productId = :id',
    ExpressionAttributeValues: { ':id': productId },
  },
});

export const skuGuard = (orgId: string, sku: string): Key => ({
  PK: `${tenantPrefix(orgId)}#PRODUCT_SKU#${uniqueSku(sku)}`,
  SK: 'GUARD',
});
export const nameGuard = (orgId: string, name: string): Key => ({
  PK: `${tenantPrefix(orgId)}#PRODUCT_NAME#${uniqueName(name)}`,
  SK: 'GUARD',
});

/**
 * Moves the maintained product counts (all, active) in the same transaction as the change. Every
 * deactivation also bumps `deactivations`, which sales-order create checks unchanged since its read
 * (productDeactivationsUnchanged), so no order commits against a product deactivated meanwhile.
 */
const countsUpdate = (orgId: string, all: number, active: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: productCountsKey(orgId),
    UpdateExpression: `ADD #all :all, #active :active${active < 0 ? ', #deactivations :one' : ''}`,
    ExpressionAttributeNames: {
      '#all': 'all',
      '#active': 'active',
      ...(active < 0 ? { '#deactivations': 'deactivations' } : {}),
    },
    ExpressionAttributeValues: { ':all': all, ':active': active, ...(active < 0 ? { ':one': 1 } : {}) },
  },
});

/** The deactivation counter as read from the product counts item (0 when never bumped). */
export const deactivationsOf = (countsItem: Record<string, unknown> | undefined): number =>
  (countsItem?.deactivations as number | undefined) ?? 0;

/**
 * The deactivation counter, read on its own and before the products it vouches for. A batch read of the
 * counter beside the products is not enough: BatchGetItem reads each item separately and in no order, so it
 * can see the counter after a deactivation committed and the product before it (active), and the write's
 * unchanged-counter check then passes over a product that is no longer active.
 */
export async function readDeactivations(orgId: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: productCountsKey(orgId), ConsistentRead: true }),
  );
  return deactivationsOf(Item);
}

/** A write's check that no product was deactivated since `read` (a lost race: re-read, 'retry'). */
export const productDeactivationsUnchanged = (orgId: string, read: number): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: productCountsKey(orgId),
    ConditionExpression: read === 0 ? 'attribute_not_exists(#d) OR #d = :read' : '#d = :read',
    ExpressionAttributeNames: { '#d': 'deactivations' },
    ExpressionAttributeValues: { ':read': read },
  },
});

/**
 * Transaction items that create a product with its uniqueness guards, its (empty) stock item and the
 * counts.
 */
export function productCreateItems(orgId: string, record: ProductRecord): WriteItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: productItem(orgId, record),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    skuGuardPut(orgId, record.sku, record.id),
    nameGuardPut(orgId, record.name, record.id),
    stockPut(orgId, emptyStock(record.id, copyOf(record))),
    countsUpdate(orgId, 1, record.isActive ? 1 : 0),
  ];
}

/**
 * Transaction items that replace a product, conditioned on the version it was read at, moving the
 * uniqueness guards when sku or name change. When a field copied onto the stock item changes (name, sku,
 * isActive, productType, isBatchTracked), the stock item is rewritten conditioned on the version read,
 * which also makes the stock-dependent product rules race-free: stock that moved since the check fails
 * the write.
 */
export function productReplaceItems(
  orgId: string,
  previous: ProductRecord,
  next: ProductRecord,
  stock: ProductStock | null,
): WriteItem[] {
  const items: WriteItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: productItem(orgId, next),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': previous.version },
      },
    },
  ];
  if (previous.isActive !== next.isActive) items.push(countsUpdate(orgId, 0, next.isActive ? 1 : -1));
  if (uniqueSku(previous.sku) !== uniqueSku(next.sku)) {
    items.push(skuGuardPut(orgId, next.sku, next.id));
    items.push(guardDelete(skuGuard(orgId, previous.sku), previous.id));
  }
  if (uniqueName(previous.name) !== uniqueName(next.name)) {
    items.push(nameGuardPut(orgId, next.name, next.id));
    items.push(guardDelete(nameGuard(orgId, previous.name), previous.id));
  }
  const copy = copyOf(next);
  if (JSON.stringify(copyOf(previous)) !== JSON.stringify(copy) || stock === null) {
    items.push(stockPut(orgId, { ...(stock ?? emptyStock(next.id, copy)), ...copy }));
  }
  return items;
}

/**
 * Record fields a patch may change without a rule reading any other field, and without the stock item's
 * copies or the uniqueness guards moving: the fields a merge-patch without If-Match can write on its own.
 */
const INDEPENDENT_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'barcode',
  'defaultPrice',
  'costPrice',
  'taxRate',
  'weight',
  'minStockLevel',
  'maxStockLevel',
  'reorderQuantity',
  'notes',
  'imageUrl',
  'requiresInspection',
  'containsAllergens',
  'mayContainAllergens',
  'allergenReviewed',
  'requiresAllergenCheck',
  'requiresFinalQC',
  'requiresLineClearance',
  'expiryRequired',
  'shelfLifeDays',
  'storageCondition',
]);

/** Attributes every write moves whatever it changes: set, never conditioned. */
const MOVED_BY_EVERY_WRITE: ReadonlySet<string> = new Set(['version', 'updatedAt', 'GSI4SK', 'GSI5SK']);

/**
 * Record fields a merge does not condition on: its own kind (independent fields), those every write moves,
 * the identity, and the reference-data copies, which follow the ids they copy (conditioned).
 */
const NOT_DECIDED_ON: ReadonlySet<string> = new Set([
  ...INDEPENDENT_FIELDS,
  ...MOVED_BY_EVERY_WRITE,
  'id',
  'createdAt',
  'category',
  'unitOfMeasure',
  'purchaseUom',
  'saleUom',
]);

/**
 * A merge-patch without If-Match as an update of only what it changes (issue 29 item 2): each changed
 * attribute (record fields, and what is derived from them: search text, index keys, the slim row's
 * fields) is set, and the version moves by one (`version + 1`), so the caller reads the record back for
 * the version it landed at. Independent fields are last writer wins, as a PUT without If-Match is: no rule
 * reads them and no derived value reads two of them (test/unit/products/product-merge.test.ts), so
 * patches of the same or other independent fields never make it fail. It is conditioned instead on every
 * other field (name, sku, type, tracking, units, category, supplier, activity) still holding the value it
 * was decided with: the derived values it writes also read those (the search text reads name and sku), and
 * a write that moved one makes it decide again. Null when the patch changes a field other rules read or
 * other items copy: those keep the version-conditioned replace.
 */
export function productMergeItem(
  orgId: string,
  previous: ProductRecord,
  next: ProductRecord,
): WriteItem | null {
  const changed = changedFields(previous, next).filter((f) => f !== 'version' && f !== 'updatedAt');
  if (changed.length === 0 || changed.some((f) => !INDEPENDENT_FIELDS.has(f))) return null;
  const before = productItem(orgId, previous);
  const after = productItem(orgId, next);
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':one': 1 };
  const sets: string[] = [];
  const removes: string[] = [];
  const conditions: string[] = ['attribute_exists(PK)'];
  let n = 0;
  const name = (attribute: string) => {
    n += 1;
    names[`#a${n}`] = attribute;
    return `#a${n}`;
  };
  const write = (path: string, now: unknown) => {
    if (now === undefined) removes.push(path);
    else {
      values[`:n${n}`] = now;
      sets.push(`${path} = :n${n}`);
    }
  };
  for (const attribute of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (attribute === 'version') continue;
    const was = before[attribute];
    const now = after[attribute];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    if (attribute === 'slim' && isMap(was) && isMap(now)) {
      const slim = name('slim');
      for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
        if (JSON.stringify(was[field]) !== JSON.stringify(now[field]))
          write(`${slim}.${name(field)}`, now[field]);
      }
      continue;
    }
    write(name(attribute), now);
  }
  for (const field of PRODUCT_FIELDS) {
    if (NOT_DECIDED_ON.has(field)) continue;
    const path = name(field);
    const was = before[field];
    if (was === undefined) conditions.push(`attribute_not_exists(${path})`);
    else if (was === null) {
      values[':nullType'] = 'NULL';
      conditions.push(`attribute_type(${path}, :nullType)`);
    } else {
      values[`:o${n}`] = was;
      conditions.push(`${path} = :o${n}`);
    }
  }
  sets.push('#version = #version + :one');
  return {
    Update: {
      TableName: tableName(),
      Key: productKey(orgId, previous.id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ProductFilter {
  search?: string;
  sku?: string;
  barcode?: string;
  categoryId?: string;
  productType?: string;
  isActive?: boolean;
  modifiedSince?: Date;
}

const hasRowFilter = (filter: ProductFilter) =>
  Boolean(
    filter.search ||
    filter.sku !== undefined ||
    filter.barcode !== undefined ||
    filter.categoryId !== undefined ||
    filter.productType !== undefined ||
    filter.modifiedSince,
  );

async function productCounts(orgId: string): Promise<{ all: number; active: number } | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: productCountsKey(orgId) }));
  return Item ? { all: (Item.all as number) ?? 0, active: (Item.active as number) ?? 0 } : null;
}

/**
 * A page of products in the order of the sort's index. Without row filters (only the active flag) the
 * total comes from the maintained counts, read in parallel, and the page reads about pageSize items
 * (sequential pages resume from a remembered cursor). With row filters every matching row is counted.
 */
export async function listProducts(
  orgId: string,
  filter: ProductFilter,
  sort: { by: ProductSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: ProductRecord[]; total: number }> {
  const index = PRODUCT_SORT_INDEX[sort.by];
  const input = indexQuery({
    index,
    partition: productCollection(orgId),
    ascending: sort.ascending,
    modifiedSince: filter.modifiedSince,
    sortsByUpdatedAt: sort.by === 'updatedAt',
    equals: {
      isActive: filter.isActive,
      skuKey: filter.sku?.toLowerCase(),
      barcodeKey: filter.barcode?.toLowerCase(),
      categoryId: filter.categoryId,
      productType: filter.productType,
    },
    search: filter.search,
  });
  const cursorId = `${orgId}|products|${index}|${sort.ascending}|${String(filter.isActive)}`;
  const syncRange = filter.modifiedSince !== undefined && sort.by === 'updatedAt';
  let aboveCeiling = false;
  if (
    (hasRowFilter(filter) && !syncRange) ||
    (!hasRowFilter(filter) && !hasListCursor(cursorId, window.offset))
  ) {
    const projected = await listProjectedProducts(orgId, filter, sort, window);
    if (projected) return projected;
    aboveCeiling = true;
  }
  // Without the projection (above its ceiling, or its snapshot being built) the index read is bounded
  // (list-budget.ts): past the budget the list is refused (400 naming what asked for the read, or 503
  // while the snapshot is built); the sync range is the one filter that narrows the key.
  const budget = aboveCeiling ? { maxScanned: listScanBudget() } : {};
  try {
    if (!hasRowFilter(filter)) {
      const [counts, items] = await Promise.all([
        productCounts(orgId),
        readPage<Record<string, unknown>>(input, {
          ...window,
          ...budget,
          cursorId,
          keyOf: (item) => ({
            PK: item.PK,
            SK: item.SK,
            [`${index}PK`]: item[`${index}PK`],
            [`${index}SK`]: item[`${index}SK`],
          }),
        }),
      ]);
      if (counts) {
        const total =
          filter.isActive === undefined
            ? counts.all
            : filter.isActive
              ? counts.active
              : counts.all - counts.active;
        return { items: items.map(productFromItem), total };
      }
    }
    const { items, total } = await queryWindow(input, window.offset, window.limit, budget);
    return { items: items.map(productFromItem), total };
  } catch (error) {
    if (!(error instanceof ListTooBroad)) throw error;
    throw projectedListTooBroad(
      productCollection(orgId),
      productFilterParameter(filter) ?? (window.offset > 0 ? 'page' : undefined),
      error.budget,
      'modifiedSince and sortBy=updatedAt',
    );
  }
}

/** The first row filter of a product list, by its query parameter's name (undefined: none). */
const productFilterParameter = (filter: ProductFilter): string | undefined =>
  (['search', 'sku', 'barcode', 'categoryId', 'productType', 'modifiedSince'] as const).find(
    (name) => filter[name] !== undefined,
  );

const PRODUCT_SLIM_SORT: Record<ProductSort, 'n' | 's' | 'c' | 'u'> = {
  name: 'n',
  sku: 's',
  createdAt: 'c',
  updatedAt: 'u',
};

/**
 * A page of products counted and paged on the slim projection, then the page's items read by key: the
 * cost is the rows written since the container's last read plus the page, whatever the filter matches.
 * Null when the organisation's products are more than this container holds.
 */
async function listProjectedProducts(
  orgId: string,
  filter: ProductFilter,
  sort: { by: ProductSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: ProductRecord[]; total: number } | null> {
  const projection = await slimProjection(productCollection(orgId));
  if (!projection) return null;
  const search = filter.search?.toLowerCase();
  const sku = filter.sku?.toLowerCase();
  const barcode = filter.barcode?.toLowerCase();
  const since = filter.modifiedSince?.toISOString();
  const matches = (row: SlimRow) => {
    const r = row as ProductSlim;
    return (
      (filter.isActive === undefined || r.a === filter.isActive) &&
      (sku === undefined || r.s === sku) &&
      (barcode === undefined || r.b === barcode) &&
      (filter.categoryId === undefined || r.g === filter.categoryId) &&
      (filter.productType === undefined || r.p === filter.productType) &&
      (since === undefined || r.u >= since) &&
      (search === undefined || searchTextOf(r).includes(search))
    );
  };
  for (;;) {
    const sorted = projection.sortedBy(PRODUCT_SLIM_SORT[sort.by]);
    const { rows, total } = windowOf(sorted, matches, sort.ascending, window);
    const found = await batchGet(rows.map((r) => productKey(orgId, r.id)));
    const gone = rows.filter((r) => !found.has(keyId(productKey(orgId, r.id))));
    if (gone.length === 0) {
      return {
        items: rows.map((r) => productFromItem(found.get(keyId(productKey(orgId, r.id)))!)),
        total,
      };
    }
    projection.forget(gone.map((r) => r.id));
  }
}

/**
 * What stock, lots and orders say about a product (Product rules 3 and 5 and deactivation), from its
 * stock item. Order lines and credits arrive with their areas and answer here too.
 */
export function usageOf(stock: ProductStock | null): ProductUsage {
  const totals = stockTotals(stock?.levels ?? {});
  return {
    stockOnHand: totals.onHand,
    reservedQuantity: totals.reserved,
    lotQuantity: totals.lotQuantity,
    openSalesOrderLines: 0,
    openPurchaseOrderLines: 0,
    stockReturningCredits: 0,
  };
}

export async function loadProductUsage(orgId: string, productId: string): Promise<ProductUsage> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: productStockKey(orgId, productId),
      ConsistentRead: true,
    }),
  );
  return usageOf(Item ? stockFromItem(Item) : null);
}

/** Stock items of a page of products, in one batch read. */
export async function getStocks(orgId: string, productIds: string[]): Promise<Map<string, ProductStock>> {
  const found = await batchGet(productIds.map((id) => productStockKey(orgId, id)));
  const result = new Map<string, ProductStock>();
  for (const item of found.values()) result.set(item.productId as string, stockFromItem(item));
  return result;
}

/**
 * Sets a product's cost price from a stock movement (weighted average cost), as a product change: new
 * version and updatedAt, conditioned on the version whose cost the average was computed from.
 */
export function productCostUpdate(
  orgId: string,
  product: ProductRecord,
  costPrice: number,
  now: string,
): TransactItem {
  // The slim row moves too: the projected lists filter on modifiedSince and sort on updatedAt.
  const slim = slimAttributes(productCollection(orgId), productSlim({ ...product, updatedAt: now }));
  return {
    Update: {
      TableName: tableName(),
      Key: productKey(orgId, product.id),
      UpdateExpression:
        'SET costPrice = :cost, updatedAt = :now, GSI4SK = :g4, version = :next, ' +
        'GSI5PK = :g5pk, GSI5SK = :g5sk, slim = :slim',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: {
        ':cost': costPrice,
        ':now': now,
        ':g4': sortKey(now, product.id),
        ':next': product.version + 1,
        ':v': product.version,
        ':g5pk': slim.GSI5PK,
        ':g5sk': slim.GSI5SK,
        ':slim': slim.slim,
      },
    },
  };
}

/** A stored product's slim row, rebuilt from the item (the backfill of items older than the row). */
export const productSlimRebuilder: SlimRebuilder = (orgId, item) =>
  slimAttributesOf(productItem(orgId, productFromItem(item)));
