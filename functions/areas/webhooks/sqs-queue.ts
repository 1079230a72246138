import { SQSClient, sqsBatchSender } from '../../platform/events/sqs-batch.js';
import { traced } from '../../platform/observability/tracer.js';
import { deliveryMessage, type DeliveryQueue } from './queue.js';
import { config } from '../../platform/config.js';

/**
 * The delivery queue in AWS. Entries SQS keeps refusing make send throw, so the caller's own message is
 * retried; the delivery rows are saved by then, so nothing is lost.
 */
export function sqsDeliveryQueue(
  client = traced(new SQSClient({})),
  queueUrl = config.deliveryQueueUrl ?? '',
): DeliveryQueue {
  const sender = sqsBatchSender(client, queueUrl, 'delivery message(s)');
  return {
    send: (messages) =>
      sender.send(
        messages.map((m) => ({
          body: JSON.stringify(deliveryMessage(m.ref)),
          delaySeconds: m.delaySeconds,
        })),
      ),
  };
}
