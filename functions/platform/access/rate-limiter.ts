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
import { leaseSlots, loadOrganisationLimits, rateCounter } from './rate-limits.js';

/** Organisation limits change rarely (back office); a minute's staleness is fine. */
const LIMITS_CACHE_MS = 60_000;
/** A container remembers this many keys and organisations before it starts afresh. */
const MEMORY_LIMIT = 10_000;

/** An organisation's counter as this container last saw it in one window (shared by its keys' pools). */
interface OrgView {
  windowStart: number;
  /** The limit one counter item enforces (the organisation's share per shard when it has several). */
  itemLimit: number;
  /** The limit the headers and the 429 name. */
  limit: number;
  shards: number;
  used: number;
}

/** One key's leased slots in this container for one window; each slot counts for the key and its org. */
class LeasePool {
  used = 0;
  /** The count of this key's organisation shard, when the organisation has several. */
  shardUsed = 0;
  tokens = 0;
  spent = 0;
  waiting = 0;
  private refilling: Promise<void> | undefined;

  constructor(
    readonly windowStart: number,
    readonly orgId: string,
    readonly keyId: string,
    public keyLimit: number,
    public org: OrgView,
  ) {}

  get keyView(): LeaseView {
    return { limit: this.keyLimit, used: this.used, tokens: this.tokens };
  }

  get orgView(): LeaseView {
    const used = this.org.shards === 1 ? this.org.used : this.shardUsed;
    return { limit: this.org.itemLimit, used, tokens: this.tokens };
  }

  /** The counter known to have no slot left for this key, if any (a leased slot is still spendable). */
  full(): 'key' | 'org' | undefined {
    if (this.tokens > 0) return undefined;
    if (isFull(this.keyView)) return 'key';
    if (isFull(this.orgView)) return 'org';
    return undefined;
  }

  /** A slot now if one is leased, a refusal now if a counter is known full, else after a lease write. */
  take(now: Date): boolean | Promise<boolean> {
    if (this.tokens > 0) {
      this.tokens -= 1;
      this.spent += 1;
      return true;
    }
    if (this.full()) return false;
    return this.waitForLease(now);
  }

  /** Whether a request that must wait for this pool's lease may do its data read meanwhile. */
  mayOverlap(): boolean {
    const position = this.waiting + 1;
    return this.tokens > 0 || (mayOverlap(this.keyView, position) && mayOverlap(this.orgView, position));
  }

  /** What the response headers say of each counter after the request took (or was refused) its slot. */
  views(admitted: boolean): { key: CounterResult; org: CounterResult } {
    const refusedBy = admitted ? undefined : (this.full() ?? 'key');
    const keyRemaining = admitted ? remainingOf(this.keyView) : 0;
    const orgRemaining = admitted ? Math.min(this.org.limit, remainingOf(this.orgView) * this.org.shards) : 0;
    return {
      key: { admitted: refusedBy !== 'key', count: this.keyLimit - keyRemaining, limit: this.keyLimit },
      org: { admitted: refusedBy !== 'org', count: this.org.limit - orgRemaining, limit: this.org.limit },
    };
  }

  private async waitForLease(now: Date): Promise<boolean> {
    this.waiting += 1;
    try {
      // One write at a time per key: the requests arriving meanwhile share its grant, and the next write
      // asks for those still waiting.
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
        if (this.full()) return false;
      }
    } finally {
      this.waiting -= 1;
    }
  }

  private async refill(now: Date): Promise<void> {
    const seconds = now.getTime() / 1000;
    const asked = leaseSize([this.keyView, this.orgView], {
      waiting: this.waiting,
      spent: this.spent,
      secondsIntoWindow: seconds - this.windowStart,
      secondsLeft: windowOf(now).reset - seconds,
    });
    const shard = this.org.shards === 1 ? 0 : shardOf(this.keyId, this.org.shards);
    const lease = await leaseSlots({
      counter: rateCounter(this.orgId, this.windowStart, shard),
      keyId: this.keyId,
      asked,
      keyLimit: this.keyLimit,
      orgLimit: this.org.itemLimit,
      windowStart: this.windowStart,
    });
    this.used = Math.max(this.used, lease.keyCount);
    this.shardUsed = Math.max(this.shardUsed, lease.orgCount);
    if (this.org.shards === 1) this.org.used = Math.max(this.org.used, lease.orgCount);
    this.tokens += lease.granted;
  }
}

