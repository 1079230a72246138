/**
 * Backfill of the organisation registry (functions/areas/organisations/store/registry.ts): organisations
 * created before it have no GSI1 entry, so the scheduled jobs would not see them. Part of `projection
 * backfill`; an operator's one-off pass like the slim rows' (a Scan, filtered to organisation items
 * without the entry), idempotent, and a no-op once every organisation is listed.
 */
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { registryEntry } from '../../functions/areas/organisations/store/registry.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';

export async function backfillOrganisationRegistry(): Promise<{ organisationsRegistered: number }> {
  let organisationsRegistered = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#entity = :org AND SK = :sk AND attribute_not_exists(GSI1PK)',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':org': 'Organisation', ':sk': 'ORG' },
        ProjectionExpression: 'PK, SK, id',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const entry = registryEntry(item.id as string);
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':pk': entry.GSI1PK, ':sk': entry.GSI1SK },
        }),
      );
      organisationsRegistered += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { organisationsRegistered };
}
