import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_LIMITS, type Limits } from '../../../domain/limits/rate-limits.js';
import { grantedOf } from '../../../domain/limits/token-lease.js';
import { db } from '../dynamo/client.js';
import { keys, tenantPrefix, type Key } from '../dynamo/keys.js';
import { tableName } from '../dynamo/table-definition.js';

/** The counter items of a window: one per key, one (or a few shards) per organisation. */
export const rateCounterKey = (orgId: string, apiKeyId: string, windowStart: number): Key => ({
  PK: `${tenantPrefix(orgId)}#RATE#KEY#${apiKeyId}`,
  SK: String(windowStart),
});
export const rateCounterOrg = (orgId: string, windowStart: number, shard: number): Key => ({
  PK: `${tenantPrefix(orgId)}#RATE#ORG#${shard}`,
  SK: String(windowStart),
});
const authFailuresKey = (sourceIp: string, windowStart: number): Key => ({
  PK: `AUTHFAIL#${sourceIp}`,
  SK: String(windowStart),
});

/** Counters outlive their window briefly, then TTL removes them. */
const COUNTER_TTL_SECONDS = 180;

/**
 * Leases up to `asked` slots of a counter in one conditional write: the whole ask is added while the count
 * is under the limit, and the part that fitted is granted (grantedOf). A counter already full writes
 * nothing, so hammering it past the limit never grows it.
 */
export async function leaseSlots(
  key: Key,
  asked: number,
  limit: number,
  windowStart: number,
): Promise<{ granted: number; count: number }> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :asked SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':asked': asked,
          ':limit': limit,
          ':ttl': windowStart + COUNTER_TTL_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = Attributes?.count as number;
    return { granted: grantedOf(asked, count, limit), count };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { granted: 0, count: limit };
    throw error;
  }
}

export async function loadOrganisationLimits(orgId: string): Promise<Limits> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.organisation(orgId),
      ProjectionExpression: 'rateLimitPerKey, rateLimitPerOrg',
    }),
  );
  return {
    perKey: (Item?.rateLimitPerKey as number | undefined) ?? DEFAULT_LIMITS.perKey,
    perOrg: (Item?.rateLimitPerOrg as number | undefined) ?? DEFAULT_LIMITS.perOrg,
  };
}

export async function setOrganisationLimits(orgId: string, limits: Partial<Limits>): Promise<Limits> {
  const sets: string[] = [];
  const values: Record<string, number> = {};
  if (limits.perKey !== undefined) {
    sets.push('rateLimitPerKey = :perKey');
    values[':perKey'] = limits.perKey;
  }
  if (limits.perOrg !== undefined) {
    sets.push('rateLimitPerOrg = :perOrg');
    values[':perOrg'] = limits.perOrg;
  }
  if (sets.length > 0) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organisation(orgId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: values,
      }),
    );
  }
  return loadOrganisationLimits(orgId);
}

/**
 * Counts a failed authentication from a source address. Failed requests carry no organisation, so this
 * counter is one of the few global items (like API-key hashes); it holds no tenant data.
 */
export async function countAuthFailure(sourceIp: string, windowStart: number): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: authFailuresKey(sourceIp, windowStart),
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': windowStart + COUNTER_TTL_SECONDS },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.count as number;
}
