/**
 * What happens after a failed delivery attempt. The spec's schedule waits 1 m, 5 m, 15 m, 1 h and 6 h
 * between attempts, then gives up (DEAD): six attempts in all.
 */
export const DEFAULT_RETRY_DELAYS_SECONDS = [60, 300, 900, 3600, 21600] as const;

/** SQS caps DelaySeconds at 15 minutes; longer waits are re-enqueued in hops of at most this. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** Parses WEBHOOK_RETRY_DELAYS_SECONDS ("60,300,..."); unset means the spec's schedule. */
export function parseRetryDelays(value: string | undefined): number[] {
  if (value === undefined || value.trim() === '') return [...DEFAULT_RETRY_DELAYS_SECONDS];
  const delays = value.split(',').map((part) => Number(part.trim()));
  if (delays.some((d) => !Number.isInteger(d) || d < 0)) {
    throw new Error(`WEBHOOK_RETRY_DELAYS_SECONDS must be comma-separated whole seconds, got '${value}'`);
  }
  return delays;
}

export type AfterFailure = { kind: 'retry'; delaySeconds: number } | { kind: 'dead' };

/** `attempts` counts the attempts made so far, including the one that just failed. */
export function afterFailure(attempts: number, delays: readonly number[]): AfterFailure {
  const delay = delays[attempts - 1];
  return delay === undefined ? { kind: 'dead' } : { kind: 'retry', delaySeconds: delay };
}

/** The queue delay for the next hop towards a due time `remainingSeconds` away. */
export const hopDelay = (remainingSeconds: number): number =>
  Math.max(0, Math.min(MAX_QUEUE_DELAY_SECONDS, Math.ceil(remainingSeconds)));
