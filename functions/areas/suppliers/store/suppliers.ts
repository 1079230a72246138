import { QueryCommand } from '../../../platform/dynamo/commands.js';
import type { SupplierLocation } from '../../../../domain/suppliers/locations.js';
import type { SupplierPrice } from '../../../../domain/suppliers/price-list.js';
import type { SupplierState } from '../../../../domain/suppliers/supplier.js';
import { db } from '../../../platform/dynamo/client.js';
import { codedIndexAttributes } from '../../../platform/dynamo/coded-collection.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type TransactItem, type WriteItem } from '../../../platform/dynamo/transact.js';
import { conflict } from '../../../../domain/errors.js';
import { slimAttributesOf, type SlimRebuilder } from '../../../platform/dynamo/slim-backfill.js';

export const supplierKey = (orgId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#SUPPLIER#${id}`,
  SK: 'SUPPLIER',
});
export const supplierCollection = (orgId: string) => `${tenantPrefix(orgId)}#SUPPLIER`;
const supplierCodeGuardKey = (orgId: string, code: string): Key => ({
  PK: `${tenantPrefix(orgId)}#SUPPLIER_CODE#${code}`,
  SK: 'GUARD',
});
export const supplierLocationKey = (orgId: string, supplierId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#SUPPLIER#${supplierId}`,
  SK: `LOCATION#${id}`,
});
/** A supplier's price-list row, held in the supplier's partition (read with the supplier detail). */
const supplierPriceKey = (orgId: string, supplierId: string, productId: string): Key => ({
  PK: `${tenantPrefix(orgId)}#SUPPLIER#${supplierId}`,
  // Sorts after the SUPPLIER item, so locations and the supplier are one contiguous range without prices.
  SK: `SUPPLIER#PRICE#${productId}`,
});
/** The same link seen from the product, held in the product's partition (read with the product detail). */
const productSupplierKey = (orgId: string, productId: string, supplierId: string): Key => ({
  PK: `${tenantPrefix(orgId)}#PRODUCT#${productId}`,
  SK: `SUPPLIER#${supplierId}`,
});

export const suppliers = entity<SupplierState>({
  name: 'Supplier',
  // In the order a new supplier is written (createSupplier), which a read gives back.
  fields: allFields<SupplierState>()([
    'email',
    'salesContactEmail',
    'phone',
    'address',
    'postcode',
    'department',
    'taxNumber',
    'salesContactName',
    'salesContactPhone',
    'notes',
    'currency',
    'code',
    'name',
    'id',
    'isActive',
    'version',
    'createdAt',
    'updatedAt',
  ]),
  absent: 'omit',
  key: (orgId, state) => supplierKey(orgId, state.id),
  indexes: (orgId, state) => codedIndexAttributes(supplierCollection(orgId), state),
});

export const supplierItem = suppliers.toItem;
export const supplierFromItem = suppliers.fromItem;

/**
 * A location or price-list row as written: `supplierId` names the supplier's partition it goes in. It is
 * not an attribute (the rows are read by their supplier's partition), and neither is the orgId.
 */
type SupplierChild<T> = T & { supplierId?: string };
const parentOf = (row: { supplierId?: string }): string => {
  if (row.supplierId === undefined) throw new Error('A supplier child row is written with its supplierId');
  return row.supplierId;
};
const asStored = <T>({ supplierId: _supplierId, ...row }: SupplierChild<T>): T => row as T;

export const supplierLocations = entity<SupplierChild<SupplierLocation>, SupplierLocation>({
  name: 'SupplierLocation',
  fields: allFields<SupplierLocation>()([
    'id',
    'name',
    'type',
    'contactName',
    'contactEmail',
    'contactPhone',
    'address',
    'city',
    'region',
    'postcode',
    'country',
    'isDefaultShipping',
    'isDefaultBilling',
    'createdAt',
  ]),
  absent: 'omit',
  orgIdAttribute: false,
  stored: { flatten: asStored, unflatten: (row) => row },
  key: (orgId, row) => supplierLocationKey(orgId, parentOf(row), row.id),
});

export const supplierPrices = entity<SupplierChild<SupplierPrice>, SupplierPrice>({
  name: 'SupplierPrice',
  fields: allFields<SupplierPrice>()([
    'productId',
    'supplierSku',
    'supplierPrice',
    'leadTimeDays',
    'minOrderQty',
    'isPreferred',
  ]),
  absent: 'omit',
  orgIdAttribute: false,
  stored: { flatten: asStored, unflatten: (row) => row },
  key: (orgId, row) => supplierPriceKey(orgId, parentOf(row), row.productId),
});

export const getSupplier = (orgId: string, id: string): Promise<SupplierState | null> =>
  suppliers.getByKey(supplierKey(orgId, id));

