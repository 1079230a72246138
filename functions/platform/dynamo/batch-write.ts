import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import { tableName } from './table-definition.js';

const CHUNK = 25;
const IN_FLIGHT = 4;
const ATTEMPTS = 10;

/**
 * Puts items that need no condition (projections, idempotent overwrites): 25 per BatchWriteItem, a few
 * requests in flight, unprocessed items retried with backoff. Not atomic: use transact for anything a
 * reader must see whole.
 */
export async function batchPut(items: readonly Record<string, unknown>[]): Promise<void> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  const workers = Array.from({ length: Math.min(IN_FLIGHT, chunks.length) }, async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) await putChunk(chunk);
  });
  await Promise.all(workers);
}

async function putChunk(items: Record<string, unknown>[]): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt >= ATTEMPTS) throw new Error('BatchWriteItem kept returning unprocessed items');
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
    const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
  }
}
