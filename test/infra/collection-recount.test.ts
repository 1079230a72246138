/**
 * The recount of count items (functions/platform/dynamo/collection-recount.ts), the recount-collections
 * job and its CLI twin `org recount`: an organisation created before its count items (none, or one a later
 * create started without `complete`) gets `all` equal to its records and `complete`, so its unfiltered
 * lists answer exact totals past the list budget. Creates racing the recount never leave a wrong total.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCountsKey } from '../../functions/platform/dynamo/bounded-range.js';
import { clientConfig, db } from '../../functions/platform/dynamo/client.js';
import { recountCollection } from '../../functions/platform/dynamo/collection-recount.js';
import { DeleteCommand, GetCommand } from '../../functions/platform/dynamo/commands.js';
import { ensureTable } from '../../functions/platform/dynamo/create-table.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { runScheduledJob } from '../../functions/jobs/run.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { approvedOrder, receive } from '../support/goods-receipts.js';
import { adjust, product, warehouse } from '../support/inventory.js';

// The job walks every organisation in the table: a table of its own, as the other jobs' test.
process.env.TABLE_NAME = `recount-${Date.now()}`;

const KINDS = ['ADJUSTMENT', 'TRANSFER', 'GOODS_RECEIPT'] as const;
const NO_SETTLE = { settleMs: 0 };

const countItem = async (t: Tenant, kind: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: collectionCountsKey(t.orgId, kind) }))).Item;

/** As an organisation created before the count items: they are gone. */
const forgetCounts = (t: Tenant) =>
  Promise.all(
    KINDS.map((kind) =>
      db().send(new DeleteCommand({ TableName: tableName(), Key: collectionCountsKey(t.orgId, kind) })),
    ),
  );

interface Fixture {
  t: Tenant;
  addAdjustment: () => Promise<void>;
  addTransfer: () => Promise<void>;
  addReceipt: () => Promise<void>;
}

async function tenantWithRecords(name: string): Promise<Fixture> {
  const t = await newTenant(name);
  const [p, w1, w2] = await Promise.all([product(t), warehouse(t), warehouse(t)]);
  const order = await approvedOrder(t, [{ productId: p.id, quantity: 100, unitPrice: 1 }]);
  const expectCreated = (res: { status: number; raw?: string }) => expect(res.status, res.raw).toBe(201);
  return {
    t,
    addAdjustment: async () =>
      expectCreated(await adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: 10 }])),
    addTransfer: async () =>
      expectCreated(
        await call('POST', '/stock-transfers', {
          key: t.key,
          body: { fromWarehouseId: w1.id, toWarehouseId: w2.id, lines: [{ productId: p.id, quantity: 1 }] },
        }),
      ),
    addReceipt: async () =>
      expectCreated(
        await receive(t, order.id, {
          warehouseId: w1.id,
          lines: [{ poLineId: order.lines[0]!.id, productId: p.id, quantity: 1 }],
        }),
      ),
  };
}

const times = async (n: number, create: () => Promise<void>) => {
  for (let i = 0; i < n; i += 1) await create();
};

const total = async (t: Tenant, path: string) => {
  clearListCursors();
  return call('GET', path, { key: t.key, query: { pageSize: 1 } });
};

beforeAll(async () => {
  const client = new DynamoDBClient(clientConfig());
  await ensureTable(client, tableName());
  client.destroy();
});

afterAll(() => configureListBudget(undefined));

