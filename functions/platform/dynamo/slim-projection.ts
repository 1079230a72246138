/**
 * The slim projection: per collection (one organisation's products, customers, stock, ...), the list
 * fields of every row (search text, filter values, sort keys) held in this container's memory, so that a
 * filtered list or a page reached without a cursor counts and pages in memory and then reads only the
 * page's items. Rows come from GSI5, which projects only each item's `slim` map, keyed by the instant the
 * item was last written: a container loads a collection once (about a tenth of the items' size) and each
 * later request reads only the rows written since its last read, minus a small overlap for writes that
 * commit or reach the index late. A full reload every few minutes bounds what a late write can miss.
 * See docs/architecture.md, "Search and filtered lists".
 */
import { db } from './client.js';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from './commands.js';
import { sortKey, tenantPrefix } from './keys.js';
import { billedBytes, entryBytes } from './item-bytes.js';
import { listScanBytes, requestMeter } from './read-budget.js';
import {
  readSnapshot,
  snapshotGenOf,
  snapshotHeadOf,
  writeSnapshot,
  type SnapshotHead,
} from './slim-snapshot.js';
import { readSnapshotRows } from './slim-snapshot-read.js';
import { tableName } from './table-definition.js';
import { config } from '../config.js';

/** One row of a collection's projection: its id plus whatever list fields its entity keeps. */
export interface SlimRow {
  id: string;
  [field: string]: unknown;
}

/** The GSI5 attributes of an item: written with the item, so its projection row moves in the same write. */
export const slimAttributes = (collection: string, slim: SlimRow) => ({
  GSI5PK: collection,
  // Wall-clock instant of the write (not the record's updatedAt, which back-dated or unchanged records keep).
  GSI5SK: sortKey(new Date().toISOString(), slim.id),
  slim,
});

/** The probe's byte bound: DynamoDB's Query page (~2,800 bench products with their index keys). */
const PROBE_BYTES = 1_048_576;
/** No index entry is smaller (GSI5 and table keys alone): the first page's Limit for a byte bound. */
const MIN_ENTRY_BYTES = 100;

const settings = {
  /** Rows written up to this long before the last read are read again (late commits, index lag). */
  overlapMs: config.slimOverlapMs,
  /** A collection is reloaded whole when its load is older than this. */
  reloadMs: config.slimReloadMs,
  /** Rows held across all collections; least recently used collections go first. */
  maxRows: config.slimMaxRows,
  /**
   * The most index bytes (~1 MB, one Query page's worth) and rows (default: no row bound) the probe of a
   * cold load reads; a collection that does not fit keeps a packed snapshot in the table (slim-snapshot.ts).
   * Bench hook: `probeBytes: Infinity` is the whole load of before session 36.
   */
  probeBytes: PROBE_BYTES,
  probeMaxRows: config.slimProbeMaxRows,
  /** A cold load that reads more changed rows than this since the snapshot rewrites it. */
  snapshotFeedRows: config.slimSnapshotFeedRows,
  /** The refresh job rewrites a snapshot whose rows were read whole longer ago than half this. */
  snapshotFullMs: config.slimSnapshotFullMs,
  /** A snapshot older than this (the job late) is not read: the request is served by the index reads. */
  snapshotMaxAgeMs: config.slimSnapshotMaxAgeMs,
  /** A collection whose snapshot packs larger than this is above the ceiling (SLIM_SNAPSHOT_MAX_BYTES). */
  snapshotMaxBytes: config.slimSnapshotMaxBytes,
};

/**
 * No row packs smaller: its id alone is a cuid2 (24 base-36 characters, ~124 random bits) that no encoding
 * shrinks. So a collection of more rows than the byte bound holds at this size cannot pack within it: the
 * rewrite stops reading there instead of reading the collection whole to find out.
 */
const MIN_PACKED_ROW_BYTES = 16;

/** The most rows a collection may have and still be held: the ceiling, or what the byte bound can hold. */
const ceilingRows = (): number =>
  Math.min(settings.maxRows, Math.floor(settings.snapshotMaxBytes / MIN_PACKED_ROW_BYTES));

