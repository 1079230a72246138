/**
 * No list request reads a large collection whole (issue 29 item 6, session 36): a cold container finds a
 * collection large after its probe (~1 MB of index entries, at most SLIM_PROBE_MAX_ROWS plus one slim rows), serves
 * the request with the bounded index reads (LIST_SCAN_MAX_ROWS; a list past them answers 503 while the
 * snapshot is built, session 37) and marks the collection; the refresh job (scheduled every 10 minutes)
 * builds the missing snapshot, rewrites stale ones and ones behind a long feed, skips fresh and small ones,
 * leaves a live claim alone and resumes past its cap; a cold container then loads from the snapshot. Small
 * collections load whole as before. Sizes are lowered: SLIM_PROBE_MAX_ROWS 2, feed limit 2, budget 4.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerCollection } from '../../functions/areas/customers/store/customers.js';
import { productCollection } from '../../functions/areas/products/store/products.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { UpdateCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import {
  ceilingMarkKey,
  clearSlimProjections,
  configureSlimProjection,
} from '../../functions/platform/dynamo/slim-projection.js';
import { snapshotHeadOf, type SnapshotHead } from '../../functions/platform/dynamo/slim-snapshot.js';
import { refreshOrganisationSnapshots } from '../../functions/platform/dynamo/slim-snapshot-refresh.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { batchOf, product } from '../support/inventory.js';
import { coldGet, pause, restoreProjectionDefaults, stateOf } from '../support/projection.js';
import { countReads } from '../support/read-counter.js';
import { customer } from '../support/sales.js';
import { batchCollection } from '../../functions/areas/inventory/store/batches.js';

const reads = countReads('snapshotRefreshCounter');
const PROBE_ROWS = 2;
const BUDGET = 4;
const PRODUCTS = 6;
const CUSTOMERS = 4;
const OVERLAP_MS = 40;

let tenant: Tenant;
/** A tenant with two customers: within the probe. */
let small: Tenant;
let products: string;
let customers: string;
const productIds: string[] = [];

const headOf = async (collection: string): Promise<SnapshotHead | null> =>
  snapshotHeadOf(await stateOf(collection));

const refresh = (limit = 1_000, orgId = tenant.orgId) => refreshOrganisationSnapshots(orgId, { limit });

/** A cold container's list: its answer and what it read. */
const coldList = (t: Tenant, path: string, query: Record<string, string | number>) =>
  coldGet(t, path, query, reads);

beforeAll(async () => {
  [tenant, small] = await Promise.all([newTenant('Snapshot refresh'), newTenant('Snapshot refresh small')]);
  products = productCollection(tenant.orgId);
  customers = customerCollection(tenant.orgId);
  for (let i = 0; i < PRODUCTS; i += 1) productIds.push((await product(tenant, { name: `Refresh ${i}` })).id);
  for (let i = 0; i < CUSTOMERS; i += 1) await customer(tenant, { name: `Refresh customer ${i}` });
  for (let i = 0; i < 2; i += 1) await customer(small, { name: `Small customer ${i}` });
  await pause(OVERLAP_MS * 2);
});

beforeEach(() => {
  configureSlimProjection({ probeMaxRows: PROBE_ROWS, snapshotFeedRows: 2, overlapMs: OVERLAP_MS });
  configureListBudget(BUDGET);
  clearSlimProjections();
});

afterAll(restoreProjectionDefaults);

