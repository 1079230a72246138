/**
 * The date parameters of the stock reports, resolved against a `now` passed in (design.md section 5:
 * asAtDate takes a date, meaning the end of that UTC day, or a date-time; a future value is 400).
 */
import { invalidParameter } from '../errors.js';

const DAY_MS = 86_400_000;
/** Far enough for any expiry window; keeps date arithmetic inside what an ISO date can spell. */
const MAX_WINDOW_DAYS = 4_000_000;

const endOfDay = (date: string) => `${date}T23:59:59.999Z`;
const dateOf = (instant: Date | string) =>
  (typeof instant === 'string' ? instant : instant.toISOString()).slice(0, 10);

/** dateFrom and dateTo as parsed instants (a date-only dateTo already ends its day): dateTo must be later. */
export function movementWindow(dateFrom: string, dateTo: string): { from: string; to: string } {
  if (dateTo <= dateFrom) throw invalidParameter('dateTo', 'must be after dateFrom');
  return { from: dateFrom, to: dateTo };
}

/**
 * The instant the at-date report reconstructs. A date-only value arrives as the end of its day, so today's
 * date (whose end has not come yet) means now; any other value after now is 400.
 */
export function asAtInstant(asAt: string, now: Date): string {
  const nowIso = now.toISOString();
  if (asAt <= nowIso) return asAt;
  if (asAt === endOfDay(dateOf(now))) return nowIso;
  throw invalidParameter('asAtDate', 'must not be in the future');
}

/** A calendar date `days` after `date` (negative: before), kept within four-digit years. */
export function addDays(date: string, days: number): string {
  const clamped = Math.max(-MAX_WINDOW_DAYS, Math.min(MAX_WINDOW_DAYS, days));
  const ms = Date.parse(`${date}T00:00:00.000Z`) + clamped * DAY_MS;
  const min = Date.parse('0001-01-01T00:00:00.000Z');
  // 9999-12-31 marks "no expiry" in the batch index, so the window stops the day before.
  const max = Date.parse('9999-12-30T00:00:00.000Z');
  return new Date(Math.max(min, Math.min(max, ms))).toISOString().slice(0, 10);
}

/** Whole UTC days from `from` to `to` (dates or instants; only the date part counts). */
export const daysBetween = (from: string, to: string): number =>
  Math.round(
    (Date.parse(`${dateOf(to)}T00:00:00.000Z`) - Date.parse(`${dateOf(from)}T00:00:00.000Z`)) / DAY_MS,
  );

/** The expiry report's window: today minus daysBack to today plus daysAhead, as dates, both inclusive. */
export function expiryWindow(
  now: Date,
  daysAhead: number,
  daysBack: number,
): { today: string; from: string; to: string } {
  const today = dateOf(now);
  return { today, from: addDays(today, -daysBack), to: addDays(today, daysAhead) };
}
