import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Transactions that only collided with another transaction on a shared item (a counter) are re-run. */
const CONFLICT_ATTEMPTS = 8;

/**
 * Runs a transaction; when it is cancelled by a failed condition, returns the indexes of the items whose
 * condition failed so the caller can say which rule was broken. A cancellation caused only by a
 * concurrent transaction on the same item is retried with jittered backoff. Anything else is thrown.
 */
export async function transact(
  items: TransactItem[],
): Promise<{ ok: true } | { ok: false; failed: number[] }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length > 0) return { ok: false, failed };
      const conflicted = reasons.some((r) => r.Code === 'TransactionConflict');
      if (!conflicted || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}

/**
 * A transaction cancelled because another transaction held one of its items (DynamoDB serialises writers
 * per item). Nothing was written; the caller may re-read and try again.
 */
export const isTransactionConflict = (error: unknown): boolean =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
