/**
 * POST /webhooks/{id}/deliveries/{deliveryId}/retry (beyond the spec): the same delivery (same id, so a
 * receiver deduping on X-Service-Delivery-Id sees a repeat), due now whatever its status. The retry is the
 * delivery's next attempt: a failure follows its schedule from where it stands, so a delivery that had
 * used up its schedule is DEAD again after a failed retry.
 */
import type { DeliveryState } from './delivery.js';

export const requeued = (delivery: DeliveryState, now: string): DeliveryState => ({
  ...delivery,
  status: 'PENDING',
  nextAttemptAt: now,
});
