import type { PermissionGrant } from '../../../domain/auth/permissions.js';
import type { Scope } from '../../../domain/auth/scopes.js';

/** Who is calling: resolved from the API key, never from anything else in the request. */
export interface AuthContext {
  orgId: string;
  keyId: string;
  keyName: string;
  scopes: Scope[];
  permissions: PermissionGrant;
}
