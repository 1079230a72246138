/**
 * The projection's packed snapshot (issue 29 item 6, the cold load below the ceiling): a cold container
 * loads a collection from its snapshot plus the rows written since (not every slim row) and answers
 * exactly what a warm container answers; a change feed past the limit folds into a new snapshot; two racing
 * writers leave one valid snapshot; a corrupt, missing or too old snapshot sends the request to the bounded
 * index reads (session 36: no request reads a large collection whole) and the refresh job writes a valid
 * one again. Sizes are lowered (SLIM_PROBE_MAX_ROWS 2, feed limit 2 rows).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productCollection } from '../../functions/areas/products/store/products.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { DeleteCommand, GetCommand, PutCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import {
  ceilingMarkKey,
  clearSlimProjections,
  configureSlimProjection,
  type SlimRow,
} from '../../functions/platform/dynamo/slim-projection.js';
import {
  readSnapshot,
  snapshotChunkKey,
  snapshotHeadOf,
  writeSnapshot,
  type SnapshotHead,
} from '../../functions/platform/dynamo/slim-snapshot.js';
import { refreshOrganisationSnapshots } from '../../functions/platform/dynamo/slim-snapshot-refresh.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product } from '../support/inventory.js';
import { restoreProjectionDefaults } from '../support/projection.js';
import { countReads } from '../support/read-counter.js';

const reads = countReads('projectionSnapshotCounter');
const SEEDED = 6;
const OVERLAP_MS = 40;

let tenant: Tenant;
let collection: string;
const ids: string[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function head(): Promise<SnapshotHead | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: ceilingMarkKey(collection), ConsistentRead: true }),
  );
  return snapshotHeadOf(Item);
}

/** The list answers a cold or warm container gives, over search, sorts and page jumps. */
const QUERIES: Record<string, string | number>[] = [
  { search: 'snapshot' },
  { search: 'snapshot', sortBy: 'name', sortOrder: 'desc', pageSize: 2, page: 2 },
  { sortBy: 'sku', pageSize: 3, page: 3, includeInactive: 'true' },
  { search: 'renamed', includeInactive: 'true' },
];

async function answers() {
  const out = [];
  for (const query of QUERIES) {
    clearListCursors();
    const res = await call('GET', '/products', { key: tenant.key, query });
    expect(res.status).toBe(200);
    out.push(res.body);
  }
  return out;
}

/** The refresh job's pass over this tenant's collections. */
const refresh = () => refreshOrganisationSnapshots(tenant.orgId, { limit: 1_000 });

/** A cold container's first projected list: what it read (the feed, or the bounded index reads). */
async function coldSearch() {
  clearSlimProjections();
  reads.reset();
  const res = await call('GET', '/products', { key: tenant.key, query: { search: 'snapshot' } });
  expect(res.status).toBe(200);
  return { body: res.body, scanned: reads.count.scanned };
}

beforeAll(async () => {
  tenant = await newTenant();
  collection = productCollection(tenant.orgId);
  for (let i = 0; i < SEEDED; i += 1) ids.push((await product(tenant, { name: `Snapshot product ${i}` })).id);
  await pause(OVERLAP_MS * 2);
});

beforeEach(() => {
  configureSlimProjection({ probeMaxRows: 2, snapshotFeedRows: 2, overlapMs: OVERLAP_MS });
  clearSlimProjections();
});

afterAll(restoreProjectionDefaults);

