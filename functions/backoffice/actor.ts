import type { AuthContext } from '../http/types.js';

/** Writes made "in the application" are attributed to the back office in the audit log. */
export const backOfficeActor = (orgId: string): AuthContext => ({
  orgId,
  keyId: 'back-office',
  keyName: 'back office',
  scopes: ['write'],
  permissions: 'all',
});

/** A failure of a back-office command that the CLI reports on stderr with a non-zero exit. */
export class BackOfficeError extends Error {
  override name = 'BackOfficeError';
}
