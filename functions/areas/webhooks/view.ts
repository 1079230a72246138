import type { DeliveryState } from '../../../domain/webhooks/delivery.js';
import type { SubscriptionState } from '../../../domain/webhooks/subscription.js';

/** The API's view of a subscription: never the secret (it is not even in the state), no version. */
export const subscriptionView = (s: SubscriptionState) => ({
  id: s.id,
  url: s.url,
  events: s.events,
  description: s.description,
  secretPrefix: s.secretPrefix,
  isActive: s.isActive,
  failureCount: s.failureCount,
  lastSuccessAt: s.lastSuccessAt,
  lastFailureAt: s.lastFailureAt,
  disabledAt: s.disabledAt,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export const deliveryView = (d: DeliveryState) => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  responseStatus: d.responseStatus,
  lastError: d.lastError,
  deliveredAt: d.deliveredAt,
  nextAttemptAt: d.nextAttemptAt,
  createdAt: d.createdAt,
  payload: d.payload,
});
