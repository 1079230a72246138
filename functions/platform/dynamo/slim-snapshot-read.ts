/**
 * The snapshot rewrite's whole read of a collection's GSI5 entries, in parallel time slices. GSI5SK starts
 * with the instant of each item's last write, so the collection's range (its first and last keys: two
 * Limit-1 queries) is cut into slices of equal time, each read page by page, several at once. The rows
 * come back in the index's order, exactly as one sequential read would return them (slices in key order,
 * each slice's pages in order): the snapshot's rows and their duplicates (an item rewritten during the read
 * may be met at its old and its new key; the later one wins when the snapshot is loaded) are unchanged.
 *
 * Why: the rewrite runs while the first search of a large collection answers 503, so its time is what a
 * user waits. One sequential read is one Query page after another (1 MB each in AWS); slices read several
 * pages at once. On DynamoDB Local a page also costs about the rows from its start to the end of its key
 * range, so a read of n rows in p pages costs ~p*n/2 there and slices cut it to ~p*n/(2*slices).
 * See docs/design/slim-projection.md, "A faster snapshot rewrite, session 38".
 */
import { db } from './client.js';
import { QueryCommand } from './commands.js';
import type { SlimRow } from './slim-projection.js';
import { tableName } from './table-definition.js';
import { config } from '../config.js';

const settings = {
  /** Slices read at once. */
  concurrency: config.slimSnapshotReadConcurrency,
  /**
   * Slices per concurrent reader: equal time is not equal rows (an import writes thousands of rows in a
   * minute, then a month writes a few), so more slices than readers keep the readers busy to the end.
   */
  slicesPerReader: 4,
  /** Test hook: each Query page's Limit (undefined: DynamoDB's 1 MB pages). */
  pageLimit: undefined as number | undefined,
};

/** Test and bench hook: the read's concurrency, slices per reader and page Limit. */
export const configureSnapshotRead = (next: Partial<typeof settings>): void => {
  Object.assign(settings, next);
};

export const snapshotReadSettings = (): Readonly<typeof settings> => settings;

/** One slice: GSI5SK from `from` (inclusive; null: the range's start) to `to` (exclusive; null: its end). */
interface Slice {
  from: string | null;
  to: string | null;
}

/** What the read did: the bench's and the log's breakdown of a rewrite. */
export interface SnapshotReadStats {
  slices: number;
  pages: number;
}

const ISO_LENGTH = '2026-01-01T00:00:00.000Z'.length;

/** The instant a GSI5SK starts with (ms), or null when it does not start with one. */
const instantOf = (key: string): number | null => {
  const at = Date.parse(key.slice(0, ISO_LENGTH));
  return Number.isFinite(at) && key.length >= ISO_LENGTH ? at : null;
};

/** The collection's first or last GSI5SK, or null when it has no entry. */
async function endKey(collection: string, forward: boolean): Promise<string | null> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI5',
      KeyConditionExpression: 'GSI5PK = :pk',
      ExpressionAttributeValues: { ':pk': collection },
      ScanIndexForward: forward,
      Limit: 1,
    }),
  );
  const key: unknown = page.Items?.[0]?.GSI5SK;
  return typeof key === 'string' ? key : null;
}

/**
 * Cuts [first, last] into at most `count` slices of equal time, at whole-millisecond instants (bare ISO
 * strings: every key of a written item has an id after its instant, so no key equals a boundary; the
 * read drops one that would anyway). The first slice has no lower bound and the last none above, so rows
 * written before or after the ends were found are read as a sequential read would read them.
 */
export function timeSlices(first: string, last: string, count: number): Slice[] {
  const [from, to] = [instantOf(first), instantOf(last)];
  if (from === null || to === null || count <= 1 || to <= from) return [{ from: null, to: null }];
  const bounds: string[] = [];
  for (let i = 1; i < count; i += 1) {
    const bound = new Date(from + Math.floor(((to - from) * i) / count)).toISOString();
    // Equal bounds (a range of fewer milliseconds than slices) would make empty slices.
    if (bound > first && bound !== bounds[bounds.length - 1]) bounds.push(bound);
  }
  return [null, ...bounds].map((lower, i) => ({ from: lower, to: bounds[i] ?? null }));
}

const sliceCondition = ({ from, to }: Slice) => {
  if (from !== null && to !== null) {
    return {
      expression: 'GSI5PK = :pk AND GSI5SK BETWEEN :from AND :to',
      values: { ':from': from, ':to': to },
    };
  }
  if (from !== null) return { expression: 'GSI5PK = :pk AND GSI5SK >= :from', values: { ':from': from } };
  if (to !== null) return { expression: 'GSI5PK = :pk AND GSI5SK < :to', values: { ':to': to } };
  return { expression: 'GSI5PK = :pk', values: {} };
};

/**
 * Every slim row of the collection in index order, or null past `cap` rows (the readers stop as soon as
 * their rows together pass it: at most `concurrency` pages more are read). `stats` is filled in.
 */
export async function readSnapshotRows(
  collection: string,
  cap: number,
  stats: SnapshotReadStats = { slices: 0, pages: 0 },
): Promise<SlimRow[] | null> {
  const [first, last] = await Promise.all([endKey(collection, true), endKey(collection, false)]);
  if (first === null || last === null) return [];
  const concurrency = Math.max(1, Math.floor(settings.concurrency));
  const slices = timeSlices(first, last, concurrency * Math.max(1, Math.floor(settings.slicesPerReader)));
  stats.slices = slices.length;
  const parts: SlimRow[][] = slices.map(() => []);
  let total = 0;
  let next = 0;
  const readSlice = async (slice: Slice, rows: SlimRow[]) => {
    const { expression, values } = sliceCondition(slice);
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI5',
          KeyConditionExpression: expression,
          ExpressionAttributeValues: { ':pk': collection, ...values },
          ...(settings.pageLimit === undefined ? {} : { Limit: settings.pageLimit }),
          ExclusiveStartKey: startKey,
        }),
      );
      stats.pages += 1;
      for (const item of page.Items ?? []) {
        // BETWEEN includes its upper bound: a key equal to it is the next slice's.
        if (slice.to !== null && item.GSI5SK === slice.to) continue;
        if (!item.slim) continue;
        rows.push(item.slim as SlimRow);
        total += 1;
      }
      if (total > cap) return;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  };
  const reader = async () => {
    while (next < slices.length && total <= cap) {
      const i = next;
      next += 1;
      await readSlice(slices[i]!, parts[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, slices.length) }, reader));
  const rows = parts.flat();
  return rows.length > cap ? null : rows;
}
