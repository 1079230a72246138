import { describe, expect, it } from 'vitest';
import {
  CONTENTION_WINDOW_MS,
  contendedLately,
  noteContention,
} from '../../../functions/platform/dynamo/recent-contention.js';

describe('recent contention (the hint that sends a raced patch straight to the merge)', () => {
  it('remembers a race on an item for the window, and only on that item', () => {
    const at = 1_000_000;
    expect(contendedLately('item-a', at)).toBe(false);
    noteContention('item-a', at);
    expect(contendedLately('item-a', at + CONTENTION_WINDOW_MS)).toBe(true);
    expect(contendedLately('item-b', at)).toBe(false);
  });

  it('forgets a race once the window has passed, and a new race starts a new window', () => {
    const at = 2_000_000;
    noteContention('item-c', at);
    expect(contendedLately('item-c', at + CONTENTION_WINDOW_MS + 1)).toBe(false);
    expect(contendedLately('item-c', at)).toBe(false);
    noteContention('item-c', at + 10_000);
    expect(contendedLately('item-c', at + 10_000 + CONTENTION_WINDOW_MS - 1)).toBe(true);
  });

  it('holds at most 500 items, forgetting the least recently raced first', () => {
    const at = 3_000_000;
    noteContention('oldest', at);
    noteContention('kept', at);
    for (let i = 0; i < 498; i += 1) noteContention(`filler-${i}`, at);
    noteContention('kept', at + 1);
    noteContention('newest', at + 1);
    expect(contendedLately('oldest', at + 1)).toBe(false);
    expect(contendedLately('kept', at + 1)).toBe(true);
    expect(contendedLately('newest', at + 1)).toBe(true);
  });
});
