import type { DynamoDBStreamEvent } from 'aws-lambda';
import { handleLedgerRecords } from '../areas/reports/ledger-projection.js';

/** Lambda entry: ledger inserts on the table's stream -> movement rows (ReportBatchItemFailures is on). */
export const handler = (event: DynamoDBStreamEvent) => handleLedgerRecords(event.Records);
