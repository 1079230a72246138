import { GetCommand } from '../../../platform/dynamo/commands.js';
import type { Batch, BatchStatus } from '../../../../domain/inventory/batch.js';
import { uniqueBatchNumber } from '../../../../domain/inventory/batch.js';
import { db } from '../../../platform/dynamo/client.js';
import { keys } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

export const batchFromItem = (item: Record<string, unknown>): Batch => {
  const { PK: _pk, SK: _sk, entity: _e, orgId: _o, GSI1PK: _g1, GSI1SK: _g1s, ...rest } = item;
  return rest as unknown as Batch;
};

export async function getBatch(orgId: string, id: string): Promise<Batch | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.batch(orgId, id), ConsistentRead: true }),
  );
  return Item ? batchFromItem(Item) : null;
}

/** A batch and the guard that keeps its number unique in the organisation. */
export function batchCreateItems(orgId: string, batch: Batch): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.batch(orgId, batch.id),
          entity: 'Batch',
          orgId,
          ...batch,
          // FEFO order for the traceability list: earliest expiry first, no expiry last, id tiebreaker.
          GSI1PK: keys.batchCollection(orgId),
          GSI1SK: `${batch.expiryDate ?? '9999-12-31'}\u0001${batch.id}`,
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
