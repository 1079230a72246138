/**
 * Items this container has lately seen writers race on (issue 29 item 2). A merge-patch without If-Match
 * first tries the version-conditioned replace, whose answer needs no read back; on an item many writers
 * patch at once that try nearly always loses, and costs a read and a failed transaction before the merge.
 * Remembering the race for a moment lets the next patch of the same item go straight to the merge, while
 * an item nobody races keeps the cheaper replace. Per container and forgotten after WINDOW_MS: a hint, never
 * a rule (every write stays conditioned either way).
 */

/** How long a race is remembered after it was last seen: a few requests of a busy writer, not a session. */
export const CONTENTION_WINDOW_MS = 2_000;
/** Items remembered at once; the least recently raced go first. */
const MAX_ITEMS = 500;

const seen = new Map<string, number>();

/** Remembers that writers of `key` (an item's partition and sort key, say) just raced. */
export function noteContention(key: string, now = Date.now()): void {
  seen.delete(key);
  seen.set(key, now);
  if (seen.size > MAX_ITEMS) seen.delete(seen.keys().next().value!);
}

/** Whether writers of `key` raced within the last CONTENTION_WINDOW_MS. */
export function contendedLately(key: string, now = Date.now()): boolean {
  const at = seen.get(key);
  if (at === undefined) return false;
  if (now - at <= CONTENTION_WINDOW_MS) return true;
  seen.delete(key);
  return false;
}
