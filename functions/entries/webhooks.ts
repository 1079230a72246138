import * as validators from '../generated/validators-webhooks.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { webhookOperations } from '../areas/webhooks/operations.js';

/** Lambda entry for the webhooks group: subscriptions, their delivery logs and pings. */
export const handler = createGroupHandler({
  group: 'webhooks',
  endpoints: endpointsOf('webhooks'),
  operations: webhookOperations,
  validators,
});
