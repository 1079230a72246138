/**
 * The scheduled snapshot refresh (job `refresh-snapshots`, functions/jobs): rewrites from a whole read of
 * the index the packed snapshot of every collection of an organisation that awaits one (a request found
 * it large with no usable snapshot), whose snapshot is stale (rows read whole longer ago than half the
 * full-read age) or whose change feed is past the fold limit. So no list request reads a large collection
 * whole: requests read the snapshot plus its feed, or the bounded index reads while the job catches up.
 *
 * By key only: an organisation's collections are its projection-state items, one partition read with one
 * Query; a fresh snapshot's feed is counted with one Query capped at the fold limit plus one row.
 * Idempotent: a rewritten snapshot is fresh, so a second run finds nothing due. Bounded and resumable:
 * the run stops before a collection once it has read its limit of rows (nothing is remembered; what is left
 * is still due on the next run). A live claim of another writer (a request folding its feed) is left alone,
 * and the rewrite itself claims the state item (slim-snapshot.ts), so it never races a fold.
 */
import { db } from './client.js';
import { GetCommand, QueryCommand } from './commands.js';
import {
  ceilingMarkKey,
  markedAboveCeiling,
  projectionStatePartition,
  rebuildSnapshot,
  slimSettings,
  snapshotPastBounds,
} from './slim-projection.js';
import { snapshotHeadOf } from './slim-snapshot.js';
import { tableName } from './table-definition.js';

type StateItem = Record<string, unknown>;

const liveClaim = (state: StateItem, now: number): boolean => {
  const claim = state.snapshotClaim;
  if (typeof claim !== 'object' || claim === null || !Object.hasOwn(claim, 'until')) return false;
  const until: unknown = Reflect.get(claim, 'until');
  return typeof until === 'number' && until >= now;
};

/** The rows written since the snapshot's instant (minus the overlap), counted up to the fold limit plus one. */
async function feedIsLong(collection: string, syncedTo: number): Promise<boolean> {
  const { snapshotFeedRows, overlapMs } = slimSettings();
  const { Count } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI5',
      KeyConditionExpression: 'GSI5PK = :pk AND GSI5SK >= :since',
      ExpressionAttributeValues: {
        ':pk': collection,
        ':since': new Date(syncedTo - overlapMs).toISOString(),
      },
      Select: 'COUNT',
      Limit: snapshotFeedRows + 1,
    }),
  );
  return (Count ?? 0) > snapshotFeedRows;
}

/** Why the collection's snapshot is rewritten now, or null when it is not due. */
async function dueReason(collection: string, state: StateItem, now: number): Promise<string | null> {
  const { snapshotFullMs } = slimSettings();
  if (markedAboveCeiling(state, now)) return null;
  if (liveClaim(state, now)) return null;
  if (state.dueAt !== undefined) return 'awaited';
  const head = snapshotHeadOf(state);
  if (!head) return state.snapshot === undefined ? null : 'unreadable head';
  // No cold load reads it (a bound lowered since): the rewrite marks it, or writes it within the bounds.
  if (snapshotPastBounds(head)) return 'past the bounds';
  if (now - head.fullAt >= snapshotFullMs / 2) return 'stale';
  return (await feedIsLong(collection, head.syncedTo)) ? 'long feed' : null;
}

export interface SnapshotRefresh {
  /** Rows read whole for rewrites (the job's unit of work and of its cap). */
  rows: number;
  /** Snapshots written. */
  written: number;
}

/**
 * One collection's pass, the refresh on mark (slim-snapshot-on-mark.ts): reads its projection-state item
 * (consistently) and rewrites the snapshot if it is due, exactly as the job's pass would. Idempotent: a
 * second call (a stream retry, the job after it) finds the snapshot fresh and reads nothing whole.
 */
export async function refreshCollectionSnapshot(
  collection: string,
  now = Date.now(),
): Promise<SnapshotRefresh> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: ceilingMarkKey(collection), ConsistentRead: true }),
  );
  if (!Item || !(await dueReason(collection, Item, now))) return { rows: 0, written: 0 };
  const rebuilt = await rebuildSnapshot(collection, Item);
  return { rows: rebuilt.rows, written: rebuilt.written ? 1 : 0 };
}

/**
 * One organisation's pass: rewrites what is due, stopping before a collection once `limit` rows were read
 * (a rewrite reads its collection whole, so the last one may pass the limit by up to the ceiling).
 */
export async function refreshOrganisationSnapshots(
  orgId: string,
  options: { limit: number; now?: number },
): Promise<SnapshotRefresh> {
  const done: SnapshotRefresh = { rows: 0, written: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': projectionStatePartition(orgId) },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const state of page.Items ?? []) {
      const collection = state.SK;
      // Only items the projection wrote for a collection of this organisation.
      if (typeof collection !== 'string' || ceilingMarkKey(collection).PK !== state.PK) continue;
      if (done.rows >= options.limit) return done;
      if (!(await dueReason(collection, state, options.now ?? Date.now()))) continue;
      const rebuilt = await rebuildSnapshot(collection, state);
      done.rows += rebuilt.rows;
      if (rebuilt.written) done.written += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return done;
}
