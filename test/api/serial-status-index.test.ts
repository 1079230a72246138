/**
 * The serials' per-status index (GSI6, functions/areas/inventory/store/serial-numbers.ts): a pick reads
 * the product's AVAILABLE units, not every unit it ever had; `GET /serial-numbers?productId=&status=` reads
 * that status's partition; a status change moves the unit between partitions. An organisation whose older
 * serials have no keys there (before `projection backfill`) still picks and lists them, through the
 * product's whole partition, until the backfill gives them their keys and marks it.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { productSerialCountsKey } from '../../functions/areas/inventory/public.js';
import { setSerialStatus } from '../../functions/areas/inventory/steps/serials.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { loadSalesOrder } from '../../functions/areas/sales-orders/store/read.js';
import { collectionCountsKey } from '../../functions/platform/dynamo/bounded-range.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { backfillSerialStatusIndex } from '../../infra/admin/serial-index.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { serialItemsOf } from '../support/goods-receipts.js';
import { product, unique, warehouse } from '../support/inventory.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';
import { receiveSerials, serialsOf } from '../support/serials.js';

/** A tenant with a serial-tracked product of `count` units received one receipt each (oldest first). */
async function tenantWithSerials(name: string, count: number, options: { beforeIndex?: boolean } = {}) {
  const t = await newTenant(name);
  // An organisation from before the index: its serial count item carries no mark.
  if (options.beforeIndex) await forgetMark(t);
  const [wh, buyer] = await Promise.all([warehouse(t), customer(t)]);
  const p = await product(t, { requiresSerialTracking: true, defaultPrice: 100 });
  const numbers = Array.from({ length: count }, (_, i) => `S-${unique()}-${i + 1}`);
  for (const n of numbers) await receiveSerials(t, p.id, wh, [n]);
  const listed = await serialsOf(t, p.id);
  return { t, wh, buyer, product: p, ids: numbers.map((n) => listed.get(n)!.id as string) };
}

type Fixture = Awaited<ReturnType<typeof tenantWithSerials>>;

const countsOf = async (f: Fixture) =>
  (
    await db().send(
      new GetCommand({ TableName: tableName(), Key: productSerialCountsKey(f.t.orgId, f.product.id) }),
    )
  ).Item;

const countItem = async (t: Tenant) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: collectionCountsKey(t.orgId, 'SERIAL') })))
    .Item;

async function forgetMark(t: Tenant) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: collectionCountsKey(t.orgId, 'SERIAL'),
      UpdateExpression: 'REMOVE statusIndexed',
    }),
  );
}

/** Removes index keys from every serial of the product: what a read through that index can no longer find. */
async function strip(f: Fixture, keys: string[]) {
  for (const item of await serialItemsOf(f.t, f.product.id)) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: `REMOVE ${keys.join(', ')}`,
      }),
    );
  }
}

/** GSI3 keys are what serialItemsOf reads by: stripped last, from the items it found first. */
async function stripProductPartition(f: Fixture) {
  const items = await serialItemsOf(f.t, f.product.id);
  for (const item of items) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: 'REMOVE GSI3PK, GSI3SK',
      }),
    );
  }
}

const listed = async (f: Fixture, query: Record<string, string>) => {
  const res = await call('GET', '/serial-numbers', {
    key: f.t.key,
    query: { productId: f.product.id, ...query },
  });
  expect(res.status).toBe(200);
  return { ids: res.body.data.map((s: { id: string }) => s.id), total: res.body.pagination.total };
};

async function pick(f: Fixture, quantity: number) {
  const order = await draftOrder(f.t, [{ productId: f.product.id, quantity }], {
    customerId: f.buyer.id,
    warehouseId: f.wh.id,
  });
  await confirmOrder(f.t, order.id);
  await pickSalesOrder({ orgId: f.t.orgId, id: order.id });
  return (await loadSalesOrder(f.t.orgId, order.id))!.order.lines[0]!.serialNumberIds;
}