describe('a large collection without a snapshot', () => {
  it('is served by the bounded index reads, reading at most the probe plus the budget, and marked for the job', async () => {
    expect(await stateOf(products)).toBeUndefined();
    // A search over more products than the budget: the projection would answer it once its snapshot is
    // written, so 503 with Retry-After (session 37; it was a 400 naming search).
    const refused = await coldList(tenant, '/products', { search: 'refresh' });
    expect(refused.res.status).toBe(503);
    expect(refused.res.headers['retry-after']).toBe('30');
    expect(refused.res.body.error).toEqual({
      code: 'service_unavailable',
      message:
        "This list's search index is being built for this organisation's size; retry after Retry-After",
    });
    // The probe (SLIM_PROBE_MAX_ROWS plus one slim rows, never more) and the budget plus one index row.
    expect(refused.scanned).toBeLessThanOrEqual(PROBE_ROWS + 1 + BUDGET + 1);
    const marked = await stateOf(products);
    expect(marked).toMatchObject({ rowsAtLeast: PROBE_ROWS + 1, dueAt: expect.any(Number) });
    expect(snapshotHeadOf(marked)).toBeNull();

    // Another cold container: the state item says large, so no probe (a search filters the whole range,
    // however few it matches: refused again).
    const again = await coldList(tenant, '/products', { search: 'refresh 5' });
    expect(again.res.status).toBe(503);
    expect(again.scanned).toBeLessThanOrEqual(BUDGET + 1);
    // The mark keeps its first instant (the job's lateness shows).
    expect((await stateOf(products))!.dueAt).toBe(marked!.dueAt);

    // Page 1 without filters keeps the index read and the maintained counts.
    const page1 = await coldList(tenant, '/products', { pageSize: 2 });
    expect(page1.res.status).toBe(200);
    expect(page1.res.body.pagination.total).toBe(PRODUCTS);
  });

  it('gets its snapshot from the job; a cold container then loads from it and answers what a warm one does', async () => {
    await coldList(tenant, '/customers', { search: 'refresh' });
    expect(await stateOf(customers)).toMatchObject({ dueAt: expect.any(Number) });
    const run = await refresh();
    expect(run).toEqual({ rows: PRODUCTS + CUSTOMERS, written: 2 });
    const head = (await headOf(products))!;
    expect(head).toMatchObject({ rows: PRODUCTS, chunks: 1 });
    expect(head.fullAt).toBe(head.syncedTo);
    const state = await stateOf(products);
    expect(state?.dueAt).toBeUndefined();
    expect(state?.rowsAtLeast).toBeUndefined();

    await pause(OVERLAP_MS * 2);
    const cold = await coldList(tenant, '/products', {
      search: 'refresh',
      sortBy: 'name',
      pageSize: 2,
      page: 2,
    });
    expect(cold.res.status).toBe(200);
    expect(cold.res.body.pagination.total).toBe(PRODUCTS);
    expect(cold.res.body.data.map((p: { name: string }) => p.name)).toEqual(['Refresh 2', 'Refresh 3']);
    // The head and the chunk (GetItems), then the page by key: no slim row from the index.
    expect(cold.scanned).toBe(0);
  });

  it('the job skips fresh snapshots and collections with no state (small ones)', async () => {
    const before = (await headOf(products))!;
    expect(await refresh()).toEqual({ rows: 0, written: 0 });
    expect((await headOf(products))!.gen).toBe(before.gen);

    // A small collection loads whole on a request, as before, and leaves nothing for the job.
    const whole = await coldList(small, '/customers', { search: 'small' });
    expect(whole.res.status).toBe(200);
    expect(whole.res.body.pagination.total).toBe(2);
    expect(whole.scanned).toBe(2);
    expect(await stateOf(customerCollection(small.orgId))).toBeUndefined();
    expect(await refresh(1_000, small.orgId)).toEqual({ rows: 0, written: 0 });
  });

  it('the job rewrites a stale snapshot and one behind a long feed', async () => {
    const before = (await headOf(products))!;
    configureSlimProjection({ snapshotFullMs: 0 });
    expect(await refresh()).toEqual({ rows: PRODUCTS + CUSTOMERS, written: 2 });
    const stale = (await headOf(products))!;
    expect(stale.gen).not.toBe(before.gen);
    expect(stale.fullAt).toBeGreaterThan(before.fullAt);
    configureSlimProjection({ snapshotFullMs: 3_600_000 });

    // Two writes since: within the fold limit (2 rows), so fresh.
    await call('PUT', `/products/${productIds[0]}`, { key: tenant.key, body: { name: 'Refresh 0 renamed' } });
    await call('PUT', `/products/${productIds[1]}`, { key: tenant.key, body: { name: 'Refresh 1 renamed' } });
    expect(await refresh()).toEqual({ rows: 0, written: 0 });
    // A third: the feed is past the limit.
    await call('PUT', `/products/${productIds[2]}`, { key: tenant.key, body: { isActive: false } });
    // (Past the overlap, so the rewrite's feed starts after the writes: a cold load then reads no row.)
    await pause(OVERLAP_MS * 2);
    expect(await refresh()).toEqual({ rows: PRODUCTS, written: 1 });
    const folded = (await headOf(products))!;
    expect(folded.gen).not.toBe(stale.gen);
    expect(await refresh()).toEqual({ rows: 0, written: 0 });
    const cold = await coldList(tenant, '/products', { search: 'renamed' });
    expect(cold.res.body.pagination.total).toBe(2);
    expect(cold.scanned).toBe(0);
  });

  it('the job leaves a snapshot under a live claim alone, and takes it once the claim lapses', async () => {
    const before = (await headOf(products))!;
    const claim = (until: number) =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: ceilingMarkKey(products),
          UpdateExpression: 'SET snapshotClaim = :claim',
          ExpressionAttributeValues: { ':claim': { gen: 'a-request-fold', until } },
        }),
      );
    configureSlimProjection({ snapshotFullMs: 0 });
    await claim(Date.now() + 60_000);
    const claimed = await refresh();
    // The customers' snapshot is rewritten; the products' is not read at all.
    expect(claimed).toEqual({ rows: CUSTOMERS, written: 1 });
    expect((await headOf(products))!.gen).toBe(before.gen);
    await claim(Date.now() - 1);
    expect(await refresh()).toEqual({ rows: PRODUCTS + CUSTOMERS, written: 2 });
    const after = await stateOf(products);
    expect(snapshotHeadOf(after)!.gen).not.toBe(before.gen);
    expect(after?.snapshotClaim).toBeUndefined();
    configureSlimProjection({ snapshotFullMs: 3_600_000 });
  });

  it('the job stops past its cap and the next run resumes with what is left', async () => {
    configureSlimProjection({ snapshotFullMs: 0 });
    const before = [(await headOf(customers))!, (await headOf(products))!];
    // Collections in key order: customers first. A limit of one row stops after the first rewrite.
    expect(await refresh(1)).toEqual({ rows: CUSTOMERS, written: 1 });
    const mid = [(await headOf(customers))!, (await headOf(products))!];
    expect(mid[0]!.gen).not.toBe(before[0]!.gen);
    expect(mid[1]!.gen).toBe(before[1]!.gen);
    configureSlimProjection({ snapshotFullMs: 3_600_000 });
    // The next run: the customers' snapshot is fresh now, the products' still stale (made so by hand).
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ceilingMarkKey(products),
        UpdateExpression: 'SET #s.fullAt = :old',
        ExpressionAttributeNames: { '#s': 'snapshot' },
        ExpressionAttributeValues: { ':old': 1 },
      }),
    );
    expect(await refresh(1)).toEqual({ rows: PRODUCTS, written: 1 });
    expect((await headOf(customers))!.gen).toBe(mid[0]!.gen);
    expect((await headOf(products))!.gen).not.toBe(mid[1]!.gen);
    expect(await refresh(1)).toEqual({ rows: 0, written: 0 });
  });

  it('batches (and stock on hand, test/api/stock-batches-bounded.test.ts) are probed and marked like the others', async () => {
    const lotted = await product(tenant, { name: 'Refresh lotted', isBatchTracked: true });
    for (const expiry of ['2031-01-01', '2031-02-01', '2031-03-01']) await batchOf(tenant, lotted.id, expiry);
    const lots = batchCollection(tenant.orgId);
    const cold = await coldList(tenant, '/batches', { productId: lotted.id, status: 'ACTIVE' });
    expect(cold.res.status).toBe(200);
    expect(cold.res.body.pagination.total).toBe(3);
    // The probe (SLIM_PROBE_MAX_ROWS plus one slim rows), then the product's lots from its index, within
    // the budget; no snapshot is written by the request: the collection is marked for the refresh.
    expect(cold.scanned).toBeLessThanOrEqual(PROBE_ROWS + 1 + 3);
    expect(await stateOf(lots)).toMatchObject({ rowsAtLeast: PROBE_ROWS + 1, dueAt: expect.any(Number) });
    expect(await headOf(lots)).toBeNull();
    expect(await refresh()).toEqual({ rows: 3, written: 1 });
    expect(await headOf(lots)).toMatchObject({ rows: 3 });
  });
});
