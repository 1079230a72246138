import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import type { Key } from './keys.js';
import { ASSUMED_ROW_BYTES, entryBytes } from './item-bytes.js';
import { ListTooBroad } from './list-budget.js';
import { ReadMeter, listScanBytes, requestMeter, rowsWithin } from './read-budget.js';
import { tableName } from './table-definition.js';

/** DynamoDB's most keys in one BatchGetItem. */
const BATCH_KEYS = 100;

// DynamoDB's limits for a partition and a sort key value; a longer key cannot name an item, and asking for
// one fails the whole batch with a ValidationException.
const MAX_PK_BYTES = 2048;
const MAX_SK_BYTES = 1024;
const storable = (key: Key): boolean =>
  Buffer.byteLength(key.PK) <= MAX_PK_BYTES && Buffer.byteLength(key.SK) <= MAX_SK_BYTES;

/**
 * Batch-reads items by key (chunks of 100, unprocessed keys retried), keyed by PK + SK. Keys too long to
 * exist are reported absent, so a body id of any length is an unknown reference, not a 500. Reads are
 * consistent unless `consistent: false` (half the capacity, for display-only reads such as report names).
 *
 * With `budget` (a list's rows bound, named by its refusal), the reads are a list request's: they charge
 * its read meter with the items' bytes, each chunk sized on what is left of them, and ListTooBroad('bytes')
 * stops them once the bytes are spent with keys still to read (read-budget.ts: `keysLeft`).
 */
export async function batchGet(
  requested: Key[],
  options: { consistent?: boolean; budget?: number } = {},
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(requested.filter(storable).map((k) => [`${k.PK}|${k.SK}`, k])).values()];
  const { budget } = options;
  const meter = budget === undefined ? undefined : (requestMeter() ?? new ReadMeter(listScanBytes()));
  let items = 0;
  let bytes = 0;
  for (let i = 0; i < unique.length;) {
    let size = BATCH_KEYS;
    if (meter) {
      const left = meter.keysLeft();
      if (i > 0 && left <= 0) throw new ListTooBroad(budget!, 'bytes');
      const mean = items > 0 && bytes > 0 ? bytes / items : ASSUMED_ROW_BYTES;
      size = Math.min(BATCH_KEYS, rowsWithin(left, mean));
    }
    let pending: Key[] = unique.slice(i, i + size);
    i += size;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      if (attempt > 8) throw new Error('BatchGet kept returning unprocessed keys');
      const result = await db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: options.consistent ?? true } },
        }),
      );
      const responses = result.Responses?.[tableName()] ?? [];
      for (const item of responses) found.set(`${item.PK}|${item.SK}`, item);
      if (meter) {
        const read = responses.reduce((n, item) => n + entryBytes(item), 0);
        items += responses.length;
        bytes += read;
        meter.read(read, responses.length);
      }
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  }
  return found;
}

export const keyId = (key: Key): string => `${key.PK}|${key.SK}`;