describe('the projection snapshot', () => {
  it('is written by the refresh job, then a cold container reads it plus the feed and answers as a warm one', async () => {
    // No snapshot: the request reads no more than its probe (SLIM_PROBE_MAX_ROWS plus one) to find the collection
    // large, is answered by the index reads, and marks the collection for the job.
    await coldSearch();
    expect(await head()).toBeNull();
    expect(await refresh()).toEqual({ rows: SEEDED, written: 1 });
    const written = await head();
    expect(written).toMatchObject({ rows: SEEDED, chunks: 1 });
    expect(written!.bytes).toBeGreaterThan(0);

    // A snapshot that hides nothing: a cold load now reads no feed row.
    await pause(OVERLAP_MS * 2);
    expect((await coldSearch()).scanned).toBe(0);

    // Writes since the snapshot: a new product, a rename, a deactivation (each one feed row).
    const added = await product(tenant, { name: 'Snapshot product added' });
    await call('PUT', `/products/${ids[1]}`, { key: tenant.key, body: { name: 'Renamed snapshot product' } });
    const warmAfter = await answers();
    expect(warmAfter[0].pagination.total).toBe(SEEDED + 1);
    expect(warmAfter[3].data.map((p: { id: string }) => p.id)).toEqual([ids[1]]);

    const cold = await coldSearch();
    expect(cold.scanned).toBe(2);
    expect(cold.body).toEqual(warmAfter[0]);
    clearSlimProjections();
    expect(await answers()).toEqual(warmAfter);
    expect(warmAfter[0].data.map((p: { id: string }) => p.id)).toContain(added.id);
    // Two feed rows are within the limit: the snapshot stands.
    expect((await head())!.gen).toBe(written!.gen);
  });

  it('folds a feed longer than the limit into a new snapshot', async () => {
    // This container holds the projection (the snapshot plus its two-row feed, within the limit).
    expect((await coldSearch()).scanned).toBe(2);
    const before = (await head())!;
    await call('PUT', `/products/${ids[2]}`, { key: tenant.key, body: { isActive: false } });
    await pause(OVERLAP_MS * 2);
    const warm = await answers();
    const cold = await coldSearch();
    expect(cold.scanned).toBe(3);
    const after = (await head())!;
    expect(after.gen).not.toBe(before.gen);
    expect(after.rows).toBe(SEEDED + 1);
    expect(after.fullAt).toBe(before.fullAt);
    expect(after.syncedTo).toBeGreaterThan(before.syncedTo);
    await pause(OVERLAP_MS * 2);
    expect((await coldSearch()).scanned).toBe(0);
    clearSlimProjections();
    expect(await answers()).toEqual(warm);
  });

  it('is not read when a chunk is corrupt, missing, or the head is not one: the index reads answer, the job rewrites it', async () => {
    const warm = await answers();
    const breakers: [string, (h: SnapshotHead) => Promise<unknown>][] = [
      [
        'corrupt chunk',
        (h) =>
          db().send(
            new PutCommand({
              TableName: tableName(),
              Item: { ...snapshotChunkKey(collection, h.gen, 0), gen: h.gen, data: randomBytes(64) },
            }),
          ),
      ],
      [
        'missing chunk',
        (h) =>
          db().send(
            new DeleteCommand({ TableName: tableName(), Key: snapshotChunkKey(collection, h.gen, 0) }),
          ),
      ],
      [
        'head without counts',
        (h) =>
          db().send(
            new PutCommand({
              TableName: tableName(),
              Item: { ...ceilingMarkKey(collection), snapshot: { gen: h.gen, rows: 'many' } },
            }),
          ),
      ],
    ];
    for (const [name, breakIt] of breakers) {
      const broken = (await head())!;
      await breakIt(broken);
      // The index reads answer what the projection answered (every range here is within the budget).
      const cold = await coldSearch();
      expect(cold.body, name).toEqual(warm[0]);
      clearSlimProjections();
      expect(await answers(), name).toEqual(warm);
      // ... and marked the collection for the job (rather than reading it whole).
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: ceilingMarkKey(collection), ConsistentRead: true }),
      );
      expect(Item?.dueAt, name).toEqual(expect.any(Number));
      // The job finds the collection marked and writes a valid snapshot again.
      expect(await refresh(), name).toEqual({ rows: SEEDED + 1, written: 1 });
      const rewritten = (await head())!;
      expect(rewritten.gen, name).not.toBe(broken.gen);
      expect(await readSnapshot(collection, rewritten), name).toHaveLength(SEEDED + 1);
    }
  });

  it('past the full-read age (the job late) is still read until the max age; then the index reads answer', async () => {
    await pause(OVERLAP_MS * 2);
    const before = (await head())!;
    configureSlimProjection({ snapshotFullMs: 0 });
    const stale = await coldSearch();
    expect(stale.scanned).toBe(0);
    expect((await head())!.gen).toBe(before.gen);
    configureSlimProjection({ snapshotMaxAgeMs: 0 });
    configureListBudget(3);
    clearSlimProjections();
    reads.reset();
    // Too old to read, and never read whole on a request: the search goes to the bounded index reads; a
    // range longer than the budget waits for the snapshot the mark asks for (503, session 37).
    const res = await call('GET', '/products', { key: tenant.key, query: { search: 'snapshot' } });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(reads.count.scanned).toBeLessThanOrEqual(3 + 1);
    configureListBudget(undefined);
    // The job rewrites it from a whole read; it is read again.
    expect(await refresh()).toEqual({ rows: SEEDED + 1, written: 1 });
    const after = (await head())!;
    expect(after.gen).not.toBe(before.gen);
    expect(after.fullAt).toBeGreaterThan(before.fullAt);
    configureSlimProjection({ snapshotFullMs: 3_600_000, snapshotMaxAgeMs: 4 * 3_600_000 });
    await pause(OVERLAP_MS * 2);
    expect((await coldSearch()).scanned).toBe(0);
  });
});

