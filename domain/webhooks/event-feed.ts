/**
 * GET /events (beyond the spec): an organisation's events, oldest first, read from its outbox partition.
 * Each outbox item holds the events of one write, all with the item's occurredAt; its sort key is
 * `<occurredAt>#<first event id>`, so the partition is already in time order. A position in the feed is
 * an outbox sort key plus how many of that item's events were already served, so a page may end inside
 * an item with several events and the next page resumes exactly there.
 */
import { invalidParameter } from '../errors.js';
import type { DomainEvent } from '../events.js';
import { parseInstant } from '../listing/query-params.js';

/** Outbox items (and so events) are kept this long; older ones are gone (TTL). */
export const EVENT_RETENTION_DAYS = 30;

/** Read from the item whose sort key is `sk` (or the first after it), skipping its first `skip` events. */
export interface FeedPosition {
  sk: string;
  skip: number;
}

const CURSOR_PREFIX = 'ec1.';
const OUTBOX_SK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z(#[A-Za-z0-9_-]{1,128})?$/;

export const encodeCursor = (position: FeedPosition): string =>
  `${CURSOR_PREFIX}${Buffer.from(`${position.sk}|${position.skip}`, 'utf8').toString('base64url')}`;

function decodeCursor(raw: string): FeedPosition | null {
  if (!raw.startsWith(CURSOR_PREFIX)) return null;
  const body = raw.slice(CURSOR_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
  const [sk, skip, ...rest] = Buffer.from(body, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || sk === undefined || skip === undefined) return null;
  if (!OUTBOX_SK.test(sk) || !/^\d{1,4}$/.test(skip)) return null;
  return { sk, skip: Number(skip) };
}

/**
 * Where a request starts: `since` is a cursor from an earlier page's nextCursor or an ISO 8601 date or
 * date-time (events that occurred at or after it); without it, the oldest event kept. Never before the
 * retention window: what is older may still linger until TTL removes it, and is not served.
 */
export function feedStart(since: string | undefined, now: Date): FeedPosition {
  const oldest = new Date(now.getTime() - EVENT_RETENTION_DAYS * 24 * 3600 * 1000).toISOString();
  if (since === undefined) return { sk: oldest, skip: 0 };
  const cursor = decodeCursor(since);
  const instant = cursor ? null : parseInstant(since);
  if (!cursor && !instant) {
    throw invalidParameter('since', 'must be a nextCursor value or an ISO 8601 date or date-time');
  }
  const position = cursor ?? { sk: instant!.toISOString(), skip: 0 };
  return position.sk < oldest ? { sk: oldest, skip: 0 } : position;
}

export interface OutboxEntry {
  sk: string;
  events: readonly DomainEvent[];
}

export interface FeedPage {
  events: DomainEvent[];
  /** Where the next page starts when this one filled up; null when every entry given was used up. */
  full: FeedPosition | null;
  /** The position after the last entry looked at (every one of its events served or filtered out). */
  after: FeedPosition | null;
}

/**
 * Takes events from `entries` (in sort-key order, starting at `from`) until `pageSize` are taken. The
 * type filter applies to single events, so an item of mixed events contributes only the matching ones.
 */
export function takeEvents(
  entries: readonly OutboxEntry[],
  from: FeedPosition,
  options: { pageSize: number; types?: readonly string[] },
): FeedPage {
  const taken: DomainEvent[] = [];
  let after: FeedPosition | null = null;
  for (const entry of entries) {
    const first = entry.sk === from.sk ? from.skip : 0;
    for (let index = first; index < entry.events.length; index += 1) {
      if (taken.length === options.pageSize) {
        return { events: taken, full: { sk: entry.sk, skip: index }, after };
      }
      const event = entry.events[index]!;
      if (!options.types || options.types.includes(event.event)) taken.push(event);
    }
    after = { sk: entry.sk, skip: entry.events.length };
  }
  return { events: taken, full: null, after };
}
