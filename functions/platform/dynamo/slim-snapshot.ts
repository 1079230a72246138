/**
 * The projection's snapshot in the table: a collection's slim rows packed into a few items (chunks, each
 * under DynamoDB's 400 KB, see slim-snapshot-codec.ts) plus a head on the collection's projection-state
 * item naming the chunks' generation and the instant the rows are fresh to. A cold container reads the
 * head, the chunks in parallel and then only the rows written since (GSI5 from that instant), instead of
 * every slim row of the collection. Chunks are immutable and keyed by their generation, so a reader never
 * sees a half-written snapshot: a writer puts its chunks first, then moves the head with a condition on the
 * generation it replaced, so of two racing writers one moves it and the other's chunks expire unused.
 * See docs/design/slim-projection.md, "Projection cold load, session 35".
 */
import { randomUUID } from 'node:crypto';
import { db } from './client.js';
import { ConditionalCheckFailedException, GetCommand, PutCommand, UpdateCommand } from './commands.js';
import { decodeSnapshotChunk, encodeSnapshot } from './slim-snapshot-codec.js';
import { tableName } from './table-definition.js';
import type { SlimRow } from './slim-projection.js';

type Key = { PK: string; SK: string };

export interface SnapshotHead {
  /** The chunks' generation: part of their keys. */
  gen: string;
  chunks: number;
  rows: number;
  /** Wall-clock start of the read the rows are fresh to: the change feed is read from here (minus overlap). */
  syncedTo: number;
  /** When these rows (or the snapshot they were built on) were last read whole from the index. */
  fullAt: number;
  /** Packed bytes over all chunks. */
  bytes: number;
}

export const snapshotChunkKey = (collection: string, gen: string, index: number): Key => ({
  PK: `SLIMSNAPSHOT#${collection}#${gen}`,
  SK: `CHUNK#${index}`,
});

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The head stored on the projection-state item, or null when there is none or it is not one we wrote. */
export function snapshotHeadOf(item: Record<string, unknown> | undefined): SnapshotHead | null {
  const head: unknown = item?.snapshot;
  if (typeof head !== 'object' || head === null) return null;
  const field = (name: string): unknown => (Object.hasOwn(head, name) ? Reflect.get(head, name) : undefined);
  const [gen, chunks, rows, syncedTo, fullAt, bytes] = [
    'gen',
    'chunks',
    'rows',
    'syncedTo',
    'fullAt',
    'bytes',
  ].map(field);
  if (
    typeof gen !== 'string' ||
    !isCount(chunks) ||
    !isCount(rows) ||
    !isCount(syncedTo) ||
    !isCount(fullAt) ||
    !isCount(bytes)
  ) {
    return null;
  }
  return { gen, chunks, rows, syncedTo, fullAt, bytes };
}

/** The generation a stored head names, valid or not: a writer replacing a corrupt head conditions on it. */
export function snapshotGenOf(item: Record<string, unknown> | undefined): string | null {
  const head: unknown = item?.snapshot;
  if (typeof head !== 'object' || head === null || !Object.hasOwn(head, 'gen')) return null;
  const gen: unknown = Reflect.get(head, 'gen');
  return typeof gen === 'string' ? gen : null;
}

/**
 * The snapshot's rows, or null when a chunk is missing, was not written for this generation, does not
 * unpack, or the rows do not add up to the head's count: the caller then loads the collection from the
 * index, as without a snapshot.
 */
export async function readSnapshot(collection: string, head: SnapshotHead): Promise<SlimRow[] | null> {
  try {
    const parts = await Promise.all(
      Array.from({ length: head.chunks }, (_, i) =>
        db().send(
          new GetCommand({
            TableName: tableName(),
            Key: snapshotChunkKey(collection, head.gen, i),
            ConsistentRead: true,
          }),
        ),
      ),
    );
    const rows: SlimRow[] = [];
    for (const { Item } of parts) {
      const data: unknown = Item?.data;
      if (Item?.gen !== head.gen || !(data instanceof Uint8Array)) return null;
      rows.push(...decodeSnapshotChunk(data));
    }
    return rows.length === head.rows ? rows : null;
  } catch {
    return null;
  }
}

