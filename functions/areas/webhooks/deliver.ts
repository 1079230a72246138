/**
 * One delivery attempt, whoever asks for it (a queue message or a dispatch pass): claim it, re-check the
 * target, sign, POST, record the result, and keep the subscription's books, auto-disabling it when it has
 * failed too many deliveries in a row.
 */
import { afterAttempt, type DeliveryState } from '../../../domain/webhooks/delivery.js';
import { signature, standardSignature } from '../../../domain/webhooks/signature.js';
import { shouldAutoDisable } from '../../../domain/webhooks/subscription.js';
import {
  claimAttempt,
  deleteDelivery,
  getDelivery,
  noteOnDelivery,
  saveAttempt,
  type DeliveryRef,
} from './store/deliveries.js';
import { transact, WriteRace } from '../../platform/dynamo/transact.js';
import {
  countDeadDelivery,
  getSubscription,
  recordSubscriptionFailure,
  recordSubscriptionSuccess,
  subscriptionDisableItems,
} from './store/webhooks.js';
import { deliveryConfig, type DeliveryConfig } from './config.js';
import { postPinned } from './post.js';
import { openSigningSecrets } from './signing-secrets.js';
import { resolveTarget } from './target.js';
import { logger } from '../../platform/observability/logger.js';
import { countMetric, METRIC } from '../../platform/observability/metrics.js';

/** The `outcome` dimension of the deliveries metric. */
const OUTCOMES: Record<DeliveryState['status'], string> = {
  DELIVERED: 'delivered',
  PENDING: 'retrying',
  DEAD: 'dead',
};

export type AttemptOutcome =
  | { kind: 'attempted'; delivery: DeliveryState }
  | { kind: 'not-due'; dueAt: string }
  /** Nothing to do: finished, gone, or another worker holds this attempt. */
  | { kind: 'skipped'; reason: string };

export async function attemptDelivery(
  ref: DeliveryRef,
  config: DeliveryConfig = deliveryConfig(),
  clock: () => Date = () => new Date(),
): Promise<AttemptOutcome> {
  const delivery = await getDelivery(ref);
  if (!delivery) return { kind: 'skipped', reason: 'delivery not found' };
  if (delivery.status !== 'PENDING') return { kind: 'skipped', reason: `delivery is ${delivery.status}` };
  const now = clock();
  if (delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > now.getTime()) {
    return { kind: 'not-due', dueAt: delivery.nextAttemptAt };
  }
  if (!(await claimAttempt(ref, delivery, now, config.leaseSeconds))) {
    return { kind: 'skipped', reason: 'attempt claimed by another worker' };
  }
  const [subscription, secrets] = await Promise.all([
    getSubscription(ref.orgId, delivery.subscriptionId),
    openSigningSecrets(ref.orgId, delivery.subscriptionId, now),
  ]);
  // A fan-out that raced the subscription's DELETE can leave a row behind its deleted log; remove it so
  // dispatch passes stop finding it.
  if (!subscription || !secrets) {
    await deleteDelivery(ref);
    return { kind: 'skipped', reason: 'subscription deleted' };
  }

  // Rebuilt in the documented member order: the stored map comes back from DynamoDB in any order.
  const { id, event, occurredAt, orgId, data } = delivery.payload;
  const body = JSON.stringify({ id, event, occurredAt, orgId, data });
  const target = await resolveTarget(subscription.url);
  const sentAt = Math.floor(clock().getTime() / 1000);
  const result = target.ok
    ? await postPinned({
        url: target.url,
        address: target.address,
        family: target.family,
        body,
        timeoutMs: config.timeoutMs,
        headers: {
          'x-service-event': delivery.event,
          'x-service-delivery-id': delivery.id,
          'x-service-signature': signature(secrets, sentAt, body),
          // Standard Webhooks (beyond the spec): the message id is the delivery id, stable across retries.
          'webhook-id': delivery.id,
          'webhook-timestamp': String(sentAt),
          'webhook-signature': standardSignature(secrets, delivery.id, sentAt, body),
        },
      })
    : ({ kind: 'failed', error: target.reason } as const);

  const endedAt = clock();
  const after = afterAttempt(delivery, result, { now: endedAt, retryDelays: config.retryDelays });
  await saveAttempt(ref, delivery, after);
  countMetric(METRIC.webhookDeliveries, 1, { outcome: OUTCOMES[after.status] });
  if (after.status === 'DEAD') countMetric(METRIC.webhookDead);
  const at = endedAt.toISOString();
  if (after.status === 'DELIVERED') {
    await recordSubscriptionSuccess(ref.orgId, subscription.id, at);
  } else if (after.status === 'PENDING') {
    await recordSubscriptionFailure(ref.orgId, subscription.id, at);
  } else {
    const books = await countDeadDelivery(ref.orgId, subscription.id, at);
    if (books && shouldAutoDisable(books, config.disableAfter)) {
      if (await disableSubscription(ref.orgId, subscription.id, at, config.disableAfter)) {
        countMetric(METRIC.webhookAutoDisabled);
        logger.warn('webhook subscription auto-disabled', {
          orgId: ref.orgId,
          subscriptionId: subscription.id,
          failureCount: books.failureCount,
        });
        const note = `${after.lastError ?? 'failed'}; subscription auto-disabled after ${books.failureCount} consecutive failed deliveries`;
        await noteOnDelivery(ref, note);
        return { kind: 'attempted', delivery: { ...after, lastError: note } };
      }
    }
  }
  return { kind: 'attempted', delivery: after };
}

/** False when a PUT re-enabled or reset the subscription in between: that write wins, nothing is disabled. */
async function disableSubscription(
  orgId: string,
  id: string,
  at: string,
  threshold: number,
): Promise<boolean> {
  try {
    await transact(subscriptionDisableItems(orgId, id, at, threshold));
    return true;
  } catch (error) {
    if (error instanceof WriteRace) return false;
    throw error;
  }
}
