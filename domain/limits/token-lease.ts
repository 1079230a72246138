/**
 * Token leases: a container takes several of a counter's slots in one conditional write and spends them
 * locally, so steady traffic pays a fraction of a write per request. The counter stays the single source
 * of truth: a lease is granted only out of what the counter has left, so the slots granted in a window
 * never exceed the limit, whatever the number of containers. What a lease costs is accuracy at the edge:
 * slots leased but not spent by one container are not available to another (until the window ends), so a
 * counter can refuse while the key's traffic, summed, is a little under its limit. The sizes below keep
 * that stranded share small: a lease is a small share of the limit and of what is left.
 */
export const LEASE = {
  /** A lease asks for at least this many slots while the counter has room for it. */
  minTokens: 8,
  /** No speculative lease takes more than 1/limitShare of the limit... */
  limitShare: 8,
  /** ...nor more than 1/leftShare of what the counter had left when last seen. */
  leftShare: 8,
  /** A lease covers this many seconds of the rate this container has seen (capped by the window's end). */
  horizonSeconds: 10,
} as const;

export interface LeaseInput {
  limit: number;
  /** The counter's count as this container last saw it (0 before its first write in the window). */
  used: number;
  /** Requests of this container waiting for a slot now, this one included: a lease never asks for fewer. */
  waiting: number;
  /** Slots this container has spent in the window so far. */
  spent: number;
  secondsIntoWindow: number;
  secondsLeft: number;
}

/**
 * How many slots to ask for in one write: enough for the requests waiting, and, while the counter has
 * room, enough for the next few seconds at the rate seen (at least LEASE.minTokens), bounded by a share of
 * the limit and of what is left, so that near the limit leases shrink to single slots.
 */
export function leaseSize(input: LeaseInput): number {
  const left = Math.max(0, input.limit - input.used);
  const rate = input.spent / Math.max(1, input.secondsIntoWindow);
  const forecast = Math.ceil(rate * Math.min(LEASE.horizonSeconds, Math.max(0, input.secondsLeft)));
  const speculative = Math.min(
    Math.max(LEASE.minTokens, forecast),
    Math.floor(input.limit / LEASE.limitShare),
    Math.floor(left / LEASE.leftShare),
  );
  return Math.max(1, input.waiting, speculative);
}

/**
 * The slots a lease of `asked` received, given the counter's count after the write added `asked`. The
 * write is conditioned on the count before it being under the limit and adds the whole ask, so the count
 * may pass the limit; only the part that fitted under the limit is granted. Writes to one item are
 * serialised, so the grants of a window sum to at most the limit.
 */
export function grantedOf(asked: number, countAfter: number, limit: number): number {
  return Math.max(0, Math.min(asked, limit - (countAfter - asked)));
}

/** A counter as one container knows it: the last count it saw and the leased slots it has not spent. */
export interface LeaseView {
  limit: number;
  used: number;
  tokens: number;
}

/** Slots left in the window as this container knows them (exact with one container). */
export const remainingOf = (view: LeaseView): number =>
  Math.max(0, view.limit - Math.min(view.limit, view.used) + view.tokens);

/** Whether the counter is known to have nothing left to lease in this window. */
export const isFull = (view: LeaseView): boolean => view.used >= view.limit;

/**
 * Whether a read waiting for a lease may run its data access meanwhile: only while this container's view
 * says the counter has room for it and every request queued before it. Otherwise it waits for the lease,
 * so a request that will be refused does no data read.
 */
export const mayOverlap = (view: LeaseView, position: number): boolean => remainingOf(view) >= position;
