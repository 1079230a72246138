import type { DynamoDBStreamEvent } from 'aws-lambda';
import { handleLedgerRecords } from '../areas/reports/ledger-projection.js';
import { observed } from '../platform/observability/handler.js';

/** Lambda entry: ledger inserts on the table's stream -> movement rows (ReportBatchItemFailures is on). */
export const handler = observed((event: DynamoDBStreamEvent) => handleLedgerRecords(event.Records));
