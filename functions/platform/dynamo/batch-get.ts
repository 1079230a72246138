import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import type { Key } from './keys.js';
import { tableName } from './table-definition.js';

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
 */
export async function batchGet(
  requested: Key[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(requested.filter(storable).map((k) => [`${k.PK}|${k.SK}`, k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Key[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      if (attempt > 8) throw new Error('BatchGet kept returning unprocessed keys');
      const result = await db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: options.consistent ?? true } },
        }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) found.set(`${item.PK}|${item.SK}`, item);
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  }
  return found;
}

export const keyId = (key: Key): string => `${key.PK}|${key.SK}`;
