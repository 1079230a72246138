import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_LIMITS, type Limits } from '../../../domain/limits/rate-limits.js';
import { roomOf } from '../../../domain/limits/token-lease.js';
import { db } from '../dynamo/client.js';
import { keys, tenantPrefix, type Key } from '../dynamo/keys.js';
import { tableName } from '../dynamo/table-definition.js';

/**
 * The counter item of an organisation's window (or of one of its shards): `total` counts the
 * organisation's slots, `key#<id>` each key's, so one write leases both.
 */
export const rateCounter = (orgId: string, windowStart: number, shard: number): Key => ({
  PK: `${tenantPrefix(orgId)}#RATE#${shard}`,
  SK: String(windowStart),
});
const authFailuresKey = (sourceIp: string, windowStart: number): Key => ({
  PK: `AUTHFAIL#${sourceIp}`,
  SK: String(windowStart),
});

/** Counters outlive their window briefly, then TTL removes them. */
const COUNTER_TTL_SECONDS = 180;
/** Lease writes refused because others took the room first, before this one gives up for now. */
const LEASE_ATTEMPTS = 5;

export interface Lease {
  granted: number;
  /** The key's and the organisation's counts after the write (or as the refusing write found them). */
  keyCount: number;
  orgCount: number;
}

const countOf = (item: Record<string, unknown> | undefined, name: string): number => {
  const value = item?.[name];
  if (typeof value === 'number') return value;
  // The condition-failure item comes back unconverted by the document client.
  if (value && typeof value === 'object' && 'N' in value) return Number((value as { N: string }).N);
  return 0;
};

/** The counts as they stand, for a store that does not return them with a failed condition. */
async function readCounter(counter: Key): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: counter, ConsistentRead: true }),
  );
  return Item;
}

/**
 * Leases up to `asked` slots of a key and its organisation in one conditional write that holds only if
 * the whole ask fits under both limits. When it does not, the failed write returns the counts it found
 * and the lease asks again for what fits; a counter already full writes nothing, so hammering it never
 * grows it, and the slots granted never pass a limit.
 */
export async function leaseSlots(input: {
  counter: Key;
  keyId: string;
  asked: number;
  keyLimit: number;
  orgLimit: number;
  windowStart: number;
}): Promise<Lease> {
  const keyName = `key#${input.keyId}`;
  let asked = Math.min(input.asked, input.keyLimit, input.orgLimit);
  let found: Lease = { granted: 0, keyCount: 0, orgCount: 0 };
  for (let attempt = 0; attempt < LEASE_ATTEMPTS && asked > 0; attempt += 1) {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: input.counter,
          UpdateExpression: 'ADD #total :asked, #key :asked SET #ttl = :ttl',
          ConditionExpression:
            '(attribute_not_exists(#total) OR #total <= :orgMax) AND (attribute_not_exists(#key) OR #key <= :keyMax)',
          ExpressionAttributeNames: { '#total': 'total', '#key': keyName, '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':asked': asked,
            ':orgMax': input.orgLimit - asked,
            ':keyMax': input.keyLimit - asked,
            ':ttl': input.windowStart + COUNTER_TTL_SECONDS,
          },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return {
        granted: asked,
        keyCount: countOf(Attributes, keyName),
        orgCount: countOf(Attributes, 'total'),
      };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const item = error.Item ?? (await readCounter(input.counter));
      found = { granted: 0, keyCount: countOf(item, keyName), orgCount: countOf(item, 'total') };
      asked = Math.min(
        asked,
        roomOf([
          { limit: input.keyLimit, count: found.keyCount },
          { limit: input.orgLimit, count: found.orgCount },
        ]),
      );
    }
  }
  return found;
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
