/** Finding one delivery by id and making it due again (the retry endpoint). */
import type { DeliveryState } from '../../../../domain/webhooks/delivery.js';
import {
  ConditionalCheckFailedException,
  QueryCommand,
  UpdateCommand,
} from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import {
  deliveryCollection,
  deliveries,
  deliveryRef,
  dueIndexEntry,
  type DeliveryRef,
} from './deliveries.js';

/**
 * The delivery log is keyed by event time, so an id alone is found by reading the subscription's log,
 * newest first (the usual retry is of a recent delivery), keys only, until it turns up.
 */
export async function findDelivery(
  orgId: string,
  subscriptionId: string,
  deliveryId: string,
): Promise<{ ref: DeliveryRef; delivery: DeliveryState } | null> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: '#id = :id',
        ExpressionAttributeNames: { '#id': 'id' },
        ExpressionAttributeValues: {
          ':pk': deliveryCollection(orgId, subscriptionId),
          ':id': deliveryId,
        },
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    const item = page.Items?.[0];
    if (item) {
      const delivery = deliveries.fromItem(item);
      return { ref: deliveryRef(orgId, delivery), delivery };
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return null;
}

/**
 * Writes the requeued state, conditioned on the status and attempts it was decided on: an attempt that
 * finished in between makes this false (the caller re-reads). A lease held by an attempt in flight is
 * kept, so the retry never sends twice at once.
 */
export async function saveRequeued(
  ref: DeliveryRef,
  before: DeliveryState,
  after: DeliveryState,
): Promise<boolean> {
  // A requeued delivery is PENDING with a due time, so it always has its due-index entry.
  const due = dueIndexEntry(ref.orgId, after) as { GSI2PK: string; GSI2SK: string };
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ref.key,
        UpdateExpression: 'SET #status = :status, nextAttemptAt = :next, GSI2PK = :gsiPk, GSI2SK = :gsiSk',
        ConditionExpression: '#status = :before AND attempts = :attempts',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': after.status,
          ':next': after.nextAttemptAt,
          ':gsiPk': due.GSI2PK,
          ':gsiSk': due.GSI2SK,
          ':before': before.status,
          ':attempts': before.attempts,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
