import type { PermissionGrant } from '../../../domain/auth/permissions.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import type { Operator } from '../back-office/operator.js';

/** Who is calling: resolved from the API key, never from anything else in the request. */
export interface AuthContext {
  orgId: string;
  keyId: string;
  keyName: string;
  scopes: Scope[];
  permissions: PermissionGrant;
  /** Back-office writes only: the operator who ran the CLI command (never set from a request). */
  operator?: Operator;
}
