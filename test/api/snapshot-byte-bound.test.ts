/**
 * A cold load reads at most about 1 MB whatever the organisation's size (issue 29 item 6, session 43): a
 * collection whose snapshot packs past SLIM_SNAPSHOT_MAX_BYTES is above the projection's ceiling, like
 * one of more than SLIM_MAX_ROWS rows. The refresh marks it instead of writing the snapshot (reading no
 * more rows than the bound can hold), a head larger than a lowered bound is not read, a fold that grows
 * past it marks it, and the feed a cold load reads is bounded by what the snapshot left of the list
 * budget's bytes. Raising the bound lifts a mark; an expired ceiling mark no longer keeps the refresh away.
 * Sizes are lowered: SLIM_PROBE_MAX_ROWS 2, feed limit 2, list budget 4 rows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productCollection } from '../../functions/areas/products/store/products.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { PutCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { configureReadBudget } from '../../functions/platform/dynamo/read-budget.js';
import {
  ceilingMarkKey,
  clearSlimProjections,
  configureSlimProjection,
  slimSettings,
} from '../../functions/platform/dynamo/slim-projection.js';
import { snapshotHeadOf, type SnapshotHead } from '../../functions/platform/dynamo/slim-snapshot.js';
import { refreshOrganisationSnapshots } from '../../functions/platform/dynamo/slim-snapshot-refresh.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Response, type Tenant } from '../support/api.js';
import { product } from '../support/inventory.js';
import { coldGet, pause, restoreProjectionDefaults, stateOf } from '../support/projection.js';
import { countReads } from '../support/read-counter.js';

const reads = countReads('snapshotByteBoundCounter');
const PROBE_ROWS = 2;
const BUDGET = 4;
const PRODUCTS = 6;
const OVERLAP_MS = 40;
const DEFAULT_MAX_BYTES = slimSettings().snapshotMaxBytes;

let tenant: Tenant;
let products: string;
const productIds: string[] = [];

const headOf = async (): Promise<SnapshotHead | null> => snapshotHeadOf(await stateOf(products));
const refresh = () => refreshOrganisationSnapshots(tenant.orgId, { limit: 1_000 });
const coldSearch = () => coldGet(tenant, '/products', { search: 'bound' }, reads);

/** Renames the products at these indices (`Bound <i> <suffix>`): one changed row each in the feed. */
async function rename(indices: readonly number[], suffix: string): Promise<void> {
  for (const i of indices) {
    const res = await call('PUT', `/products/${productIds[i]}`, {
      key: tenant.key,
      body: { name: `Bound ${i} ${suffix}` },
    });
    expect(res.status).toBe(200);
  }
}

/** The lasting refusal of a list above the ceiling: 400 naming search, within the budget plus one row. */
function expectRefused(cold: { res: Response; scanned: number }): void {
  expect(cold.res.status).toBe(400);
  expect(cold.res.body.error.code).toBe('invalid_parameter');
  expect(cold.res.body.error.message).toMatch(/^Query parameter 'search' /);
  expect(cold.res.body.error.message).toContain(`more than ${BUDGET} rows`);
  expect(cold.scanned).toBeLessThanOrEqual(BUDGET + 1);
}

/** A fresh snapshot of the products, written by the refresh under the default bound. */
async function freshSnapshot(): Promise<SnapshotHead> {
  configureSlimProjection({ snapshotMaxBytes: DEFAULT_MAX_BYTES });
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...ceilingMarkKey(products), dueAt: 1 } }),
  );
  expect((await refresh()).written).toBe(1);
  await pause(OVERLAP_MS * 2);
  return (await headOf())!;
}

beforeAll(async () => {
  tenant = await newTenant('Snapshot byte bound');
  products = productCollection(tenant.orgId);
  for (let i = 0; i < PRODUCTS; i += 1) productIds.push((await product(tenant, { name: `Bound ${i}` })).id);
  await pause(OVERLAP_MS * 2);
});

beforeEach(() => {
  configureSlimProjection({
    probeMaxRows: PROBE_ROWS,
    snapshotFeedRows: 2,
    overlapMs: OVERLAP_MS,
    snapshotMaxBytes: DEFAULT_MAX_BYTES,
  });
  configureListBudget(BUDGET);
  configureReadBudget(undefined);
  clearSlimProjections();
});

afterAll(restoreProjectionDefaults);

