/**
 * API keys, one set of steps for both doors (design.md section 7): the operator's `key` commands (no
 * acting key: the operator is bounded by nothing) and `/api-keys` over the API, where the acting key is
 * bounded by its own scopes and permissions (domain/auth/key-grants.ts). Every write is conditional on
 * the record it read, so two racing writes never both win and a revoked key is never rotated back to
 * life; every write is audited with the acting key in the same transaction, never with a secret.
 */
import { randomBytes } from 'node:crypto';
import { newId } from '../../../platform/ids.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { formatApiKey } from '../../../../domain/auth/api-key-format.js';
import { refuseEscalation } from '../../../../domain/auth/key-grants.js';
import type { PermissionGrant } from '../../../../domain/auth/permissions.js';
import type { Grant, Scope } from '../../../../domain/auth/scopes.js';
import { notFound, unprocessable } from '../../../../domain/errors.js';
import { hashApiKey } from '../../../platform/access/api-keys.js';
import { db } from '../../../platform/dynamo/client.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { transact, WriteRace, type TransactItem } from '../../../platform/dynamo/transact.js';
import type { AuditRecord } from '../../../platform/journal/journal.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { apiKeyCollection, apiKeyHashKey, apiKeyKey } from '../store/api-keys.js';
import { BackOfficeError } from '../../../platform/back-office/actor.js';
import { requireOrganisation } from '../back-office/organisations.js';

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

/**
 * The key acting over the API: what it may grant or touch. Absent for the operator's CLI, which manages
 * an organisation's keys from outside it (the first key included).
 */
export type ActingKey = Grant & { keyId: string };

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

/**
 * A new record, or the next state of one read with `expectedHash` and not revoked: a rotation or a
 * revocation that committed in between (each changes one of them) makes this write lose the race.
 */
const recordPut = (record: KeyRecord, condition?: { expectedHash: string }): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...apiKeyKey(record.orgId, record.id), entity: 'ApiKey', ...record },
    ...(condition
      ? {
          ConditionExpression: 'currentHash = :h AND attribute_type(revokedAt, :null)',
          ExpressionAttributeValues: { ':h': condition.expectedHash, ':null': 'NULL' },
        }
      : { ConditionExpression: 'attribute_not_exists(PK)' }),
  },
});

/** What any reader sees of a key: never a secret nor a hash. */
export const publicView = (record: KeyRecord) => ({
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
export type ApiKeyView = ReturnType<typeof publicView>;

const audit = (record: KeyRecord, action: string, changedFields: string[]): AuditRecord => ({
  resourceType: 'api_key',
  resourceId: record.id,
  action,
  changedFields,
});

async function write(items: TransactItem[], context: WriteContext, what: string): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (error instanceof WriteRace) throw context.exhausted(what);
    throw error;
  }
}

export async function createApiKey(
  input: {
    orgId: string;
    name?: string;
    scopes: Scope[];
    /** Left out over the API: the acting key's own. */
    permissions?: PermissionGrant;
    expiresAt?: string | null;
  },
  context: WriteContext = backOfficeContext(input.orgId),
  actor?: ActingKey,
) {
  const permissions = input.permissions ?? actor?.permissions ?? 'all';
  if (actor) refuseEscalation(actor, { scopes: input.scopes, permissions });
  else await requireOrganisation(input.orgId);
  const key = formatApiKey(randomBytes(24));
  const hash = hashApiKey(key);
  const record: KeyRecord = {
    id: newId(),
    orgId: input.orgId,
    name: input.name ?? 'API key',
    scopes: input.scopes,
    permissions,
    expiresAt: input.expiresAt ?? null,
    revokedAt: null,
    createdAt: context.now.toISOString(),
    rotatedAt: null,
    keyPreview: preview(key),
    currentHash: hash,
    hashes: [hash],
  };
  await write(
    [
      recordPut(record),
      tokenPut(record, hash),
      // A replayed Idempotency-Key answers the same key without its secret: the secret is never stored.
      ...context.journal.items({
        audit: [audit(record, 'create', ['name', 'scopes', 'permissions', 'expiresAt'])],
        response: { status: 201, body: publicView(record) },
      }),
    ],
    context,
    'The key could not be stored',
  );
  return { ...publicView(record), key };
}

