import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ProductState, ProductUsage } from '../../domain/products/product.js';
import { uniqueName, uniqueSku } from '../../domain/products/product.js';
import { db } from './client.js';
import { keys, sortKey, type Key } from './keys.js';
import { queryWindow } from './query-window.js';
import { tableName } from './table-definition.js';
import type { TransactItem } from './transactions.js';

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

const INTERNAL = new Set([
  'PK',
  'SK',
  'GSI1PK',
  'GSI1SK',
  'GSI2PK',
  'GSI2SK',
  'GSI3PK',
  'GSI3SK',
  'GSI4PK',
  'GSI4SK',
  'entity',
  'orgId',
  'searchText',
  'skuKey',
  'barcodeKey',
]);

export function productItem(orgId: string, record: ProductRecord): Record<string, unknown> {
  const collection = keys.productCollection(orgId);
  return {
    ...keys.product(orgId, record.id),
    entity: 'Product',
    orgId,
    ...record,
    GSI1PK: collection,
    GSI1SK: sortKey(record.name.toLowerCase(), record.id),
    GSI2PK: collection,
    GSI2SK: sortKey(record.sku.toLowerCase(), record.id),
    GSI3PK: collection,
    GSI3SK: sortKey(record.createdAt, record.id),
    GSI4PK: collection,
    GSI4SK: sortKey(record.updatedAt, record.id),
    searchText: [record.name, record.sku, record.barcode ?? ''].join('\n').toLowerCase(),
    skuKey: record.sku.toLowerCase(),
    barcodeKey: record.barcode?.toLowerCase() ?? null,
  };
}

export const productFromItem = (item: Record<string, unknown>): ProductRecord =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !INTERNAL.has(k))) as unknown as ProductRecord;

export async function getProduct(orgId: string, id: string): Promise<ProductRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.product(orgId, id), ConsistentRead: true }),
  );
  return Item ? productFromItem(Item) : null;
}

export interface BomLine {
  componentProductId: string;
  quantity: number;
  wastagePercent: number;
  isPhantom: boolean;
  sortOrder: number;
  group: string | null;
}

/** A supplier's terms for the product, as held in the product's partition (see keys.productSupplier). */
export interface ProductSupplierLink {
  supplierId: string;
  supplierSku: string | null;
  supplierPrice: number;
  leadTimeDays: number | null;
  minOrderQty: number | null;
}

/** The product, its BOM lines and its supplier links in one query of the product's partition. */
export async function getProductWithBom(
  orgId: string,
  id: string,
): Promise<{ product: ProductRecord; bom: BomLine[]; suppliers: ProductSupplierLink[] } | null> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.product(orgId, id).PK },
    }),
  );
  const product = Items.find((i) => i.SK === 'PRODUCT');
  if (!product) return null;
  return {
    product: productFromItem(product),
    bom: (Items.find((i) => i.SK === 'BOM')?.lines ?? []) as BomLine[],
    suppliers: Items.filter((i) => (i.SK as string).startsWith('SUPPLIER#')).map((i) => ({
      supplierId: i.supplierId as string,
      supplierSku: (i.supplierSku as string | null) ?? null,
      supplierPrice: i.supplierPrice as number,
      leadTimeDays: (i.leadTimeDays as number | null) ?? null,
      minOrderQty: (i.minOrderQty as number | null) ?? null,
    })),
  };
}

/** Batch-reads items by key (chunks of 100, unprocessed keys retried), keyed by PK + SK. */
export async function batchGet(requested: Key[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(requested.map((k) => [`${k.PK}|${k.SK}`, k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Key[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      if (attempt > 8) throw new Error('BatchGet kept returning unprocessed keys');
      const result = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) found.set(`${item.PK}|${item.SK}`, item);
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  }
  return found;
}

export const keyId = (key: Key): string => `${key.PK}|${key.SK}`;

/** Products and their BOMs for the given ids (one batch read per 50 products). */
export async function getProductsWithBoms(
  orgId: string,
  ids: string[],
): Promise<Map<string, { product: ProductRecord; bom: BomLine[] }>> {
  const found = await batchGet(ids.flatMap((id) => [keys.product(orgId, id), keys.productBom(orgId, id)]));
  const result = new Map<string, { product: ProductRecord; bom: BomLine[] }>();
  for (const id of ids) {
    const product = found.get(keyId(keys.product(orgId, id)));
    if (!product) continue;
    const bom = found.get(keyId(keys.productBom(orgId, id)));
    result.set(id, { product: productFromItem(product), bom: (bom?.lines ?? []) as BomLine[] });
  }
  return result;
}

export function productBomPut(orgId: string, productId: string, lines: BomLine[]): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.productBom(orgId, productId), entity: 'ProductBom', orgId, lines },
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
const guardDelete = (key: Key, productId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: key,
    ConditionExpression: 'productId = :id',
    ExpressionAttributeValues: { ':id': productId },
  },
});

