/** Finding one delivery by id and making it due again (the retry endpoint). */
import { unprocessable } from '../../../../domain/errors.js';
import {
  countMoves,
  DELIVERY_RETENTION_SECONDS,
  logCutoff,
  unpointedRange,
} from '../../../../domain/webhooks/delivery-log.js';
import type { DeliveryState } from '../../../../domain/webhooks/delivery.js';
import { ConditionalCheckFailedException, UpdateCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { ListTooBroad, listScanBudget, readBoundsText } from '../../../platform/dynamo/list-budget.js';
import { queryFirst } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { transact, WriteRace } from '../../../platform/dynamo/transact.js';
import { countMoveItem } from './delivery-counts.js';
import { pointedDeliveryKey } from './delivery-ids.js';
import {
  deliveryCollection,
  deliveries,
  dueIndexEntry,
  getDelivery,
  statusIndexEntry,
  type DeliveryRef,
} from './deliveries.js';

export interface FoundDelivery {
  ref: DeliveryRef;
  delivery: DeliveryState;
}

/**
 * The delivery `deliveryId` of the subscription's log: its id pointer and then the delivery, two GetItems,
 * whatever the log's length (delivery-ids.ts). A delivery from before the pointers (`idsFrom`, the
 * subscription's stamp; unpointedRange) is searched for in the part of the log it can be in, newest first,
 * within the list budget. Null when it is not there; past the budget, the 422 of `notSearched`.
 */
export async function findDelivery(
  orgId: string,
  subscriptionId: string,
  deliveryId: string,
  log: { now: Date; idsFrom: string | undefined },
): Promise<FoundDelivery | null> {
  const collection = deliveryCollection(orgId, subscriptionId);
  const key = await pointedDeliveryKey(collection, deliveryId);
  if (key) {
    const ref = { orgId, key };
    // Gone although its pointer is not: the TTL deletes the two separately.
    const delivery = await getDelivery(ref);
    return delivery ? { ref, delivery } : null;
  }
  const range = unpointedRange(log.idsFrom, logCutoff(log.now));
  if (!range) return null;
  const item = await searchLog(collection, deliveryId, range, log.idsFrom);
  if (!item) return null;
  return {
    ref: { orgId, key: { PK: collection, SK: String(item.SK) } },
    delivery: deliveries.fromItem(item),
  };
}

/** The log's deliveries in `range`, newest first (the usual retry is of a recent one), until the id turns up. */
async function searchLog(
  collection: string,
  deliveryId: string,
  range: { from: string; to: string },
  idsFrom: string | undefined,
): Promise<Record<string, unknown> | null> {
  const budget = listScanBudget();
  try {
    return await queryFirst(
      {
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        FilterExpression: '#id = :id',
        ExpressionAttributeNames: { '#id': 'id' },
        ExpressionAttributeValues: {
          ':pk': collection,
          ':from': range.from,
          ':to': range.to,
          ':id': deliveryId,
        },
        ScanIndexForward: false,
        // Eventually consistent, half the read: a delivery from before the pointers is hours old, and the
        // requeue is conditioned on the status and attempts read (a stale read is re-read by its key).
      },
      { maxScanned: budget },
    );
  } catch (error) {
    throw error instanceof ListTooBroad ? notSearched(budget, idsFrom) : error;
  }
}

/**
 * A delivery from before the id pointers that is not among the newest of them one request reads (the
 * list budget: its rows or its bytes): it may exist or not, and one request cannot tell, so neither a 404
 * nor a read of the whole log. The case ends when those deliveries have left the 30-day log.
 */
function notSearched(budget: number, idsFrom: string | undefined): Error {
  const until = idsFrom
    ? `; they have all left the 30-day log by ${new Date(Date.parse(idsFrom) + DELIVERY_RETENTION_SECONDS * 1000).toISOString()}`
    : '';
  return unprocessable(
    `This delivery is not among the newest deliveries this subscription has from before its deliveries were indexed by id that one request searches (${readBoundsText(budget)})${until}`,
  );
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
