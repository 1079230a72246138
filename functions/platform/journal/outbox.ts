/** Outbox items as the publisher and the sweeper see them (journal.ts writes them). */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainEvent } from '../../../domain/events.js';
import { db } from '../dynamo/client.js';
import { outboxPendingKey, tenantPrefix, WORK_SHARDS, workShard, type Key } from '../dynamo/keys.js';
import { tableName } from '../dynamo/table-definition.js';

export const outboxCollection = (orgId: string) => `${tenantPrefix(orgId)}#OUTBOX`;
export const outboxKey = (orgId: string, occurredAt: string, eventId: string): Key => ({
  PK: outboxCollection(orgId),
  SK: `${occurredAt}#${eventId}`,
});

export interface OutboxItem {
  key: Key;
  orgId: string;
  occurredAt: string;
  events: DomainEvent[];
  published: boolean;
}

const fromItem = (item: Record<string, unknown>): OutboxItem => ({
  key: { PK: item.PK as string, SK: item.SK as string },
  orgId: item.orgId as string,
  occurredAt: item.occurredAt as string,
  events: item.events as DomainEvent[],
  published: item.published === true,
});

export async function getOutboxItem(key: Key): Promise<OutboxItem | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return Item && Item.entity === 'Outbox' ? fromItem(Item) : null;
}

/** Published: out of the pending index. A row already expired by TTL is left alone. */
export async function markPublished(key: Key, at: Date): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET published = :true, publishedAt = :at REMOVE GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':true': true, ':at': at.toISOString() },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Unpublished outbox items that occurred before `before`, oldest first per shard; optionally one org's. */
export async function pendingOutboxItems(before: Date, limit: number, orgId?: string): Promise<OutboxItem[]> {
  const found: OutboxItem[] = [];
  const shards = orgId ? [workShard(orgId)] : Array.from({ length: WORK_SHARDS }, (_, n) => n);
  for (const shard of shards) {
    if (found.length >= limit) break;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
          ...(orgId ? { FilterExpression: 'orgId = :org' } : {}),
          ExpressionAttributeValues: {
            ':pk': outboxPendingKey(shard),
            ':before': before.toISOString(),
            ...(orgId ? { ':org': orgId } : {}),
          },
          Limit: limit - found.length,
          ExclusiveStartKey: startKey,
        }),
      );
      found.push(...(page.Items ?? []).map(fromItem));
      startKey = page.LastEvaluatedKey;
    } while (startKey && found.length < limit);
  }
  return found;
}

/** When the oldest unpublished outbox item occurred (one single-item query per shard), or null. */
export async function oldestPendingOccurredAt(before: Date): Promise<string | null> {
  const firsts = await Promise.all(
    Array.from({ length: WORK_SHARDS }, async (_, shard) => {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
          ExpressionAttributeValues: { ':pk': outboxPendingKey(shard), ':before': before.toISOString() },
          ProjectionExpression: 'occurredAt',
          Limit: 1,
        }),
      );
      return (page.Items?.[0]?.occurredAt as string | undefined) ?? null;
    }),
  );
  return firsts.filter((at): at is string => at !== null).sort()[0] ?? null;
}