/**
 * A key always leases from the same shard, so its own count stays in one item; a very large organisation
 * (over 30,000 requests a minute) spreads its keys over its shards, each admitting its share of the limit.
 */
function shardOf(keyId: string, shards: number): number {
  let hash = 0;
  for (let i = 0; i < keyId.length; i += 1) hash = (hash * 31 + keyId.charCodeAt(i)) >>> 0;
  return hash % shards;
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
 * A container's rate limiter: per key and per organisation, fixed one-minute windows, both counted in one
 * item per organisation and window and leased a few slots at a time (domain/limits/token-lease.ts). Most
 * requests are decided from the container's leases without I/O, and a counter seen full refuses the rest
 * of its window without I/O.
 */
export class RateLimiter {
  private readonly limitsCache = new Map<string, { limits: Promise<Limits>; at: number }>();
  private readonly pools = new Map<string, LeasePool>();
  private readonly orgs = new Map<string, OrgView>();

  clear(): void {
    this.limitsCache.clear();
    this.pools.clear();
    this.orgs.clear();
  }

  check(who: RateLimited, now: Date): RateCheck {
    const { start, reset } = windowOf(now);
    const pool = this.pools.get(who.keyId);
    if (pool?.windowStart === start && pool.org.windowStart === start) {
      if (pool.tokens > 0 || pool.full()) {
        const admitted = pool.take(now) === true;
        const { key, org } = pool.views(admitted);
        return { decision: decide(key, org, reset) };
      }
      return { pending: this.consume(who, now), overlap: pool.mayOverlap() };
    }
    // The first request of a key in a window knows nothing yet: it overlaps its read, as before leases.
    return { pending: this.consume(who, now), overlap: true };
  }

  private async consume(who: RateLimited, now: Date): Promise<RateDecision> {
    const { start, reset } = windowOf(now);
    const limits = await this.limitsFor(who.orgId, now.getTime());
    const pool = this.poolFor(who, start, limits);
    const admitted = await pool.take(now);
    const { key, org } = pool.views(admitted);
    return decide(key, org, reset);
  }

  private poolFor(who: RateLimited, windowStart: number, limits: Limits): LeasePool {
    const shards = shardsFor(limits.perOrg);
    let org = this.orgs.get(who.orgId);
    if (org?.windowStart !== windowStart) {
      if (this.orgs.size >= MEMORY_LIMIT) this.orgs.clear();
      org = { windowStart, itemLimit: 0, limit: 0, shards, used: 0 };
      this.orgs.set(who.orgId, org);
    }
    Object.assign(org, { itemLimit: Math.ceil(limits.perOrg / shards), limit: limits.perOrg, shards });
    let pool = this.pools.get(who.keyId);
    if (pool?.windowStart !== windowStart) {
      if (this.pools.size >= MEMORY_LIMIT) this.pools.clear();
      pool = new LeasePool(windowStart, who.orgId, who.keyId, limits.perKey, org);
      this.pools.set(who.keyId, pool);
    }
    pool.keyLimit = limits.perKey;
    pool.org = org;
    return pool;
  }

  /** Concurrent first requests of an organisation share one read of its limits. */
  private limitsFor(orgId: string, now: number): Promise<Limits> {
    const hit = this.limitsCache.get(orgId);
    if (hit && now - hit.at < LIMITS_CACHE_MS) return hit.limits;
    const limits = loadOrganisationLimits(orgId);
    if (this.limitsCache.size >= MEMORY_LIMIT) this.limitsCache.clear();
    this.limitsCache.set(orgId, { limits, at: now });
    // A failed read is not kept: the next request asks again.
    limits.catch(() => {
      if (this.limitsCache.get(orgId)?.limits === limits) this.limitsCache.delete(orgId);
    });
    return limits;
  }
}
