import { GetCommand } from '../../../platform/dynamo/commands.js';
import {
  ADJUSTMENT_RESOURCE,
  ADJUSTMENT_TRANSITIONS,
  type AdjustmentAction,
  type AdjustmentStatus,
  type StockAdjustment,
} from '../../../../domain/inventory/adjustment.js';
import { db } from '../../../platform/dynamo/client.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { sortKey, tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import {
  boundedRangePage,
  COUNTED_COLLECTIONS,
  collectionCount,
  collectionCountAdd,
} from '../../../platform/dynamo/bounded-range.js';
import { tooBroad } from '../../../platform/dynamo/list-budget.js';
import { indexKeyOf } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { GuardedItem, TransactItem } from '../../../platform/dynamo/transact.js';
import { transitionUpdate } from '../../../platform/dynamo/transition.js';

export const stockAdjustmentKey = (orgId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#ADJUSTMENT#${id}`,
  SK: 'ADJUSTMENT',
});
const stockAdjustmentCollection = (orgId: string) => `${tenantPrefix(orgId)}#ADJUSTMENT`;

/**
 * The adjustment's item carries the version its status moves are conditioned on (1 when written, moved by
 * transitionUpdate), beside the record rather than in it: getAdjustmentToMove reads it.
 */
export const stockAdjustments = entity<StockAdjustment>({
  name: 'StockAdjustment',
  fields: allFields<StockAdjustment>()([
    'id',
    'adjustmentNumber',
    'reason',
    'status',
    'notes',
    'completedAt',
    'createdAt',
    'updatedAt',
    'lines',
  ]),
  absent: 'omit',
  key: (orgId, adjustment) => stockAdjustmentKey(orgId, adjustment.id),
  indexes: (orgId, adjustment) => ({
    version: 1,
    // Newest first by createdAt, with the id tiebreaker.
    GSI1PK: stockAdjustmentCollection(orgId),
    GSI1SK: sortKey(adjustment.createdAt, adjustment.id),
    searchText: adjustment.adjustmentNumber.toLowerCase(),
    warehouseIds: [...new Set(adjustment.lines.map((l) => l.warehouseId))],
  }),
});

export const adjustmentFromItem = stockAdjustments.fromItem;

export async function getAdjustment(orgId: string, id: string): Promise<StockAdjustment | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: stockAdjustmentKey(orgId, id), ConsistentRead: true }),
  );
  return Item ? adjustmentFromItem(Item) : null;
}

/** An adjustment with the version it was read at, for a status move conditioned on it. */
export async function getAdjustmentToMove(
  orgId: string,
  id: string,
): Promise<{ adjustment: StockAdjustment; version: number } | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: stockAdjustmentKey(orgId, id), ConsistentRead: true }),
  );
  return Item ? { adjustment: adjustmentFromItem(Item), version: Item.version as number } : null;
}

/**
 * Completing or voiding: the status and version read are the condition, so of two racing moves one wins
 * and the other is the 422 naming the status it finds.
 */
export function adjustmentTransitionItem(
  orgId: string,
  read: { adjustment: StockAdjustment; version: number },
  action: AdjustmentAction,
  next: StockAdjustment,
): GuardedItem {
  return transitionUpdate({
    key: stockAdjustmentKey(orgId, next.id),
    resource: ADJUSTMENT_RESOURCE,
    action,
    transition: ADJUSTMENT_TRANSITIONS[action],
    version: read.version,
    set: { completedAt: next.completedAt, updatedAt: next.updatedAt },
  });
}

export const ADJUSTMENT_COUNT = COUNTED_COLLECTIONS.adjustments;

/** The adjustment's item and the organisation's adjustment count, in its create transaction. */
export const adjustmentPutItems = (orgId: string, adjustment: StockAdjustment): TransactItem[] => [
  stockAdjustments.createItem(orgId, adjustment),
  collectionCountAdd(orgId, ADJUSTMENT_COUNT),
];

export interface AdjustmentFilter {
  statuses?: AdjustmentStatus[];
  reasons?: string[];
  warehouseId?: string;
  search?: string;
  from?: string;
  to?: string;
  modifiedSince?: Date;
}

/**
 * Newest first; dateFrom/dateTo narrow the createdAt index range, the rest filter. Within the list budget
 * (bounded-range.ts): the unfiltered list reads its page and takes the maintained count; a filter reads
 * its range, and one longer than the budget is the 400 naming it (narrowed by dateFrom and dateTo).
 */
export async function listAdjustments(
  orgId: string,
  filter: AdjustmentFilter,
  window: { offset: number; limit: number },
): Promise<{ items: StockAdjustment[]; total: number }> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':pk': stockAdjustmentCollection(orgId),
    ':from': filter.from ?? '0',
    ':to': `${filter.to ?? '9999'}\uffff`,
  };
  const conditions: string[] = [];
  const oneOf = (attribute: string, list: readonly string[] | undefined) => {
    if (!list || list.length === 0) return;
    names[`#${attribute}`] = attribute;
    const placeholders = list.map((value, i) => {
      values[`:${attribute}${i}`] = value;
      return `:${attribute}${i}`;
    });
    conditions.push(`#${attribute} IN (${placeholders.join(', ')})`);
  };
  oneOf('status', filter.statuses);
  oneOf('reason', filter.reasons);
  if (filter.warehouseId) {
    values[':wh'] = filter.warehouseId;
    conditions.push('contains(warehouseIds, :wh)');
  }
  if (filter.search) {
    values[':search'] = filter.search.toLowerCase();
    conditions.push('contains(searchText, :search)');
  }
  if (filter.modifiedSince) {
    values[':since'] = filter.modifiedSince.toISOString();
    conditions.push('updatedAt >= :since');
  }
  const outsideKey = adjustmentFilterParameter(filter);
  const dates = filter.from ? 'dateFrom' : filter.to ? 'dateTo' : undefined;
  const { items, total } = await boundedRangePage({
    input: {
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
      ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
    },
    window,
    count: outsideKey || dates ? undefined : () => collectionCount(orgId, ADJUSTMENT_COUNT),
    cursorId: `${orgId}|adjustments|GSI1`,
    keyOf: indexKeyOf('GSI1'),
    refuse: (budget) =>
      tooBroad(
        outsideKey ?? (window.offset > 0 ? 'page' : dates),
        budget,
        'dateFrom and dateTo',
        'stock adjustments are read from their index',
      ),
  });
  return { items: items.map(adjustmentFromItem), total };
}

/** The first filter outside the key (what widened the read) by its query parameter, undefined: none. */
function adjustmentFilterParameter(filter: AdjustmentFilter): string | undefined {
  if (filter.search) return 'search';
  if (filter.modifiedSince) return 'modifiedSince';
  if (filter.statuses?.length) return 'status';
  if (filter.reasons?.length) return 'reason';
  if (filter.warehouseId) return 'warehouseId';
  return undefined;
}