describe('the serials per-status index', { timeout: 120_000 }, () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await tenantWithSerials('Serial status index org', 4);
  });

  it('a new organisation starts marked: its serial count item has statusIndexed and all 0', async () => {
    const t = await newTenant('Serial mark org');
    expect(await countItem(t)).toMatchObject({ entity: 'Counts', all: 0, statusIndexed: true });
  });

  it('a status change moves the unit to its status partition; productId&status reads that partition', async () => {
    await setSerialStatus({ orgId: f.t.orgId, id: f.ids[0]!, status: 'DAMAGED' });
    const [damaged] = (await serialItemsOf(f.t, f.product.id)).filter((i) => i.id === f.ids[0]);
    expect(damaged!.GSI6PK).toBe(`O#${f.t.orgId}#SERIAL#PRODUCT#${f.product.id}#DAMAGED`);
    expect(damaged!.GSI6SK).toBe(damaged!.GSI3SK);

    expect(await countsOf(f)).toMatchObject({ all: 4, AVAILABLE: 3, DAMAGED: 1, moves: 5 });
    await stripProductPartition(f);
    // The product's whole partition no longer finds them (its total is its count); its status
    // partitions still do.
    expect(await listed(f, {})).toEqual({ ids: [], total: 4 });
    expect(await listed(f, { status: 'DAMAGED' })).toEqual({ ids: [f.ids[0]], total: 1 });
    expect(await listed(f, { status: 'AVAILABLE' })).toEqual({
      ids: [f.ids[3], f.ids[2], f.ids[1]],
      total: 3,
    });
    expect(await listed(f, { status: 'SOLD' })).toEqual({ ids: [], total: 0 });
  });

  it('a pick allocates the oldest AVAILABLE units from their status partition alone', async () => {
    // The GSI3 keys are stripped (previous test): only the AVAILABLE partition can find the units.
    expect(await pick(f, 2)).toEqual([f.ids[1], f.ids[2]]);
    expect(await listed(f, { status: 'ALLOCATED' })).toEqual({ ids: [f.ids[2], f.ids[1]], total: 2 });
    expect(await listed(f, { status: 'AVAILABLE' })).toEqual({ ids: [f.ids[3]], total: 1 });
    expect(await countsOf(f)).toMatchObject({ all: 4, AVAILABLE: 1, ALLOCATED: 2, DAMAGED: 1, moves: 6 });
  });
});

