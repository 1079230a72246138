/** An organisation's outbox partition read as its event log (GET /events). */
import type { DomainEvent } from '../../../../domain/events.js';
import type { OutboxEntry } from '../../../../domain/webhooks/event-feed.js';
import { QueryCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { outboxCollection } from '../../../platform/journal/outbox.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

export interface OutboxRead {
  entries: OutboxEntry[];
  /** Where the next read continues; undefined once the range is exhausted. */
  lastKey: Record<string, unknown> | undefined;
}

/** Outbox items with `from <= SK <= to`, oldest first, at most `limit`; only the sort key and events. */
export async function readOutbox(
  orgId: string,
  range: { from: string; to: string },
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<OutboxRead> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': outboxCollection(orgId),
        ':from': range.from,
        ':to': range.to,
      },
      ExpressionAttributeNames: { '#events': 'events' },
      ProjectionExpression: 'SK, #events',
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return {
    entries: (page.Items ?? []).map((item) => ({
      sk: item.SK as string,
      events: item.events as DomainEvent[],
    })),
    lastKey: page.LastEvaluatedKey,
  };
}