export const skuGuard = (orgId: string, sku: string) => keys.productSkuGuard(orgId, uniqueSku(sku));
export const nameGuard = (orgId: string, name: string) => keys.productNameGuard(orgId, uniqueName(name));

/** Transaction items that create a product with its uniqueness guards. Indexes: 0 product, 1 sku, 2 name. */
export function productCreateItems(orgId: string, record: ProductRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: productItem(orgId, record),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    guardPut(skuGuard(orgId, record.sku), record.id),
    guardPut(nameGuard(orgId, record.name), record.id),
  ];
}

/**
 * Transaction items that replace a product, conditioned on the version it was read at, moving the
 * uniqueness guards when sku or name change. Returns which item index guards which rule.
 */
export function productReplaceItems(
  orgId: string,
  previous: ProductRecord,
  next: ProductRecord,
): { items: TransactItem[]; skuIndex: number | null; nameIndex: number | null } {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: productItem(orgId, next),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': previous.version },
      },
    },
  ];
  let skuIndex: number | null = null;
  let nameIndex: number | null = null;
  if (uniqueSku(previous.sku) !== uniqueSku(next.sku)) {
    skuIndex = items.push(guardPut(skuGuard(orgId, next.sku), next.id)) - 1;
    items.push(guardDelete(skuGuard(orgId, previous.sku), previous.id));
  }
  if (uniqueName(previous.name) !== uniqueName(next.name)) {
    nameIndex = items.push(guardPut(nameGuard(orgId, next.name), next.id)) - 1;
    items.push(guardDelete(nameGuard(orgId, previous.name), previous.id));
  }
  return { items, skuIndex, nameIndex };
}

export interface ProductFilter {
  search?: string;
  sku?: string;
  barcode?: string;
  categoryId?: string;
  productType?: string;
  isActive?: boolean;
  modifiedSince?: Date;
}

export async function listProducts(
  orgId: string,
  filter: ProductFilter,
  sort: { by: ProductSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: ProductRecord[]; total: number }> {
  const index = PRODUCT_SORT_INDEX[sort.by];
  const names: Record<string, string> = { '#pk': `${index}PK` };
  const values: Record<string, unknown> = { ':pk': keys.productCollection(orgId) };
  const conditions: string[] = [];
  let keyCondition = '#pk = :pk';
  if (filter.modifiedSince) {
    values[':since'] = filter.modifiedSince.toISOString();
    if (sort.by === 'updatedAt') {
      names['#sk'] = `${index}SK`;
      keyCondition += ' AND #sk >= :since';
    } else conditions.push('updatedAt >= :since');
  }
  const equal = (attribute: string, value: unknown) => {
    const placeholder = `:${attribute}`;
    values[placeholder] = value;
    conditions.push(`${attribute} = ${placeholder}`);
  };
  if (filter.isActive !== undefined) equal('isActive', filter.isActive);
  if (filter.sku !== undefined) equal('skuKey', filter.sku.toLowerCase());
  if (filter.barcode !== undefined) equal('barcodeKey', filter.barcode.toLowerCase());
  if (filter.categoryId !== undefined) equal('categoryId', filter.categoryId);
  if (filter.productType !== undefined) equal('productType', filter.productType);
  if (filter.search) {
    values[':search'] = filter.search.toLowerCase();
    conditions.push('contains(searchText, :search)');
  }
  const { items, total } = await queryWindow(
    {
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: keyCondition,
      FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: sort.ascending,
    },
    window.offset,
    window.limit,
  );
  return { items: items.map(productFromItem), total };
}

/**
 * What stock, lots and orders say about a product (the seam for Product rules 3 and 5 and deactivation).
 * No area that holds stock or order lines exists yet, so nothing blocks; the inventory and order areas
 * answer here when they arrive.
 */
export async function loadProductUsage(_orgId: string, _productId: string): Promise<ProductUsage> {
  return {
    stockOnHand: 0,
    reservedQuantity: 0,
    lotQuantity: 0,
    openSalesOrderLines: 0,
    openPurchaseOrderLines: 0,
    stockReturningCredits: 0,
  };
}