/** The settings in force (the refresh job decides with them what is due). */
export const slimSettings = (): Readonly<typeof settings> => settings;

/** Test and bench hook: change the overlap, reload age or row cap of this container. */
export const configureSlimProjection = (next: Partial<typeof settings>): void => {
  Object.assign(settings, next);
};

interface Collection {
  rows: Map<string, SlimRow>;
  loadedAt: number;
  /** Wall-clock start of the last read that saw the index. */
  syncedTo: number;
  usedAt: number;
  sorted: Map<string, SlimRow[]>;
}

const collections = new Map<string, Collection>();
const tooLarge = new Map<string, number>();
/** Collections whose last load found them awaiting their snapshot (no projection until it is written). */
const awaited = new Map<string, number>();
const loading = new Map<string, Promise<Collection | null>>();

export const clearSlimProjections = (): void => {
  collections.clear();
  tooLarge.clear();
  awaited.clear();
};

/**
 * Why this container has no projection of the collection: above the ceiling (a lasting state: the index
 * reads and their 400s), awaiting its snapshot (the refresh on mark writes it within seconds: a list the
 * index reads cannot answer is a 503 to retry), or null (it has one, or has not tried).
 */
export function projectionUnavailable(collection: string): 'ceiling' | 'snapshot-awaited' | null {
  if (tooLarge.has(collection)) return 'ceiling';
  return awaited.has(collection) ? 'snapshot-awaited' : null;
}

const heldRows = () => [...collections.values()].reduce((n, c) => n + c.rows.size, 0);

function evictFor(incoming: number, keep: string) {
  const byAge = [...collections.entries()]
    .filter(([k]) => k !== keep)
    .sort((a, b) => a[1].usedAt - b[1].usedAt);
  let held = heldRows();
  for (const [name, c] of byAge) {
    if (held + incoming <= settings.maxRows) break;
    collections.delete(name);
    held -= c.rows.size;
  }
}

/** The collection's slim rows from GSI5 (since an instant, or all), or null past `cap` rows. */
export async function readSlimRows(
  collection: string,
  since: number | null,
  cap: number,
): Promise<SlimRow[] | null> {
  const rows: SlimRow[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI5',
        // A capped read stops at the cap plus one row: enough to know the collection is too large.
        ...(Number.isFinite(cap) ? { Limit: Math.max(1, cap + 1 - rows.length) } : {}),
        KeyConditionExpression: since === null ? 'GSI5PK = :pk' : 'GSI5PK = :pk AND GSI5SK >= :since',
        ExpressionAttributeValues: {
          ':pk': collection,
          ...(since === null ? {} : { ':since': new Date(since).toISOString() }),
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) if (item.slim) rows.push(item.slim as SlimRow);
    if (rows.length > cap) return null;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return rows;
}

/**
 * A collection found larger than the cap is marked in the table for a day, so that other containers (and
 * this one after its reload age) skip the load with one GetItem instead of reading the cap's worth of rows
 * to find out again. The item expires by TTL; a collection that shrinks below the cap is loaded again then.
 */
const CEILING_MARK_MS = 86_400_000;
/**
 * The partition holding an organisation's projection-state items, one per collection: the refresh job
 * finds every collection of an organisation with one Query of it.
 */
export const projectionStatePartition = (orgId: string) => `${tenantPrefix(orgId)}#SLIMSTATE`;

/**
 * The collection's projection-state item: the ceiling mark, the mark that it awaits a snapshot, or the
 * head of its packed snapshot. Every collection name starts with its organisation's `O#<orgId>`.
 */
export const ceilingMarkKey = (collection: string) => {
  const end = collection.indexOf('#', 2);
  const organisation = end < 0 ? collection : collection.slice(0, end);
  return { PK: `${organisation}#SLIMSTATE`, SK: collection };
};

const projectionState = async (collection: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: ceilingMarkKey(collection) }))).Item;

/**
 * Whether the state item holds a live ceiling mark the settings in force still agree with: the collection
 * had more rows than a ceiling at least as high as today's (`rowsAbove`), or packed larger than a byte bound
 * at least as high (`bytesAbove`). An expired mark is none (TTL deletes it late: up to days in AWS, never in
 * DynamoDB Local), so the refresh rebuilds a collection that came back below the ceiling.
 */
