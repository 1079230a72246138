/** Webhook subscriptions, their signing secrets and the per-organisation count of active ones. */
import {
  GetCommand,
  UpdateCommand,
  ConditionalCheckFailedException,
} from '../../../platform/dynamo/commands.js';
import { conflict, notFound } from '../../../../domain/errors.js';
import {
  capExceeded,
  MAX_ACTIVE_SUBSCRIPTIONS,
  type SubscriptionState,
} from '../../../../domain/webhooks/subscription.js';
import type { StoredSecrets } from '../../../../domain/webhooks/secret-rotation.js';
import { COUNTED_FROM_CREATION, countsStamp } from '../../../../domain/webhooks/delivery-log.js';
import { db } from '../../../platform/dynamo/client.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { WRITE_ATTEMPTS } from '../../../platform/dynamo/optimistic.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import {
  guard,
  isTransactionConflict,
  transact,
  type TransactItem,
  type WriteItem,
} from '../../../platform/dynamo/transact.js';

const webhookCollection = (orgId: string) => `${tenantPrefix(orgId)}#WEBHOOK`;
export const webhookKey = (orgId: string, id: string): Key => ({
  PK: webhookCollection(orgId),
  SK: `SUB#${id}`,
});
/** Apart from the subscription so that no API read path, which reads SUB# rows only, can return it. */
export const webhookSecretKey = (orgId: string, id: string): Key => ({
  PK: webhookCollection(orgId),
  SK: `SECRET#${id}`,
});
const webhookCounterKey = (orgId: string): Key => ({ PK: webhookCollection(orgId), SK: 'ACTIVE_COUNT' });

/** Whitelisted, so nothing stored beside the state (keys, bookkeeping) can leak into a response. */
export const subscriptions = entity<SubscriptionState>({
  name: 'WebhookSubscription',
  fields: allFields<SubscriptionState>()([
    'id',
    'url',
    'events',
    'description',
    'secretPrefix',
    'isActive',
    'failureCount',
    'lastSuccessAt',
    'lastFailureAt',
    'disabledAt',
    'createdAt',
    'updatedAt',
    'version',
  ]),
  key: (orgId, state) => webhookKey(orgId, state.id),
});

export const getSubscription = (orgId: string, id: string): Promise<SubscriptionState | null> =>
  subscriptions.getByKey(webhookKey(orgId, id));

/**
 * Bookkeeping beside the state: from when the subscription's delivery log is counted (delivery-counts.ts),
 * '' for one created since the counts began, stamped by the first recorded attempt for one created before
 * (countsStamp), absent until then.
 */
const COUNTED_FROM = 'deliveriesCountedFrom';
/**
 * The same for the deliveries' id pointers (delivery-ids.ts, session 38): from when every delivery of the
 * log has one (unpointedRange), stamped the same way by code that writes them.
 */
const IDS_FROM = 'deliveryIdsFrom';

const stampOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The subscription, from when its delivery log is counted and from when its deliveries have id pointers
 * (the list's and the retry's one read of it).
 */
export async function getSubscriptionLog(
  orgId: string,
  id: string,
): Promise<{
  subscription: SubscriptionState;
  countedFrom: string | undefined;
  idsFrom: string | undefined;
} | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: webhookKey(orgId, id), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    subscription: subscriptions.fromItem(Item),
    countedFrom: stampOf(Item[COUNTED_FROM]),
    idsFrom: stampOf(Item[IDS_FROM]),
  };
}

/** Every subscription of the organisation: one small partition (at most 25 active ones plus the disabled). */
export async function listSubscriptions(orgId: string): Promise<SubscriptionState[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sub)',
    ExpressionAttributeValues: { ':pk': webhookCollection(orgId), ':sub': 'SUB#' },
    ConsistentRead: true,
  });
  return items.map(subscriptions.fromItem);
}

/**
 * The subscription's stored secrets, sealed (functions/platform/secrets): read by the delivery worker to
 * sign; no API operation reads them.
 */
