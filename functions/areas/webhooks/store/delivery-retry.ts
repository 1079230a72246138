/** Finding one delivery by id and making it due again (the retry endpoint). */
import type { DeliveryState } from '../../../../domain/webhooks/delivery.js';
import {
  ConditionalCheckFailedException,
  QueryCommand,
  UpdateCommand,
} from '../../../platform/dynamo/commands.js';
import { countMoves } from '../../../../domain/webhooks/delivery-log.js';
import { db } from '../../../platform/dynamo/client.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { transact, WriteRace } from '../../../platform/dynamo/transact.js';
import { countMoveItem } from './delivery-counts.js';
import {
  deliveryCollection,
  deliveries,
  deliveryRef,
  dueIndexEntry,
  statusIndexEntry,
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
 * kept, so the retry never sends twice at once. A DELIVERED or DEAD delivery made PENDING again moves the
 * log's counts in the same transaction.
 */
export async function saveRequeued(
  ref: DeliveryRef,
  before: DeliveryState,
  after: DeliveryState,
): Promise<boolean> {
  // A requeued delivery is PENDING with a due time, so it always has its due-index entry.
  const due = dueIndexEntry(ref.orgId, after) as { GSI2PK: string; GSI2SK: string };
  const status = statusIndexEntry(ref.orgId, after);
  const update = {
    TableName: tableName(),
    Key: ref.key,
    UpdateExpression:
      'SET #status = :status, nextAttemptAt = :next, GSI2PK = :gsiPk, GSI2SK = :gsiSk, GSI1PK = :statusPk, GSI1SK = :statusSk',
    ConditionExpression: '#status = :before AND attempts = :attempts',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': after.status,
      ':next': after.nextAttemptAt,
      ':gsiPk': due.GSI2PK,
      ':gsiSk': due.GSI2SK,
      ':statusPk': status.GSI1PK,
      ':statusSk': status.GSI1SK,
      ':before': before.status,
      ':attempts': before.attempts,
    },
  };
  const move = countMoveItem(ref.key.PK, after.payload.occurredAt, countMoves(before.status, after.status));
  try {
    if (move) await transact([{ Update: update }, move]);
    else await db().send(new UpdateCommand(update));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || error instanceof WriteRace) return false;
    throw error;
  }
}
