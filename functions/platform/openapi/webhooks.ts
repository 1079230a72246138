import { EVENT_TYPES } from '../../../domain/events.js';
import { EVENT_SCHEMA_NAMES } from '../../../schemas/events.js';

type Json = Record<string, unknown>;

const schemaRef = (name: string): string => `#/components/schemas/${name}`;

const signatureHeader = (name: string, description: string): Json => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/** The headers every delivery carries (deliver.ts), whatever its event. */
const DELIVERY_HEADERS: Json[] = [
  signatureHeader('x-service-event', 'The event type.'),
  signatureHeader('x-service-delivery-id', 'The delivery id, the same on every retry.'),
  signatureHeader('x-service-signature', '`t=<unix seconds>,v1=<HMAC-SHA256>`, one v1 per active secret.'),
  signatureHeader('webhook-id', 'Standard Webhooks: the message id (the delivery id).'),
  signatureHeader('webhook-timestamp', 'Standard Webhooks: seconds since the epoch when sent.'),
  signatureHeader(
    'webhook-signature',
    'Standard Webhooks: `v1,<base64 HMAC-SHA256>`, one per active secret.',
  ),
];

/** OpenAPI 3.1 `webhooks`: what a subscription receives, one entry per event type. */
export function eventWebhooks(): Json {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `on${EVENT_SCHEMA_NAMES[type]}`,
          summary: `The ${type} event`,
          description: 'POSTed to every active subscription to this event type or to `*`.',
          tags: ['webhooks'],
          parameters: DELIVERY_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: schemaRef(EVENT_SCHEMA_NAMES[type]) } } },
          },
          responses: {
            '2XX': { description: 'Delivered. Any other answer, or none within the timeout, is retried.' },
          },
        },
      },
    ]),
  );
}

/** GET /events items and webhook bodies: the envelope of each event type, told apart by `event`. */
export const EVENT_DISCRIMINATOR: Json = {
  propertyName: 'event',
  mapping: Object.fromEntries(EVENT_TYPES.map((type) => [type, schemaRef(EVENT_SCHEMA_NAMES[type])])),
};
