import * as validators from '../generated/validators-webhooks.js';
import { createGroupHandler } from '../http/pipeline.js';
import { webhookOperations } from './operations.js';

/** Lambda entry for the webhooks group: subscriptions, their delivery logs and pings. */
export const handler = createGroupHandler('webhooks', webhookOperations, validators);
