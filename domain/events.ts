import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { EVENT_PAYLOAD_SCHEMAS } from './event-payloads.js';

/** The event catalogue of the spec (document 1, Events). */
export const EVENT_TYPES = [
  'stock.level_changed',
  'sales_order.created',
  'sales_order.confirmed',
  'sales_order.dispatched',
  'sales_order.completed',
  'sales_order.cancelled',
  'purchase_order.created',
  'purchase_order.approved',
  'purchase_order.received',
  'invoice.created',
  'invoice.payment_recorded',
  'product.created',
  'product.updated',
  'customer.created',
  'customer.updated',
  'credit_note.approved',
  'credit_note.voided',
  'batch.status_changed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The `data` of each event type, member for member as the webhook body and GET /events carry it (the
 * builders in each aggregate's events.ts write the members in this order): derived from the published JSON
 * Schemas (event-payloads.ts), one per catalogue string, which a type test holds to EVENT_TYPES.
 */
export type EventData = {
  [T in keyof typeof EVENT_PAYLOAD_SCHEMAS]: Payload<(typeof EVENT_PAYLOAD_SCHEMAS)[T]>;
};

// Through a conditional, one schema at a time: FromSchema over the whole map exceeds tsc's depth limit.
type Payload<S> = S extends JSONSchema ? FromSchema<S> : never;

/** A credit note's approval or void: the invoice's status and balance after it follow when it is linked. */
export type CreditNoteEventData = EventData['credit_note.approved'];

/** An event as a write journals it: its type and the data of exactly that type. */
export type Event<T extends EventType = EventType> = { [K in T]: { event: K; data: EventData[K] } }[T];

/** The one way to make an event: tsc refuses an unknown type, and data missing or mistyping a member. */
export const event = <T extends EventType>(type: T, data: EventData[T]): Event<T> =>
  // Correct by construction; tsc cannot see that one T picks the same member of the mapped union.
  ({ event: type, data }) as Event<T>;

/** A domain event as queued in the outbox; the webhook body is built from it unchanged. */
export interface DomainEvent {
  id: string;
  event: EventType;
  occurredAt: string;
  orgId: string;
  data: { id: string } & Record<string, unknown>;
}
