import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/store/client.js';
import { tableName } from '../../functions/store/table-definition.js';

/** The events queued in an organisation's outbox for one record, oldest first. */
export async function eventsFor(
  orgId: string,
  id: string,
): Promise<{ event: string; data: { id: string } }[]> {
  const outbox = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `O#${orgId}#OUTBOX` },
    }),
  );
  return (outbox.Items ?? []).flatMap((item) => item.events).filter((e) => e.data.id === id);
}
