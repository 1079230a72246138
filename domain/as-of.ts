/**
 * The `--as-of` instant of the back office's date-driven sweeps (`invoice roll-overdue`, `batch
 * expire-due`). It may lie in the past (catching up on a missed run) but not in the future: rolling an
 * invoice OVERDUE or expiring a lot ahead of time would contradict every report read at the real date
 * (the receivable aging would call an OVERDUE invoice current).
 */
import { ApiError } from './errors.js';

/** How far an as-of may run ahead of the clock (skew between the operator's machine and ours). */
export const AS_OF_FUTURE_MS = 5 * 60_000;

/** The instant to sweep as of: `asOf` when given and not in the future, else `now`. */
export function sweepInstant(asOf: string | undefined, now: Date): string {
  if (asOf === undefined) return now.toISOString();
  if (Date.parse(asOf) > now.getTime() + AS_OF_FUTURE_MS) {
    throw new ApiError(
      'invalid_parameter',
      `--as-of (${asOf}) is in the future (now is ${now.toISOString()}); give a past instant or leave it out for now`,
    );
  }
  return asOf;
}
