/**
 * Whether a key may make a call, by the rules the API enforces (domain/auth): the scope family and access
 * of the operation, then its named permission; `GET /api-keys/current` needs a valid key alone, and a
 * key may rotate or revoke itself whatever its scopes (`keyOnly: 'own-id'`: a leaked or retiring key can
 * always take itself out of use). The operations' rules come from the catalogue (console/client/access.ts,
 * generated). The console hides what this says no to; the API still decides, and a refusal shows its
 * message.
 */
import { grants } from '../../../domain/auth/permissions.js';
import { scopesAllow } from '../../../domain/auth/scopes.js';
import { ACCESS, type Operation } from '../../client/access.js';
import type { Schemas } from '../../client/index.js';

export type { Operation };
export type CurrentKey = Schemas['ApiKey'];

/** The call's target where the rule depends on it: the path's `{id}` (an own-id operation's key). */
export interface Target {
  id?: string;
}

export function keyAllows(
  key: Pick<CurrentKey, 'id' | 'scopes' | 'permissions'>,
  operation: Operation,
  target: Target = {},
): boolean {
  const rule = ACCESS[operation];
  if (rule.keyOnly === 'always') return true;
  if (rule.keyOnly === 'own-id' && target.id !== undefined && target.id === key.id) return true;
  return (
    scopesAllow(key.scopes, rule.family, rule.access) &&
    (rule.permission === null || grants(key.permissions, rule.permission))
  );
}
