/**
 * The delivery queue's consumer. A message is either an event from the bus rule (fan it out) or a delivery
 * (attempt it when due). After an attempt that will be retried, or for a delivery not yet due, the next
 * hop is enqueued with at most SQS's 15-minute delay, so waits of an hour or six hours take several hops.
 */
import type { SQSEvent } from 'aws-lambda';
import type { DomainEvent } from '../../../domain/events.js';
import { hopDelay } from '../../../domain/webhooks/retry-schedule.js';
import type { DeliveryRef } from './store/deliveries.js';
import { deliveryConfig, type DeliveryConfig } from './config.js';
import { attemptDelivery, type AttemptOutcome } from './deliver.js';
import { fanOut } from './fan-out.js';
import { isDeliveryMessage, type DeliveryQueue } from './queue.js';
import { logger } from '../../platform/observability/logger.js';

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

/** An EventBridge event as an SQS rule target delivers it: the envelope, with our event as detail. */
const eventOf = (body: unknown): DomainEvent | null => {
  const envelope = body as { 'detail-type'?: unknown; detail?: unknown };
  return typeof envelope === 'object' && envelope !== null && envelope['detail-type'] && envelope.detail
    ? (envelope.detail as DomainEvent)
    : null;
};

export async function handleQueueMessage(
  body: string,
  queue: DeliveryQueue,
  config: DeliveryConfig = deliveryConfig(),
): Promise<void> {
  const parsed = JSON.parse(body) as unknown;
  const event = eventOf(parsed);
  if (event) {
    await fanOut(event, queue);
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