export const markedAboveCeiling = (state: Record<string, unknown> | undefined, now: number): boolean =>
  typeof state?.at === 'number' &&
  now - state.at < CEILING_MARK_MS &&
  ((typeof state.rowsAbove === 'number' && state.rowsAbove >= settings.maxRows) ||
    (typeof state.bytesAbove === 'number' && state.bytesAbove >= settings.snapshotMaxBytes));

/** Whether no cold load reads the snapshot: more rows than a container holds, or packed past the bound. */
export const snapshotPastBounds = (head: SnapshotHead): boolean =>
  head.rows > settings.maxRows || head.bytes > settings.snapshotMaxBytes;

/** Holds the rows (keyed by id; the caller's Map is kept, not copied) as the collection's projection. */
function hold(collection: string, rows: Map<string, SlimRow>, started: number): Collection {
  awaited.delete(collection);
  tooLarge.delete(collection);
  evictFor(rows.size, collection);
  const loaded: Collection = {
    rows,
    loadedAt: started,
    syncedTo: started,
    usedAt: started,
    sorted: new Map(),
  };
  collections.set(collection, loaded);
  return loaded;
}

/**
 * Stores the rows as the collection's snapshot. A failed write costs the snapshot, never the list: the
 * next cold load reads the index whole again and tries again.
 */
async function saveSnapshot(
  collection: string,
  rows: readonly SlimRow[],
  at: { syncedTo: number; fullAt: number; replaces: string | null },
): Promise<void> {
  try {
    const { bytes } = await writeSnapshot(collection, ceilingMarkKey(collection), rows, {
      ...at,
      keepMs: settings.snapshotMaxAgeMs + 3_600_000,
      maxBytes: settings.snapshotMaxBytes,
    });
    // Grown past what a cold load may read: the next cold containers use the bounded index reads.
    if (bytes > settings.snapshotMaxBytes) await markTooLarge(collection, Date.now(), 'bytes');
  } catch (error) {
    console.warn(JSON.stringify({ message: 'slim snapshot not written', collection, error: String(error) }));
  }
}

/**
 * The collection from its snapshot plus the rows written since it (the change feed: GSI5 from the
 * snapshot's instant minus the overlap), or null when the snapshot cannot be read or its feed does not fit
 * in what the snapshot left of the list budget's bytes (the caller marks it for the refresh on mark). A
 * feed longer than the limit is folded into a new snapshot, so later cold loads read a short one.
 */
async function loadFromSnapshot(
  collection: string,
  head: SnapshotHead,
  started: number,
): Promise<Collection | null> {
  // Index reads that follow a failed load get what it left of the request's budget (read-budget.ts); the
  // feed's reads charge it themselves.
  requestMeter()?.probed(head.bytes);
  const [packed, feed] = await Promise.all([
    readSnapshot(collection, head),
    // The bytes the snapshot left of the budget; a first page of the fold limit plus one row (about those
    // bytes at the bench's ~350-byte entries), not what the bytes hold at the smallest entry: a long feed's
    // first page would be DynamoDB's whole 1 MB.
    probeSlimRows(collection, Infinity, {
      maxBytes: Math.max(0, listScanBytes() - head.bytes),
      since: head.syncedTo - settings.overlapMs,
      firstPageRows: settings.snapshotFeedRows + 1,
    }),
  ]);
  if (!packed || feed.more) return null;
  const changed = feed.rows;
  const rows = new Map(packed.map((r) => [r.id, r]));
  for (const row of changed) rows.set(row.id, row);
  if (rows.size > settings.maxRows) return null;
  const loaded = hold(collection, rows, started);
  if (changed.length > settings.snapshotFeedRows) {
    await saveSnapshot(collection, [...rows.values()], {
      syncedTo: started,
      fullAt: head.fullAt,
      replaces: head.gen,
    });
  }
  return loaded;
}

/**
 * Marks the collection too large for this projection's containers (for a day; see CEILING_MARK_MS): by
 * `rows`, more than SLIM_MAX_ROWS; by `bytes`, more than its snapshot may pack (or rows that cannot pack
 * within it). The mark records the bound it passed, so a raised bound lifts it.
 */
