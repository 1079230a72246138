import type { DomainEvent } from '../../../domain/events.js';

/** Where published events go: EventBridge in AWS, an in-process bus locally. */
export interface EventBus {
  /** Puts the events; returns those the bus did not accept (to be retried, never dropped). */
  put(events: DomainEvent[]): Promise<DomainEvent[]>;
}

export const EVENT_SOURCE = 'stockflow.api';
