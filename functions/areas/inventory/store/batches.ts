import { GetCommand } from '../../../platform/dynamo/commands.js';
import type { Batch, BatchStatus } from '../../../../domain/inventory/batch.js';
import { uniqueBatchNumber } from '../../../../domain/inventory/batch.js';
import { db } from '../../../platform/dynamo/client.js';
import { keys } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

export const batchFromItem = (item: Record<string, unknown>): Batch => {
  const {
    PK: _pk,
    SK: _sk,
    entity: _e,
    orgId: _o,
    GSI1PK: _g1,
    GSI1SK: _g1s,
    pendingReceiptId: _pending,
    ...rest
  } = item;
  return rest as unknown as Batch;
};

export async function getBatch(orgId: string, id: string): Promise<Batch | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.batch(orgId, id), ConsistentRead: true }),
  );
  return Item ? batchFromItem(Item) : null;
}

/** FEFO order for the traceability list: earliest expiry first, no expiry last, id tiebreaker. */
const batchIndexes = (orgId: string, batch: Batch) => ({
  GSI1PK: keys.batchCollection(orgId),
  GSI1SK: `${batch.expiryDate ?? '9999-12-31'}\u0001${batch.id}`,
});

/** A lot another goods receipt is still creating (hidden until that receipt commits). */
export const isPendingBatchItem = (item: Record<string, unknown>): boolean =>
  item.pendingReceiptId !== undefined;

/**
 * A batch and the guard that keeps its number unique in the organisation. With `pendingReceiptId` (a goods
 * receipt too large for one transaction) the batch is written hidden: no list index, marked pending
 * until batchRevealItem (docs/architecture.md, "Goods receipts beyond 100 items").
 */
export function batchCreateItems(
  orgId: string,
  batch: Batch,
  options: { pendingReceiptId?: string } = {},
): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.batch(orgId, batch.id),
          entity: 'Batch',
          orgId,
          ...batch,
          ...(options.pendingReceiptId
            ? { pendingReceiptId: options.pendingReceiptId }
            : batchIndexes(orgId, batch)),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.batchNumberGuard(orgId, uniqueBatchNumber(batch.batchNumber)),
          entity: 'UniqueGuard',
          batchId: batch.id,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** A status flip by stock movement (consumed at zero, active again when refilled): no event, per the spec. */
export function batchStatusUpdate(
  orgId: string,
  batchId: string,
  from: BatchStatus,
  to: BatchStatus,
  now: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.batch(orgId, batchId),
      UpdateExpression: 'SET #status = :to, updatedAt = :now ADD version :one',
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now, ':one': 1 },
    },
  };
}

/** A pending lot made visible when its receipt commits: list index set, pending mark removed. Idempotent. */
export function batchRevealItem(orgId: string, batch: Batch): TransactItem {
  const indexes = batchIndexes(orgId, batch);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.batch(orgId, batch.id),
      UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk REMOVE pendingReceiptId',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':pk': indexes.GSI1PK, ':sk': indexes.GSI1SK },
    },
  };
}

/** Undoing a pending lot of a receipt that did not commit: only while it is pending for that receipt. */
export function batchDeleteItems(orgId: string, batch: Batch, receiptId: string): TransactItem[] {
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.batch(orgId, batch.id),
        ConditionExpression: 'pendingReceiptId = :rid',
        ExpressionAttributeValues: { ':rid': receiptId },
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: keys.batchNumberGuard(orgId, uniqueBatchNumber(batch.batchNumber)),
        ConditionExpression: 'batchId = :id',
        ExpressionAttributeValues: { ':id': batch.id },
      },
    },
  ];
}