describe('snapshot writers', () => {
  const timing = { syncedTo: 1, fullAt: 1, keepMs: 60_000, maxBytes: 1_048_576 };
  const rowsOf = (tag: string): SlimRow[] =>
    Array.from({ length: 4 }, (_, i) => ({ id: `${tag}-${i}`, n: `${tag} ${i}` }));

  it('racing, leave one valid snapshot whoever wins, from no snapshot and from the same one', async () => {
    const race = `${collection}#RACE`;
    const stateKey = ceilingMarkKey(race);
    const write = async (tag: string, replaces: string | null) =>
      (await writeSnapshot(race, stateKey, rowsOf(tag), { ...timing, replaces })).written;
    const readHead = async () =>
      snapshotHeadOf(
        (await db().send(new GetCommand({ TableName: tableName(), Key: stateKey, ConsistentRead: true })))
          .Item,
      );

    let replaces: string | null = null;
    for (const round of ['first', 'second']) {
      const won = await Promise.all([write(`${round}-a`, replaces), write(`${round}-b`, replaces)]);
      expect(won.filter(Boolean), round).toHaveLength(1);
      const stored = (await readHead())!;
      const rows = await readSnapshot(race, stored);
      const winner = won[0] ? `${round}-a` : `${round}-b`;
      expect(rows, round).toEqual(rowsOf(winner));
      // A writer that lost cannot move the head afterwards either.
      expect(await write(`${round}-late`, replaces), round).toBe(false);
      replaces = stored.gen;
    }
  });

  it('wait for a live claim and not for a lapsed one', async () => {
    const race = `${collection}#CLAIM`;
    const stateKey = ceilingMarkKey(race);
    const claim = (until: number) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...stateKey, snapshotClaim: { gen: 'other', until } },
        }),
      );
    const write = async () =>
      (await writeSnapshot(race, stateKey, rowsOf('claim'), { ...timing, replaces: null })).written;
    await claim(Date.now() + 60_000);
    expect(await write()).toBe(false);
    await claim(Date.now() - 1);
    expect(await write()).toBe(true);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: stateKey, ConsistentRead: true }),
    );
    expect(Item?.snapshotClaim).toBeUndefined();
    expect(await readSnapshot(race, snapshotHeadOf(Item)!)).toEqual(rowsOf('claim'));
  });

  it('store nothing and give the claim back when the rows pack past the byte bound', async () => {
    const large = `${collection}#LARGE`;
    const stateKey = ceilingMarkKey(large);
    const packed = await writeSnapshot(large, stateKey, rowsOf('large'), {
      ...timing,
      replaces: null,
      maxBytes: 20,
    });
    expect(packed.written).toBe(false);
    // Four rows of a short id and name pack to more than 20 bytes, fewer than 200.
    expect(packed.bytes).toBeGreaterThan(20);
    expect(packed.bytes).toBeLessThan(200);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: stateKey, ConsistentRead: true }),
    );
    // No head and no live claim (the next writer need not wait 30 s).
    expect(Item?.snapshot).toBeUndefined();
    expect(Item?.snapshotClaim).toBeUndefined();
    const fits = await writeSnapshot(large, stateKey, rowsOf('large'), {
      ...timing,
      replaces: null,
      maxBytes: packed.bytes,
    });
    expect(fits).toEqual({ written: true, bytes: packed.bytes });
  });
});
