import { EVENT_TYPES } from '../domain/events.js';
import { timestamp } from './common.js';

/** The envelope a webhook delivery carries, exactly (beyond the spec: GET /events serves the same). */
export const EventEnvelope = {
  $id: 'EventEnvelope',
  type: 'object',
  required: ['id', 'event', 'occurredAt', 'orgId', 'data'],
  properties: {
    id: { type: 'string', description: 'The event id (evt_...); dedupe on it.' },
    event: { enum: EVENT_TYPES },
    occurredAt: timestamp,
    orgId: { type: 'string' },
    data: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', description: 'The record to fetch over the API.' } },
    },
  },
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

export const EVENT_SCHEMAS = { EventEnvelope, EventFeed } as const;