export interface SnapshotWrite {
  syncedTo: number;
  fullAt: number;
  /** The generation this snapshot replaces (null: there was none); the head moves only from it. */
  replaces: string | null;
  /** Chunks outlive the head's use: the head is read until fullAt plus the full-read age. */
  keepMs: number;
  /** Rows that pack larger than this are not written (the caller marks the collection above the ceiling). */
  maxBytes: number;
}

export interface SnapshotWritten {
  /** Whether this write moved the head (false: another writer first, or the rows packed past maxBytes). */
  written: boolean;
  /** Packed bytes over all chunks (0 when another writer held the claim: nothing was packed). */
  bytes: number;
}

/** How long a writer's claim keeps other containers from packing the same snapshot. */
const CLAIM_MS = 30_000;

const genCondition = (replaces: string | null) =>
  replaces === null ? 'attribute_not_exists(#snapshot.gen)' : '#snapshot.gen = :replaces';

/** A conditional update of the state item: false when its condition failed (another writer is ahead). */
async function updateState(
  stateKey: Key,
  update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>,
): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({ TableName: tableName(), Key: stateKey, ...update }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Packs and stores rows as the collection's snapshot. The writer first claims the rewrite (a conditional
 * update naming its generation, for 30 s), so of the containers that find the same snapshot missing or
 * stale at once one packs and writes chunks, the others serve their lists and move on; the head then moves
 * only from the generation it replaces and only under this writer's claim. Rows that pack past `maxBytes`
 * are not stored: the writer gives its claim back and answers their size. `written` is false when another
 * writer claimed or moved it first (its snapshot stands) or the rows packed too large.
 */
export async function writeSnapshot(
  collection: string,
  stateKey: Key,
  rows: readonly SlimRow[],
  write: SnapshotWrite,
): Promise<SnapshotWritten> {
  const gen = randomUUID();
  const replaced = write.replaces === null ? {} : { ':replaces': write.replaces };
  const claimed = await updateState(stateKey, {
    UpdateExpression: 'SET snapshotClaim = :claim',
    ConditionExpression: `${genCondition(write.replaces)} AND (attribute_not_exists(snapshotClaim) OR snapshotClaim.#until < :now)`,
    ExpressionAttributeNames: { '#snapshot': 'snapshot', '#until': 'until' },
    ExpressionAttributeValues: {
      ':claim': { gen, until: Date.now() + CLAIM_MS },
      ':now': Date.now(),
      ...replaced,
    },
  });
  if (!claimed) return { written: false, bytes: 0 };
  const chunks = encodeSnapshot(rows);
  const bytes = chunks.reduce((n, c) => n + c.length, 0);
  if (bytes > write.maxBytes) {
    // Too large for a cold load to read: nothing stored, and the claim given back at once.
    await updateState(stateKey, {
      UpdateExpression: 'REMOVE snapshotClaim',
      ConditionExpression: 'snapshotClaim.gen = :gen',
      ExpressionAttributeValues: { ':gen': gen },
    });
    return { written: false, bytes };
  }
  const ttl = Math.floor((Date.now() + write.keepMs) / 1000);
  await Promise.all(
    chunks.map((data, i) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...snapshotChunkKey(collection, gen, i), gen, data, ttl },
        }),
      ),
    ),
  );
  const head: SnapshotHead = {
    gen,
    chunks: chunks.length,
    rows: rows.length,
    syncedTo: write.syncedTo,
    fullAt: write.fullAt,
    bytes,
  };
  const written = await updateState(stateKey, {
    // The state item may carry an expired ceiling mark (a collection with a snapshot is below it) and the
    // mark that the collection awaited its snapshot.
    UpdateExpression:
      'SET #snapshot = :head REMOVE snapshotClaim, rowsAbove, bytesAbove, #at, #ttl, rowsAtLeast, dueAt',
    ConditionExpression: `${genCondition(write.replaces)} AND snapshotClaim.gen = :gen`,
    ExpressionAttributeNames: { '#snapshot': 'snapshot', '#at': 'at', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':head': head, ':gen': gen, ...replaced },
  });
  return { written, bytes };
}
