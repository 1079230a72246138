/**
 * The snapshot rewrite's whole read of a collection's GSI5 entries, in parallel time slices. GSI5SK starts
 * with the instant of each item's last write, so the collection's range (its first and last keys: two
 * Limit-1 queries) is cut into slices of equal time, each read page by page, several at once, and a slice
 * whose pages show it holds more than a page cuts its rest again. The rows come back in the index's order,
 * exactly as one sequential read returns them (slices in key order, each slice's pages in order): the
 * snapshot's rows and their duplicates (an item rewritten during the read may be met at its old and its
 * new key; the later one wins when the snapshot is loaded) are unchanged.
 *
 * Why: the rewrite runs while the first search of a large collection answers 503, so its time is what a
 * user waits. One sequential read is one Query page after another (1 MB each in AWS); slices read several
 * pages at once. DynamoDB Local also walks the entries from a page's start towards the end of its range
 * (or its Limit) before it ends the page, so its sequential read grew about with the square of the size:
 * a Limit near a page's rows makes each page cost it about a page.
 * See docs/design/slim-projection.md, "A faster snapshot rewrite, session 38".
 */
import { db } from './client.js';
import { QueryCommand } from './commands.js';
import { entryBytes } from './item-bytes.js';
import type { SlimRow } from './slim-projection.js';
import { tableName } from './table-definition.js';
import { config } from '../config.js';

const settings = {
  /** Queries in flight at once, and the time slices the range is first cut into. */
  concurrency: config.slimSnapshotReadConcurrency,
  /** Test hook: each Query page's Limit (undefined: DynamoDB's 1 MB pages). */
  pageLimit: undefined as number | undefined,
};

/** Test and bench hook: the read's concurrency and page Limit. */
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

/** The collection's first or last entry's GSI5SK and its size as DynamoDB counts it (null: no entry). */
async function endKey(collection: string, forward: boolean): Promise<{ key: string; bytes: number } | null> {
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
  const item = page.Items?.[0];
  const key: unknown = item?.GSI5SK;
  return item && typeof key === 'string' ? { key, bytes: entryBytes(item) } : null;
}

/** A Query page holds at most 1 MB of index entries. */
const PAGE_BYTES = 1_048_576;

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

/** At most this many pieces a slice's unread rest is cut into at once (per reader: see below). */
const SPLIT_PER_READER = 2;

