import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_LIMITS,
  shardsFor,
  type CounterResult,
  type Limits,
} from '../../../domain/limits/rate-limits.js';
import { db } from '../dynamo/client.js';
import { keys, tenantPrefix, type Key } from '../dynamo/keys.js';
import { tableName } from '../dynamo/table-definition.js';

const rateCounterKey = (orgId: string, apiKeyId: string, windowStart: number): Key => ({
  PK: `${tenantPrefix(orgId)}#RATE#KEY#${apiKeyId}`,
  SK: String(windowStart),
});
const rateCounterOrg = (orgId: string, windowStart: number, shard: number): Key => ({
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
 * Takes one slot of a counter if it is below its limit, in one conditional write. A refused take
 * writes nothing, so a rejected burst never pushes the count past the limit.
 */
async function take(key: Key, limit: number, windowStart: number): Promise<CounterResult> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': windowStart + COUNTER_TTL_SECONDS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { admitted: true, count: Attributes?.count as number, limit };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { admitted: false, count: limit, limit };
    throw error;
  }
}

/** Gives back a slot taken by a request that the other counter refused. */
async function giveBack(key: Key): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD #count :minusOne',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':minusOne': -1 },
    }),
  );
}

/** Per key and per organisation at once, in parallel; a slot taken by only one of them is returned. */
export async function takeRateLimitSlots(
  orgId: string,
  apiKeyId: string,
  limits: Limits,
  windowStart: number,
): Promise<{ key: CounterResult; org: CounterResult }> {
  const shards = shardsFor(limits.perOrg);
  const shard = Math.floor(Math.random() * shards);
  const keyCounter = rateCounterKey(orgId, apiKeyId, windowStart);
  const orgCounter = rateCounterOrg(orgId, windowStart, shard);
  const [key, org] = await Promise.all([
    take(keyCounter, limits.perKey, windowStart),
    take(orgCounter, Math.ceil(limits.perOrg / shards), windowStart),
  ]);
  if (key.admitted && !org.admitted) await giveBack(keyCounter);
  if (org.admitted && !key.admitted) await giveBack(orgCounter);
  // Report the organisation's limit as a whole, not one shard's share of it.
  const orgView = shards === 1 ? org : { ...org, limit: limits.perOrg, count: org.count * shards };
  return { key, org: orgView };
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
