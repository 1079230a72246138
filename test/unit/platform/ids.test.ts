import { createId, isCuid } from '@paralleldrive/cuid2';
import { describe, expect, it } from 'vitest';
import { canBeId } from '../../../domain/ids.js';
import { newId } from '../../../functions/platform/ids.js';

// The shape @paralleldrive/cuid2's createId gives: what the spec's cuid checks and stored ids assume.
const CUID2 = /^[a-z][0-9a-z]{23}$/;

describe('newId (lazy cuid2, issue 29 item 1)', () => {
  it('mints ids of the shape cuid2 mints, which every id check accepts', () => {
    expect(createId()).toMatch(CUID2);
    for (let i = 0; i < 1_000; i += 1) {
      const id = newId();
      expect(id).toMatch(CUID2);
      expect(isCuid(id)).toBe(true);
      expect(canBeId(id)).toBe(true);
    }
  });

  it('never repeats an id, and spreads first letters and characters like a hash', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    // 20,000 ids over 26 first letters: each letter about 770 times; a fixed or skewed letter fails.
    const firsts = new Map<string, number>();
    for (const id of ids) firsts.set(id[0]!, (firsts.get(id[0]!) ?? 0) + 1);
    expect(firsts.size).toBe(26);
    expect(Math.min(...firsts.values())).toBeGreaterThan(500);
    // Every base-36 character appears in the body (a body of a few characters, e.g. a counter, would not).
    expect(new Set(ids.flatMap((id) => [...id.slice(1)])).size).toBe(36);
  });

  it('differs in the ids minted within one millisecond', () => {
    const burst = Array.from({ length: 100 }, () => newId());
    expect(new Set(burst.map((id) => id.slice(1, 8))).size).toBe(100);
  });
});