/** A counter of Queries in flight: at most `size`, the rest wait in order. */
function permits(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire: async (): Promise<void> => {
      if (free > 0) free -= 1;
      else await new Promise<void>((resume) => waiting.push(resume));
    },
    release: (): void => {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

/**
 * Every slim row of the collection in index order, or null past `cap` rows (the readers stop as soon as
 * their rows together pass it). At most `concurrency` Queries are in flight. Equal time is not equal rows
 * (an import writes thousands of rows in a minute, then a month a few), so after each page that leaves
 * more to read the slice cuts its unread rest by the density that page showed (its rows over the time
 * they span): into about as many pieces as pages are left (at most two per reader), each read as its
 * own slice. The slices stay disjoint and cover the whole key range, so their rows in key order are the
 * sequential read's. `stats` is filled in.
 */
export async function readSnapshotRows(
  collection: string,
  cap: number,
  stats: SnapshotReadStats = { slices: 0, pages: 0 },
): Promise<SlimRow[] | null> {
  const ends = await Promise.all([endKey(collection, true), endKey(collection, false)]);
  if (ends[0] === null || ends[1] === null) return [];
  const [first, last] = [ends[0].key, ends[1].key];
  // Each page's Limit: a quarter more rows than a page of the ends' size holds (JSON counts a little more
  // than DynamoDB), so AWS still ends pages at 1 MB. DynamoDB Local walks a Query's range up to its Limit
  // before it ends the page at ~1 MB of the base items (a few hundred rows): the Limit follows what its
  // pages hold, so a page costs it about a page, not the rest of its range.
  let pageRows = Math.ceil((1.25 * PAGE_BYTES) / Math.max(1, (ends[0].bytes + ends[1].bytes) / 2));
  const concurrency = Math.max(1, Math.floor(settings.concurrency));
  const lastInstant = instantOf(last);
  const queries = permits(concurrency);
  const slices: (Slice & { rows: SlimRow[] })[] = [];
  const reads: Promise<void>[] = [];
  let total = 0;
  /** The first failed Query: the other readers stop at their next page, then the read throws it. */
  let failure: { error: unknown } | null = null;

  /** Cuts the slice's rest after `key` (a page's last) by the page's density; the slice keeps the first piece. */
  const split = (slice: Slice, pageFirst: string, key: string) => {
    const [at, from] = [instantOf(key), instantOf(pageFirst)];
    const end = slice.to === null ? lastInstant : instantOf(slice.to);
    if (at === null || from === null || end === null || end - at < 2) return;
    const pieces = Math.min(concurrency * SPLIT_PER_READER, Math.ceil((end - at) / Math.max(1, at - from)));
    const bounds: string[] = [];
    for (let i = 1; i < pieces; i += 1) {
      const bound = new Date(at + Math.max(1, Math.floor(((end - at) * i) / pieces))).toISOString();
      if (bound !== bounds[bounds.length - 1] && (slice.to === null || bound < slice.to)) bounds.push(bound);
    }
    if (bounds.length === 0) return;
    const to = slice.to;
    slice.to = bounds[0]!;
    bounds.forEach((bound, i) => start({ from: bound, to: bounds[i + 1] ?? to }));
  };

  const readSlice = async (slice: Slice, rows: SlimRow[]) => {
    let startKey: Record<string, unknown> | undefined;
    do {
      await queries.acquire();
      let page;
      let limit;
      try {
        if (total > cap || failure) return;
        const { expression, values } = sliceCondition(slice);
        limit = settings.pageLimit ?? pageRows;
        page = await db().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'GSI5',
            KeyConditionExpression: expression,
            ExpressionAttributeValues: { ':pk': collection, ...values },
            // The table's keys are not needed: ~30 % fewer bytes to send and unmarshal.
            ProjectionExpression: '#slim, GSI5SK',
            ExpressionAttributeNames: { '#slim': 'slim' },
            Limit: limit,
            ExclusiveStartKey: startKey,
          }),
        );
      } finally {
        queries.release();
      }
      stats.pages += 1;
      const items = page.Items ?? [];
      for (const item of items) {
        // BETWEEN includes its upper bound: a key equal to it is the next slice's.
        if (slice.to !== null && item.GSI5SK === slice.to) continue;
        if (!item.slim) continue;
        rows.push(item.slim as SlimRow);
        total += 1;
      }
      startKey = page.LastEvaluatedKey;
      if (startKey && settings.pageLimit === undefined) {
        // Ended by its bytes: pages hold about that many rows. Ended by the Limit: rows are smaller.
        pageRows = items.length < limit ? Math.ceil(1.25 * items.length) + 1 : pageRows * 2;
      }
      const [pageFirst, pageLast] = [items[0]?.GSI5SK, startKey?.GSI5SK];
      if (typeof pageFirst === 'string' && typeof pageLast === 'string') split(slice, pageFirst, pageLast);
    } while (startKey && total <= cap);
  };

  function start(slice: Slice) {
    const held = { ...slice, rows: [] as SlimRow[] };
    slices.push(held);
    // The held slice is the one split: its bound moves as its rest is cut. A failed read is kept, not left
    // rejected while the others still run.
    reads.push(
      readSlice(held, held.rows).catch((error: unknown) => {
        failure ??= { error };
      }),
    );
  }

  timeSlices(first, last, concurrency).forEach(start);
  // Splits start reads while others run: wait until no read is left unawaited.
  for (let awaited = 0; awaited < reads.length;) {
    const now = reads.length;
    await Promise.all(reads.slice(awaited, now));
    awaited = now;
  }
  stats.slices = slices.length;
  if (failure) throw (failure as { error: unknown }).error;
  if (total > cap) return null;
  // Disjoint ranges: ordered by their lower bounds (the first slice has none) they are in key order.
  slices.sort((a, b) => (a.from === null ? -1 : b.from === null ? 1 : a.from < b.from ? -1 : 1));
  return slices.flatMap((slice) => slice.rows);
}
