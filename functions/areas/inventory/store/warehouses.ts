import type { ZoneCategory, ZoneType } from '../../../../domain/inventory/warehouse.js';
import { MAX_BINS_PER_ZONE, MAX_ZONES_PER_WAREHOUSE } from '../../../../domain/inventory/warehouse.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

export interface WarehouseRecord {
  id: string;
  code: string;
  name: string;
  /** Free text (design.md section 7); null when none was given. Warehouses written before it omit it. */
  address?: string | null;
  isActive: boolean;
  zoneCount: number;
  createdAt: string;
  updatedAt: string;
  /** Moved by every write of the warehouse (its ETag); warehouses written before it omit it: version 0. */
  version?: number;
}
export interface ZoneRecord {
  id: string;
  warehouseId: string;
  name: string;
  zoneType: ZoneType;
  zoneCategory: ZoneCategory | null;
  binCount: number;
  createdAt: string;
}
export interface BinRecord {
  id: string;
  warehouseId: string;
  zoneId: string;
  code: string;
  /** Most base units the bin holds across all products; null is unlimited. */
  capacity: number | null;
  isActive: boolean;
  /** Base units on hand in the bin (kept only while a capacity needs checking against it). */
  onHand: number;
  createdAt: string;
}

/** Warehouses, zones and bins share one small partition per organisation. */
export const warehouseCollection = (orgId: string) => `${tenantPrefix(orgId)}#WAREHOUSE`;
export const warehouseKey = (orgId: string, id: string): Key => ({
  PK: warehouseCollection(orgId),
  SK: `W#${id}`,
});
const warehouseCodeGuardKey = (orgId: string, code: string): Key => ({
  PK: warehouseCollection(orgId),
  SK: `CODE#${code}`,
});
export const zoneKey = (orgId: string, id: string): Key => ({
  PK: warehouseCollection(orgId),
  SK: `Z#${id}`,
});
export const binKey = (orgId: string, warehouseId: string, id: string): Key => ({
  PK: warehouseCollection(orgId),
  SK: `B#${warehouseId}#${id}`,
});

export const warehouses = entity<WarehouseRecord>({
  name: 'Warehouse',
  fields: allFields<WarehouseRecord>()([
    'id',
    'code',
    'name',
    'address',
    'isActive',
    'zoneCount',
    'createdAt',
    'updatedAt',
    'version',
  ]),
  absent: 'omit',
  key: (orgId, record) => warehouseKey(orgId, record.id),
});
export const zones = entity<ZoneRecord>({
  name: 'Zone',
  fields: allFields<ZoneRecord>()([
    'id',
    'warehouseId',
    'name',
    'zoneType',
    'zoneCategory',
    'binCount',
    'createdAt',
  ]),
  absent: 'omit',
  key: (orgId, zone) => zoneKey(orgId, zone.id),
});
export const bins = entity<BinRecord>({
  name: 'Bin',
  fields: allFields<BinRecord>()([
    'id',
    'warehouseId',
    'zoneId',
    'code',
    'capacity',
    'isActive',
    'onHand',
    'createdAt',
  ]),
  absent: 'omit',
  key: (orgId, bin) => binKey(orgId, bin.warehouseId, bin.id),
});

const partition = (orgId: string, prefix: string) =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': warehouseCollection(orgId), ':prefix': prefix },
  });

export const listWarehouseRecords = async (orgId: string) =>
  (await partition(orgId, 'W#')).map(warehouses.fromItem);
export const listZoneRecords = async (orgId: string) => (await partition(orgId, 'Z#')).map(zones.fromItem);
export const listBinsOf = async (orgId: string, warehouseId: string) =>
  (await partition(orgId, `B#${warehouseId}#`)).map(bins.fromItem);

export const getWarehouse = (orgId: string, id: string) => warehouses.getByKey(warehouseKey(orgId, id));
export const getZone = (orgId: string, id: string) => zones.getByKey(zoneKey(orgId, id));
export const warehouseFromItem = warehouses.fromItem;
export const binFromItem = bins.fromItem;

/** A warehouse and the guard that keeps its code unique in the organisation. */
export function warehouseCreateItems(
  orgId: string,
  record: WarehouseRecord,
  uniqueCode: string,
): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: warehouses.toItem(orgId, record),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...warehouseCodeGuardKey(orgId, uniqueCode),
          entity: 'UniqueGuard',
          warehouseId: record.id,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** The warehouse counter refuses the zone when the warehouse is gone or already holds the maximum number of zones. */
export function zoneAddItems(orgId: string, zone: ZoneRecord): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: warehouseKey(orgId, zone.warehouseId),
        // ADD counts a version the warehouse lacks (written before versions) as 0, like the reads do.
        UpdateExpression: 'ADD zoneCount :one, version :one SET updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND zoneCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_ZONES_PER_WAREHOUSE, ':now': zone.createdAt },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: zones.toItem(orgId, zone),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** The zone counter refuses the bin when the zone already holds the maximum number of bins. */
export function binAddItems(orgId: string, bin: BinRecord): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: zoneKey(orgId, bin.zoneId),
        UpdateExpression: 'ADD binCount :one',
        ConditionExpression: 'attribute_exists(PK) AND binCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_BINS_PER_ZONE },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: bins.toItem(orgId, bin),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/**
 * A warehouse's name, address and activity as `next` has them, conditioned on the version and updatedAt
 * read (a zone added meanwhile moves both), so a racing write makes the update decide again.
 */
export function warehouseUpdateItem(
  orgId: string,
  read: WarehouseRecord,
  next: WarehouseRecord,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: warehouseKey(orgId, read.id),
      UpdateExpression:
        'SET #name = :name, address = :address, isActive = :active, updatedAt = :now, version = :next',
      ConditionExpression: `attribute_exists(PK) AND updatedAt = :read AND ${
        read.version === undefined ? 'attribute_not_exists(version)' : 'version = :version'
      }`,
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: {
        ':name': next.name,
        ':address': next.address ?? null,
        ':active': next.isActive,
        ':now': next.updatedAt,
        ':read': read.updatedAt,
        ':next': next.version,
        ...(read.version === undefined ? {} : { ':version': read.version }),
      },
    },
  };
}

/**
 * Moves a capacity-limited bin's on-hand counter. An increase is conditioned on the counter staying at or
 * below capacity - change, so two receipts racing into one bin cannot both fit.
 */
export function binStockUpdate(
  orgId: string,
  warehouseId: string,
  binId: string,
  change: { delta: number; limit: number | null },
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: binKey(orgId, warehouseId, binId),
      UpdateExpression: 'ADD onHand :delta',
      ConditionExpression: change.limit === null ? 'attribute_exists(PK)' : 'onHand <= :limit',
      ExpressionAttributeValues: {
        ':delta': change.delta,
        ...(change.limit === null ? {} : { ':limit': change.limit }),
      },
    },
  };
}