export async function getSealedSecrets(orgId: string, id: string): Promise<StoredSecrets | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: webhookSecretKey(orgId, id), ConsistentRead: true }),
  );
  if (!Item) return null;
  const previous = Item.previousSecret as string | undefined;
  return {
    current: Item.secret as string,
    previous: previous ? { secret: previous, expiresAt: Item.previousExpiresAt as string } : null,
  };
}

/**
 * Moves the active count; an increase is conditioned on the cap, so two racing creates cannot both take
 * the 25th place.
 */
export function activeCountChange(orgId: string, delta: 1 | -1): WriteItem {
  const item: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: webhookCounterKey(orgId),
      UpdateExpression: 'ADD activeCount :d',
      ...(delta > 0
        ? {
            ConditionExpression: 'attribute_not_exists(activeCount) OR activeCount < :cap',
            ExpressionAttributeValues: { ':d': delta, ':cap': MAX_ACTIVE_SUBSCRIPTIONS },
          }
        : { ExpressionAttributeValues: { ':d': delta } }),
    },
  };
  return delta > 0 ? guard(item, capExceeded) : item;
}

/**
 * Create: the subscription, its secret (sealed by the caller), and the counter (index 2 fails when the cap
 * is reached).
 */
export function subscriptionCreateItems(
  orgId: string,
  state: SubscriptionState,
  sealedSecret: string,
): WriteItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...subscriptions.toItem(orgId, state),
          [COUNTED_FROM]: COUNTED_FROM_CREATION,
          [IDS_FROM]: COUNTED_FROM_CREATION,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...webhookSecretKey(orgId, state.id),
          entity: 'WebhookSecret',
          orgId,
          secret: sealedSecret,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    activeCountChange(orgId, 1),
  ];
}

const PATCHED: readonly (keyof SubscriptionState)[] = [
  'url',
  'events',
  'description',
  'isActive',
  'failureCount',
  'disabledAt',
  'updatedAt',
  'version',
];

/**
 * A PUT: updates the patchable fields only, conditioned on the version read, so the delivery worker's
 * concurrent bookkeeping (lastSuccessAt, lastFailureAt) is not overwritten. A PUT is not retried: a lost
 * race is the caller's 409, or what `lostRace` makes of the version it lost to (an If-Match that no longer
 * matches is 412). A subscription deleted meanwhile is 409 too.
 */
