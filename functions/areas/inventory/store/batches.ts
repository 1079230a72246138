/**
 * Batch items and their index projections. One item per lot (`O#<org>#BATCH#<id>` / `BATCH`), projected
 * four ways, so the common lists of GET /batches read a key range rather than the organisation's lots:
 * GSI1 FEFO order over all lots, GSI2 FEFO order per product, GSI3 updatedAt order (sync) and GSI4 FEFO
 * order per status (status filter, `batch expire-due`); and the slim projection (GSI5) for search, status
 * with product and pages no remembered cursor reaches. Every status write moves GSI3, GSI4 and the slim
 * row with it.
 */
import { GetCommand } from '../../../platform/dynamo/commands.js';
import {
  BATCH_RESOURCE,
  BATCH_TRANSITIONS,
  compareFefo,
  fefoDate,
  fefoKey,
  matchesBatchFilter,
  uniqueBatchNumber,
  type Batch,
  type BatchAction,
  type BatchFilter,
  type BatchStatus,
} from '../../../../domain/inventory/batch.js';
import { db } from '../../../platform/dynamo/client.js';
import { projectedPage } from '../../../platform/dynamo/document-projection.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { sortKey, tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import {
  hasListCursor,
  indexKeyOf,
  queryAll,
  queryWindow,
  readPage,
  type QueryInput,
  type ScanBudget,
} from '../../../platform/dynamo/query-window.js';
import { ListTooBroad, listScanBudget, projectedListTooBroad } from '../../../platform/dynamo/list-budget.js';
import { slimAttributes, type SlimRow } from '../../../platform/dynamo/slim-projection.js';
import { tableName, type IndexName } from '../../../platform/dynamo/table-definition.js';
import type { GuardedItem, TransactItem } from '../../../platform/dynamo/transact.js';
import { transitionUpdate } from '../../../platform/dynamo/transition.js';
import { slimAttributesOf, type SlimRebuilder } from '../../../platform/dynamo/slim-backfill.js';

export const batchKey = (orgId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#BATCH#${id}`,
  SK: 'BATCH',
});
export const batchCollection = (orgId: string) => `${tenantPrefix(orgId)}#BATCH`;
/** The organisation's batch count (`all`), maintained at create, for the list's total. */
const batchCountsKey = (orgId: string): Key => ({ PK: `${tenantPrefix(orgId)}#COUNTS`, SK: 'BATCH' });
export const batchNumberGuardKey = (orgId: string, batchNumber: string): Key => ({
  PK: `${tenantPrefix(orgId)}#BATCH_NUMBER#${batchNumber}`,
  SK: 'GUARD',
});

export const batchPartitions = {
  all: (orgId: string) => batchCollection(orgId),
  product: (orgId: string, productId: string) => `${batchCollection(orgId)}#PRODUCT#${productId}`,
  status: (orgId: string, status: BatchStatus) => `${batchCollection(orgId)}#STATUS#${status}`,
};

/**
 * A lot's slim row (GSI5): what GET /batches filters on and its FEFO order, one-letter names because it is
 * stored twice (item and GSI5).
 */
interface BatchSlim extends SlimRow {
  /** FEFO date (expiry or the no-expiry sentinel): sorted with the id as tiebreak, GSI1's order */
  e: string;
  /** expiryDate (null: no expiry, never matching an expiry bound) */
  x: string | null;
  /** status, productId, updatedAt, batch number lower-cased (search) */
  s: BatchStatus;
  p: string;
  u: string;
  t: string;
}

const batchSlim = (batch: Batch): BatchSlim => ({
  id: batch.id,
  e: fefoDate(batch),
  x: batch.expiryDate,
  s: batch.status,
  p: batch.productId,
  u: batch.updatedAt,
  t: batch.batchNumber.toLowerCase(),
});

/** The index attributes that follow a status write (the lot as it is after it). */
const statusIndexes = (orgId: string, batch: Batch) => ({
  GSI3SK: sortKey(batch.updatedAt, batch.id),
  GSI4PK: batchPartitions.status(orgId, batch.status),
  ...slimAttributes(batchPartitions.all(orgId), batchSlim(batch)),
});

export async function getBatch(orgId: string, id: string): Promise<Batch | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: batchKey(orgId, id), ConsistentRead: true }),
  );
  // A lot a goods receipt in parts is still creating is not there yet for readers.
  return Item && !isPendingBatchItem(Item) ? batchFromItem(Item) : null;
}