async function markTooLarge(collection: string, at: number, by: 'rows' | 'bytes'): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...ceilingMarkKey(collection),
        ...(by === 'rows' ? { rowsAbove: settings.maxRows } : { bytesAbove: settings.snapshotMaxBytes }),
        at,
        ttl: Math.floor((at + CEILING_MARK_MS) / 1000),
      },
    }),
  );
}

/**
 * Marks a collection larger than the probe (at least `rows` rows) as awaiting its snapshot. Setting
 * `dueAt` is what the refresh on mark consumes from the table's stream (slim-snapshot-on-mark.ts): that
 * collection's snapshot is written within seconds, off the request path; the refresh job
 * (slim-snapshot-refresh.ts) finds the mark on its next run should that fail. The first instant stays, so
 * the lateness shows, and a second mark changes nothing (no stream record, no second refresh).
 */
async function markAwaitingSnapshot(collection: string, rows: number, at: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ceilingMarkKey(collection),
        UpdateExpression:
          'SET rowsAtLeast = if_not_exists(rowsAtLeast, :rows), dueAt = if_not_exists(dueAt, :at)',
        ExpressionAttributeValues: { ':rows': rows, ':at': at },
      }),
    );
  } catch (error) {
    // A failed mark costs the job's notice (the next cold request marks again), never the list.
    console.warn(JSON.stringify({ message: 'slim snapshot not marked', collection, error: String(error) }));
  }
}

/**
 * The rows the state item says the collection has at least, when it says it is larger than a probe: the
 * await mark (a probe found more) or a snapshot head (only collections a probe found larger get one; a
 * head that is not one counts too). Else null: unknown, the probe finds out.
 */
const knownLarge = (state: Record<string, unknown> | undefined): number | null => {
  if (typeof state?.rowsAtLeast === 'number') return state.rowsAtLeast;
  if (state?.snapshot === undefined) return null;
  return snapshotHeadOf(state)?.rows ?? 0;
};

/**
 * Whether a cold load's probe reads the collection whole (it is held whole rather than marked), or its
 * first `rows` rows (how the probe proves a collection above a ceiling of `rows - 1`), at the default
 * probe bound whatever the settings: the bench's way to tell which path a collection takes.
 */
export async function fitsProbe(collection: string, rows = Number.POSITIVE_INFINITY): Promise<boolean> {
  const probe = await probeSlimRows(collection, rows, { maxBytes: PROBE_BYTES });
  return !probe.more || probe.rows.length >= rows;
}

/**
 * The probe: the collection's slim rows (written since an instant, or all) up to about `maxBytes` of index
 * entries (~1 MB: one Query page in AWS; DynamoDB Local ends pages sooner, by the base items' size, so
 * pages continue to the bytes) and at most `limit` rows. Each page's Limit is what the bytes left hold at
 * the rows' mean size so far, so the probe passes its bound by about a row. `more` is where the rest
 * starts, undefined when the probe read them all. A snapshot's feed is read the same way.
 */
async function probeSlimRows(
  collection: string,
  limit: number,
  {
    maxBytes = settings.probeBytes,
    since = null,
    firstPageRows = Number.POSITIVE_INFINITY,
  }: {
    maxBytes?: number;
    since?: number | null;
    /** At most this many rows on the first page, before the rows' size is known. */
    firstPageRows?: number;
  } = {},
): Promise<{ rows: SlimRow[]; more: Record<string, unknown> | undefined }> {
  const rows: SlimRow[] = [];
  let bytes = 0;
  let more: Record<string, unknown> | undefined;
  do {
    const room =
      rows.length === 0
        ? Math.min(firstPageRows, Math.ceil(maxBytes / MIN_ENTRY_BYTES))
        : Math.ceil((maxBytes - bytes) / (bytes / rows.length)) + 1;
    const pageLimit = Math.min(limit - rows.length, room);
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI5',
        ...(Number.isFinite(pageLimit) ? { Limit: Math.max(1, pageLimit) } : {}),
        KeyConditionExpression: since === null ? 'GSI5PK = :pk' : 'GSI5PK = :pk AND GSI5SK >= :since',
        ExpressionAttributeValues: {
          ':pk': collection,
          ...(since === null ? {} : { ':since': new Date(since).toISOString() }),
        },
        ExclusiveStartKey: more,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    for (const item of page.Items ?? []) {
      bytes += entryBytes(item);
      if (item.slim) rows.push(item.slim as SlimRow);
    }
    // The request's reads after the probe get what it left of their shared budget (read-budget.ts).
    requestMeter()?.probed(billedBytes(page, false));
    more = page.LastEvaluatedKey;
  } while (more && rows.length < limit && bytes < maxBytes);
  return { rows, more };
}

