/**
 * Beyond the spec (docs/decisions.md): an event log to catch up from, and re-sending one delivery. Spread
 * into WEBHOOK_ENDPOINTS: same Lambda, same `webhooks` scope family and `webhooks.manage` permission.
 */
import { EVENT_TYPES } from '../../../domain/events.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../domain/listing/pagination.js';
import { declare, type Declared } from '../../platform/catalogue/endpoint.js';

export const RECOVERY_ENDPOINTS = [
  declare({
    operationId: 'listEvents',
    method: 'GET',
    beyondSpec: true,
    path: '/events',
    summary: 'Events of the last 30 days, oldest first, in the envelopes webhooks carry (cursor-paginated)',
    permission: 'webhooks.manage',
    response: 'EventFeed',
    query: [
      {
        name: 'since',
        type: 'string',
        maxLength: 300,
        description:
          'A nextCursor from an earlier page, or an ISO 8601 date or date-time (events at or after it). ' +
          'Default and floor: 30 days ago.',
      },
      {
        name: 'type',
        type: 'enum-list',
        values: EVENT_TYPES,
        maxLength: 1000,
        description: 'Only these event types (comma-separated).',
      },
      {
        name: 'pageSize',
        type: 'integer',
        minimum: 1,
        default: DEFAULT_PAGE_SIZE,
        description: `Events per page; larger values are clamped to ${MAX_PAGE_SIZE}.`,
      },
    ],
  }),
  declare({
    operationId: 'retryWebhookDelivery',
    method: 'POST',
    beyondSpec: true,
    path: '/webhooks/{id}/deliveries/{deliveryId}/retry',
    resources: { id: 'Webhook subscription', deliveryId: 'Webhook delivery' },
    summary: 'Re-send a delivery now (same delivery id), whatever its status',
    permission: 'webhooks.manage',
    response: 'WebhookDelivery',
    status: 202,
    // 409: an attempt kept finishing in between; 422: a delivery from before the id pointers, past the
    // search (store/delivery-retry.ts).
    errors: [409, 422],
  }),
] as const satisfies readonly Declared[];
