/**
 * The delivery queue's consumer. A message is either an event from the bus rule (fan it out) or a delivery
 * (attempt it when due). After an attempt that will be retried, or for a delivery not yet due, the next
 * hop is enqueued with at most SQS's 15-minute delay, so waits of an hour or six hours take several hops.
 */
import type { SQSEvent } from 'aws-lambda';
import { busMessageOf } from '../../../domain/webhooks/bus-event.js';
import { hopDelay } from '../../../domain/webhooks/retry-schedule.js';
import type { DeliveryRef } from './store/deliveries.js';
import { deliveryConfig, type DeliveryConfig } from './config.js';
import { attemptDelivery, type AttemptOutcome } from './deliver.js';
import { fanOut } from './fan-out.js';
import { isDeliveryMessage, type DeliveryQueue } from './queue.js';
import { logger } from '../../platform/observability/logger.js';
import { countMetric, METRIC } from '../../platform/observability/metrics.js';

/** Enqueues whatever comes next for a delivery after one handling of it. */
export async function followUp(
  ref: DeliveryRef,
  outcome: AttemptOutcome,
  queue: DeliveryQueue,
  now = new Date(),
): Promise<void> {
  const dueAt =
    outcome.kind === 'not-due'
      ? outcome.dueAt
      : outcome.kind === 'attempted' && outcome.delivery.status === 'PENDING'
        ? outcome.delivery.nextAttemptAt
        : null;
  if (dueAt) await queue.send([{ ref, delaySeconds: hopDelay((Date.parse(dueAt) - now.getTime()) / 1000) }]);
}

/**
 * One message of the delivery queue: an EventBridge event (an SQS rule target gets the envelope, our event as
 * its detail) is fanned out; a malformed one is logged and counted, then dropped, since no retry could make
 * it readable. A delivery is attempted when due.
 */
export async function handleQueueMessage(
  body: string,
  queue: DeliveryQueue,
  config: DeliveryConfig = deliveryConfig(),
): Promise<void> {
  const parsed: unknown = JSON.parse(body);
  const fromBus = busMessageOf(parsed);
  if (fromBus.kind === 'event') {
    await fanOut(fromBus.event, queue);
    return;
  }
  if (fromBus.kind === 'refused') {
    logger.error('event from the bus refused', { detailType: fromBus.detailType, faults: fromBus.faults });
    countMetric(METRIC.webhookEventsRefused);
    return;
  }
  if (!isDeliveryMessage(parsed)) throw new Error('unrecognised message on the delivery queue');
  const outcome = await attemptDelivery(parsed.ref, config);
  await followUp(parsed.ref, outcome, queue);
}

export async function handleQueueBatch(
  event: SQSEvent,
  queue: DeliveryQueue,
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      await handleQueueMessage(record.body, queue);
    } catch (error) {
      logger.error('delivery message failed', { error, messageId: record.messageId });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
