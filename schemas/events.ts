import { EVENT_PAYLOAD_SCHEMAS } from '../domain/event-payloads.js';
import type { EventType } from '../domain/events.js';
import { timestamp } from './common.js';

/** The component name of each event type's envelope (the OpenAPI `webhooks` entry refers to it). */
export const EVENT_SCHEMA_NAMES = {
  'stock.level_changed': 'StockLevelChangedEvent',
  'sales_order.created': 'SalesOrderCreatedEvent',
  'sales_order.confirmed': 'SalesOrderConfirmedEvent',
  'sales_order.dispatched': 'SalesOrderDispatchedEvent',
  'sales_order.completed': 'SalesOrderCompletedEvent',
  'sales_order.cancelled': 'SalesOrderCancelledEvent',
  'purchase_order.created': 'PurchaseOrderCreatedEvent',
  'purchase_order.approved': 'PurchaseOrderApprovedEvent',
  'purchase_order.received': 'PurchaseOrderReceivedEvent',
  'invoice.created': 'InvoiceCreatedEvent',
  'invoice.payment_recorded': 'InvoicePaymentRecordedEvent',
  'product.created': 'ProductCreatedEvent',
  'product.updated': 'ProductUpdatedEvent',
  'customer.created': 'CustomerCreatedEvent',
  'customer.updated': 'CustomerUpdatedEvent',
  'credit_note.approved': 'CreditNoteApprovedEvent',
  'credit_note.voided': 'CreditNoteVoidedEvent',
  'batch.status_changed': 'BatchStatusChangedEvent',
} as const satisfies Record<EventType, string>;

type EventSchemaName = (typeof EVENT_SCHEMA_NAMES)[EventType];

/** The envelope a webhook delivery carries for one event type, exactly (GET /events serves the same). */
const envelope = (type: EventType) => ({
  $id: EVENT_SCHEMA_NAMES[type],
  type: 'object',
  additionalProperties: false,
  required: ['id', 'event', 'occurredAt', 'orgId', 'data'],
  properties: {
    id: { type: 'string', description: 'The event id (evt_...); dedupe on it.' },
    event: { const: type },
    occurredAt: timestamp,
    orgId: { type: 'string' },
    data: EVENT_PAYLOAD_SCHEMAS[type],
  },
});

const ENVELOPES = Object.fromEntries(
  (Object.keys(EVENT_SCHEMA_NAMES) as EventType[]).map((type) => [EVENT_SCHEMA_NAMES[type], envelope(type)]),
) as Record<EventSchemaName, ReturnType<typeof envelope>>;

/**
 * Any event: one of the envelopes, told apart by `event` (the OpenAPI builder adds the `discriminator`,
 * which ajv's strict mode does not accept).
 */
export const EventEnvelope = {
  $id: 'EventEnvelope',
  oneOf: Object.values(EVENT_SCHEMA_NAMES).map((name) => ({ $ref: name })),
} as const;

export const EventFeed = {
  $id: 'EventFeed',
  type: 'object',
  required: ['data', 'nextCursor', 'hasMore'],
  properties: {
    data: { type: 'array', items: { $ref: 'EventEnvelope' } },
    nextCursor: {
      type: 'string',
      description:
        'Pass as `since` to continue after this page (also once caught up, to poll for new events).',
    },
    hasMore: {
      type: 'boolean',
      description: 'true: more events are ready now; false: caught up, poll again later with nextCursor.',
    },
  },
} as const;

export const EVENT_SCHEMAS = { ...ENVELOPES, EventEnvelope, EventFeed } as const;
