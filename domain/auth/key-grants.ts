/**
 * No escalation through keys (design.md section 7): a key creates, rotates or revokes keys only within its
 * own scopes and permissions. Pure, so the most security-sensitive rule of the product is tested
 * exhaustively without a table.
 */
import { ApiError } from '../errors.js';
import { grants, type Permission, type PermissionGrant } from './permissions.js';
import { scopesAllow, type Grant, type Scope } from './scopes.js';

/**
 * Whether `held` reaches everything `scope` reaches. write implies read (globally and within a family); a
 * family scope is reached by the global scope of the same or a stronger access, never the other way: a
 * global `read` also reaches families added later, which no list of family scopes does.
 */
export function scopeCovered(held: readonly Scope[], scope: Scope): boolean {
  if (scope === 'write') return held.includes('write');
  if (scope === 'read') return held.includes('read') || held.includes('write');
  const [family, access] = scope.split(':') as [Parameters<typeof scopesAllow>[1], 'read' | 'write'];
  return scopesAllow(held, family, access);
}

/** The first scope asked for that `held` does not cover, in request order. */
export const firstScopeLacking = (held: readonly Scope[], asked: readonly Scope[]): Scope | null =>
  asked.find((scope) => !scopeCovered(held, scope)) ?? null;

/**
 * The first permission asked for that `held` does not grant, in request order; `all` when every permission
 * is asked for by a key holding a narrower list (even one naming every permission today: `all` also holds
 * the permissions added later).
 */
export function firstPermissionLacking(
  held: PermissionGrant,
  asked: PermissionGrant,
): Permission | 'all' | null {
  if (held === 'all') return null;
  if (asked === 'all') return 'all';
  return asked.find((permission) => !grants(held, permission)) ?? null;
}

/** What `asked` holds beyond `held`, first item first: scopes before permissions. */
export type Lacking = { kind: 'scope'; item: Scope } | { kind: 'permission'; item: Permission | 'all' };

export function firstLacking(held: Grant, asked: Grant): Lacking | null {
  const scope = firstScopeLacking(held.scopes, asked.scopes);
  if (scope) return { kind: 'scope', item: scope };
  const permission = firstPermissionLacking(held.permissions, asked.permissions);
  return permission ? { kind: 'permission', item: permission } : null;
}

/**
 * 403 `forbidden` naming the first item the acting key lacks when `asked` (a key to create, or the key to
 * rotate or revoke) reaches beyond it; nothing otherwise.
 */
export function refuseEscalation(held: Grant, asked: Grant): void {
  const lacking = firstLacking(held, asked);
  if (!lacking) return;
  const what =
    lacking.kind === 'scope'
      ? `the ${lacking.item} scope`
      : lacking.item === 'all'
        ? 'the all permissions grant (it holds a list)'
        : `the ${lacking.item} permission`;
  throw new ApiError(
    'forbidden',
    `This API key lacks ${what}, so it cannot grant or manage a key that has it`,
  );
}
