import { ReadsDisagree } from '../../../domain/errors.js';
import { isTransactionConflict, WriteRace } from './transact.js';

/**
 * How many times a write may be decided and tried, the first time included, unless its caller says why it
 * needs another budget: enough for a crowd of writers of one item (a hot product's stock, a document
 * sequence) to get through under the jittered backoff below.
 */
export const WRITE_ATTEMPTS = 15;

/**
 * How long a write keeps trying after its attempts are spent, measured from its first try: a crowd of 50
 * writers of one product's stock outlasts 15 attempts, and each of them is a legitimate write that only
 * has to wait its turn (issue 29). Well inside the API Lambdas' 10 s timeout (infra/stack.ts), so a
 * write still out of luck answers 409 rather than being cut off mid-request.
 */
export const WRITE_BUDGET_MS = 6_000;

/**
 * How many times reads that disagree (ReadsDisagree) are read again: a racing commit between two reads is
 * gone by the next read, so disagreement that lasts is corrupt data and is thrown as it is.
 */
const DISAGREEMENTS = 3;

export interface OptimisticWrite<T> {
  /** How many times the write may be decided and tried, the first time included (WRITE_ATTEMPTS). */
  attempts?: number;
  /** Keeps trying past `attempts` until this long after the first try (WRITE_BUDGET_MS). */
  budgetMs?: number;
  /** Reads, decides and writes once; a lost race (WriteRace from `transact`) makes it run again. */
  run: (attempt: number) => Promise<T>;
  /** The error reported when every attempt lost its race. */
  onExhausted: () => Error;
}

/**
 * Writers of one item (a customer, the stock of a product, a document sequence) are serialised by
 * conditions on what they read rather than by locks. A writer that lost re-reads and decides again, after
 * a jittered wait that grows with each loss, so that a crowd of writers spreads out instead of colliding
 * again in step. A TransactionConflict that outlived `transact`'s own retries is a lost race too, and so
 * are reads that disagree (ReadsDisagree), up to DISAGREEMENTS times.
 */
export async function writeOptimistically<T>({
  attempts = WRITE_ATTEMPTS,
  budgetMs = WRITE_BUDGET_MS,
  run,
  onExhausted,
}: OptimisticWrite<T>): Promise<T> {
  const started = Date.now();
  let disagreements = 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(attempt);
    } catch (error) {
      if (error instanceof ReadsDisagree && (disagreements += 1) < DISAGREEMENTS) {
        await backoff(attempt);
        continue;
      }
      if (!(error instanceof WriteRace) && !isTransactionConflict(error)) throw error;
      if (attempt >= attempts && Date.now() - started >= budgetMs) throw onExhausted();
      await backoff(attempt);
    }
  }
}

/**
 * Full jitter, doubling from 40 ms and capped at 1 s: a writer that keeps losing spreads its tries over a
 * wider window, so a crowd of 50 thins out instead of colliding in step.
 */
const backoff = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.random() * Math.min(1000, 20 * 2 ** Math.min(attempt, 6))),
  );