/** A lot's record; its list projections are written beside it unless it is hidden (batchRecordPut). */
export const batches = entity<Batch>({
  name: 'Batch',
  fields: allFields<Batch>()([
    'id',
    'batchNumber',
    'status',
    'productId',
    'manufactureDate',
    'expiryDate',
    'storageCondition',
    'unitCost',
    'notes',
    'createdAt',
    'updatedAt',
    'version',
  ]),
  absent: 'omit',
  key: (orgId, batch) => batchKey(orgId, batch.id),
  indexes: (_orgId, batch) => ({ searchText: batch.batchNumber.toLowerCase() }),
});

export const batchFromItem = batches.fromItem;

/** The lot's list projections (see the module comment). */
const batchIndexes = (orgId: string, batch: Batch) => {
  const fefo = fefoKey(batch);
  return {
    GSI1PK: batchPartitions.all(orgId),
    GSI1SK: fefo,
    GSI2PK: batchPartitions.product(orgId, batch.productId),
    GSI2SK: fefo,
    GSI3PK: batchPartitions.all(orgId),
    GSI4SK: fefo,
    ...statusIndexes(orgId, batch),
  };
};

/**
 * The lot's record. With `pendingReceiptId` (a goods receipt too large for one transaction) it is written
 * hidden: no list projection, marked pending until batchRevealItem (docs/architecture.md, "Goods receipts
 * beyond 100 items"); such a lot is not counted until it is revealed.
 */
export function batchRecordPut(orgId: string, batch: Batch, pendingReceiptId?: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...batches.toItem(orgId, batch),
        ...(pendingReceiptId ? { pendingReceiptId } : batchIndexes(orgId, batch)),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The guard that keeps the lot's number unique in the organisation. */
export const batchNumberGuardPut = (orgId: string, batch: Batch): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...batchNumberGuardKey(orgId, uniqueBatchNumber(batch.batchNumber)),
      entity: 'UniqueGuard',
      batchId: batch.id,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** The organisation's lot count moved by `n` (one item per transaction, however many lots it creates). */
export const batchCountAdd = (orgId: string, n: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: batchCountsKey(orgId),
    UpdateExpression: 'SET entity = :entity ADD #all :n',
    ExpressionAttributeNames: { '#all': 'all' },
    ExpressionAttributeValues: { ':entity': 'Counts', ':n': n },
  },
});

/** A batch, the guard that keeps its number unique in the organisation, and the organisation's count. */
export function batchCreateItems(orgId: string, batch: Batch): TransactItem[] {
  return [batchRecordPut(orgId, batch), batchNumberGuardPut(orgId, batch), batchCountAdd(orgId, 1)];
}

/** A lot another goods receipt is still creating (hidden until that receipt commits). */
export const isPendingBatchItem = (item: Record<string, unknown>): boolean =>
  item.pendingReceiptId !== undefined;

/**
 * A pending lot made visible when its receipt has committed: its list projections set, the pending mark
 * removed. Conditioned on still being pending, so revealing twice fails instead of counting the lot twice.
 */