/** The supplier, its locations and its price-list rows: one query of the supplier's partition. */
export async function getSupplierWithContents(
  orgId: string,
  id: string,
): Promise<{ supplier: SupplierState; locations: SupplierLocation[]; prices: SupplierPrice[] } | null> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': supplierKey(orgId, id).PK },
    ConsistentRead: true,
  });
  const supplier = items.find((i) => i.SK === 'SUPPLIER');
  if (!supplier) return null;
  const of = (prefix: string) => items.filter((i) => (i.SK as string).startsWith(prefix));
  return {
    supplier: supplierFromItem(supplier),
    locations: of('LOCATION#').map(supplierLocations.fromItem),
    prices: of('SUPPLIER#PRICE#').map(supplierPrices.fromItem),
  };
}

export async function getSupplierLocations(orgId: string, id: string): Promise<SupplierLocation[] | null> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
      ExpressionAttributeValues: {
        ':pk': supplierKey(orgId, id).PK,
        ':first': 'LOCATION#',
        ':last': 'SUPPLIER',
      },
      ConsistentRead: true,
    }),
  );
  // LOCATION#... items sort just before the SUPPLIER item (price rows after it): one range read answers both.
  if (!Items.some((i) => i.SK === 'SUPPLIER')) return null;
  return Items.filter((i) => (i.SK as string).startsWith('LOCATION#')).map(supplierLocations.fromItem);
}

const codeGuard = (orgId: string, code: string, supplierId: string): WriteItem =>
  guard(
    {
      Put: {
        TableName: tableName(),
        Item: { ...supplierCodeGuardKey(orgId, code), entity: 'UniqueGuard', supplierId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    () => conflict(`A supplier with code '${code}' already exists`),
  );

export const supplierCreateItems = (orgId: string, state: SupplierState): WriteItem[] => [
  suppliers.createItem(orgId, state),
  codeGuard(orgId, state.code, state.id),
];

/**
 * Replaces a supplier conditioned on its version (unguarded: a moved version is a lost race), moving the
 * code guard.
 */
export function supplierReplaceItems(
  orgId: string,
  previous: SupplierState,
  next: SupplierState,
): WriteItem[] {
  const items: WriteItem[] = [suppliers.putAtVersionItem(orgId, next, previous.version)];
  if (previous.code === next.code) return items;
  items.push(codeGuard(orgId, next.code, next.id));
  items.push({
    Delete: {
      TableName: tableName(),
      Key: supplierCodeGuardKey(orgId, previous.code),
      ConditionExpression: 'supplierId = :id',
      ExpressionAttributeValues: { ':id': next.id },
    },
  });
  return items;
}

export const locationPut = (orgId: string, supplierId: string, location: SupplierLocation): TransactItem => ({
  Put: { TableName: tableName(), Item: supplierLocations.toItem(orgId, { ...location, supplierId }) },
});

export const locationFlagsUpdate = (
  orgId: string,
  supplierId: string,
  change: { id: string; isDefaultShipping: boolean; isDefaultBilling: boolean },
): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: supplierLocationKey(orgId, supplierId, change.id),
    UpdateExpression: 'SET isDefaultShipping = :s, isDefaultBilling = :b',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':s': change.isDefaultShipping, ':b': change.isDefaultBilling },
  },
});

/**
 * A product-supplier link is written twice in one transaction: as the supplier's price-list row (with
 * isPreferred, so the price list sorts without reading products) and in the product's partition (so the
 * product detail reads its suppliers with the product, isPreferred following preferredSupplierId).
 */
export function supplierLinkPuts(orgId: string, supplierId: string, row: SupplierPrice): TransactItem[] {
  const terms = {
    productId: row.productId,
    supplierSku: row.supplierSku,
    supplierPrice: row.supplierPrice,
    leadTimeDays: row.leadTimeDays,
    minOrderQty: row.minOrderQty,
  };
  return [
    {
      Put: {
        TableName: tableName(),
        Item: supplierPrices.toItem(orgId, { ...row, supplierId }),
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...productSupplierKey(orgId, row.productId, supplierId),
          entity: 'ProductSupplier',
          supplierId,
          ...terms,
        },
      },
    },
  ];
}

/** Moves a price-list row's isPreferred flag (product preferredSupplierId reconciliation). */
export const priceRowPreference = (
  orgId: string,
  supplierId: string,
  productId: string,
  isPreferred: boolean,
): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: supplierPriceKey(orgId, supplierId, productId),
    UpdateExpression: 'SET isPreferred = :p',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':p': isPreferred },
  },
});

/** A stored supplier's slim row, rebuilt from the item (the backfill of items older than the row). */
export const supplierSlimRebuilder: SlimRebuilder = (orgId, item) =>
  slimAttributesOf(supplierItem(orgId, supplierFromItem(item)));