export function subscriptionUpdateItem(
  orgId: string,
  before: SubscriptionState,
  after: SubscriptionState,
  lostRace: (storedVersion: number) => Error | null = () => null,
): WriteItem {
  const names = Object.fromEntries(PATCHED.map((f, i) => [`#f${i}`, f]));
  const values = Object.fromEntries(PATCHED.map((f, i) => [`:f${i}`, after[f]]));
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: webhookKey(orgId, before.id),
        UpdateExpression: `SET ${PATCHED.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { ...names, '#version': 'version' },
        ExpressionAttributeValues: { ...values, ':expected': before.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) =>
      (old ? lostRace(Number(old.version)) : null) ??
      conflict('The webhook subscription was changed by another request at the same time; retry'),
  );
}

/**
 * A rotation: the new sealed secret becomes current and the current one moves to previous with its expiry
 * (replacing any older previous one), together with the subscription's new secretPrefix. Conditioned on
 * the version read, so of two racing rotations one wins and the other is the caller's 409.
 */
export function secretRotationItems(
  orgId: string,
  before: SubscriptionState,
  after: SubscriptionState,
  sealedSecret: string,
  previousExpiresAt: string,
): WriteItem[] {
  return [
    guard(
      {
        Update: {
          TableName: tableName(),
          Key: webhookKey(orgId, before.id),
          UpdateExpression: 'SET secretPrefix = :prefix, updatedAt = :at, #version = :next',
          ConditionExpression: '#version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: {
            ':prefix': after.secretPrefix,
            ':at': after.updatedAt,
            ':next': after.version,
            ':expected': before.version,
          },
        },
      },
      () => conflict('The webhook subscription was changed by another request at the same time; retry'),
    ),
    {
      Update: {
        TableName: tableName(),
        Key: webhookSecretKey(orgId, before.id),
        UpdateExpression: 'SET previousSecret = #secret, previousExpiresAt = :expires, #secret = :new',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#secret': 'secret' },
        ExpressionAttributeValues: { ':new': sealedSecret, ':expires': previousExpiresAt },
      },
    },
  ];
}

/** A subscription changed or deleted since it was read is, for the DELETE, no longer the one asked for. */
export function subscriptionDeleteItems(orgId: string, state: SubscriptionState): WriteItem[] {
  return [
    guard(
      {
        Delete: {
          TableName: tableName(),
          Key: webhookKey(orgId, state.id),
          ConditionExpression: '#version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': state.version },
        },
      },
      () => notFound('Webhook subscription'),
    ),
    { Delete: { TableName: tableName(), Key: webhookSecretKey(orgId, state.id) } },
    ...(state.isActive ? [activeCountChange(orgId, -1)] : []),
  ];
}

/**
 * Every attempt's bookkeeping also stamps, once, from when the delivery log is counted and from when its
 * deliveries have id pointers (a subscription created before either began; countsStamp), in the same
 * update: no write of its own.
 */
const STAMP = [COUNTED_FROM, IDS_FROM].map((f) => `${f} = if_not_exists(${f}, :countedFrom)`).join(', ');

/** A delivery ended DELIVERED: the consecutive-failure count starts again. */
export async function recordSubscriptionSuccess(orgId: string, id: string, at: string): Promise<void> {
  await updateIfPresent(orgId, id, `SET failureCount = :zero, lastSuccessAt = :at, ${STAMP}`, {
    ':zero': 0,
    ':at': at,
    ':countedFrom': countsStamp(at),
  });
}

/** A failed attempt (not necessarily the last one). */
export async function recordSubscriptionFailure(orgId: string, id: string, at: string): Promise<void> {
  await updateIfPresent(orgId, id, `SET lastFailureAt = :at, ${STAMP}`, {
    ':at': at,
    ':countedFrom': countsStamp(at),
  });
}

/** A delivery ended DEAD: counts it atomically and returns the new consecutive count. */
export async function countDeadDelivery(
  orgId: string,
  id: string,
  at: string,
): Promise<{ failureCount: number; isActive: boolean } | null> {
  const attributes = await updateIfPresent(
    orgId,
    id,
    `SET lastFailureAt = :at, ${STAMP} ADD failureCount :one`,
    {
      ':at': at,
      ':one': 1,
      ':countedFrom': countsStamp(at),
    },
  );
  return attributes
    ? { failureCount: attributes.failureCount as number, isActive: attributes.isActive as boolean }
    : null;
}

/**
 * Auto-disable, only while the subscription is still active and still at or past the threshold (a PUT
 * in between resets both), together with the active count. It moves the version: a PUT decided on the
 * subscription as it was before (a form still showing it active) must not silently turn it back on.
 */
export function subscriptionDisableItems(
  orgId: string,
  id: string,
  at: string,
  threshold: number,
): WriteItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: webhookKey(orgId, id),
        UpdateExpression: 'SET isActive = :false, disabledAt = :at ADD #version :one',
        ConditionExpression: 'isActive = :true AND failureCount >= :n',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':false': false, ':true': true, ':at': at, ':n': threshold, ':one': 1 },
      },
    },
    activeCountChange(orgId, -1),
  ];
}

async function updateIfPresent(
  orgId: string,
  id: string,
  expression: string,
  values: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(orgId, id),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes ?? null;
  } catch (error) {
    // The subscription was deleted while its delivery was in flight: nothing left to record.
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/**
 * Writes that move the active count all touch the organisation's one counter item, so simultaneous ones
 * conflict (DynamoDB cancels with TransactionConflict) rather than queue; they are retried with jitter.
 */
export async function transactWithCounter(items: readonly WriteItem[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transact(items);
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= WRITE_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 50));
    }
  }
}
