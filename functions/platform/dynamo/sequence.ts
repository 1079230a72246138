/**
 * Per-organisation document sequences (adjustments, orders, invoices, receipts, shipments): one counter
 * item per name. A document reads the current value, numbers itself current + 1 and draws the number in
 * its own transaction, conditioned on the value read, so numbers have no gaps and no duplicates: a racing
 * document fails the condition and re-reads.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import { tenantPrefix, type Key } from './keys.js';
import { tableName } from './table-definition.js';
import type { TransactItem } from './transact.js';

export const sequenceKey = (orgId: string, name: string): Key => ({
  PK: `${tenantPrefix(orgId)}#SEQUENCE`,
  SK: name,
});

/** The value held by a sequence item as read (absent: nothing drawn yet, 0). */
export const sequenceValue = (item: Record<string, unknown> | undefined): number =>
  typeof item?.value === 'number' ? item.value : 0;

/** The current value, for a document that reads nothing else in a batch it could join. */
export async function readSequence(orgId: string, name: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sequenceKey(orgId, name), ConsistentRead: true }),
  );
  return sequenceValue(Item);
}

/** Draws current + 1 inside the write's transaction; fails if another document drew it first. */
export function sequenceNext(orgId: string, name: string, current: number): TransactItem {
  return current === 0
    ? {
        Put: {
          TableName: tableName(),
          Item: { ...sequenceKey(orgId, name), entity: 'Sequence', orgId, value: 1 },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }
    : {
        Update: {
          TableName: tableName(),
          Key: sequenceKey(orgId, name),
          UpdateExpression: 'SET #value = :next',
          ConditionExpression: '#value = :current',
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: { ':next': current + 1, ':current': current },
        },
      };
}
