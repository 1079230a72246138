import { EVENT_TYPES } from '../domain/events.js';
import { DELIVERY_STATUSES } from '../domain/webhooks/delivery.js';
import { listOf, nullable, requiredObject, text, timestamp } from './common.js';

const events = {
  type: 'array',
  minItems: 1,
  maxItems: 16,
  uniqueItems: true,
  items: { enum: [...EVENT_TYPES, '*'] },
} as const;
// Scheme, host and address rules are checked after the schema (400 for a malformed url, 422 for a private one).
const url = text(2048, 1);

export const WebhookCreate = {
  $id: 'WebhookCreate',
  type: 'object',
  required: ['url', 'events'],
  properties: { url, events, description: nullable(text(500)) },
} as const;

export const WebhookUpdate = {
  $id: 'WebhookUpdate',
  type: 'object',
  properties: { url, events, description: nullable(text(500)), isActive: { type: 'boolean' } },
} as const;

const subscriptionFields = {
  id: { type: 'string' },
  url: { type: 'string' },
  events: { type: 'array', items: { type: 'string' } },
  description: nullable({ type: 'string' }),
  secretPrefix: { type: 'string' },
  isActive: { type: 'boolean' },
  failureCount: { type: 'integer' },
  lastSuccessAt: nullable(timestamp),
  lastFailureAt: nullable(timestamp),
  disabledAt: nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

export const Webhook = {
  $id: 'Webhook',
  ...requiredObject(subscriptionFields),
} as const;

export const WebhookCreated = {
  $id: 'WebhookCreated',
  type: 'object',
  required: [...Object.keys(subscriptionFields), 'secret'],
  properties: {
    ...subscriptionFields,
    secret: { type: 'string', description: 'The signing secret. Shown only in this response.' },
  },
} as const;

export const WebhookSecretRotated = {
  $id: 'WebhookSecretRotated',
  type: 'object',
  required: [...Object.keys(subscriptionFields), 'secret', 'previousSecretExpiresAt'],
  properties: {
    ...subscriptionFields,
    secret: { type: 'string', description: 'The new signing secret. Shown only in this response.' },
    previousSecretExpiresAt: {
      ...timestamp,
      description:
        'Until then deliveries are signed with both the new and the previous secret (24 hours from the rotation).',
    },
  },
} as const;

export const WebhookList = listOf('WebhookList', { $ref: 'Webhook' });

export const WebhookDeleted = {
  $id: 'WebhookDeleted',
  type: 'object',
  required: ['id', 'deleted'],
  properties: { id: { type: 'string' }, deleted: { const: true } },
} as const;

const deliveryFields = {
  id: { type: 'string', description: 'Sent as X-Service-Delivery-Id; stable across retries.' },
  event: { type: 'string' },
  status: { enum: DELIVERY_STATUSES },
  attempts: { type: 'integer' },
  responseStatus: nullable({ type: 'integer' }),
  lastError: nullable({ type: 'string' }),
  deliveredAt: nullable(timestamp),
  nextAttemptAt: nullable(timestamp),
  createdAt: timestamp,
  payload: {
    type: 'object',
    required: ['id', 'event', 'occurredAt', 'orgId', 'data'],
    properties: {
      id: { type: 'string' },
      event: { type: 'string' },
      occurredAt: timestamp,
      orgId: { type: 'string' },
      data: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
    },
  },
} as const;

export const WebhookDelivery = {
  $id: 'WebhookDelivery',
  ...requiredObject(deliveryFields),
} as const;

export const WebhookDeliveryList = listOf('WebhookDeliveryList', { $ref: 'WebhookDelivery' });

export const WebhookPingQueued = {
  $id: 'WebhookPingQueued',
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'string' }, status: { const: 'PENDING' } },
} as const;

export const WEBHOOK_SCHEMAS = {
  WebhookCreate,
  WebhookUpdate,
  Webhook,
  WebhookCreated,
  WebhookSecretRotated,
  WebhookList,
  WebhookDeleted,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookPingQueued,
} as const;

export const WEBHOOK_VALIDATED = ['WebhookCreate', 'WebhookUpdate'] as const;
