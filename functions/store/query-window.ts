import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';

export type QueryInput = Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select' | 'Limit'>;

/**
 * Reads one page window (offset, limit) of a query in index order and counts every match for the total.
 * Matching items are read in DynamoDB's 1 MB pages; once the window is full the rest is only counted
 * (Select COUNT), so memory stays at one page. Cost: the whole matching range is read once.
 */
export async function queryWindow<T = Record<string, unknown>>(
  input: QueryInput,
  offset: number,
  limit: number,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  let seen = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) {
      if (seen >= offset && items.length < limit) items.push(item as T);
      seen += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  while (startKey) {
    const page = await db().send(
      new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey }),
    );
    seen += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  }
  return { items, total: seen };
}

/** Reads every item of a (small) collection, following pages. */
export async function queryAll<T = Record<string, unknown>>(input: QueryInput): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
