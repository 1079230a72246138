import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../domain/errors.js';
import { FAMILIES } from '../../../domain/auth/families.js';
import {
  firstLacking,
  firstPermissionLacking,
  firstScopeLacking,
  refuseEscalation,
  scopeCovered,
} from '../../../domain/auth/key-grants.js';
import { PERMISSIONS } from '../../../domain/auth/permissions.js';
import type { Scope } from '../../../domain/auth/scopes.js';

const ALL_SCOPES: Scope[] = [
  'read',
  'write',
  ...FAMILIES.flatMap((f) => [`${f}:read`, `${f}:write`] as Scope[]),
];

/**
 * The reference meaning of a scope: the (family, access) pairs it reaches, where a global scope also
 * reaches a family that does not exist yet. A scope is covered when all it reaches is reached already.
 */
const FUTURE = '(a family added later)';
function reach(scope: Scope): Set<string> {
  const families = scope.includes(':') ? [scope.split(':')[0]!] : [...FAMILIES, FUTURE];
  const access = scope.endsWith('write') ? ['read', 'write'] : ['read'];
  return new Set(families.flatMap((f) => access.map((a) => `${f}/${a}`)));
}
const covers = (held: Scope[], scope: Scope) => {
  const reached = new Set(held.flatMap((s) => [...reach(s)]));
  return [...reach(scope)].every((pair) => reached.has(pair));
};

describe('scopeCovered', () => {
  it('agrees with the reference meaning for every scope against every held set of up to two scopes', () => {
    const helds: Scope[][] = [[], ...ALL_SCOPES.map((s) => [s])];
    for (const a of ALL_SCOPES) for (const b of ALL_SCOPES) helds.push([a, b]);
    for (const held of helds) {
      for (const scope of ALL_SCOPES) {
        expect(scopeCovered(held, scope), `${held.join(',')} covers ${scope}`).toBe(covers(held, scope));
      }
    }
  });

  it('write implies read, globally and within a family; never the other way', () => {
    expect(scopeCovered(['write'], 'read')).toBe(true);
    expect(scopeCovered(['write'], 'admin:write')).toBe(true);
    expect(scopeCovered(['read'], 'products:read')).toBe(true);
    expect(scopeCovered(['read'], 'products:write')).toBe(false);
    expect(scopeCovered(['read'], 'write')).toBe(false);
    expect(scopeCovered(['products:write'], 'products:read')).toBe(true);
    expect(scopeCovered(['products:read'], 'products:write')).toBe(false);
  });

  it('family scopes never add up to a global one, even all of them', () => {
    const everyFamilyWrite = FAMILIES.map((f) => `${f}:write` as Scope);
    expect(scopeCovered(everyFamilyWrite, 'read')).toBe(false);
    expect(scopeCovered(everyFamilyWrite, 'write')).toBe(false);
    expect(scopeCovered(['products:write'], 'inventory:read')).toBe(false);
  });
});

describe('firstScopeLacking', () => {
  it('names the first scope not covered, in request order', () => {
    expect(firstScopeLacking(['products:write'], ['products:read', 'inventory:read', 'write'])).toBe(
      'inventory:read',
    );
    expect(firstScopeLacking(['read'], ['customers:read', 'read'])).toBeNull();
    expect(firstScopeLacking([], [])).toBeNull();
  });
});

describe('firstPermissionLacking', () => {
  it('all holds everything; a list never grants all, even one naming every permission', () => {
    expect(firstPermissionLacking('all', 'all')).toBeNull();
    expect(firstPermissionLacking('all', ['keys.manage'])).toBeNull();
    expect(firstPermissionLacking([...PERMISSIONS], 'all')).toBe('all');
    expect(firstPermissionLacking([], 'all')).toBe('all');
  });

  it('names the first permission of the list the key lacks, in request order', () => {
    expect(firstPermissionLacking(['sales.view'], ['sales.view', 'org.manage', 'keys.manage'])).toBe(
      'org.manage',
    );
    expect(firstPermissionLacking(['sales.view', 'keys.manage'], ['keys.manage'])).toBeNull();
    expect(firstPermissionLacking([], [])).toBeNull();
    for (const permission of PERMISSIONS) {
      expect(firstPermissionLacking([permission], [permission])).toBeNull();
      const others = PERMISSIONS.filter((p) => p !== permission);
      expect(firstPermissionLacking(others, [permission])).toBe(permission);
    }
  });
});

describe('firstLacking and refuseEscalation', () => {
  it('scopes come before permissions', () => {
    expect(
      firstLacking({ scopes: ['read'], permissions: [] }, { scopes: ['write'], permissions: ['sales.view'] }),
    ).toEqual({ kind: 'scope', item: 'write' });
    expect(
      firstLacking({ scopes: ['write'], permissions: [] }, { scopes: ['read'], permissions: ['sales.view'] }),
    ).toEqual({ kind: 'permission', item: 'sales.view' });
    expect(
      firstLacking({ scopes: ['write'], permissions: 'all' }, { scopes: ['write'], permissions: 'all' }),
    ).toBe(null);
  });

  it('refuses with 403 forbidden naming the item; passes a subset quietly', () => {
    const refusal = (
      held: Parameters<typeof refuseEscalation>[0],
      asked: Parameters<typeof refuseEscalation>[1],
    ) => {
      try {
        refuseEscalation(held, asked);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        return [(error as ApiError).status, (error as ApiError).code, (error as ApiError).message];
      }
    };
    expect(
      refusal({ scopes: ['admin:write'], permissions: 'all' }, { scopes: ['write'], permissions: [] }),
    ).toEqual([
      403,
      'forbidden',
      'This API key lacks the write scope, so it cannot grant or manage a key that has it',
    ]);
    expect(
      refusal(
        { scopes: ['write'], permissions: ['keys.manage'] },
        { scopes: ['read'], permissions: ['org.manage'] },
      ),
    ).toEqual([
      403,
      'forbidden',
      'This API key lacks the org.manage permission, so it cannot grant or manage a key that has it',
    ]);
    expect(
      refusal({ scopes: ['write'], permissions: ['keys.manage'] }, { scopes: ['read'], permissions: 'all' }),
    ).toEqual([
      403,
      'forbidden',
      'This API key lacks the all permissions grant (it holds a list), so it cannot grant or manage a key that has it',
    ]);
    expect(
      refusal(
        { scopes: ['write'], permissions: ['keys.manage'] },
        { scopes: ['products:read'], permissions: [] },
      ),
    ).toBeNull();
  });
});
