import { describe, expect, it } from 'vitest';
import { roundTrips } from '../../bench/measure.js';

const call = (start: number, end: number) => ({ start, end });

describe('roundTrips (the peer bench: sequential round trips of one request)', () => {
  it('counts calls one after another as one round trip each', () => {
    expect(roundTrips([call(0, 5), call(6, 9), call(10, 30)])).toBe(3);
  });

  it('counts calls in flight together once, in whatever order they were recorded', () => {
    // The claim, then facts and the number drawn in parallel, then the transaction.
    expect(roundTrips([call(30, 55), call(10, 22), call(0, 9), call(11, 25)])).toBe(3);
  });

  it('keeps a call that starts inside a longer one in that round trip', () => {
    expect(roundTrips([call(0, 20), call(2, 4), call(5, 8), call(21, 22)])).toBe(2);
  });

  it('is 0 for a request that made no call', () => {
    expect(roundTrips([])).toBe(0);
  });
});
