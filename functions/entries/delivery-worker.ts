import type { SQSEvent } from 'aws-lambda';
import { sqsDeliveryQueue } from '../areas/webhooks/sqs-queue.js';
import { handleQueueBatch } from '../areas/webhooks/worker.js';
import { observed } from '../platform/observability/handler.js';

const queue = sqsDeliveryQueue();

/** Lambda entry: the delivery queue (events from the bus rule, and delivery hops). */
export const handler = observed((event: SQSEvent) => handleQueueBatch(event, queue));
