/**
 * Whether a key may make a call, by the rules the API enforces (domain/auth): the scope family and access
 * of the operation, then its named permission; `GET /api-keys/current` needs a valid key alone. The
 * operations' rules come from the catalogue (console/client/access.ts, generated). The console hides what
 * this says no to; the API still decides, and a refusal shows its message.
 */
import { grants } from '../../../domain/auth/permissions.js';
import { scopesAllow } from '../../../domain/auth/scopes.js';
import { ACCESS, type Operation } from '../../client/access.js';
import type { Schemas } from '../../client/index.js';

export type { Operation };
export type CurrentKey = Schemas['ApiKey'];

export function keyAllows(key: Pick<CurrentKey, 'scopes' | 'permissions'>, operation: Operation): boolean {
  const rule = ACCESS[operation];
  if (rule.keyOnly === 'always') return true;
  return (
    scopesAllow(key.scopes, rule.family, rule.access) &&
    (rule.permission === null || grants(key.permissions, rule.permission))
  );
}
