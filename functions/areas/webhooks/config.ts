/** Delivery settings read from the environment once per process. */
import { parseRetryDelays } from '../../../domain/webhooks/retry-schedule.js';
import { DEFAULT_DISABLE_AFTER_FAILURES } from '../../../domain/webhooks/subscription.js';
import { config } from '../../platform/config.js';

export interface DeliveryConfig {
  retryDelays: number[];
  /** Consecutive DEAD deliveries after which a subscription is disabled. */
  disableAfter: number;
  timeoutMs: number;
  /** How long one attempt may hold its delivery before another worker may take it over. */
  leaseSeconds: number;
}

const positive = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
};

export const deliveryConfig = (): DeliveryConfig => ({
  retryDelays: parseRetryDelays(config.webhookRetryDelaysSeconds),
  disableAfter: positive(
    'WEBHOOK_DISABLE_AFTER_FAILURES',
    config.webhookDisableAfterFailures,
    DEFAULT_DISABLE_AFTER_FAILURES,
  ),
  timeoutMs: positive('WEBHOOK_TIMEOUT_MS', config.webhookTimeoutMs, 10_000),
  leaseSeconds: 30,
});
