/**
 * Token leases: a container takes several slots of a key's and its organisation's counters in one
 * conditional write and spends them locally, so steady traffic pays a fraction of a write per request.
 * The counters stay the single source of truth: a lease is granted only if it fits under both limits, so
 * the slots granted in a window never exceed either limit, whatever the number of containers. What a lease
 * costs is accuracy at the edge: slots leased but not spent by one container are not available to another
 * until the window ends, so a counter can refuse while the traffic, summed, is a little under its limit.
 * The sizes below keep that stranded share small: a lease is a small share of the limit and of what is
 * left, and leases shrink to single slots as a counter nears its limit.
 */
export const LEASE = {
  /** A lease asks for at least this many slots while the counters have room for it. */
  minTokens: 8,
  /** No speculative lease takes more than 1/limitShare of a limit... */
  limitShare: 8,
  /** ...nor more than 1/leftShare of what a counter had left when last seen. */
  leftShare: 8,
  /** A lease covers this many seconds of the rate this container has seen (capped by the window's end). */
  horizonSeconds: 10,
} as const;

/** One counter as one container knows it: its limit, the count last seen, and the leased slots unspent. */
export interface LeaseView {
  limit: number;
  used: number;
  tokens: number;
}

export interface LeaseDemand {
  /** Requests of this container waiting for a slot now, this one included: a lease never asks for fewer. */
  waiting: number;
  /** Slots this container has spent from this lease pool in the window so far. */
  spent: number;
  secondsIntoWindow: number;
  secondsLeft: number;
}

/**
 * How many slots to ask for in one write: for a burst, the requests waiting; otherwise, while the
 * counters have room, enough for the next few seconds at the rate seen (at least LEASE.minTokens),
 * bounded by a share of each limit and of what each counter has left, so that near a limit leases shrink
 * to single slots.
 */
export function leaseSize(counters: readonly LeaseView[], demand: LeaseDemand): number {
  // Requests queued behind a write are a burst: lease exactly what they need, so a burst spread over
  // many containers leaves no slots stranded in them.
  if (demand.waiting > 1) return demand.waiting;
  // The rate over at least the horizon, so a window's first few requests do not read as a flood.
  const rate = demand.spent / Math.max(LEASE.horizonSeconds, demand.secondsIntoWindow);
  const forecast = Math.ceil(rate * Math.min(LEASE.horizonSeconds, Math.max(0, demand.secondsLeft)));
  const speculative = Math.min(
    Math.max(LEASE.minTokens, forecast),
    ...counters.map((c) => Math.floor(c.limit / LEASE.limitShare)),
    ...counters.map((c) => Math.floor(Math.max(0, c.limit - c.used) / LEASE.leftShare)),
  );
  return Math.max(1, speculative);
}

/**
 * What a lease can still be granted, given the counts a write found: the least room under any limit. A
 * write that asked for more learns this from its failed condition and asks again for what fits.
 */
export const roomOf = (counters: readonly { limit: number; count: number }[]): number =>
  Math.max(0, Math.min(...counters.map((c) => c.limit - c.count)));

/** Slots left in the window as this container knows them (exact with one container). */
export const remainingOf = (view: LeaseView): number =>
  Math.max(0, view.limit - Math.min(view.limit, view.used) + view.tokens);

/** Whether the counter is known to have nothing left to lease in this window. */
export const isFull = (view: { limit: number; used: number }): boolean => view.used >= view.limit;

/**
 * Whether a read waiting for a lease may run its data access meanwhile: only while this container's view
 * says the counter has room for it and every request queued before it. Otherwise it waits for the lease,
 * so a request that will be refused does no data read.
 */
export const mayOverlap = (view: LeaseView, position: number): boolean => remainingOf(view) >= position;
