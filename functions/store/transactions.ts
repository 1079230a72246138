import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Runs a transaction; when it is cancelled by a failed condition, returns the indexes of the items whose
 * condition failed so the caller can say which rule was broken. Any other failure is thrown.
 */
export async function transact(
  items: TransactItem[],
): Promise<{ ok: true } | { ok: false; failed: number[] }> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length > 0) return { ok: false, failed };
    }
    throw error;
  }
}

/**
 * A transaction cancelled because another transaction held one of its items (DynamoDB serialises writers
 * per item). Nothing was written; the caller may re-read and try again.
 */
export const isTransactionConflict = (error: unknown): boolean =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
