/**
 * What the delivery queue's consumer accepts as an event from the bus (an EventBridge envelope whose
 * `detail` is our DomainEvent). The bus carries whatever was put on it, so the detail is checked member by
 * member for what fan-out reads before it is trusted: a malformed one is refused with the names of what is
 * wrong, never read into a TypeError half way through a fan-out.
 */
import { EVENT_TYPES, type DomainEvent } from '../events.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The members fan-out reads, each with what it must be: the event's id (the deliveries' ids derive from
 * it), a type of the catalogue (what subscriptions match), an ISO timestamp, the organisation, and data
 * carrying the id of what the event is about (the webhook body).
 */
const MEMBERS: readonly [name: string, fault: string, holds: (event: Record<string, unknown>) => boolean][] =
  [
    ['id', 'is not a non-empty string', (e) => isText(e.id)],
    ['event', 'is not an event type of the catalogue', (e) => EVENT_TYPES.some((type) => type === e.event)],
    [
      'occurredAt',
      'is not a timestamp',
      (e) => isText(e.occurredAt) && !Number.isNaN(Date.parse(e.occurredAt)),
    ],
    ['orgId', 'is not a non-empty string', (e) => isText(e.orgId)],
    ['data', 'is not an object', (e) => isRecord(e.data)],
    ['data.id', 'is not a non-empty string', (e) => isRecord(e.data) && isText(e.data.id)],
  ];

/** What is wrong with `value` as a DomainEvent, each fault naming its member; none when it is one. */
export function domainEventFaults(value: unknown): string[] {
  if (!isRecord(value)) return ['detail is not an object'];
  return MEMBERS.filter(([, , holds]) => !holds(value)).map(([name, fault]) => `detail.${name} ${fault}`);
}

export const isDomainEvent = (value: unknown): value is DomainEvent => domainEventFaults(value).length === 0;

/** What one queue message is, as far as the bus is concerned. */
export type BusMessage =
  | { kind: 'event'; event: DomainEvent }
  | { kind: 'refused'; detailType: unknown; faults: string[] }
  | { kind: 'other' };

/**
 * An EventBridge envelope (it has a `detail-type`) is the bus's: its detail is our event, or refused. Any
 * other message is not the bus's (a delivery, or unrecognised: the worker decides).
 */
export function busMessageOf(body: unknown): BusMessage {
  if (!isRecord(body) || !('detail-type' in body)) return { kind: 'other' };
  const { detail } = body;
  if (isDomainEvent(detail)) return { kind: 'event', event: detail };
  return { kind: 'refused', detailType: body['detail-type'], faults: domainEventFaults(detail) };
}
