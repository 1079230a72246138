/** Defaults of the spec's Limits table; organisations may have their own (back office). */
export const DEFAULT_LIMITS = { perKey: 120, perOrg: 600 } as const;
export const WINDOW_SECONDS = 60;

export interface Limits {
  perKey: number;
  perOrg: number;
}

/** Fixed one-minute windows, identified by their start (epoch seconds). */
export function windowOf(now: Date): { start: number; reset: number } {
  const start = Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  return { start, reset: start + WINDOW_SECONDS };
}

/**
 * One counter item takes about 1,000 writes a second; an organisation allowed more than half of that
 * spreads its counter over shards, each admitting its share. Up to 30,000 a minute there is one shard,
 * so the default limits admit exactly L of a burst of L + k.
 */
export const MAX_PER_SHARD_PER_MINUTE = 30_000;
export const shardsFor = (limit: number): number => Math.max(1, Math.ceil(limit / MAX_PER_SHARD_PER_MINUTE));

export interface CounterResult {
  admitted: boolean;
  /** The count after this request (or the count that refused it). */
  count: number;
  limit: number;
}

export interface RateDecision {
  admitted: boolean;
  limit: number;
  remaining: number;
  reset: number;
}

/** Both counters must admit; the headers describe whichever limit is closer to running out. */
export function decide(key: CounterResult, org: CounterResult, reset: number): RateDecision {
  const admitted = key.admitted && org.admitted;
  const keyLeft = Math.max(0, key.limit - key.count);
  const orgLeft = Math.max(0, org.limit - org.count);
  const binding = !key.admitted ? key : !org.admitted ? org : keyLeft <= orgLeft ? key : org;
  return {
    admitted,
    limit: binding.limit,
    remaining: admitted ? Math.min(keyLeft, orgLeft) : 0,
    reset,
  };
}

export const rateLimitHeaders = (decision: RateDecision): Record<string, string> => ({
  'X-RateLimit-Limit': String(decision.limit),
  'X-RateLimit-Remaining': String(decision.remaining),
  'X-RateLimit-Reset': String(decision.reset),
});

/** Failed authentications per source IP per minute before that IP is throttled (429). */
export const AUTH_FAILURES_PER_MINUTE = 20;