describe('a collection past the snapshot byte bound', () => {
  it('is marked by the refresh, reading no more rows than the bound holds, and its lists refuse for good', async () => {
    // The first cold search marks the collection for its snapshot (503 meanwhile).
    expect((await coldSearch()).res.status).toBe(503);
    expect(await stateOf(products)).toMatchObject({ dueAt: expect.any(Number) });
    // 50 bytes hold at most 3 rows (16 bytes a row at the least): the rewrite reads 4 and stops.
    configureSlimProjection({ snapshotMaxBytes: 50 });
    expect(await refresh()).toEqual({ rows: 4, written: 0 });
    const marked = await stateOf(products);
    expect(marked).toMatchObject({ bytesAbove: 50, at: expect.any(Number) });
    expect(marked?.dueAt).toBeUndefined();
    expect(snapshotHeadOf(marked)).toBeNull();
    // Cold containers: a lasting 400 from the bounded index reads, not a 503 to retry; the job skips it.
    expectRefused(await coldSearch());
    expectRefused(await coldSearch());
    expect(await refresh()).toEqual({ rows: 0, written: 0 });
    // Lists the index answers within the budget still answer.
    const page1 = await coldGet(tenant, '/products', { pageSize: 2 }, reads);
    expect(page1.res.status).toBe(200);
    expect(page1.res.body.pagination.total).toBe(PRODUCTS);
  });

  it('is marked when its rows, read whole within the row bound, pack larger than the bound', async () => {
    // 6 rows x 16 bytes fit 96 bytes by count, but six real rows pack larger.
    configureSlimProjection({ snapshotMaxBytes: 96 });
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...ceilingMarkKey(products), dueAt: 1 } }),
    );
    expect(await refresh()).toEqual({ rows: PRODUCTS, written: 0 });
    expect(await stateOf(products)).toMatchObject({ bytesAbove: 96 });
    expectRefused(await coldSearch());
  });

  it('comes back once the bound is raised: the next cold request awaits the snapshot, the refresh writes it', async () => {
    // The mark says 96 bytes were too few; the default bound is more.
    const awaited = await coldSearch();
    expect(awaited.res.status).toBe(503);
    expect(await stateOf(products)).toMatchObject({ dueAt: expect.any(Number), bytesAbove: 96 });
    expect(await refresh()).toEqual({ rows: PRODUCTS, written: 1 });
    const state = await stateOf(products);
    expect(state?.bytesAbove).toBeUndefined();
    expect(state?.at).toBeUndefined();
    await pause(OVERLAP_MS * 2);
    const cold = await coldSearch();
    expect(cold.res.status).toBe(200);
    expect(cold.res.body.pagination.total).toBe(PRODUCTS);
    expect(cold.scanned).toBe(0);
  });

  it('a head larger than a lowered bound is not read: the cold load refuses, the job marks it', async () => {
    const head = await freshSnapshot();
    expect(head.rows).toBe(PRODUCTS);
    configureSlimProjection({ snapshotMaxBytes: head.bytes - 1 });
    expectRefused(await coldSearch());
    // Fresh, but past the bound: the job rewrites it, which marks it.
    expect(await refresh()).toEqual({ rows: PRODUCTS, written: 0 });
    expect(await stateOf(products)).toMatchObject({ bytesAbove: head.bytes - 1 });
    expect(await headOf()).toBeNull();
    // At its own size it fits again.
    configureSlimProjection({ snapshotMaxBytes: head.bytes });
    expect((await coldSearch()).res.status).toBe(503);
    expect(await refresh()).toEqual({ rows: PRODUCTS, written: 1 });
  });

  it('a fold that grows past the bound marks it: that request answers, the next cold ones refuse', async () => {
    const head = await freshSnapshot();
    configureSlimProjection({ snapshotMaxBytes: head.bytes + 10 });
    // Three changed rows: past the feed limit (2), so the cold load folds them into a new snapshot.
    await rename([0, 1, 2], 'grown longer');
    const folding = await coldSearch();
    expect(folding.res.status).toBe(200);
    expect(folding.res.body.pagination.total).toBe(PRODUCTS);
    const state = await stateOf(products);
    expect(state).toMatchObject({ bytesAbove: head.bytes + 10 });
    expect(snapshotHeadOf(state)).toBeNull();
    expectRefused(await coldSearch());
  });

  it('a feed past what the snapshot left of the byte budget is not read whole: the refresh on mark folds it', async () => {
    const head = await freshSnapshot();
    // Room for the snapshot and about one index entry of its feed (a first page of 2 rows at the least).
    configureReadBudget(head.bytes + 200);
    await rename([2, 3, 4, 5], 'again');
    const cold = await coldSearch();
    expect(cold.res.status).toBe(503);
    // The feed's first page (2 of its 4 rows) and the row the bounded read's page allowance holds.
    expect(cold.scanned).toBeLessThanOrEqual(3);
    expect(await stateOf(products)).toMatchObject({ dueAt: expect.any(Number) });
    expect(await refresh()).toEqual({ rows: PRODUCTS, written: 1 });
    expect((await headOf())!.gen).not.toBe(head.gen);
    // The default budget again: the new snapshot's feed still holds the renames when they were written less
    // than the overlap before the rewrite began (a fast machine), and 200 bytes do not hold one of them.
    configureReadBudget(undefined);
    await pause(OVERLAP_MS * 2);
    const after = await coldSearch();
    expect(after.res.status).toBe(200);
    expect(after.res.body.pagination.total).toBe(PRODUCTS);
  });
});

describe('a feed longer than the fold limit', () => {
  it('is read in pages of the fold limit plus one row at first, then folded', async () => {
    const head = await freshSnapshot();
    await rename([0, 1, 2, 3], 'paged');
    const cold = await coldSearch();
    expect(cold.res.status).toBe(200);
    expect(cold.res.body.pagination.total).toBe(PRODUCTS);
    // 3 rows (the fold limit, 2, plus one), then the last one: not one page of all the bytes hold.
    expect(cold.queries).toBe(2);
    expect(cold.scanned).toBe(4);
    expect((await headOf())!.gen).not.toBe(head.gen);
  });
});

describe('an expired ceiling mark', () => {
  it('no longer keeps the refresh away: a collection back below the ceiling gets its snapshot', async () => {
    const day = 86_400_000;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...ceilingMarkKey(products), rowsAbove: slimSettings().maxRows, at: Date.now() - 2 * day },
      }),
    );
    // TTL deletes late (never in DynamoDB Local): the mark is still stored, past its day.
    const cold = await coldSearch();
    expect(cold.res.status).toBe(503);
    expect(await stateOf(products)).toMatchObject({ dueAt: expect.any(Number) });
    expect(await refresh()).toEqual({ rows: PRODUCTS, written: 1 });
    const state = await stateOf(products);
    expect(state?.rowsAbove).toBeUndefined();
    expect(snapshotHeadOf(state)?.rows).toBe(PRODUCTS);
  });
});
