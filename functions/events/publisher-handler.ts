import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridgeBus } from './eventbridge-bus.js';
import { handleStreamRecords } from './publisher.js';

const bus = eventBridgeBus();

/** Lambda entry: the table's stream -> EventBridge (ReportBatchItemFailures is on in the event source). */
export const handler = (event: DynamoDBStreamEvent) => handleStreamRecords(event.Records, bus);
