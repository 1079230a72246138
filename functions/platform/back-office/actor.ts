import { newId } from '../ids.js';
import type { AuthContext } from '../access/auth-context.js';
import { createJournal, type Journal } from '../journal/journal.js';
import { transact, WriteRace, type WriteItem } from '../dynamo/transact.js';
import { currentOperator } from './operator.js';

/**
 * Writes made "in the application" are attributed to the back office in the audit log, and to the
 * operator running the CLI command, if any (functions/platform/back-office/operator.ts).
 */
export const backOfficeActor = (orgId: string): AuthContext => {
  const operator = currentOperator();
  return {
    orgId,
    keyId: 'back-office',
    keyName: 'back office',
    scopes: ['write'],
    permissions: 'all',
    ...(operator ? { operator } : {}),
  };
};

/** The journal of one back-office write: its events and audit entries, attributed to the back office. */
export const backOfficeJournal = (orgId: string, now: Date = new Date()): Journal =>
  createJournal({ auth: backOfficeActor(orgId), requestId: `bo_${newId()}`, now });

/** A failure of a back-office command that the CLI reports on stderr with a non-zero exit. */
export class BackOfficeError extends Error {
  override name = 'BackOfficeError';
}

/**
 * Back-office commands are run once, not retried: whatever condition stops the write (every one of these
 * writes has one rule an operator can break, or lost a race with another writer), the operator is told
 * `refusal` and may run the command again.
 */
export async function transactOrRefuse(items: readonly WriteItem[], refusal: string): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (error instanceof WriteRace) throw new BackOfficeError(refusal);
    throw error;
  }
}
