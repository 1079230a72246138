import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { db } from '../dynamo/client.js';
import { tenantPrefix, type Key } from '../dynamo/keys.js';
import { tableName } from '../dynamo/table-definition.js';
import type { TransactItem } from '../dynamo/transact.js';

/** Namespaced per API key id, which a rotated key keeps. */
export const idempotencyRecordKey = (orgId: string, apiKeyId: string, keyHash: string): Key => ({
  PK: `${tenantPrefix(orgId)}#IDEMPOTENCY#${apiKeyId}#${keyHash}`,
  SK: 'IDEMPOTENCY',
});

/** Successful requests replay for 24 hours (spec, Idempotency rule 2). */
export const REPLAY_WINDOW_SECONDS = 24 * 3600;
/**
 * An in-flight claim expires so a request that died mid-way cannot hold its key forever; it is longer
 * than any Lambda timeout of the stack (10 s), so a live request never loses its claim.
 */
export const CLAIM_SECONDS = 30;

/** What makes two requests "the same request": endpoint, path ids and the raw body's hash. */
export interface Fingerprint {
  routeKey: string;
  pathParams: string;
  bodyHash: string;
}

export interface StoredResponse {
  status: number;
  body: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; key: Key; token: string }
  | { kind: 'completed'; fingerprint: Fingerprint; response: StoredResponse }
  | { kind: 'in-flight'; fingerprint: Fingerprint };

const fingerprintOf = (item: Record<string, unknown>): Fingerprint => ({
  routeKey: item.routeKey as string,
  pathParams: item.pathParams as string,
  bodyHash: item.bodyHash as string,
});

/**
 * Claims an idempotency key in one conditional write. When the key is taken, the same call returns the
 * existing record (ReturnValuesOnConditionCheckFailure), so a replay costs one round trip too.
 */
export async function claimIdempotencyKey(input: {
  orgId: string;
  apiKeyId: string;
  keyHash: string;
  fingerprint: Fingerprint;
  token: string;
  now: Date;
}): Promise<ClaimOutcome> {
  const key = idempotencyRecordKey(input.orgId, input.apiKeyId, input.keyHash);
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          entity: 'IdempotencyRecord',
          state: 'IN_FLIGHT',
          token: input.token,
          ...input.fingerprint,
          claimExpiresAt: nowSeconds + CLAIM_SECONDS,
          ttl: nowSeconds + REPLAY_WINDOW_SECONDS,
        },
        // Free, or a claim abandoned by a dead request, or a record past its replay window that TTL has
        // not removed yet (TTL deletion lags by up to days).
        ConditionExpression:
          'attribute_not_exists(PK) OR (#state = :inFlight AND claimExpiresAt < :now) OR #ttl < :now',
        ExpressionAttributeNames: { '#state': 'state', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':inFlight': 'IN_FLIGHT', ':now': nowSeconds },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'claimed', key, token: input.token };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
    const existing = unmarshall(error.Item);
    if (existing.state === 'COMPLETED') {
      return {
        kind: 'completed',
        fingerprint: fingerprintOf(existing),
        response: { status: existing.responseStatus as number, body: existing.responseBody as string },
      };
    }
    return { kind: 'in-flight', fingerprint: fingerprintOf(existing) };
  }
}

/**
 * The completed record, conditioned on still holding the claim. Put into the write's own transaction
 * (journal) so the effect and the record commit together, or written alone after a write-less success.
 */
export function completionPut(
  claim: { key: Key; token: string },
  response: StoredResponse,
  now: Date,
): TransactItem {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return {
    Update: {
      TableName: tableName(),
      Key: claim.key,
      UpdateExpression:
        'SET #state = :completed, responseStatus = :status, responseBody = :body, #ttl = :ttl REMOVE claimExpiresAt',
      ConditionExpression: '#state = :inFlight AND #token = :token',
      ExpressionAttributeNames: { '#state': 'state', '#ttl': 'ttl', '#token': 'token' },
      ExpressionAttributeValues: {
        ':completed': 'COMPLETED',
        ':inFlight': 'IN_FLIGHT',
        ':status': response.status,
        ':body': response.body,
        ':ttl': nowSeconds + REPLAY_WINDOW_SECONDS,
        ':token': claim.token,
      },
    },
  };
}

/** A failed request releases its key so the same key may retry (rule 7); never a completed record. */
export async function releaseIdempotencyKey(claim: { key: Key; token: string }): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: claim.key,
        ConditionExpression: '#state = :inFlight AND #token = :token',
        ExpressionAttributeNames: { '#state': 'state', '#token': 'token' },
        ExpressionAttributeValues: { ':inFlight': 'IN_FLIGHT', ':token': claim.token },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
