/** Webhook deliveries: the delivery log of each subscription, and the index of deliveries due an attempt. */
import {
  ConditionalCheckFailedException,
  BatchWriteCommand,
  DeleteCommand,
  QueryCommand,
  UpdateCommand,
} from '../../../platform/dynamo/commands.js';
import type { DeliveryState, DeliveryStatus } from '../../../../domain/webhooks/delivery.js';
import { countMoves, retentionTtl } from '../../../../domain/webhooks/delivery-log.js';
import { db } from '../../../platform/dynamo/client.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import {
  deliveryDueKey,
  tenantPrefix,
  WORK_SHARDS,
  workShard,
  type Key,
} from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, transact, type TransactItem } from '../../../platform/dynamo/transact.js';
import { countMoveItem } from './delivery-counts.js';
import { deliveryPointerItem } from './delivery-ids.js';

/** Where a delivery lives; carried in queue messages so the worker reads it with one GetItem. */
export interface DeliveryRef {
  orgId: string;
  key: Key;
}

export const deliveryCollection = (orgId: string, subscriptionId: string) =>
  `${tenantPrefix(orgId)}#WEBHOOK#${subscriptionId}#DELIVERY`;
const deliveryKey = (orgId: string, subscriptionId: string, occurredAt: string, deliveryId: string): Key => ({
  PK: deliveryCollection(orgId, subscriptionId),
  SK: `${occurredAt}#${deliveryId}`,
});

export const deliveryRef = (orgId: string, delivery: DeliveryState): DeliveryRef => ({
  orgId,
  key: deliveryKey(orgId, delivery.subscriptionId, delivery.payload.occurredAt, delivery.id),
});

/** While PENDING a delivery sits in the due index, ordered by when its next attempt is due. */
export const dueIndexEntry = (orgId: string, delivery: DeliveryState) =>
  delivery.status === 'PENDING' && delivery.nextAttemptAt
    ? { GSI2PK: deliveryDueKey(workShard(orgId)), GSI2SK: `${delivery.nextAttemptAt}#${delivery.id}` }
    : {};

/**
 * The status index (GSI1): a subscription's deliveries of one status, in log order, so a status filter
 * reads its own rows only (a rare DEAD among many DELIVERED included). Written with every status change.
 */
export const statusIndexEntry = (orgId: string, delivery: DeliveryState) => ({
  GSI1PK: `${deliveryCollection(orgId, delivery.subscriptionId)}#${delivery.status}`,
  GSI1SK: deliveryKey(orgId, delivery.subscriptionId, delivery.payload.occurredAt, delivery.id).SK,
});

/**
 * A delivery, kept 30 days after the later of its event and its creation (the table's TTL removes it;
 * domain/webhooks/delivery-log.ts says why the later).
 */
export const deliveries = entity<DeliveryState>({
  name: 'WebhookDelivery',
  fields: allFields<DeliveryState>()([
    'id',
    'subscriptionId',
    'event',
    'status',
    'attempts',
    'responseStatus',
    'lastError',
    'deliveredAt',
    'createdAt',
    'nextAttemptAt',
    'payload',
  ]),
  key: (orgId, delivery) =>
    deliveryKey(orgId, delivery.subscriptionId, delivery.payload.occurredAt, delivery.id),
  indexes: (orgId, delivery) => ({
    ...dueIndexEntry(orgId, delivery),
    ...statusIndexEntry(orgId, delivery),
    ttl: retentionTtl(delivery.createdAt, delivery.payload.occurredAt),
  }),
});

/** The count move of a delivery's change of status (or of its creation), in the log's partition. */
const countMove = (
  ref: DeliveryRef,
  delivery: DeliveryState,
  before: DeliveryStatus | undefined,
): TransactItem[] => {
  const item = countMoveItem(ref.key.PK, delivery.payload.occurredAt, countMoves(before, delivery.status));
  return item ? [item] : [];
};

class DeliveryExists extends Error {
  override name = 'DeliveryExists';
}

/**
 * Writes a new delivery, with its count move and its id pointer (delivery-ids.ts), unless one with the
 * same id exists (the same event fanned out twice). Returns the stored delivery, new or old, and whether
 * this call created it.
 */
export async function putDeliveryIfAbsent(
  orgId: string,
  delivery: DeliveryState,
): Promise<{ created: boolean; delivery: DeliveryState }> {
  const ref = deliveryRef(orgId, delivery);
  try {
    // The delivery, its count and its id pointer commit together: the same event fanned out twice counts
    // once, and no delivery exists without its pointer.
    await transact([
      guard(deliveries.createItem(orgId, delivery), () => new DeliveryExists()),
      ...countMove(ref, delivery, undefined),
      deliveryPointerItem(
        ref.key,
        delivery.id,
        retentionTtl(delivery.createdAt, delivery.payload.occurredAt),
      ),
    ]);
    return { created: true, delivery };
  } catch (error) {
    if (!(error instanceof DeliveryExists)) throw error;
    const existing = await getDelivery(ref);
    if (!existing) throw error;
    return { created: false, delivery: existing };
  }
}

