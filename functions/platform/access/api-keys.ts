import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PermissionGrant } from '../../../domain/auth/permissions.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import { db } from '../dynamo/client.js';
import { keys } from '../dynamo/keys.js';
import { tableName } from '../dynamo/table-definition.js';

/** Only a SHA-256 hash of a key is ever stored. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The global lookup item of one token: everything authentication needs in a single read. */
export interface ApiKeyToken {
  orgId: string;
  keyId: string;
  name: string;
  scopes: Scope[];
  permissions: PermissionGrant;
  expiresAt: string | null;
  revokedAt: string | null;
  /** Set on a rotated-away token: it authenticates until this instant (the grace window). */
  validUntil: string | null;
}

export async function findTokenByHash(hash: string): Promise<ApiKeyToken | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.apiKeyHash(hash) }));
  if (!Item) return null;
  return {
    orgId: Item.orgId,
    keyId: Item.keyId,
    name: Item.name,
    scopes: Item.scopes,
    permissions: Item.permissions,
    expiresAt: Item.expiresAt ?? null,
    revokedAt: Item.revokedAt ?? null,
    validUntil: Item.validUntil ?? null,
  };
}

export function tokenIsLive(token: ApiKeyToken, now: Date): boolean {
  const at = now.getTime();
  if (token.revokedAt) return false;
  if (token.expiresAt && Date.parse(token.expiresAt) <= at) return false;
  if (token.validUntil && Date.parse(token.validUntil) <= at) return false;
  return true;
}
