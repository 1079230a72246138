/**
 * The ledger projector: each ledger entry (one item per stock-moving document, whatever the document)
 * becomes one movement row per movement (store/movements.ts). Fed by the table's stream (a Lambda filtered
 * on LedgerEntry inserts in AWS; the local runtime's stream poller), and by `report rebuild-movements` for
 * recovery. Rows are keyed by the entry and the movement's position, so projecting twice overwrites the
 * same rows: retries, replays and rebuilds are harmless.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { batchPut } from '../../platform/dynamo/batch-write.js';
import { insertedImage } from '../../platform/dynamo/stream-image.js';
import { ledgerEntries, type LedgerEntry } from '../inventory/public.js';
import { ledgerPages } from './store/ledger.js';
import { movementItems } from './store/movements.js';

export const LEDGER_ENTITY = 'LedgerEntry';

/** Writes the movement rows of some ledger entries; returns how many rows were written. */
export async function projectLedgerEntries(entries: readonly LedgerEntry[]): Promise<number> {
  const items = entries.flatMap(movementItems);
  await batchPut(items);
  return items.length;
}

/**
 * A batch of stream records, in order. Other records are skipped (the event source filter normally keeps
 * them out). On the first failure the rest of the batch, from that record on, is reported failed, so the
 * stream retries it (then bisects, then parks it in the failure queue: `report rebuild-movements` repairs).
 */
export async function handleLedgerRecords(
  records: readonly DynamoDBRecord[],
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  for (const record of records) {
    const image = insertedImage(record, LEDGER_ENTITY);
    if (!image) continue;
    try {
      await projectLedgerEntries([ledgerEntries.fromItem(image)]);
    } catch (error) {
      console.error(
        JSON.stringify({ level: 'error', message: 'ledger projection failed', error: String(error) }),
      );
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
    }
  }
  return { batchItemFailures: [] };
}

/**
 * `report rebuild-movements`: projects an organisation's ledger again, from `from` (inclusive) or from
 * the beginning, page by page. Idempotent; rows of entries that still exist are rewritten as they are.
 */
export async function rebuildMovements(input: {
  orgId: string;
  from?: string;
}): Promise<{ ledgerEntries: number; movementRows: number }> {
  let ledgerEntries = 0;
  let movementRows = 0;
  for await (const page of ledgerPages(input.orgId, { from: input.from })) {
    ledgerEntries += page.length;
    movementRows += await projectLedgerEntries(page);
  }
  return { ledgerEntries, movementRows };
}
