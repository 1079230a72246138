/**
 * Backfill of the serials' per-status index (GSI6, functions/areas/inventory/store/serial-numbers.ts):
 * serials written before it have no keys there, so picking reads past them to the product's whole partition
 * and `GET /serial-numbers?productId=&status=` keeps reading that partition until the organisation is
 * marked. Part of `projection backfill`: a Scan filtered to serials without the keys, each given the keys
 * its record would be written with today (conditioned on the status read: a serial changed since was
 * rewritten with its keys by the change), then each organisation marked (`statusIndexed`). Safe to run
 * again: a second run finds nothing to index and marks again.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { organisationIdsPage } from '../../functions/areas/organisations/public.js';
import {
  markSerialsStatusIndexed,
  serialProductStatusCollection,
} from '../../functions/areas/inventory/public.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { sortKey } from '../../functions/platform/dynamo/keys.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';

export async function backfillSerialStatusIndex(
  options: { orgId?: string } = {},
): Promise<{ serialsIndexed: number }> {
  let serialsIndexed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: `#entity = :serial AND attribute_not_exists(GSI6PK)${options.orgId ? ' AND orgId = :org' : ''}`,
        ExpressionAttributeNames: { '#entity': 'entity', '#status': 'status' },
        ExpressionAttributeValues: {
          ':serial': 'SerialNumber',
          ...(options.orgId ? { ':org': options.orgId } : {}),
        },
        ProjectionExpression: 'PK, SK, orgId, id, productId, #status, createdAt',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET GSI6PK = :pk, GSI6SK = :sk',
            ConditionExpression: 'attribute_exists(PK) AND #status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':pk': serialProductStatusCollection(item.orgId, item.productId, item.status),
              ':sk': sortKey(item.createdAt as string, item.id as string),
              ':status': item.status,
            },
          }),
        );
        serialsIndexed += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  if (options.orgId) {
    await markSerialsStatusIndexed(options.orgId);
  } else {
    let after: string | undefined;
    do {
      const page = await organisationIdsPage(after, 100);
      for (const orgId of page.ids) await markSerialsStatusIndexed(orgId);
      after = page.next;
    } while (after);
  }
  return { serialsIndexed };
}