/**
 * A cold load never reads a large collection whole: it reads the snapshot plus its feed, or, with no
 * usable snapshot, the probe (~1 MB of index entries): a collection that fits is held whole; a larger one
 * is marked for the refresh on mark, and this request is served by the bounded index reads (null), within
 * what the probe left of the request's read budget (read-budget.ts).
 */
async function load(collection: string): Promise<Collection | null> {
  const started = Date.now();
  const state = await projectionState(collection);
  if (markedAboveCeiling(state, started)) return refuse(collection, started);
  const head = snapshotHeadOf(state);
  // A snapshot of more rows than this container holds, or larger than a cold load reads (a lowered
  // bound), is not read nor awaited: the collection is above the ceiling, and its lists are the index
  // reads with their lasting 400, not a 503 to retry.
  if (head && snapshotPastBounds(head)) return refuse(collection, started);
  // Past the full-read age (the job late) the snapshot is still read, up to the max age: see
  // docs/design/slim-projection.md, "Projection without whole loads, session 36".
  if (head && started - head.fullAt < settings.snapshotMaxAgeMs) {
    const loaded = await loadFromSnapshot(collection, head, started);
    if (loaded) return loaded;
  }
  const awaiting = async (rows: number) => {
    if (state?.dueAt === undefined) await markAwaitingSnapshot(collection, rows, started);
    collections.delete(collection);
    tooLarge.delete(collection);
    awaited.set(collection, started);
    return null;
  };
  const large = knownLarge(state);
  if (large !== null) return awaiting(large);
  // With the ceiling within the probe's row bound, the probe stops at the ceiling plus one row: past it
  // the collection is larger than any container holds (otherwise the refresh's whole read finds that out).
  const ceiling = settings.maxRows <= settings.probeMaxRows;
  const probe = await probeSlimRows(collection, Math.min(settings.maxRows, settings.probeMaxRows) + 1);
  if (ceiling && probe.rows.length > settings.maxRows) {
    await markTooLarge(collection, started, 'rows');
    return refuse(collection, started);
  }
  if (probe.more || probe.rows.length > settings.probeMaxRows) return awaiting(probe.rows.length);
  return hold(collection, new Map(probe.rows.map((r) => [r.id, r])), started);
}

/** Bigger than this container may hold: callers fall back to their bounded index reads for a while. */
function refuse(collection: string, at: number): null {
  tooLarge.set(collection, at);
  awaited.delete(collection);
  collections.delete(collection);
  return null;
}

/**
 * The refresh job's rewrite: reads the collection whole (in parallel time slices, slim-snapshot-read.ts;
 * capped at the ceiling or at the rows the byte bound can hold, past which it is marked too large
 * instead) and writes its snapshot under the writers' claim, replacing the generation the state item named
 * when the job read it; rows that pack past the byte bound mark it too large. `written` is false when
 * another writer claimed or moved the head first (its snapshot stands; the job looks again next run) or
 * the collection was marked.
 */
export async function rebuildSnapshot(
  collection: string,
  state: Record<string, unknown> | undefined,
): Promise<{ rows: number; written: boolean }> {
  const started = Date.now();
  const cap = ceilingRows();
  const rows = await readSnapshotRows(collection, cap);
  if (!rows) {
    await markTooLarge(collection, started, cap < settings.maxRows ? 'bytes' : 'rows');
    return { rows: cap + 1, written: false };
  }
  const { written, bytes } = await writeSnapshot(collection, ceilingMarkKey(collection), rows, {
    syncedTo: started,
    fullAt: started,
    replaces: snapshotGenOf(state),
    keepMs: settings.snapshotMaxAgeMs + 3_600_000,
    maxBytes: settings.snapshotMaxBytes,
  });
  if (bytes > settings.snapshotMaxBytes) await markTooLarge(collection, started, 'bytes');
  return { rows: rows.length, written };
}

