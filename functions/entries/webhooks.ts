import * as validators from '../generated/validators-webhooks.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { WEBHOOK_ENDPOINTS } from '../areas/webhooks/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { webhookOperations } from '../areas/webhooks/operations.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('webhooks', { webhooks: WEBHOOK_ENDPOINTS });

/** Lambda entry for the webhooks group: subscriptions, their delivery logs and pings. */
export const handler = createGroupHandler({
  group: 'webhooks',
  endpoints,
  operations: webhookOperations,
  validators,
});