export function batchRevealItem(orgId: string, batch: Batch): TransactItem {
  const indexes = Object.entries(batchIndexes(orgId, batch));
  return {
    Update: {
      TableName: tableName(),
      Key: batchKey(orgId, batch.id),
      UpdateExpression: `SET ${indexes.map((_, i) => `#i${i} = :i${i}`).join(', ')} REMOVE pendingReceiptId`,
      ConditionExpression: 'attribute_exists(pendingReceiptId)',
      ExpressionAttributeNames: Object.fromEntries(indexes.map(([name], i) => [`#i${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(indexes.map(([, value], i) => [`:i${i}`, value])),
    },
  };
}

/** Undoing a pending lot of a receipt that did not commit: only while it is pending for that receipt. */
export function batchDeleteItems(orgId: string, batch: Batch, receiptId: string): TransactItem[] {
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: batchKey(orgId, batch.id),
        ConditionExpression: 'pendingReceiptId = :rid',
        ExpressionAttributeValues: { ':rid': receiptId },
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: batchNumberGuardKey(orgId, uniqueBatchNumber(batch.batchNumber)),
        ConditionExpression: 'batchId = :id',
        ExpressionAttributeValues: { ':id': batch.id },
      },
    },
  ];
}

/**
 * A status flip by stock movement (consumed at zero, active again when refilled): no event, per the spec.
 * `lot` is the lot as read (its status is the condition); its slim row is rewritten whole.
 */
export function batchStatusUpdate(orgId: string, lot: Batch, to: BatchStatus, now: string): TransactItem {
  const indexes = Object.entries(statusIndexes(orgId, { ...lot, status: to, updatedAt: now }));
  return {
    Update: {
      TableName: tableName(),
      Key: batchKey(orgId, lot.id),
      UpdateExpression: `SET #status = :to, updatedAt = :now, ${indexes.map((_, i) => `#i${i} = :i${i}`).join(', ')} ADD version :one`,
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: {
        '#status': 'status',
        ...Object.fromEntries(indexes.map(([name], i) => [`#i${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':to': to,
        ':from': lot.status,
        ':now': now,
        ':one': 1,
        ...Object.fromEntries(indexes.map(([, value], i) => [`:i${i}`, value])),
      },
    },
  };
}

/**
 * An explicit status action on the batch as read: conditioned on its status and version, so a lost
 * action is the 422 naming the status the batch has now, and a version-only race is retried.
 */
export function batchTransitionItem(
  orgId: string,
  read: Batch,
  action: BatchAction,
  next: Batch,
): GuardedItem {
  return transitionUpdate({
    key: batchKey(orgId, read.id),
    resource: BATCH_RESOURCE,
    action,
    transition: BATCH_TRANSITIONS[action],
    version: read.version,
    set: { updatedAt: next.updatedAt, ...statusIndexes(orgId, next) },
  });
}

/** The lots of a status whose expiry date is before `beforeDate` (YYYY-MM-DD), earliest first. */
export async function batchesExpiringBefore(
  orgId: string,
  status: BatchStatus,
  beforeDate: string,
): Promise<Batch[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI4',
    KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK < :before',
    ExpressionAttributeValues: { ':pk': batchPartitions.status(orgId, status), ':before': beforeDate },
  });
  return items.map(batchFromItem);
}

export async function batchCount(orgId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: batchCountsKey(orgId) }));
  return (Item?.all as number | undefined) ?? 0;
}

/**
 * One index read of the list: the partition (and the expiry window in the key condition of the FEFO
 * indexes), everything the partition does not answer as a FilterExpression.
 */
function batchQuery(
  index: IndexName,
  partition: string,
  filter: BatchFilter,
  answered: { status?: boolean; product?: boolean; since?: boolean },
): QueryInput {
  const names: Record<string, string> = { '#pk': `${index}PK` };
  const values: Record<string, unknown> = { ':pk': partition };
  const conditions: string[] = [];
  let keyCondition = '#pk = :pk';
  const { fromDate, toDate } = filter.expiry;
  if (index === 'GSI3') {
    if (filter.modifiedSince) {
      names['#sk'] = `${index}SK`;
      values[':since'] = filter.modifiedSince;
      keyCondition += ' AND #sk >= :since';
    }
    if (fromDate) {
      values[':fromDate'] = fromDate;
      conditions.push('expiryDate >= :fromDate');
    }
    if (toDate) {
      values[':toDate'] = toDate;
      conditions.push('expiryDate <= :toDate');
    }
  } else if (fromDate || toDate) {
    values[':lo'] = fromDate ?? '0';
    values[':hi'] = toDate ? `${toDate}\u0002` : '\uffff';
    names['#sk'] = `${index}SK`;
    keyCondition += ' AND #sk BETWEEN :lo AND :hi';
  }
  if (fromDate || toDate) {
    // Lots without an expiry sort under a sentinel date; they never match an expiry bound.
    values[':string'] = 'S';
    conditions.push('attribute_type(expiryDate, :string)');
  }
  if (filter.status && !answered.status) {
    names['#status'] = 'status';
    values[':status'] = filter.status;
    conditions.push('#status = :status');
  }
  if (filter.productId && !answered.product) {
    values[':productId'] = filter.productId;
    conditions.push('productId = :productId');
  }
  if (filter.modifiedSince && !answered.since) {
    values[':since'] = filter.modifiedSince;
    conditions.push('updatedAt >= :since');
  }
  if (filter.search) {
    values[':search'] = filter.search.toLowerCase();
    conditions.push('contains(searchText, :search)');
  }
  return {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: keyCondition,
    FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * A page of batches in FEFO order for the filters, through the narrowest index: the product's partition,
 * the status's partition, the updatedAt range (modifiedSince: only changed lots are read, then sorted),
 * else all lots (expiry in the key condition). Without filters the page is read alone (a remembered
 * cursor makes sequential pages cheap) and the total comes from the maintained count; otherwise the
 * matching range is read once to count it. What no key range narrows (search, status with product) and
 * a page of the unfiltered list that no remembered cursor reaches are paged on the slim projection.
 * The index reads stop at the list budget (list-budget.ts; the sync range keeps its key range): a longer
 * range is paged on the projection, and above the projection's ceiling the list is refused, naming what
 * asked for the read and the filters that narrow it.
 */
export async function listBatches(
  orgId: string,
  filter: BatchFilter,
  window: { offset: number; limit: number },
): Promise<{ items: Batch[]; total: number }> {
  const { productId, status } = filter;
  const unfiltered = !productId && !status && !filter.modifiedSince && !filter.search;
  const cursorId = `${orgId}|batches|GSI1`;
  const plain = unfiltered && !filter.expiry.fromDate && !filter.expiry.toDate;
  const projectedFirst = Boolean(
    filter.search || (productId && status) || (plain && !hasListCursor(cursorId, window.offset)),
  );
  if (projectedFirst) {
    const projected = await listProjectedBatches(orgId, filter, window);
    if (projected) return projected;
  }
  try {
    return await indexPage(orgId, filter, window, { plain, cursorId, maxScanned: listScanBudget() });
  } catch (error) {
    if (!(error instanceof ListTooBroad)) throw error;
    const projected = projectedFirst ? null : await listProjectedBatches(orgId, filter, window);
    if (projected) return projected;
    throw projectedListTooBroad(
      batchPartitions.all(orgId),
      batchFilterParameter(filter, window.offset),
      error.budget,
      'productId, status, or expiryAfter and expiryBefore',
    );
  }
}

/** The list from the narrowest index range (see listBatches), each read within `budget`. */
async function indexPage(
  orgId: string,
  filter: BatchFilter,
  window: { offset: number; limit: number },
  options: { plain: boolean; cursorId: string } & ScanBudget,
): Promise<{ items: Batch[]; total: number }> {
  const { productId, status, modifiedSince } = filter;
  const budget = { maxScanned: options.maxScanned };
  if (productId) {
    const input = batchQuery('GSI2', batchPartitions.product(orgId, productId), filter, { product: true });
    return windowOf(input, window, budget);
  }
  if (status) {
    const input = batchQuery('GSI4', batchPartitions.status(orgId, status), filter, { status: true });
    return windowOf(input, window, budget);
  }
  if (modifiedSince) {
    const input = batchQuery('GSI3', batchPartitions.all(orgId), filter, { since: true });
    const all = (await queryAll(input)).map(batchFromItem).sort(compareFefo);
    return { items: all.slice(window.offset, window.offset + window.limit), total: all.length };
  }
  const allInput = batchQuery('GSI1', batchPartitions.all(orgId), filter, {});
  if (!options.plain) return windowOf(allInput, window, budget);
  const [items, total] = await Promise.all([
    readPage(allInput, { ...window, ...budget, cursorId: options.cursorId, keyOf: indexKeyOf('GSI1') }),
    batchCount(orgId),
  ]);
  return { items: items.map(batchFromItem), total };
}

/** The parameter that asked for a refused read: what widened it, a jump, then the range's own bounds. */
function batchFilterParameter(filter: BatchFilter, offset: number): string | undefined {
  if (filter.search) return 'search';
  if (offset > 0) return 'page';
  if (filter.expiry.fromDate) return 'expiryAfter';
  if (filter.expiry.toDate) return 'expiryBefore';
  if (filter.status) return 'status';
  if (filter.productId) return 'productId';
  return undefined;
}

/** A page of lots selected, counted and FEFO-ordered on the slim projection (null: too many to hold). */
function listProjectedBatches(
  orgId: string,
  filter: BatchFilter,
  window: { offset: number; limit: number },
): Promise<{ items: Batch[]; total: number } | null> {
  return projectedPage({
    collection: batchPartitions.all(orgId),
    field: 'e',
    ascending: true,
    window,
    matches: (row) => {
      const r = row as BatchSlim;
      const lot = { status: r.s, productId: r.p, expiryDate: r.x, batchNumber: r.t, updatedAt: r.u };
      return matchesBatchFilter(lot, filter);
    },
    key: (id) => batchKey(orgId, id),
    fromItem: batchFromItem,
  });
}

async function windowOf(input: QueryInput, window: { offset: number; limit: number }, budget: ScanBudget) {
  const { items, total } = await queryWindow(input, window.offset, window.limit, budget);
  return { items: items.map(batchFromItem), total };
}

/** A stored lot's slim row, rebuilt from the item; none while a receipt in parts still hides it. */
export const batchSlimRebuilder: SlimRebuilder = (orgId, item) =>
  isPendingBatchItem(item) ? null : slimAttributesOf(statusIndexes(orgId, batchFromItem(item)));
