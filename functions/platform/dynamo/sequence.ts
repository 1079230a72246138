/**
 * Per-organisation document sequences: one counter item per name (adjustments, orders, invoices, receipts,
 * shipments, transfers, production orders, credit notes). Two numberings:
 *
 * - **Unique** (every document but invoices and credit notes): a create draws its number with one atomic
 *   increment outside its transaction (`numberDrawer`), so creates of a kind never contend on a conditioned
 *   item and never retry for a number. Numbers are unique and increase in the order they are drawn; a
 *   create that is refused or fails after drawing leaves a gap (docs/decisions.md).
 * - **Gapless** (invoices, credit notes: a tax series, where an auditor reads a gap as a missing invoice):
 *   the document reads the current value, numbers itself current + 1 and draws it in its own transaction,
 *   conditioned on the value read (`sequenceNext`): a racing document fails the condition and re-reads.
 *   Each of those sequences is its own item, so its contention stays among invoices (or credit notes) of
 *   one organisation and off every other document.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** The current value, for a gapless document that reads nothing else in a batch it could join. */
export async function readSequence(orgId: string, name: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sequenceKey(orgId, name), ConsistentRead: true }),
  );
  return sequenceValue(Item);
}

/** Gapless: draws current + 1 inside the write's transaction; fails if another document drew it first. */
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

/**
 * Unique: the next number of the sequence, drawn by an atomic increment that no other writer can make
 * fail. It continues a sequence that was gapless before (the same item and attribute).
 */
export async function drawNumber(orgId: string, name: string): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sequenceKey(orgId, name),
      UpdateExpression: 'ADD #value :one SET entity = :entity, orgId = :orgId',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1, ':entity': 'Sequence', ':orgId': orgId },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return sequenceValue(Attributes);
}

/**
 * One request's number of a unique sequence: drawn on first ask, then the same number for every retry of
 * the request's write (a lost stock race re-decides, it does not draw again). A draw that failed is
 * forgotten, so a later ask draws afresh.
 */
export function numberDrawer(orgId: string, name: string): () => Promise<number> {
  let drawn: Promise<number> | undefined;
  return () => {
    drawn ??= drawNumber(orgId, name).catch((error: unknown) => {
      drawn = undefined;
      throw error;
    });
    return drawn;
  };
}
