/**
 * How many open purchase orders (neither COMPLETED nor CANCELLED) hold each product, so that deactivating a
 * product (spec, Product isActive: 409 while it is on such orders) is one consistent read and one condition,
 * race-free against order creates:
 *
 *   - an order's create adds 1 per distinct product, its move to COMPLETED or CANCELLED takes it off again,
 *     in the order's own transaction;
 *   - the deactivation reads the product's count and ConditionChecks it still 0 (absent) in its write, so
 *     an order created after the read fails the deactivation, which re-reads and answers 409;
 *   - the create reads the product counts item's `deactivations` before it reads the products active, and
 *     ConditionChecks it unchanged (as sales-order create does), so a deactivation after that read fails
 *     the create, which re-reads and answers 422.
 *
 * The counts are attributes `p_<productId>` of 32 bucket items (`O#<org>#OPEN_PURCHASE_ORDERS#<n>`, n from
 * the product id's hash), not one item per product: an order of 100 distinct products then writes at most
 * 32 count items beside the order, its counters, sequence, checks, outbox, audit and idempotency record,
 * inside one 100-item transaction. A bucket holds one small attribute per product ever ordered, so it
 * stays far below 400 KB up to a few hundred thousand products.
 */
import { createHash } from 'node:crypto';
import { db } from '../../../platform/dynamo/client.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { keys, type Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type GuardedItem, type TransactItem } from '../../../platform/dynamo/transact.js';

export const OPEN_ORDER_BUCKETS = 32;

const bucketOf = (productId: string): number =>
  createHash('sha256').update(productId).digest().readUInt8(0) % OPEN_ORDER_BUCKETS;

export const openOrderBucketKey = (orgId: string, bucket: number): Key => ({
  PK: `${keys.organisation(orgId).PK}#OPEN_PURCHASE_ORDERS#${bucket}`,
  SK: 'PRODUCTS',
});

const attributeOf = (productId: string) => `p_${productId}`;

/** Adds `delta` (1 on create, -1 when an order closes) to each product's count: one update per bucket. */
export function openOrderItems(orgId: string, productIds: readonly string[], delta: 1 | -1): TransactItem[] {
  const byBucket = new Map<number, string[]>();
  for (const id of new Set(productIds)) {
    const bucket = bucketOf(id);
    byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), id]);
  }
  return [...byBucket].map(([bucket, ids]) => ({
    Update: {
      TableName: tableName(),
      Key: openOrderBucketKey(orgId, bucket),
      UpdateExpression: `ADD ${ids.map((_, i) => `#p${i} :delta`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(ids.map((id, i) => [`#p${i}`, attributeOf(id)])),
      ExpressionAttributeValues: { ':delta': delta },
    },
  }));
}

/**
 * How many open purchase orders hold the product, with the transaction item that keeps the answer true
 * until the caller's write commits (a lost race: the caller re-reads).
 */
export async function openPurchaseOrdersHolding(
  orgId: string,
  productId: string,
): Promise<{ count: number; unchanged: GuardedItem }> {
  const key = openOrderBucketKey(orgId, bucketOf(productId));
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  const count = (Item?.[attributeOf(productId)] as number | undefined) ?? 0;
  const unchanged = guard(
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'attribute_not_exists(#p) OR #p = :count',
        ExpressionAttributeNames: { '#p': attributeOf(productId) },
        ExpressionAttributeValues: { ':count': count },
      },
    },
    () => 'retry',
  );
  return { count, unchanged };
}
