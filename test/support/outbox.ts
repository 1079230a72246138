import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { db } from '../../functions/platform/dynamo/client.js';
import { outboxCollection } from '../../functions/platform/journal/outbox.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';

export async function outboxItems(orgId: string): Promise<Record<string, any>[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': outboxCollection(orgId) },
      ConsistentRead: true,
    }),
  );
  return result.Items ?? [];
}

/**
 * The INSERT stream records of one organisation's outbox, in the Lambda's shape. Tests publish their own
 * organisation's records only: the table (and its stream) is shared with test files running in parallel.
 */
export async function outboxStreamRecords(orgId: string): Promise<DynamoDBRecord[]> {
  return (await outboxItems(orgId)).map((item, n) => ({
    eventName: 'INSERT',
    dynamodb: {
      Keys: { PK: { S: item.PK }, SK: { S: item.SK } },
      NewImage: { PK: { S: item.PK }, SK: { S: item.SK }, entity: { S: 'Outbox' } },
      SequenceNumber: String(1000 + n),
    },
  }));
}

/** The events queued in an organisation's outbox for one record, oldest first. */
export async function eventsFor(
  orgId: string,
  id: string,
): Promise<{ event: string; data: { id: string } }[]> {
  return (await outboxItems(orgId)).flatMap((item) => item.events).filter((e) => e.data.id === id);
}
