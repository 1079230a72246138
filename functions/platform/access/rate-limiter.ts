import {
  decide,
  shardsFor,
  windowOf,
  type CounterResult,
  type Limits,
  type RateDecision,
} from '../../../domain/limits/rate-limits.js';
import {
  isFull,
  leaseSize,
  mayOverlap,
  remainingOf,
  type LeaseView,
} from '../../../domain/limits/token-lease.js';
import type { Key } from '../dynamo/keys.js';
import { leaseSlots, loadOrganisationLimits, rateCounterKey, rateCounterOrg } from './rate-limits.js';

/** Organisation limits change rarely (back office); a minute's staleness is fine. */
const LIMITS_CACHE_MS = 60_000;
/** A container remembers this many counters and organisations before it starts afresh. */
const MEMORY_LIMIT = 10_000;

/** Where a pool leases from: its counter item for a write, and the limit that item enforces. */
interface Counter {
  key: () => Key;
  /** The limit one item enforces (an organisation's share per shard when it has several). */
  itemLimit: number;
  /** The limit the headers and the 429 name. */
  limit: number;
  /** Items the limit is spread over (1 but for very large organisation limits). */
  shards: number;
}

/** One counter as this container holds it in one window: the slots it leased and has not spent yet. */
class LeasePool implements LeaseView {
  used = 0;
  tokens = 0;
  spent = 0;
  waiting = 0;
  private refilling: Promise<void> | undefined;

  constructor(
    readonly windowStart: number,
    public counter: Counter,
  ) {}

  get limit(): number {
    return this.counter.itemLimit;
  }

  /** A slot now if one is leased, a refusal now if the counter is known full, else a lease write. */
  take(now: Date): boolean | Promise<boolean> {
    if (this.tokens > 0) {
      this.tokens -= 1;
      this.spent += 1;
      return true;
    }
    if (isFull(this)) return false;
    return this.waitForLease(now);
  }

  /** Returns a slot taken for a request that the other counter refused: it stays this container's. */
  giveBack(): void {
    this.tokens += 1;
    this.spent -= 1;
  }

  /** Whether a request that must wait for this pool's lease may do its data read meanwhile. */
  mayOverlap(): boolean {
    return this.tokens > 0 || mayOverlap(this, this.waiting + 1);
  }

  /** What the response headers say of this counter after the request took (or did not take) its slot. */
  view(admitted: boolean): CounterResult {
    const { limit, shards } = this.counter;
    const remaining = admitted ? Math.min(limit, remainingOf(this) * shards) : 0;
    return { admitted, count: limit - remaining, limit };
  }

  private async waitForLease(now: Date): Promise<boolean> {
    this.waiting += 1;
    try {
      // One write at a time per counter: the requests arriving meanwhile share its grant, and the next
      // write asks for those still waiting.
      for (;;) {
        this.refilling ??= this.refill(now).finally(() => {
          this.refilling = undefined;
        });
        await this.refilling;
        if (this.tokens > 0) {
          this.tokens -= 1;
          this.spent += 1;
          return true;
        }
        if (isFull(this)) return false;
      }
    } finally {
      this.waiting -= 1;
    }
  }

  private async refill(now: Date): Promise<void> {
    const seconds = now.getTime() / 1000 - this.windowStart;
    const asked = leaseSize({
      limit: this.limit,
      used: this.used,
      waiting: this.waiting,
      spent: this.spent,
      secondsIntoWindow: seconds,
      secondsLeft: windowOf(now).reset - now.getTime() / 1000,
    });
    const { granted, count } = await leaseSlots(this.counter.key(), asked, this.limit, this.windowStart);
    this.used = Math.max(this.used, count);
    this.tokens += granted;
  }
}

/** How the pipeline is to treat a request: decided now (no I/O), or once the pending lease settles. */
export type RateCheck =
  | { decision: RateDecision }
  | {
      pending: Promise<RateDecision>;
      /** A read may run its data access while the lease is written: the container expects to admit it. */
      overlap: boolean;
    };

export interface RateLimited {
  orgId: string;
  keyId: string;
}

/**
 * A container's rate limiter: per key and per organisation, fixed one-minute windows, the counters in the
 * table leased a few slots at a time (domain/limits/token-lease.ts). Most requests are decided from the
 * container's leases without I/O, and a counter seen full refuses the rest of its window without I/O.
 */
export class RateLimiter {
  private readonly limitsCache = new Map<string, { limits: Limits; at: number }>();
  private readonly pools = new Map<string, LeasePool>();

  clear(): void {
    this.limitsCache.clear();
    this.pools.clear();
  }

  check(who: RateLimited, now: Date): RateCheck {
    const { start, reset } = windowOf(now);
    const key = this.current(`K#${who.keyId}`, start);
    const org = this.current(`O#${who.orgId}`, start);
    if (key && org) {
      for (const pool of [key, org]) {
        if (pool.tokens === 0 && isFull(pool)) {
          return { decision: { admitted: false, limit: pool.counter.limit, remaining: 0, reset } };
        }
      }
      if (key.tokens > 0 && org.tokens > 0) {
        key.take(now);
        org.take(now);
        return { decision: decide(key.view(true), org.view(true), reset) };
      }
    }
    // The first request of a window knows nothing yet: it overlaps its read, as every request did before.
    const overlap = (key?.mayOverlap() ?? true) && (org?.mayOverlap() ?? true);
    return { pending: this.consume(who, now), overlap };
  }

  private current(id: string, windowStart: number): LeasePool | undefined {
    const pool = this.pools.get(id);
    return pool?.windowStart === windowStart ? pool : undefined;
  }

  private pool(id: string, windowStart: number, counter: Counter): LeasePool {
    const existing = this.current(id, windowStart);
    if (existing) {
      existing.counter = counter;
      return existing;
    }
    if (this.pools.size >= MEMORY_LIMIT) this.pools.clear();
    const pool = new LeasePool(windowStart, counter);
    this.pools.set(id, pool);
    return pool;
  }

  private async consume(who: RateLimited, now: Date): Promise<RateDecision> {
    const { start, reset } = windowOf(now);
    const limits = await this.limitsFor(who.orgId, now.getTime());
    const shards = shardsFor(limits.perOrg);
    const key = this.pool(`K#${who.keyId}`, start, {
      key: () => rateCounterKey(who.orgId, who.keyId, start),
      itemLimit: limits.perKey,
      limit: limits.perKey,
      shards: 1,
    });
    const org = this.pool(`O#${who.orgId}`, start, {
      key: () => rateCounterOrg(who.orgId, start, Math.floor(Math.random() * shards)),
      itemLimit: Math.ceil(limits.perOrg / shards),
      limit: limits.perOrg,
      shards,
    });
    // Both counters at once; a slot taken from only one goes back to this container's lease.
    const [keyAdmits, orgAdmits] = await Promise.all([key.take(now), org.take(now)]);
    if (keyAdmits && !orgAdmits) key.giveBack();
    if (orgAdmits && !keyAdmits) org.giveBack();
    return decide(key.view(keyAdmits), org.view(orgAdmits), reset);
  }

  private async limitsFor(orgId: string, now: number): Promise<Limits> {
    const hit = this.limitsCache.get(orgId);
    if (hit && now - hit.at < LIMITS_CACHE_MS) return hit.limits;
    const limits = await loadOrganisationLimits(orgId);
    if (this.limitsCache.size >= MEMORY_LIMIT) this.limitsCache.clear();
    this.limitsCache.set(orgId, { limits, at: now });
    return limits;
  }
}