async function findKey(orgId: string, keyId: string): Promise<KeyRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: apiKeyKey(orgId, keyId), ConsistentRead: true }),
  );
  return (Item as KeyRecord | undefined) ?? null;
}

/** Over the API another organisation's key reads like an unknown one; the operator is told which. */
async function loadKey(orgId: string, keyId: string, actor: ActingKey | undefined): Promise<KeyRecord> {
  const record = await findKey(orgId, keyId);
  if (record) return record;
  throw actor
    ? notFound('API key')
    : new BackOfficeError(`API key ${keyId} not found in organisation ${orgId}`);
}

/**
 * A new token; the previous one keeps working with identical scopes until the grace window ends. Scopes
 * and permissions never change. Over the API the response is stored for a replay without the secret.
 */
export async function rotateApiKey(
  input: { orgId: string; keyId: string; graceHours?: number; now?: Date },
  context: WriteContext = backOfficeContext(input.orgId, input.now),
  actor?: ActingKey,
) {
  const now = context.now;
  const record = await loadKey(input.orgId, input.keyId, actor);
  if (actor) refuseEscalation(actor, record);
  if (record.revokedAt) {
    throw actor
      ? unprocessable('API key is revoked; a revoked key cannot be rotated')
      : new BackOfficeError('a revoked key cannot be rotated');
  }
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
  await write(
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
      ...context.journal.items({
        audit: [audit(next, 'rotate', ['keyPreview', 'rotatedAt'])],
        response: { status: 200, body: { ...publicView(next), previousValidUntil } },
      }),
    ],
    context,
    'The key changed while it was rotated',
  );
  return { ...publicView(next), key, previousValidUntil };
}

/**
 * Revokes every token of the key, including one still in a rotation grace window. Revoking a revoked key
 * changes nothing and answers it as it is.
 */
export async function revokeApiKey(
  input: { orgId: string; keyId: string },
  context: WriteContext = backOfficeContext(input.orgId),
  actor?: ActingKey,
) {
  const record = await loadKey(input.orgId, input.keyId, actor);
  if (actor) refuseEscalation(actor, record);
  if (record.revokedAt) return publicView(record);
  const revokedAt = context.now.toISOString();
  const revoked = { ...record, revokedAt };
  const items: TransactItem[] = [
    recordPut(revoked, { expectedHash: record.currentHash }),
    ...context.journal.items({ audit: [audit(revoked, 'revoke', ['revokedAt'])] }),
    ...record.hashes.map((hash): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: apiKeyHashKey(hash),
        UpdateExpression: 'SET revokedAt = :at',
        ExpressionAttributeValues: { ':at': revokedAt },
      },
    })),
  ];
  // A transaction holds at most 100 items; a key rotated more often than that is revoked in slices. The
  // first slice holds the conditional record write, so a lost race changes nothing.
  for (let i = 0; i < items.length; i += 100) {
    await write(items.slice(i, i + 100), context, 'The key changed while it was revoked');
  }
  return publicView(revoked);
}

/** Every key of the organisation, revoked ones included (with revokedAt). */
export async function listApiKeys(orgId: string, options: { organisationKnown?: boolean } = {}) {
  if (!options.organisationKnown) await requireOrganisation(orgId);
  const items = await queryAll<KeyRecord>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': apiKeyCollection(orgId) },
  });
  return { data: items.map(publicView) };
}

/** The calling key, as the list shows it. */
export async function currentApiKey(orgId: string, keyId: string): Promise<ApiKeyView> {
  const record = await findKey(orgId, keyId);
  if (!record) throw notFound('API key');
  return publicView(record);
}