/** Reads what was written since the last read (overlap included) into the held rows. */
async function refresh(collection: string, held: Collection): Promise<Collection> {
  const started = Date.now();
  const changed = (await readSlimRows(collection, held.syncedTo - settings.overlapMs, Infinity)) ?? [];
  let moved = false;
  for (const row of changed) {
    const before = held.rows.get(row.id);
    if (before && JSON.stringify(before) === JSON.stringify(row)) continue;
    held.rows.set(row.id, row);
    moved = true;
  }
  if (moved) held.sorted.clear();
  held.syncedTo = Math.max(held.syncedTo, started);
  held.usedAt = started;
  return held;
}

export interface SlimProjection {
  /** Every row, in no particular order. */
  rows(): Iterable<SlimRow>;
  /**
   * Every row ascending by a field, ties broken by id: strings in DynamoDB's (UTF-8 byte) order (the
   * order of an index whose sort key is `<field>\u0001<id>`), numbers numerically (a document's
   * totalAmount).
   */
  sortedBy(field: string): readonly SlimRow[];
  /** Drops rows whose items turned out to be gone. */
  forget(ids: readonly string[]): void;
}

/**
 * The collection's projection, fresh as of this call (loaded on first use, then read incrementally), or
 * null when the caller reads its indexes instead: the collection is larger than this container holds, or
 * it does not fit the probe and has no usable snapshot yet (the refresh on mark writes it; see
 * `projectionUnavailable`).
 */
export async function slimProjection(collection: string): Promise<SlimProjection | null> {
  const now = Date.now();
  const refusedAt = tooLarge.get(collection);
  if (refusedAt !== undefined && now - refusedAt < settings.reloadMs) return null;
  let held = collections.get(collection);
  if (held && now - held.loadedAt < settings.reloadMs) held = await refresh(collection, held);
  else {
    let pending = loading.get(collection);
    if (!pending) {
      pending = load(collection).finally(() => loading.delete(collection));
      loading.set(collection, pending);
    }
    const loaded = await pending;
    if (!loaded) return null;
    held = loaded;
  }
  const c = held;
  return {
    rows: () => c.rows.values(),
    sortedBy: (field) => {
      let sorted = c.sorted.get(field);
      if (!sorted) {
        sorted = [...c.rows.values()].sort(
          (a, b) => compareValues(a[field], b[field]) || byteOrder(a.id, b.id),
        );
        c.sorted.set(field, sorted);
      }
      return sorted;
    },
    forget: (ids) => {
      for (const id of ids) c.rows.delete(id);
      if (ids.length > 0) c.sorted.clear();
    },
  };
}

/**
 * Compares strings as DynamoDB orders sort keys (UTF-8 bytes). UTF-16 order agrees except that
 * surrogate pairs (code points above U+FFFF) sort after U+E000-U+FFFF in UTF-8 and before them in UTF-16.
 */
export function byteOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return rank(x) - rank(y);
    return x - y;
  }
  return a.length - b.length;
}

const rank = (code: number) => (code >= 0xd800 && code <= 0xdfff ? code + 0x2000 : code - 0x800);

/** Two values of one slim field: numbers numerically, anything else as strings in byte order. */
const compareValues = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : byteOrder(String(a), String(b));

/** The rows of a window of matches, in index order: `ascending` over `sorted`, else from its end. */
export function windowOf<T>(
  sorted: readonly T[],
  matches: (row: T) => boolean,
  ascending: boolean,
  window: { offset: number; limit: number },
): { rows: T[]; total: number } {
  const rows: T[] = [];
  let total = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const row = sorted[ascending ? i : sorted.length - 1 - i]!;
    if (!matches(row)) continue;
    if (total >= window.offset && rows.length < window.limit) rows.push(row);
    total += 1;
  }
  return { rows, total };
}
