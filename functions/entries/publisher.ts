import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridgeBus } from '../platform/events/eventbridge-bus.js';
import { handleStreamRecords } from '../platform/events/publisher.js';
import { observed } from '../platform/observability/handler.js';

const bus = eventBridgeBus();

/** Lambda entry: the table's stream -> EventBridge (ReportBatchItemFailures is on in the event source). */
export const handler = observed((event: DynamoDBStreamEvent) => handleStreamRecords(event.Records, bus));
