/** One event to one delivery per matching active subscription of its organisation. */
import type { DomainEvent } from '../../../domain/events.js';
import { deliveryIdFor, newDelivery, payloadOf } from '../../../domain/webhooks/delivery.js';
import { subscribesTo } from '../../../domain/webhooks/subscription.js';
import { deliveryRef, putDeliveryIfAbsent, type DeliveryRef } from './store/deliveries.js';
import { listSubscriptions } from './store/webhooks.js';
import type { DeliveryQueue } from './queue.js';

/**
 * Writes the deliveries (idempotently: the same event fanned out twice finds its deliveries there) and
 * enqueues the ones never attempted. If enqueueing fails this throws, so the event is fanned out again;
 * the deliveries are already saved and due, so nothing is lost either way.
 */
export async function fanOut(
  event: DomainEvent,
  queue: DeliveryQueue,
  now = new Date(),
): Promise<DeliveryRef[]> {
  const subscriptions = (await listSubscriptions(event.orgId)).filter((s) => subscribesTo(s, event.event));
  const refs: DeliveryRef[] = [];
  for (const subscription of subscriptions) {
    const delivery = newDelivery(payloadOf(event), subscription.id, {
      id: deliveryIdFor(event.id, subscription.id),
      now: now.toISOString(),
    });
    const stored = await putDeliveryIfAbsent(event.orgId, delivery);
    if (stored.delivery.status === 'PENDING' && stored.delivery.attempts === 0) {
      refs.push(deliveryRef(event.orgId, stored.delivery));
    }
  }
  if (refs.length > 0) await queue.send(refs.map((ref) => ({ ref, delaySeconds: 0 })));
  return refs;
}
