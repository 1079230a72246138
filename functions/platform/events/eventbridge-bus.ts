import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { DomainEvent } from '../../../domain/events.js';
import { traced } from '../observability/tracer.js';
import { EVENT_SOURCE, type EventBus } from './bus.js';
import { config } from '../config.js';

/** PutEvents takes at most 10 entries per call. */
const BATCH = 10;

/**
 * PutEvents can succeed as a call while failing some entries (FailedEntryCount); each result lines up
 * with its entry by position, and entries with an ErrorCode are returned as not accepted.
 */
export function eventBridgeBus(
  client = traced(new EventBridgeClient({})),
  busName = config.eventBusName ?? 'default',
): EventBus {
  return {
    async put(events) {
      const failed: DomainEvent[] = [];
      for (let i = 0; i < events.length; i += BATCH) {
        const batch = events.slice(i, i + BATCH);
        const result = await client.send(
          new PutEventsCommand({
            Entries: batch.map((event) => ({
              EventBusName: busName,
              Source: EVENT_SOURCE,
              DetailType: event.event,
              Detail: JSON.stringify(event),
              Time: new Date(event.occurredAt),
            })),
          }),
        );
        if (!result.FailedEntryCount) continue;
        batch.forEach((event, n) => {
          const entry = result.Entries?.[n];
          if (!entry || entry.ErrorCode || !entry.EventId) failed.push(event);
        });
      }
      return failed;
    },
  };
}
