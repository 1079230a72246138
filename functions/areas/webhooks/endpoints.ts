import { DELIVERY_STATUSES } from '../../../domain/webhooks/delivery.js';
import { declare, PAGE_PARAMS, type Declared } from '../../platform/catalogue/endpoint.js';
import { RECOVERY_ENDPOINTS } from './recovery-endpoints.js';

const common = { group: 'webhooks', permission: 'webhooks.manage' } as const;

export const WEBHOOK_ENDPOINTS = [
  declare({
    ...common,
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/webhooks',
    summary: 'List webhook subscriptions, newest first (never the secret)',
    response: 'WebhookList',
    query: [...PAGE_PARAMS],
  }),
  declare({
    ...common,
    operationId: 'createWebhook',
    method: 'POST',
    path: '/webhooks',
    summary: 'Subscribe a public HTTPS url to events; the signing secret is returned once',
    body: 'WebhookCreate',
    response: 'WebhookCreated',
    errors: [422],
  }),
  declare({
    ...common,
    operationId: 'getWebhook',
    method: 'GET',
    path: '/webhooks/{id}',
    resources: { id: 'Webhook subscription' },
    summary: 'Read a webhook subscription',
    response: 'Webhook',
    etag: true,
  }),
  declare({
    ...common,
    operationId: 'updateWebhook',
    method: 'PUT',
    path: '/webhooks/{id}',
    resources: { id: 'Webhook subscription' },
    summary: 'Update a webhook subscription (merge-patch); isActive true re-enables it',
    body: 'WebhookUpdate',
    response: 'Webhook',
    errors: [409, 422],
    etag: true,
  }),
  declare({
    ...common,
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: '/webhooks/{id}',
    resources: { id: 'Webhook subscription' },
    summary: 'Delete a webhook subscription and its delivery log',
    response: 'WebhookDeleted',
  }),
  declare({
    ...common,
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/webhooks/{id}/deliveries',
    resources: { id: 'Webhook subscription' },
    summary: "List a subscription's deliveries, newest first",
    response: 'WebhookDeliveryList',
    query: [
      ...PAGE_PARAMS,
      {
        name: 'status',
        type: 'enum',
        values: DELIVERY_STATUSES,
        description: 'Only deliveries in this status.',
      },
    ],
  }),
  declare({
    ...common,
    operationId: 'pingWebhook',
    method: 'POST',
    path: '/webhooks/{id}/ping',
    resources: { id: 'Webhook subscription' },
    summary: 'Queue a signed test delivery (event ping, data.id the subscription id)',
    response: 'WebhookPingQueued',
    status: 202,
  }),
  declare({
    ...common,
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: '/webhooks/{id}/rotate-secret',
    resources: { id: 'Webhook subscription' },
    summary:
      'Replace the signing secret (beyond the spec); the new one is returned once, the old one keeps signing beside it for 24 hours',
    response: 'WebhookSecretRotated',
    status: 200,
    errors: [409],
  }),
  ...RECOVERY_ENDPOINTS,
] as const satisfies readonly Declared[];
