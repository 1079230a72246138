import { dispatchDue } from '../areas/webhooks/dispatch.js';
import { logger } from '../platform/observability/logger.js';
import { observed } from '../platform/observability/handler.js';

/**
 * Four attempts run at a time, each up to the 10 s POST timeout, so 40 deliveries fit the Lambda's 120 s
 * even if every receiver hangs; what is left waits a minute for the next run (the queue sends most anyway).
 */
const BATCH = 40;

/** Lambda entry, every minute: sends pings and any due delivery whose queue message went missing. */
export const handler = observed(async () => {
  const summary = await dispatchDue({ limit: BATCH });
  logger.info('webhook dispatch', { ...summary });
  return summary;
});
