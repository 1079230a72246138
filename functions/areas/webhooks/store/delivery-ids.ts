/**
 * A delivery's id pointer (issue 29 item 6, session 38): the log is keyed by event time, so a delivery named
 * by its id alone (the retry endpoint) is found through this small item, `#ID#<deliveryId>` in the log's own
 * partition, holding the delivery's sort key. It sorts before every delivery (`<occurredAt>#<id>`) and after
 * the count items (`#COUNT#<day>`), outside every range the list and the counts read, and goes with the log
 * when a subscription's deliveries are deleted. Written once, in the transaction that creates the delivery,
 * with the delivery's TTL: a delivery's key never changes, so the pointer is never updated.
 */
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import type { Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

const ID_PREFIX = '#ID#';

const pointerKey = (collection: string, deliveryId: string): Key => ({
  PK: collection,
  SK: `${ID_PREFIX}${deliveryId}`,
});

/**
 * The pointer's put, unconditioned: it commits with the delivery's guarded create or not at all, and a
 * second create of the same delivery (the same event fanned out twice) fails on the delivery's guard.
 */
export const deliveryPointerItem = (key: Key, deliveryId: string, ttl: number): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...pointerKey(key.PK, deliveryId), entity: 'WebhookDeliveryId', deliverySk: key.SK, ttl },
  },
});

/** The key of the delivery `deliveryId` in the log `collection`, if it has a pointer: one GetItem. */
export async function pointedDeliveryKey(collection: string, deliveryId: string): Promise<Key | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: pointerKey(collection, deliveryId),
      ConsistentRead: true,
    }),
  );
  return typeof Item?.deliverySk === 'string' ? { PK: collection, SK: Item.deliverySk } : null;
}
