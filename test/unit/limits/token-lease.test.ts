import { describe, expect, it } from 'vitest';
import {
  isFull,
  LEASE,
  leaseSize,
  mayOverlap,
  remainingOf,
  roomOf,
  type LeaseDemand,
} from '../../../domain/limits/token-lease.js';

/** A key (limit 120 unless said) of an organisation whose own limit is far away unless said. */
function size(
  over: Partial<LeaseDemand> & { limit?: number; used?: number; orgLimit?: number; orgUsed?: number },
) {
  const { limit = 120, used = 0, orgLimit = 100_000, orgUsed = 0, ...demand } = over;
  return leaseSize(
    [
      { limit, used, tokens: 0 },
      { limit: orgLimit, used: orgUsed, tokens: 0 },
    ],
    { waiting: 1, spent: 0, secondsIntoWindow: 1, secondsLeft: 59, ...demand },
  );
}

describe('leaseSize', () => {
  it('asks for the minimum lease at the start of a window, when no rate has been seen', () => {
    expect(size({})).toBe(LEASE.minTokens);
  });

  it('covers the horizon at the rate seen, capped by a share of the limit', () => {
    // 1 a second: 10 s of it.
    expect(size({ spent: 10, used: 10, secondsIntoWindow: 10 })).toBe(10);
    // 5 a second would be 50; an eighth of 600 is 75, of what is left 68.
    expect(size({ limit: 600, spent: 50, used: 50, secondsIntoWindow: 10 })).toBe(50);
    // 20 a second would be 200: an eighth of the limit bounds it.
    expect(size({ limit: 600, spent: 200, used: 0, secondsIntoWindow: 10 })).toBe(75);
  });

  it('is bounded by the tighter of the two counters', () => {
    expect(size({ limit: 600, orgLimit: 80, spent: 50, used: 50, secondsIntoWindow: 10 })).toBe(10);
    expect(size({ limit: 600, orgLimit: 80, orgUsed: 60, spent: 50, used: 50, secondsIntoWindow: 10 })).toBe(
      2,
    );
  });

  it('shrinks to single slots as a counter nears its limit', () => {
    expect(size({ used: 100, spent: 90, secondsIntoWindow: 10 })).toBe(2);
    expect(size({ used: 115, spent: 90, secondsIntoWindow: 10 })).toBe(1);
    expect(size({ used: 120, spent: 90, secondsIntoWindow: 10 })).toBe(1);
    expect(size({ orgLimit: 600, orgUsed: 595 })).toBe(1);
  });

  it('leases one slot at a time under small limits', () => {
    expect(size({ limit: 5 })).toBe(1);
    expect(size({ limit: 15 })).toBe(1);
    expect(size({ limit: 16 })).toBe(2);
  });

  it('leases exactly the requests queued behind a write: a burst strands nothing', () => {
    expect(size({ waiting: 40 })).toBe(40);
    expect(size({ waiting: 3, spent: 100, secondsIntoWindow: 10 })).toBe(3);
    expect(size({ limit: 5, used: 4, waiting: 3 })).toBe(3);
  });

  it('leases only what the rest of the window needs at the rate seen, but the minimum', () => {
    expect(size({ limit: 600, spent: 300, used: 300, secondsIntoWindow: 58, secondsLeft: 2 })).toBe(11);
    expect(size({ limit: 600, spent: 30, used: 30, secondsIntoWindow: 59, secondsLeft: 0.5 })).toBe(
      LEASE.minTokens,
    );
  });
});

describe('roomOf', () => {
  it('is the least room under any limit, never negative', () => {
    expect(
      roomOf([
        { limit: 120, count: 100 },
        { limit: 600, count: 590 },
      ]),
    ).toBe(10);
    expect(
      roomOf([
        { limit: 120, count: 10 },
        { limit: 600, count: 598 },
      ]),
    ).toBe(2);
    expect(roomOf([{ limit: 120, count: 125 }])).toBe(0);
  });
});

describe('a lease as a container sees it', () => {
  it('counts its unspent slots as remaining', () => {
    expect(remainingOf({ limit: 120, used: 8, tokens: 7 })).toBe(119);
    expect(remainingOf({ limit: 120, used: 120, tokens: 3 })).toBe(3);
    expect(remainingOf({ limit: 120, used: 130, tokens: 0 })).toBe(0);
  });

  it('is full once the counter reached its limit', () => {
    expect(isFull({ limit: 120, used: 119 })).toBe(false);
    expect(isFull({ limit: 120, used: 120 })).toBe(true);
  });

  it('lets a waiting read overlap its data access only while the counter has room for it and those before it', () => {
    expect(mayOverlap({ limit: 120, used: 0, tokens: 0 }, 1)).toBe(true);
    expect(mayOverlap({ limit: 120, used: 118, tokens: 0 }, 2)).toBe(true);
    expect(mayOverlap({ limit: 120, used: 118, tokens: 0 }, 3)).toBe(false);
    expect(mayOverlap({ limit: 120, used: 120, tokens: 0 }, 1)).toBe(false);
  });
});
