/**
 * The snapshot rewrite's whole read in parallel time slices (session 38) returns exactly what one
 * sequential read of GSI5 returns, in the same order: rows on a slice's boundary instant (several with that
 * instant, and one whose key is the bare boundary), empty slices, more than one page per slice (page Limit
 * 2), a crowded slice cut again by its density, collections of 0 and 1 rows, a range shorter than the
 * slices; the cap refuses past it; and a rewrite from the sliced read stores those rows. Entries are
 * written straight to the table with chosen instants.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { db } from '../../functions/platform/dynamo/client.js';
import { BatchWriteCommand, GetCommand } from '../../functions/platform/dynamo/commands.js';
import { sortKey } from '../../functions/platform/dynamo/keys.js';
import {
  ceilingMarkKey,
  readSlimRows,
  rebuildSnapshot,
  type SlimRow,
} from '../../functions/platform/dynamo/slim-projection.js';
import { readSnapshot, snapshotHeadOf } from '../../functions/platform/dynamo/slim-snapshot.js';
import {
  configureSnapshotRead,
  readSnapshotRows,
  snapshotReadSettings,
  timeSlices,
  type SnapshotReadStats,
} from '../../functions/platform/dynamo/slim-snapshot-read.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0, 0);
const iso = (ms: number) => new Date(T0 + ms).toISOString();
const defaults = { ...snapshotReadSettings() };

const newCollection = () => `O#read${randomUUID().slice(0, 8)}#THING`;

/** Writes index entries of the collection: [instant offset (ms) or a whole GSI5SK, id]. */
async function seed(collection: string, entries: readonly [number | string, string][]): Promise<void> {
  for (let i = 0; i < entries.length; i += 25) {
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: entries.slice(i, i + 25).map(([at, id]) => ({
            PutRequest: {
              Item: {
                PK: `${collection}#${id}`,
                SK: 'THING',
                GSI5PK: collection,
                GSI5SK: typeof at === 'string' ? at : sortKey(iso(at), id),
                slim: { id, n: `thing ${id}`, at: typeof at === 'string' ? -1 : at },
              },
            },
          })),
        },
      }),
    );
  }
}

const sequential = async (collection: string) => readSlimRows(collection, null, Number.POSITIVE_INFINITY);

beforeAll(() => {
  expect(defaults.concurrency).toBe(8);
});

afterEach(() => configureSnapshotRead(defaults));

describe('time slices', () => {
  it('cuts the range at whole-millisecond instants, first slice open below and last open above', () => {
    expect(timeSlices(sortKey(iso(0), 'a'), sortKey(iso(40), 'z'), 4)).toStrictEqual([
      { from: null, to: iso(10) },
      { from: iso(10), to: iso(20) },
      { from: iso(20), to: iso(30) },
      { from: iso(30), to: null },
    ]);
  });

  it('makes fewer slices when the range has fewer milliseconds, and one when its ends are no instants', () => {
    expect(timeSlices(sortKey(iso(0), 'a'), sortKey(iso(2), 'b'), 8)).toStrictEqual([
      { from: null, to: iso(1) },
      { from: iso(1), to: null },
    ]);
    expect(timeSlices(sortKey(iso(5), 'a'), sortKey(iso(5), 'b'), 8)).toStrictEqual([
      { from: null, to: null },
    ]);
    expect(timeSlices('legacy-a', 'legacy-b', 8)).toStrictEqual([{ from: null, to: null }]);
  });
});

