/** Republishes outbox items the stream path left unpublished (a crash, a bus outage, a poison batch). */
import { oldestPendingOccurredAt, pendingOutboxItems } from '../journal/outbox.js';
import type { EventBus } from './bus.js';
import { publishOutboxItem, type PublishOptions } from './publisher.js';

export const DEFAULT_SWEEP_AFTER_SECONDS = 120;

export interface SweepSummary {
  found: number;
  published: number;
  failed: number;
}

export async function sweepOutbox(
  bus: EventBus,
  options: {
    now?: Date;
    olderThanSeconds?: number;
    limit?: number;
    orgId?: string;
    publish?: PublishOptions;
  } = {},
): Promise<SweepSummary> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.olderThanSeconds ?? DEFAULT_SWEEP_AFTER_SECONDS) * 1000);
  const items = await pendingOutboxItems(before, options.limit ?? 500, options.orgId);
  const summary: SweepSummary = { found: items.length, published: 0, failed: 0 };
  for (const item of items) {
    try {
      if (await publishOutboxItem(item, bus, options.publish)) summary.published += 1;
    } catch {
      // Still pending: the next sweep tries again.
      summary.failed += 1;
    }
  }
  return summary;
}

/** Seconds since the oldest unpublished outbox item occurred; 0 when none is waiting. */
export async function oldestUnpublishedAgeSeconds(now: Date): Promise<number> {
  const oldest = await oldestPendingOccurredAt(now);
  return oldest ? Math.max(0, Math.round((now.getTime() - Date.parse(oldest)) / 1000)) : 0;
}
