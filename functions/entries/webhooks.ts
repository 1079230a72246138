import * as validators from '../generated/validators-webhooks.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { WEBHOOK_ENDPOINTS } from '../areas/webhooks/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('webhooks', { webhooks: WEBHOOK_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  webhooks: () => import('../areas/webhooks/operations.js').then((m) => m.webhookOperations),
};

/** Lambda entry for the webhooks group: subscriptions, their delivery logs and pings. */
export const handler = createGroupHandler({
  group: 'webhooks',
  endpoints,
  areas,
  validators,
});