describe('the sliced whole read', () => {
  it('returns nothing for an empty collection and the one row of a collection of one', async () => {
    const empty = newCollection();
    expect(await readSnapshotRows(empty, 10)).toStrictEqual([]);
    const one = newCollection();
    await seed(one, [[7, 'only']]);
    const stats: SnapshotReadStats = { slices: 0, pages: 0 };
    const rows = await readSnapshotRows(one, 10, stats);
    expect(rows).toStrictEqual(await sequential(one));
    expect(rows!.map((r) => r.id)).toStrictEqual(['only']);
    expect(stats.slices).toBe(1);
  });

  it('returns the sequential read exactly: boundary instants, a bare boundary key, empty slices, many pages', async () => {
    const collection = newCollection();
    // 8 readers, first cut over 0..80 ms at 10, 20, ..., 70 ms; 2-row pages make the slices cut their rest.
    configureSnapshotRead({ concurrency: 8, pageLimit: 2 });
    const entries: [number | string, string][] = [[0, 'first']];
    for (let i = 0; i < 5; i += 1) entries.push([10, `on10-${i}`], [9, `before10-${i}`], [20, `on20-${i}`]);
    // The key of an entry is the bare boundary instant: BETWEEN would meet it twice.
    entries.push([iso(20), 'bare20']);
    // Nothing in 30..60 ms: three empty slices. Then enough rows for several pages in the last ones.
    for (let i = 0; i < 9; i += 1) entries.push([61 + i, `late-${i}`], [79, `at79-${i}`]);
    entries.push([80, 'last']);
    await seed(collection, entries);

    const stats: SnapshotReadStats = { slices: 0, pages: 0 };
    const rows = await readSnapshotRows(collection, Number.POSITIVE_INFINITY, stats);
    const expected = await sequential(collection);
    expect(expected).toHaveLength(entries.length);
    expect(rows).toStrictEqual(expected);
    expect(stats.slices).toBeGreaterThan(8);
    expect(stats.pages).toBeGreaterThan(stats.slices);
    expect(rows!.filter((r) => r.id === 'bare20')).toHaveLength(1);
    // Without the hook: each page's Limit from the entries' size (one page here).
    configureSnapshotRead({ pageLimit: undefined });
    expect(await readSnapshotRows(collection, Number.POSITIVE_INFINITY)).toStrictEqual(expected);
  });

  it('cuts a crowded slice by the density its pages show (an import: most rows in a few ms)', async () => {
    const collection = newCollection();
    configureSnapshotRead({ concurrency: 2, pageLimit: 4 });
    // First cut at 500 ms: the first slice holds 40 rows in 0..9 ms (4 per ms), the second 1 row.
    const entries: [number, string][] = Array.from({ length: 40 }, (_, i) => [Math.floor(i / 4), `imp${i}`]);
    entries.push([1_000, 'later']);
    await seed(collection, entries);
    const stats: SnapshotReadStats = { slices: 0, pages: 0 };
    const rows = await readSnapshotRows(collection, Number.POSITIVE_INFINITY, stats);
    expect(rows).toStrictEqual(await sequential(collection));
    expect(rows).toHaveLength(41);
    expect(stats.slices).toBeGreaterThan(2);
  });

  it('throws a failed Query (after the other readers have stopped)', async () => {
    const collection = newCollection();
    await seed(collection, [
      [0, 'a'],
      [30, 'b'],
      [60, 'c'],
      [90, 'd'],
    ]);
    // Limit 0 is refused by DynamoDB: every slice's first Query fails.
    configureSnapshotRead({ concurrency: 4, pageLimit: 0 });
    await expect(readSnapshotRows(collection, 10)).rejects.toThrow(/limit/i);
  });

  it('refuses past the cap and returns the rows at it', async () => {
    const collection = newCollection();
    configureSnapshotRead({ concurrency: 3, pageLimit: 3 });
    await seed(
      collection,
      Array.from({ length: 20 }, (_, i): [number, string] => [i * 3, `r${String(i).padStart(2, '0')}`]),
    );
    expect(await readSnapshotRows(collection, 19)).toBeNull();
    expect(await readSnapshotRows(collection, 20)).toStrictEqual(await sequential(collection));
  });

  it('is the rewrite’s read: the snapshot holds the rows of a sequential read', async () => {
    const collection = newCollection();
    configureSnapshotRead({ concurrency: 4, pageLimit: 5 });
    await seed(
      collection,
      Array.from({ length: 60 }, (_, i): [number, string] => [
        Math.floor(i / 4) * 7,
        `s${String(i).padStart(2, '0')}`,
      ]),
    );
    expect(await rebuildSnapshot(collection, undefined)).toStrictEqual({ rows: 60, written: true });
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: ceilingMarkKey(collection), ConsistentRead: true }),
    );
    const head = snapshotHeadOf(Item)!;
    const packed: SlimRow[] | null = await readSnapshot(collection, head);
    expect(packed).toStrictEqual(await sequential(collection));
  });
});
