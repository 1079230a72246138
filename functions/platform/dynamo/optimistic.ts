import { isTransactionConflict, WriteRace } from './transact.js';

/**
 * How many times a write may be decided and tried, the first time included, unless its caller says why it
 * needs another budget: enough for a crowd of writers of one item (a hot product's stock, a document
 * sequence) to get through under the jittered backoff below.
 */
export const WRITE_ATTEMPTS = 15;

export interface OptimisticWrite<T> {
  /** How many times the write may be decided and tried, the first time included (WRITE_ATTEMPTS). */
  attempts?: number;
  /** Reads, decides and writes once; a lost race (WriteRace from `transact`) makes it run again. */
  run: (attempt: number) => Promise<T>;
  /** The error reported when every attempt lost its race. */
  onExhausted: () => Error;
}

/**
 * Writers of one item (a customer, the stock of a product, a document sequence) are serialised by
 * conditions on what they read rather than by locks. A writer that lost re-reads and decides again, after
 * a jittered wait that grows with each loss, so that a crowd of writers spreads out instead of colliding
 * again in step. A TransactionConflict that outlived `transact`'s own retries is a lost race too.
 */
export async function writeOptimistically<T>({
  attempts = WRITE_ATTEMPTS,
  run,
  onExhausted,
}: OptimisticWrite<T>): Promise<T> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await run(attempt);
    } catch (error) {
      if (!(error instanceof WriteRace) && !isTransactionConflict(error)) throw error;
      if (attempt < attempts) await backoff(attempt);
    }
  }
  throw onExhausted();
}

/** Full jitter, doubling from 40 ms and capped at 400 ms. */
const backoff = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.random() * Math.min(400, 20 * 2 ** Math.min(attempt, 5))),
  );
