import { GetCommand } from '../../../platform/dynamo/commands.js';
import type { ZoneCategory, ZoneType } from '../../../../domain/inventory/warehouse.js';
import { MAX_BINS_PER_ZONE, MAX_ZONES_PER_WAREHOUSE } from '../../../../domain/inventory/warehouse.js';
import { db } from '../../../platform/dynamo/client.js';
import { keys } from '../../../platform/dynamo/keys.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

export interface WarehouseRecord {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  zoneCount: number;
  createdAt: string;
  updatedAt: string;
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

const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, entity: _e, orgId: _o, ...rest } = item;
  return rest as T;
};

const partition = (orgId: string, prefix: string) =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.warehouseCollection(orgId), ':prefix': prefix },
  });

export const listWarehouseRecords = async (orgId: string) =>
  (await partition(orgId, 'W#')).map((i) => strip<WarehouseRecord>(i));
export const listZoneRecords = async (orgId: string) =>
  (await partition(orgId, 'Z#')).map((i) => strip<ZoneRecord>(i));
export const listBinsOf = async (orgId: string, warehouseId: string) =>
  (await partition(orgId, `B#${warehouseId}#`)).map((i) => strip<BinRecord>(i));

export async function getWarehouseItem(orgId: string, sk: string): Promise<Record<string, unknown> | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { PK: keys.warehouseCollection(orgId), SK: sk },
      ConsistentRead: true,
    }),
  );
  return Item ?? null;
}
export const getWarehouse = async (orgId: string, id: string) => {
  const item = await getWarehouseItem(orgId, keys.warehouse(orgId, id).SK);
  return item ? strip<WarehouseRecord>(item) : null;
};
export const getZone = async (orgId: string, id: string) => {
  const item = await getWarehouseItem(orgId, keys.zone(orgId, id).SK);
  return item ? strip<ZoneRecord>(item) : null;
};
export const warehouseFromItem = (item: Record<string, unknown>) => strip<WarehouseRecord>(item);
export const binFromItem = (item: Record<string, unknown>) => strip<BinRecord>(item);

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
        Item: { ...keys.warehouse(orgId, record.id), entity: 'Warehouse', orgId, ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.warehouseCodeGuard(orgId, uniqueCode),
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
        Key: keys.warehouse(orgId, zone.warehouseId),
        UpdateExpression: 'ADD zoneCount :one SET updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND zoneCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_ZONES_PER_WAREHOUSE, ':now': zone.createdAt },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.zone(orgId, zone.id), entity: 'Zone', orgId, ...zone },
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
        Key: keys.zone(orgId, bin.zoneId),
        UpdateExpression: 'ADD binCount :one',
        ConditionExpression: 'attribute_exists(PK) AND binCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_BINS_PER_ZONE },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.bin(orgId, bin.warehouseId, bin.id), entity: 'Bin', orgId, ...bin },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

export function warehouseDeactivateItem(orgId: string, id: string, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.warehouse(orgId, id),
      UpdateExpression: 'SET isActive = :false, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':false': false, ':now': now },
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
      Key: keys.bin(orgId, warehouseId, binId),
      UpdateExpression: 'ADD onHand :delta',
      ConditionExpression: change.limit === null ? 'attribute_exists(PK)' : 'onHand <= :limit',
      ExpressionAttributeValues: {
        ':delta': change.delta,
        ...(change.limit === null ? {} : { ':limit': change.limit }),
      },
    },
  };
}
