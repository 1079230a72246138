import { randomBytes } from 'node:crypto';
import { createId } from '@paralleldrive/cuid2';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { formatApiKey } from '../../../../domain/auth/api-key-format.js';
import type { PermissionGrant } from '../../../../domain/auth/permissions.js';
import type { Scope } from '../../../../domain/auth/scopes.js';
import { hashApiKey } from '../../../platform/access/api-keys.js';
import { db } from '../../../platform/dynamo/client.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';
import { apiKeyCollection, apiKeyHashKey, apiKeyKey } from '../store/api-keys.js';
import { BackOfficeError, transactOrRefuse } from '../../../platform/back-office/actor.js';
import { requireOrganisation } from './organisations.js';

export const DEFAULT_GRACE_HOURS = 24;

interface KeyRecord {
  id: string;
  orgId: string;
  name: string;
  scopes: Scope[];
  permissions: PermissionGrant;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  rotatedAt: string | null;
  keyPreview: string;
  currentHash: string;
  /** Every token hash ever minted for this key, so revocation reaches tokens still in a grace window. */
  hashes: string[];
}

const preview = (key: string) => `${key.slice(0, 13)}…`;

function tokenPut(record: KeyRecord, hash: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...apiKeyHashKey(hash),
        entity: 'ApiKeyToken',
        orgId: record.orgId,
        keyId: record.id,
        name: record.name,
        scopes: record.scopes,
        permissions: record.permissions,
        expiresAt: record.expiresAt,
        revokedAt: null,
        validUntil: null,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

const recordPut = (record: KeyRecord, condition?: { expectedHash: string }): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...apiKeyKey(record.orgId, record.id), entity: 'ApiKey', ...record },
    ...(condition
      ? {
          ConditionExpression: 'currentHash = :h',
          ExpressionAttributeValues: { ':h': condition.expectedHash },
        }
      : { ConditionExpression: 'attribute_not_exists(PK)' }),
  },
});

const publicView = (record: KeyRecord) => ({
  id: record.id,
  name: record.name,
  scopes: record.scopes,
  permissions: record.permissions,
  expiresAt: record.expiresAt,
  revokedAt: record.revokedAt,
  createdAt: record.createdAt,
  rotatedAt: record.rotatedAt,
  keyPreview: record.keyPreview,
});

export async function createApiKey(input: {
  orgId: string;
  name?: string;
  scopes: Scope[];
  permissions: PermissionGrant;
  expiresAt?: string;
}) {
  await requireOrganisation(input.orgId);
  const key = formatApiKey(randomBytes(24));
  const hash = hashApiKey(key);
  const record: KeyRecord = {
    id: createId(),
    orgId: input.orgId,
    name: input.name ?? 'API key',
    scopes: input.scopes,
    permissions: input.permissions,
    expiresAt: input.expiresAt ?? null,
    revokedAt: null,
    createdAt: new Date().toISOString(),
    rotatedAt: null,
    keyPreview: preview(key),
    currentHash: hash,
    hashes: [hash],
  };
  await transactOrRefuse([recordPut(record), tokenPut(record, hash)], 'could not store the key; try again');
  return { ...publicView(record), key };
}

async function loadKey(orgId: string, keyId: string): Promise<KeyRecord> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: apiKeyKey(orgId, keyId), ConsistentRead: true }),
  );
  if (!Item) throw new BackOfficeError(`API key ${keyId} not found in organisation ${orgId}`);
  return Item as unknown as KeyRecord;
}

/** A new token; the previous one keeps working with identical scopes until the grace window ends. */
export async function rotateApiKey(input: { orgId: string; keyId: string; graceHours?: number; now?: Date }) {
  const now = input.now ?? new Date();
  const record = await loadKey(input.orgId, input.keyId);
  if (record.revokedAt) throw new BackOfficeError('a revoked key cannot be rotated');
  const key = formatApiKey(randomBytes(24));
  const hash = hashApiKey(key);
  const previousValidUntil = new Date(
    now.getTime() + (input.graceHours ?? DEFAULT_GRACE_HOURS) * 3_600_000,
  ).toISOString();
  const next: KeyRecord = {
    ...record,
    currentHash: hash,
    hashes: [...record.hashes, hash],
    rotatedAt: now.toISOString(),
    keyPreview: preview(key),
  };
  await transactOrRefuse(
    [
      recordPut(next, { expectedHash: record.currentHash }),
      tokenPut(next, hash),
      {
        Update: {
          TableName: tableName(),
          Key: apiKeyHashKey(record.currentHash),
          UpdateExpression: 'SET validUntil = :until',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':until': previousValidUntil },
        },
      },
    ],
    'the key changed while rotating; try again',
  );
  return { id: record.id, key, previousValidUntil };
}

/** Revokes every token of the key, including one still in a rotation grace window. */
export async function revokeApiKey(input: { orgId: string; keyId: string }) {
  const record = await loadKey(input.orgId, input.keyId);
  const revokedAt = record.revokedAt ?? new Date().toISOString();
  const items: TransactItem[] = [
    recordPut({ ...record, revokedAt }, { expectedHash: record.currentHash }),
    ...record.hashes.map((hash): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: apiKeyHashKey(hash),
        UpdateExpression: 'SET revokedAt = :at',
        ExpressionAttributeValues: { ':at': revokedAt },
      },
    })),
  ];
  // A transaction holds at most 100 items; a key rotated more often than that is revoked in slices.
  for (let i = 0; i < items.length; i += 100) {
    await transactOrRefuse(items.slice(i, i + 100), 'the key changed while revoking; try again');
  }
  return publicView({ ...record, revokedAt });
}

export async function listApiKeys(orgId: string) {
  await requireOrganisation(orgId);
  const items = await queryAll<KeyRecord>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': apiKeyCollection(orgId) },
  });
  return { data: items.map(publicView) };
}