describe('the product counts under concurrent writes', { timeout: 120_000 }, () => {
  it('status changes racing on one product all land, and its counts equal its serials', async () => {
    const f = await tenantWithSerials('Serial counts race org', 12);
    const results = await Promise.allSettled(
      f.ids.map((id, i) =>
        setSerialStatus({ orgId: f.t.orgId, id, status: i % 3 === 0 ? 'SCRAPPED' : 'DAMAGED' }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // Two racing changes of one serial: one wins, the other re-reads and is refused; counted once.
    const again = await Promise.allSettled([
      setSerialStatus({ orgId: f.t.orgId, id: f.ids[1]!, status: 'AVAILABLE' }),
      setSerialStatus({ orgId: f.t.orgId, id: f.ids[1]!, status: 'AVAILABLE' }),
    ]);
    expect(again.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const statuses = (await serialItemsOf(f.t, f.product.id)).map((i) => i.status as string);
    const expected: Record<string, number> = {};
    for (const status of statuses) expected[status] = (expected[status] ?? 0) + 1;
    expect(expected).toEqual({ SCRAPPED: 4, DAMAGED: 7, AVAILABLE: 1 });
    expect(await countsOf(f)).toMatchObject({ all: 12, ...expected });
  });
});

describe('an organisation whose serials predate the index', { timeout: 120_000 }, () => {
  it('picks and lists them through the product partition until the backfill indexes and marks it', async () => {
    const f = await tenantWithSerials('Serials before the index org', 3, { beforeIndex: true });
    await setSerialStatus({ orgId: f.t.orgId, id: f.ids[2]!, status: 'DAMAGED' });
    await strip(f, ['GSI6PK', 'GSI6SK']);
    // Counts that missed the serials written before them.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: productSerialCountsKey(f.t.orgId, f.product.id),
        UpdateExpression: 'SET #all = :n, AVAILABLE = :n',
        ExpressionAttributeNames: { '#all': 'all' },
        ExpressionAttributeValues: { ':n': 1 },
      }),
    );

    expect(await listed(f, { status: 'DAMAGED' })).toEqual({ ids: [f.ids[2]], total: 1 });
    expect(await listed(f, {})).toMatchObject({ total: 3 });
    // Status alone: the organisation's serials filtered, as before (its GSI5 entries are not trusted yet).
    await strip(f, ['GSI5PK', 'GSI5SK']);
    const damaged = await call('GET', '/serial-numbers', { key: f.t.key, query: { status: 'DAMAGED' } });
    expect(damaged.body.data.map((s: { id: string }) => s.id)).toEqual([f.ids[2]]);
    expect(await pick(f, 1)).toEqual([f.ids[0]]);
    // The pick rewrote the unit it allocated with its keys; the two others are still without.
    expect(await backfillSerialStatusIndex({ orgId: f.t.orgId, settleMs: 0 })).toEqual({
      serialsIndexed: 2,
      serialProductsCounted: 1,
      serialOrganisationsLeft: 0,
    });
    expect(await countItem(f.t)).toMatchObject({ statusIndexed: true, all: 3 });
    expect(await countsOf(f)).toEqual(
      expect.objectContaining({
        all: 3,
        AVAILABLE: 1,
        ALLOCATED: 1,
        DAMAGED: 1,
        SOLD: 0,
        RESERVED: 0,
        RETURNED: 0,
        SCRAPPED: 0,
        IN_PRODUCTION: 0,
      }),
    );
    const items = await serialItemsOf(f.t, f.product.id);
    expect(items.map((i) => [i.id, i.GSI6PK]).sort()).toEqual(
      [
        [f.ids[0], `O#${f.t.orgId}#SERIAL#PRODUCT#${f.product.id}#ALLOCATED`],
        [f.ids[1], `O#${f.t.orgId}#SERIAL#PRODUCT#${f.product.id}#AVAILABLE`],
        [f.ids[2], `O#${f.t.orgId}#SERIAL#PRODUCT#${f.product.id}#DAMAGED`],
      ].sort(),
    );
    expect(items.every((i) => i.GSI6SK === i.GSI3SK && i.GSI5SK === i.GSI3SK)).toBe(true);
    expect(items.map((i) => [i.id, i.GSI5PK]).sort()).toEqual(
      [
        [f.ids[0], `O#${f.t.orgId}#SERIAL#STATUS#ALLOCATED`],
        [f.ids[1], `O#${f.t.orgId}#SERIAL#STATUS#AVAILABLE`],
        [f.ids[2], `O#${f.t.orgId}#SERIAL#STATUS#DAMAGED`],
      ].sort(),
    );

    // Marked: the status partitions serve the list and the pick alone.
    await stripProductPartition(f);
    expect(await listed(f, { status: 'DAMAGED' })).toEqual({ ids: [f.ids[2]], total: 1 });
    expect(await listed(f, {})).toEqual({ ids: [], total: 3 });
    const byStatus = await call('GET', '/serial-numbers', { key: f.t.key, query: { status: 'DAMAGED' } });
    expect(byStatus.body.data.map((s: { id: string }) => s.id)).toEqual([f.ids[2]]);
    expect(await pick(f, 1)).toEqual([f.ids[1]]);
    expect(await countsOf(f)).toMatchObject({ all: 3, AVAILABLE: 0, ALLOCATED: 2, DAMAGED: 1 });
    // Marked: a second run has nothing to index and does not count again.
    expect(await backfillSerialStatusIndex({ orgId: f.t.orgId, settleMs: 0 })).toEqual({
      serialsIndexed: 0,
      serialProductsCounted: 0,
      serialOrganisationsLeft: 0,
    });
  });

  it('without the keys and unmarked, a pick that finds too few on the index reads the product partition', async () => {
    const f = await tenantWithSerials('Serials fallback org', 2, { beforeIndex: true });
    await strip(f, ['GSI6PK', 'GSI6SK']);
    expect(await pick(f, 2)).toEqual([f.ids[0], f.ids[1]]);
  });

  it('the CLI reports serialsIndexed', async () => {
    const f = await tenantWithSerials('Serials CLI org', 1, { beforeIndex: true });
    await strip(f, ['GSI6PK', 'GSI6SK']);
    const done = await runAdmin(['projection', 'backfill', '--org', f.t.orgId]);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({
      serialsIndexed: 1,
      serialProductsCounted: 1,
      serialOrganisationsLeft: 0,
    });
    expect(await countsOf(f)).toMatchObject({ all: 1, AVAILABLE: 1 });
    expect(await countItem(f.t)).toMatchObject({ statusIndexed: true });
  });
});
