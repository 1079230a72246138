/**
 * How `projection backfill`'s parts visit the items they rewrite. Each part (slim rows, audit entries, the
 * registry, serials) is an ItemBackfill: the items it still has to do, as a filter, and what it writes for
 * one. With `--org`, a part that knows the organisation's own partition reads it (a Query), so its work grows
 * with the organisation and not with the table. Parts that read the whole table share one Scan: their
 * filters OR-ed, each item handed to the part whose filter it matched, so an upgrade reads the table once
 * rather than once per part.
 */
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { db } from './client.js';
import { tableName } from './table-definition.js';

export interface ItemBackfill {
  /** The items still to do; placeholders of its own (`#entity` may be shared: it names `entity`). */
  filter: string;
  names?: Record<string, string>;
  values: Record<string, NativeAttributeValue>;
  /** One organisation's partition, the table's (no index) or an index's; absent, the table is scanned. */
  partition?: { index?: 'GSI1'; key: string };
  /** The filter, in code: which scanned items are this part's when parts share one Scan. */
  matches: (item: Record<string, unknown>) => boolean;
  /** Rewrites one item. */
  apply: (item: Record<string, unknown>) => Promise<void>;
}

/** Runs the parts: those with a partition one Query each, the others in one shared Scan of the table. */
export async function runBackfills(parts: readonly ItemBackfill[]): Promise<void> {
  for (const part of parts.filter((p) => p.partition)) {
    for await (const items of pages(part, part.partition)) for (const item of items) await part.apply(item);
  }
  const scanned = parts.filter((p) => !p.partition);
  if (scanned.length === 0) return;
  const shared: Omit<ItemBackfill, 'matches' | 'apply'> = {
    filter: scanned.map((p) => `(${p.filter})`).join(' OR '),
    names: Object.assign({}, ...scanned.map((p) => p.names)) as Record<string, string>,
    values: Object.assign({}, ...scanned.map((p) => p.values)) as Record<string, NativeAttributeValue>,
  };
  for await (const items of pages(shared, undefined)) {
    for (const item of items) await scanned.find((p) => p.matches(item))?.apply(item);
  }
}

async function* pages(
  read: Omit<ItemBackfill, 'matches' | 'apply'>,
  partition: ItemBackfill['partition'],
): AsyncGenerator<Record<string, unknown>[]> {
  const pk = partition ? `${partition.index ?? ''}PK` : undefined;
  const names = { ...read.names, ...(pk ? { '#partition': pk } : {}) };
  let startKey: Record<string, unknown> | undefined;
  do {
    const common = {
      TableName: tableName(),
      FilterExpression: read.filter,
      // DynamoDB refuses an empty map.
      ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
      ExpressionAttributeValues: { ...read.values, ...(partition ? { ':partition': partition.key } : {}) },
      ExclusiveStartKey: startKey,
    };
    const page = await db().send(
      partition
        ? new QueryCommand({
            ...common,
            IndexName: partition.index,
            KeyConditionExpression: '#partition = :partition',
          })
        : new ScanCommand(common),
    );
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
