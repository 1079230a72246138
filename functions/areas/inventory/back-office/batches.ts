/**
 * What only the CLI runs for lots: `batch expire-due` (the scheduled lot expiry runs the same), expiring
 * each due lot through the status step (steps/batches.ts).
 */
import { sweepInstant } from '../../../../domain/as-of.js';
import { BATCH_TRANSITIONS, compareFefo, isPastExpiry } from '../../../../domain/inventory/batch.js';
import { backOfficeContext } from '../../../platform/journal/write-context.js';
import { batchesExpiringBefore } from '../store/batches.js';
import { applyBatchAction } from '../steps/batches.js';

/**
 * `batch expire-due [--as-of ISO]`: the ACTIVE and QUARANTINED lots past expiry at as-of (default now)
 * become EXPIRED. They are found by key (each status's FEFO partition up to as-of's date, so only due
 * lots are read) and expired one transaction each, re-checked on a fresh read. An as-of in the future is
 * refused (domain/as-of.ts); `now` is the clock (a test stands at a later date through it). `limit` bounds
 * one run (the scheduled job's cap).
 */
export async function expireDueBatches(input: { orgId: string; asOf?: string; now?: Date; limit?: number }) {
  const now = input.now ?? new Date();
  const asOf = sweepInstant(input.asOf, now);
  const due = await Promise.all(
    BATCH_TRANSITIONS.expire.from.map((status) =>
      batchesExpiringBefore(input.orgId, status, asOf.slice(0, 10)),
    ),
  );
  const expired = [];
  // The scheduled job's cap: the earliest-expiring lots first, the rest stay due for its next run.
  for (const candidate of due.flat().sort(compareFefo).slice(0, input.limit)) {
    const done = await applyBatchAction(
      { orgId: input.orgId, id: candidate.id, action: 'expire' },
      backOfficeContext(input.orgId, now),
      (status, expiryDate) =>
        (BATCH_TRANSITIONS.expire.from as readonly string[]).includes(status) &&
        isPastExpiry(expiryDate, asOf),
    );
    if (!done) continue;
    expired.push({
      id: done.batch.id,
      batchNumber: done.batch.batchNumber,
      expiryDate: done.batch.expiryDate,
      productId: done.batch.productId,
      previousStatus: done.previousStatus,
      status: done.batch.status,
    });
  }
  return { asOf, expiredCount: expired.length, expired };
}