export const getDelivery = (ref: DeliveryRef): Promise<DeliveryState | null> => deliveries.getByKey(ref.key);

/** A delivery whose subscription is gone (written by a fan-out racing the DELETE). */
export async function deleteDelivery(ref: DeliveryRef): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: ref.key }));
}

/** Removes a subscription's whole delivery log, 25 items per batch. */
export async function deleteDeliveries(orgId: string, subscriptionId: string): Promise<number> {
  let removed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': deliveryCollection(orgId, subscriptionId) },
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: startKey,
      }),
    );
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += 25) {
      let requests = items
        .slice(i, i + 25)
        .map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } }));
      while (requests.length > 0) {
        const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
        requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
      }
    }
    removed += items.length;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return removed;
}

/**
 * Claims the next attempt for `leaseSeconds`: only one worker (queue message or dispatch pass) sends a
 * given attempt, and a worker that dies mid-attempt leaves a lease that expires rather than a stuck row.
 */
export async function claimAttempt(
  ref: DeliveryRef,
  delivery: DeliveryState,
  now: Date,
  leaseSeconds: number,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ref.key,
        UpdateExpression: 'SET leaseUntil = :lease',
        ConditionExpression:
          '#status = :pending AND attempts = :attempts AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'PENDING',
          ':attempts': delivery.attempts,
          ':now': now.toISOString(),
          ':lease': new Date(now.getTime() + leaseSeconds * 1000).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Records an attempt made under a claim; the due index and the status index follow the new state. A change
 * of status moves the log's counts in the same transaction; a retry scheduled (still PENDING) is one
 * update, as before the counts.
 */
export async function saveAttempt(
  ref: DeliveryRef,
  before: DeliveryState,
  after: DeliveryState,
): Promise<void> {
  const due = dueIndexEntry(ref.orgId, after);
  const status = statusIndexEntry(ref.orgId, after);
  const values: Record<string, unknown> = {
    ':status': after.status,
    ':attempts': after.attempts,
    ':responseStatus': after.responseStatus,
    ':lastError': after.lastError,
    ':deliveredAt': after.deliveredAt,
    ':nextAttemptAt': after.nextAttemptAt,
    ':before': before.attempts,
    ':statusPk': status.GSI1PK,
    ':statusSk': status.GSI1SK,
  };
  const sets = [
    '#status = :status',
    'attempts = :attempts',
    'responseStatus = :responseStatus',
    'lastError = :lastError',
    'deliveredAt = :deliveredAt',
    'nextAttemptAt = :nextAttemptAt',
    'GSI1PK = :statusPk',
    'GSI1SK = :statusSk',
  ];
  if ('GSI2PK' in due) {
    sets.push('GSI2PK = :gsiPk', 'GSI2SK = :gsiSk');
    values[':gsiPk'] = due.GSI2PK;
    values[':gsiSk'] = due.GSI2SK;
  }
  const update = {
    TableName: tableName(),
    Key: ref.key,
    UpdateExpression: `SET ${sets.join(', ')} REMOVE leaseUntil${'GSI2PK' in due ? '' : ', GSI2PK, GSI2SK'}`,
    ConditionExpression: 'attempts = :before',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: values,
  };
  const moves = countMove(ref, after, before.status);
  if (moves.length === 0) await db().send(new UpdateCommand(update));
  else await transact([{ Update: update }, ...moves]);
}

/** Appends to the delivery's lastError (the delivery log says when it disabled its subscription). */
export async function noteOnDelivery(ref: DeliveryRef, lastError: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ref.key,
      UpdateExpression: 'SET lastError = :e, subscriptionDisabled = :t',
      ExpressionAttributeValues: { ':e': lastError, ':t': true },
    }),
  );
}

/** Deliveries whose next attempt is due at `now`, oldest first per shard; every organisation's, or one's. */
export async function dueDeliveries(now: Date, limit: number, orgId?: string): Promise<DeliveryRef[]> {
  const bound = `${now.toISOString()}#\uffff`;
  const refs: DeliveryRef[] = [];
  const shards = orgId ? [workShard(orgId)] : Array.from({ length: WORK_SHARDS }, (_, n) => n);
  for (const shard of shards) {
    if (refs.length >= limit) break;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :bound',
          ...(orgId ? { FilterExpression: 'orgId = :org' } : {}),
          ExpressionAttributeValues: {
            ':pk': deliveryDueKey(shard),
            ':bound': bound,
            ...(orgId ? { ':org': orgId } : {}),
          },
          ProjectionExpression: 'PK, SK, orgId',
          Limit: limit - refs.length,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        refs.push({ orgId: item.orgId as string, key: { PK: item.PK as string, SK: item.SK as string } });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey && refs.length < limit);
  }
  return refs;
}
