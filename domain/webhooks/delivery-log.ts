/**
 * A subscription's delivery log as the list serves it (issue 29 item 6, session 37): the deliveries whose
 * event occurred in the last 30 days, counted per hour of event time and status so that a list request
 * takes its total from the counts and starts reading at the hour its page begins in. See
 * docs/design/slim-projection.md, "Webhook deliveries bounded, session 37".
 */
import type { DeliveryStatus } from './delivery.js';

export const DELIVERY_RETENTION_SECONDS = 30 * 24 * 3600;
const HOUR_MS = 3600_000;

const floorHour = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * The oldest event time the log serves at `now`: the start of the first whole hour in which no delivery
 * can have expired yet. A delivery expires DELIVERY_RETENTION_SECONDS after the later of its event and its
 * creation (retentionTtl), so every delivery of an hour at or after this is still stored, and every hour
 * before it is left out whole, the TTL's lag in deleting included: the counts of whole hours are the total.
 */
export const logCutoff = (now: Date): string =>
  new Date(floorHour(now.getTime() - DELIVERY_RETENTION_SECONDS * 1000) + HOUR_MS).toISOString();

/** The TTL (epoch seconds) of a delivery: never before its event's hour has left the log (logCutoff). */
export const retentionTtl = (createdAt: string, occurredAt: string): number =>
  Math.floor(Math.max(Date.parse(createdAt), Date.parse(occurredAt)) / 1000) + DELIVERY_RETENTION_SECONDS;

/** The hour an event time is counted in: `YYYY-MM-DDTHH`, a prefix of the log's sort key. */
export const hourOf = (occurredAt: string): string => occurredAt.slice(0, 13);

/**
 * Where a subscription's counts are trusted from, stamped when its first delivery attempt after the
 * counts began is recorded: two hours on from the hour of that attempt, by when every writer that did not
 * count (code from before the deploy, which ends within its Lambda timeout) has stopped. A subscription
 * created since counts from its start ('').
 */
export const countsStamp = (at: string): string =>
  new Date(floorHour(Date.parse(at)) + 2 * HOUR_MS).toISOString();

export const COUNTED_FROM_CREATION = '';

/** Whether the counts cover the whole log served at `cutoff`: every delivery at or after it was counted. */
export const countsCoverLog = (countedFrom: string | undefined, cutoff: string): boolean =>
  countedFrom !== undefined && countedFrom <= cutoff;

/**
 * Where in the log a delivery may be that has no id pointer (functions/areas/webhooks/store/delivery-ids.ts;
 * written since session 38): from the cutoff up to the subscription's `idsFrom` stamp, which is countsStamp
 * of the first attempt recorded by code that writes pointers ('' for a subscription created since), or the
 * whole log while unstamped. A delivery created before that code ran has its event before the stamp, so
 * every delivery after it has its pointer. Null once the stamp is at or before the cutoff: every delivery
 * in the log has its pointer.
 */
export function unpointedRange(
  idsFrom: string | undefined,
  cutoff: string,
): { from: string; to: string } | null {
  if (countsCoverLog(idsFrom, cutoff)) return null;
  return { from: cutoff, to: idsFrom ?? '\uffff' };
}

/** A status's count moves: a new delivery, or a change of status (a repeated attempt moves nothing). */
export function countMoves(
  before: DeliveryStatus | undefined,
  after: DeliveryStatus,
): Partial<Record<DeliveryStatus, number>> {
  if (before === after) return {};
  return before === undefined ? { [after]: 1 } : { [before]: -1, [after]: 1 };
}

/** One hour's count of the deliveries a list shows (all, or one status's). */
export interface HourCount {
  hour: string;
  count: number;
}

/** The list's total: the hours at or after the cutoff's. */
export const logTotal = (hours: readonly HourCount[], cutoff: string): number =>
  hours.reduce((sum, h) => (h.hour >= hourOf(cutoff) ? sum + h.count : sum), 0);

/**
 * Where a page at `offset` (newest first) starts: the hour holding the offset-th delivery and how many of
 * that hour's deliveries come before it. Null when the offset is past the total.
 */
export function seekHour(
  hours: readonly HourCount[],
  cutoff: string,
  offset: number,
): { hour: string; skip: number } | null {
  const first = hourOf(cutoff);
  const newestFirst = hours
    .filter((h) => h.hour >= first && h.count > 0)
    .sort((a, b) => (a.hour < b.hour ? 1 : -1));
  let before = 0;
  for (const h of newestFirst) {
    if (offset < before + h.count) return { hour: h.hour, skip: offset - before };
    before += h.count;
  }
  return null;
}
