import { ApiError } from '../errors.js';
import { FAMILIES, type Family } from './families.js';
import { grants, type Permission, type PermissionGrant } from './permissions.js';

export type Access = 'read' | 'write';
export type Scope = Access | `${Family}:${Access}`;

export function isScope(value: string): value is Scope {
  if (value === 'read' || value === 'write') return true;
  const [family, access, ...rest] = value.split(':');
  return (
    rest.length === 0 &&
    (access === 'read' || access === 'write') &&
    (FAMILIES as readonly string[]).includes(family ?? '')
  );
}

/** write implies read, globally and within a family. */
export function scopesAllow(scopes: readonly Scope[], family: Family, access: Access): boolean {
  return scopes.some((scope) => {
    if (scope === 'write') return true;
    if (scope === 'read') return access === 'read';
    if (scope === `${family}:write`) return true;
    return access === 'read' && scope === `${family}:read`;
  });
}

export interface Grant {
  scopes: readonly Scope[];
  permissions: PermissionGrant;
}

/** Scope first (403 insufficient_scope), then the endpoint's named permission (403 forbidden). */
export function authorise(grant: Grant, family: Family, access: Access, permission: Permission | null): void {
  if (!scopesAllow(grant.scopes, family, access)) {
    throw new ApiError(
      'insufficient_scope',
      `This API key lacks the ${access === 'write' ? 'write' : 'read'} scope for ${family}`,
    );
  }
  requirePermission(grant, permission);
}

export function requirePermission(grant: Grant, permission: Permission | null): void {
  if (permission && !grants(grant.permissions, permission)) {
    throw new ApiError('forbidden', `This API key lacks the ${permission} permission`);
  }
}