describe('the recount of count items', { timeout: 180_000 }, () => {
  it('an old organisation becomes complete with all = its records; its lists answer exact totals past the budget', async () => {
    const f = await tenantWithRecords('Recount old org');
    // Records the counts never saw, then the count items removed, then creates on the old organisation.
    await times(3, f.addAdjustment);
    await times(2, f.addTransfer);
    await times(2, f.addReceipt);
    await forgetCounts(f.t);
    await f.addAdjustment();
    await f.addTransfer();
    await f.addReceipt();
    // Creates ADD to `all` before `complete` exists; the item they start is never complete.
    for (const kind of KINDS) {
      const item = await countItem(f.t, kind);
      expect(item).toMatchObject({ all: 1 });
      expect(item).not.toHaveProperty('complete');
    }

    configureListBudget(2);
    for (const path of ['/stock-adjustments', '/stock-transfers', '/goods-receipts'])
      expect((await total(f.t, path)).status).toBe(400);

    const run = await runScheduledJob('recount-collections');
    expect(run).toMatchObject({ job: 'recount-collections', organisations: 1, complete: true });
    // 4 adjustments (the transfers' stock comes from them), 3 transfers, 3 receipts: every row read once.
    expect(run.changed).toBe(10);
    for (const [kind, all] of [
      ['ADJUSTMENT', 4],
      ['TRANSFER', 3],
      ['GOODS_RECEIPT', 3],
    ] as const) {
      const item = await countItem(f.t, kind);
      expect(item).toMatchObject({ all, complete: true });
      expect(item).not.toHaveProperty('recount');
    }

    for (const [path, n] of [
      ['/stock-adjustments', 4],
      ['/stock-transfers', 3],
      ['/goods-receipts', 3],
    ] as const) {
      const res = await total(f.t, path);
      expect(res.status).toBe(200);
      expect(res.body.pagination.total).toBe(n);
    }
    // Later creates keep the now complete count exact.
    await f.addAdjustment();
    expect((await total(f.t, '/stock-adjustments')).body.pagination.total).toBe(5);
    configureListBudget(undefined);

    // Complete items are skipped: a second run reads nothing.
    expect(await runScheduledJob('recount-collections')).toMatchObject({ changed: 0, complete: true });
  });

  it('a create during the count fails its write; the next pass counts it', async () => {
    const f = await tenantWithRecords('Recount race org');
    await times(3, f.addAdjustment);
    await forgetCounts(f.t);
    // The recount reads `all` (absent), waits, counts; the create lands in between.
    const recount = recountCollection(f.t.orgId, 'ADJUSTMENT', 100, { settleMs: 1500 });
    await f.addAdjustment();
    expect(await recount).toEqual({ read: 4, complete: false });
    expect(await countItem(f.t, 'ADJUSTMENT')).toMatchObject({ all: 1 });
    expect(await countItem(f.t, 'ADJUSTMENT')).not.toHaveProperty('complete');

    expect(await recountCollection(f.t.orgId, 'ADJUSTMENT', 100, NO_SETTLE)).toEqual({
      read: 4,
      complete: true,
    });
    expect(await countItem(f.t, 'ADJUSTMENT')).toMatchObject({ all: 4, complete: true });
  });

  it('concurrent creates never leave a wrong total', async () => {
    const f = await tenantWithRecords('Recount concurrent org');
    await times(4, f.addAdjustment);
    await forgetCounts(f.t);
    const creates = Promise.all([f.addAdjustment(), f.addAdjustment(), f.addAdjustment()]);
    // Passes while the creates land: each either fails its write or counts what `all` said.
    for (let i = 0; i < 3; i += 1) await recountCollection(f.t.orgId, 'ADJUSTMENT', 100, { settleMs: 20 });
    await creates;
    while (!(await recountCollection(f.t.orgId, 'ADJUSTMENT', 100, NO_SETTLE)).complete);
    expect(await countItem(f.t, 'ADJUSTMENT')).toMatchObject({ all: 7, complete: true });
    await f.addAdjustment();
    expect(await countItem(f.t, 'ADJUSTMENT')).toMatchObject({ all: 8, complete: true });
  });

  it('a capped run keeps its progress and the next one resumes it; a create between runs starts it over', async () => {
    const f = await tenantWithRecords('Recount capped org');
    await times(5, f.addAdjustment);
    await forgetCounts(f.t);

    expect(await recountCollection(f.t.orgId, 'ADJUSTMENT', 2, NO_SETTLE)).toEqual({
      read: 2,
      complete: false,
    });
    expect(await countItem(f.t, 'ADJUSTMENT')).toMatchObject({ recount: { base: 0, counted: 2 } });
    expect(await recountCollection(f.t.orgId, 'ADJUSTMENT', 2, NO_SETTLE)).toEqual({
      read: 2,
      complete: false,
    });
    expect(await countItem(f.t, 'ADJUSTMENT')).toMatchObject({ recount: { base: 0, counted: 4 } });

    // A create moves `all` off the progress's base: the count starts over, here in one pass.
    await f.addAdjustment();
    expect(await recountCollection(f.t.orgId, 'ADJUSTMENT', 100, NO_SETTLE)).toEqual({
      read: 6,
      complete: true,
    });
    expect(await countItem(f.t, 'ADJUSTMENT')).toMatchObject({ all: 6, complete: true });

    // Resuming to the end: two capped passes of 2 over 3 records of another kind.
    await times(3, f.addTransfer);
    await forgetCounts(f.t);
    expect(await recountCollection(f.t.orgId, 'TRANSFER', 2, NO_SETTLE)).toEqual({
      read: 2,
      complete: false,
    });
    const last = await recountCollection(f.t.orgId, 'TRANSFER', 2, NO_SETTLE);
    expect(last.complete).toBe(true);
    expect(await countItem(f.t, 'TRANSFER')).toMatchObject({ all: 3, complete: true });
  });

  it('the job stops at its row cap and says so; the next run finishes', async () => {
    await runScheduledJob('recount-collections'); // nothing left of the earlier tests' organisations
    const f = await tenantWithRecords('Recount job cap org');
    await times(3, f.addAdjustment);
    await forgetCounts(f.t);
    const capped = await runScheduledJob('recount-collections', { cap: 2 });
    expect(capped).toMatchObject({ changed: 2, complete: false });
    expect(await countItem(f.t, 'ADJUSTMENT')).not.toHaveProperty('complete');
    // The rest of this organisation's kinds (each read by key, nothing to count) and the adjustments.
    const rest = await runScheduledJob('recount-collections', { cap: 2 });
    expect(rest.complete).toBe(true);
    for (const [kind, all] of [
      ['ADJUSTMENT', 3],
      ['TRANSFER', 0],
      ['GOODS_RECEIPT', 0],
    ] as const)
      expect(await countItem(f.t, kind)).toMatchObject({ all, complete: true });
  });

  it('org recount, the CLI twin, completes one organisation uncapped', async () => {
    const f = await tenantWithRecords('Recount CLI org');
    await times(2, f.addAdjustment);
    await f.addReceipt();
    await forgetCounts(f.t);
    const out = await runAdmin(['org', 'recount', '--org', f.t.orgId]);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ id: f.t.orgId, read: 3, complete: true });
    expect(await countItem(f.t, 'ADJUSTMENT')).toMatchObject({ all: 2, complete: true });
    expect(await countItem(f.t, 'GOODS_RECEIPT')).toMatchObject({ all: 1, complete: true });
    expect(await countItem(f.t, 'TRANSFER')).toMatchObject({ all: 0, complete: true });

    const unknown = await runAdmin(['org', 'recount', '--org', 'no-such-org']);
    expect(unknown.code).not.toBe(0);
    expect((await runAdmin(['org', 'recount'])).code).not.toBe(0);
  });
});
