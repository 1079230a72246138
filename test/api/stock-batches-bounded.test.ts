/**
 * Stock on hand and batches without whole loads (issue 29 item 6, session 37): a cold container with a
 * large stock or lot collection and no snapshot reads at most the probe (SLIM_PROBE_MAX_ROWS + 1 slim
 * rows) plus the list budget (LIST_SCAN_MAX_ROWS), answers exactly where the index range fits the budget
 * and 503 to retry otherwise (the 400 naming the filter above the ceiling), and marks the collection for
 * the refresh, which writes its snapshot; GET /batches?warehouseId= reads the stock items stocked in the
 * warehouse by key (named by the stock projection) or within the budget (without one), and is refused past
 * the budget, naming warehouseId and productId. Sizes are lowered: SLIM_PROBE_MAX_ROWS 2, the budget set
 * per test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchCollection, batchKey } from '../../functions/areas/inventory/store/batches.js';
import { productStockKey } from '../../functions/areas/inventory/store/stock.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { GetCommand } from '../../functions/platform/dynamo/commands.js';
import { entryBytes } from '../../functions/platform/dynamo/item-bytes.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import {
  clearSlimProjections,
  configureSlimProjection,
} from '../../functions/platform/dynamo/slim-projection.js';
import { snapshotHeadOf } from '../../functions/platform/dynamo/slim-snapshot.js';
import { refreshOrganisationSnapshots } from '../../functions/platform/dynamo/slim-snapshot-refresh.js';
import { tenantPrefix } from '../../functions/platform/dynamo/keys.js';
import { newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, product, warehouse } from '../support/inventory.js';
import { coldGet, pause, stateOf } from '../support/projection.js';
import { countReads } from '../support/read-counter.js';

const reads = countReads('stockBatchesBoundedCounter');
const MIN_ROWS = 3;
const OVERLAP_MS = 40;
/** Stocked products (names 'Cold stock i') plus the lot-tracked one: the stock collection's rows. */
const STOCKED = 5;
const STOCK_ITEMS = STOCKED + 1;
const LOTS = 4;
/** The organisation's warehouses (2), read by the stock-on-hand list for their codes (one Query). */
const WAREHOUSES = 2;

const stockCollection = (orgId: string) => `${tenantPrefix(orgId)}#STOCK`;
/** A request of a container that has held nothing yet, with a budget: its answer and what it read. */
function cold(t: Tenant, path: string, query: Record<string, string | number>, budget?: number) {
  configureListBudget(budget);
  return coldGet(t, path, query, reads);
}

function expectRefused(res: { status: number; body: { error: { code: string; message: string } } }) {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_parameter');
  return res.body.error.message;
}

/** Refused while the collection's snapshot is awaited (the refresh on mark builds it): a 503 to retry. */
function expectAwaited(res: {
  status: number;
  headers: Record<string, string>;
  body: { error: { code: string } };
}) {
  expect(res.status).toBe(503);
  expect(res.body.error.code).toBe('service_unavailable');
  expect(res.headers['retry-after']).toBe('30');
}

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((b) => b.id);

let t: Tenant;
/** Warehouse 1 holds every stocked product and lots 0 and 1; warehouse 2 product 0 and lot 2. */
let w1: { id: string };
let w2: { id: string };
let lotted: { id: string };
let stocked: { id: string }[];
/** FEFO order: lot i expires in 2031-0(i+1). Lot 3 never held stock. */
let lots: { id: string }[];

beforeAll(async () => {
  t = await newTenant('Cold stock and batches');
  [w1, w2] = await Promise.all([warehouse(t), warehouse(t)]);
  stocked = [];
  for (let i = 0; i < STOCKED; i += 1) stocked.push(await product(t, { name: `Cold stock ${i}` }));
  lotted = await product(t, { name: 'Lotted', isBatchTracked: true });
  lots = [];
  for (let i = 0; i < LOTS; i += 1) lots.push(await batchOf(t, lotted.id, `2031-0${i + 1}-01`));
  const res = await adjust(t, [
    ...stocked.map((p) => ({ productId: p.id, warehouseId: w1.id, quantityChange: 2 })),
    { productId: stocked[0]!.id, warehouseId: w2.id, quantityChange: 1 },
    { productId: lotted.id, warehouseId: w1.id, batchId: lots[1]!.id, quantityChange: 1 },
    { productId: lotted.id, warehouseId: w1.id, batchId: lots[0]!.id, quantityChange: 1 },
    { productId: lotted.id, warehouseId: w2.id, batchId: lots[2]!.id, quantityChange: 1 },
  ]);
  expect(res.status).toBe(201);
  await pause(OVERLAP_MS * 2);
});

beforeEach(() => {
  configureSlimProjection({
    // The probe reads one row past this: a collection of MIN_ROWS rows is large, as before session 37.
    probeMaxRows: MIN_ROWS - 1,
    snapshotFeedRows: 1_000,
    overlapMs: OVERLAP_MS,
    maxRows: 300_000,
  });
  configureListBudget(undefined);
  clearSlimProjections();
});

afterAll(() => {
  configureSlimProjection({
    probeMaxRows: Number.POSITIVE_INFINITY,
    snapshotFeedRows: 1_000,
    overlapMs: 5_000,
    maxRows: 300_000,
  });
  configureListBudget(undefined);
  clearSlimProjections();
});

describe('a cold container with no snapshot of a large stock or lot collection', () => {
  it('stock on hand: the probe, then the bounded index read; refused past the budget, marked for the job', async () => {
    expect(await stateOf(stockCollection(t.orgId))).toBeUndefined();
    const refused = await cold(t, '/stock-on-hand', { search: 'cold stock' }, STOCK_ITEMS - 2);
    expectAwaited(refused.res);
    // The probe (at most SLIM_PROBE_MAX_ROWS + 1 slim rows), the budget plus one row, the warehouses.
    expect(refused.scanned).toBeLessThanOrEqual(MIN_ROWS + STOCK_ITEMS - 1 + WAREHOUSES);
    expect(await stateOf(stockCollection(t.orgId))).toMatchObject({
      rowsAtLeast: MIN_ROWS,
      dueAt: expect.any(Number),
    });
    // Marked: no probe; a range that fits the budget answers exactly.
    const fits = await cold(t, '/stock-on-hand', { search: 'cold stock', pageSize: 4, page: 2 }, STOCK_ITEMS);
    expect(fits.res.status).toBe(200);
    expect(fits.res.body.pagination.total).toBe(STOCKED + 1);
    expect(fits.scanned).toBeLessThanOrEqual(STOCK_ITEMS + WAREHOUSES);
    const whole = await cold(t, '/stock-on-hand', {}, STOCK_ITEMS - 1);
    expectAwaited(whole.res);
    const warehouseOnly = await cold(t, '/stock-on-hand', { warehouseId: w2.id }, STOCK_ITEMS - 1);
    expectAwaited(warehouseOnly.res);
    // Batches by warehouse name their lots from the same stock collection: awaited too.
    expectAwaited((await cold(t, '/batches', { warehouseId: w2.id }, 1)).res);
    const one = await cold(t, '/stock-on-hand', { productId: stocked[1]!.id }, 1);
    expect(one.res.status).toBe(200);
    expect(one.res.body.pagination.total).toBe(1);
  });

  it('batches: the probe, then the bounded index read; refused past the budget, marked for the job', async () => {
    const collection = batchCollection(t.orgId);
    expect(await stateOf(collection)).toBeUndefined();
    const refused = await cold(t, '/batches', { search: 'lot' }, LOTS - 1);
    expectAwaited(refused.res);
    expect(refused.scanned).toBeLessThanOrEqual(MIN_ROWS + LOTS);
    expect(await stateOf(collection)).toMatchObject({ rowsAtLeast: MIN_ROWS, dueAt: expect.any(Number) });
    const fits = await cold(t, '/batches', { search: 'lot', pageSize: 2, page: 2 }, LOTS);
    expect(fits.res.status).toBe(200);
    expect(fits.res.body.pagination.total).toBe(LOTS);
    expect(ids(fits.res)).toEqual([lots[2]!.id, lots[3]!.id]);
    expect(fits.scanned).toBeLessThanOrEqual(LOTS);
    const status = await cold(t, '/batches', { productId: lotted.id, status: 'ACTIVE' }, LOTS - 1);
    expectAwaited(status.res);
    expect(status.scanned).toBeLessThanOrEqual(LOTS);
    const jump = await cold(t, '/batches', { pageSize: 1, page: 4 }, LOTS - 2);
    expectAwaited(jump.res);
    // Page 1 reads its page and takes the total from the maintained count.
    const first = await cold(t, '/batches', { pageSize: 2 }, 1);
    expect(first.res.status).toBe(200);
    expect(first.res.body.pagination.total).toBe(LOTS);
    expect(ids(first.res)).toEqual([lots[0]!.id, lots[1]!.id]);
  });

  it('the refresh job writes both snapshots; a cold container then answers from them as a warm one does', async () => {
    const bounded = await cold(
      t,
      '/stock-on-hand',
      { search: 'cold stock', pageSize: 4, page: 2 },
      STOCK_ITEMS,
    );
    const boundedLots = await cold(t, '/batches', { search: 'lot', pageSize: 2, page: 2 }, LOTS);
    expect(await refreshOrganisationSnapshots(t.orgId, { limit: 1_000 })).toEqual({
      rows: STOCK_ITEMS + LOTS,
      written: 2,
    });
    expect(snapshotHeadOf(await stateOf(stockCollection(t.orgId)))).toMatchObject({ rows: STOCK_ITEMS });
    expect(snapshotHeadOf(await stateOf(batchCollection(t.orgId)))).toMatchObject({ rows: LOTS });
    expect((await stateOf(stockCollection(t.orgId)))?.dueAt).toBeUndefined();
    await pause(OVERLAP_MS * 2);
    // The budget would refuse an index read: these answers come from the snapshots.
    const stock = await cold(t, '/stock-on-hand', { search: 'cold stock', pageSize: 4, page: 2 }, 1);
    expect(stock.res.status).toBe(200);
    expect(stock.res.body).toEqual(bounded.res.body);
    expect(stock.scanned).toBe(WAREHOUSES);
    const batches = await cold(t, '/batches', { search: 'lot', pageSize: 2, page: 2 }, 1);
    expect(batches.res.status).toBe(200);
    expect(batches.res.body).toEqual(boundedLots.res.body);
    expect(batches.scanned).toBe(0);
    expect(await refreshOrganisationSnapshots(t.orgId, { limit: 1_000 })).toEqual({ rows: 0, written: 0 });
  });
});

describe('GET /batches?warehouseId=', () => {
  it('with the stock projection: exact, reading only the stock items stocked there and their lots by key', async () => {
    // The budget counts the stock items and the lots read by key: here every stock item and two lots.
    const inW1 = await cold(t, '/batches', { warehouseId: w1.id }, STOCK_ITEMS + 2);
    expect(inW1.res.status).toBe(200);
    expect(ids(inW1.res)).toEqual([lots[0]!.id, lots[1]!.id]);
    expect(inW1.res.body.pagination.total).toBe(2);
    expect(inW1.res.body.data[0].product).toMatchObject({ id: lotted.id, name: 'Lotted' });
    // From the snapshot: no index row; by key the stock items stocked in warehouse 1 and its two lots.
    expect(inW1.scanned).toBe(0);
    expect(inW1.gets).toBeLessThanOrEqual(STOCK_ITEMS + 2);
    // Warehouse 2 holds product 0 and the lotted one: two stock items and one lot by key.
    const inW2 = await cold(t, '/batches', { warehouseId: w2.id, pageSize: 1 }, 3);
    expect(inW2.res.status).toBe(200);
    expect(ids(inW2.res)).toEqual([lots[2]!.id]);
    expect(inW2.gets).toBeLessThanOrEqual(3);
    const page2 = await cold(t, '/batches', { warehouseId: w1.id, pageSize: 1, page: 2 }, STOCK_ITEMS + 2);
    expect(ids(page2.res)).toEqual([lots[1]!.id]);
    expect(page2.res.body.pagination.total).toBe(2);
    const filtered = await cold(
      t,
      '/batches',
      { warehouseId: w1.id, expiryBefore: '2031-01-15' },
      STOCK_ITEMS + 2,
    );
    expect(ids(filtered.res)).toEqual([lots[0]!.id]);
  });

  it('refuses a warehouse stocked with more than the budget, naming warehouseId and productId', async () => {
    const refused = await cold(t, '/batches', { warehouseId: w1.id }, STOCK_ITEMS - 1);
    expect(expectRefused(refused.res)).toMatch(
      /^Query parameter 'warehouseId' .*more than 5 rows.*narrow the list with productId$/,
    );
    expect(refused.gets).toBe(0);
    // The product narrows it: its one stock item names the lots.
    const one = await cold(t, '/batches', { warehouseId: w1.id, productId: lotted.id }, 1);
    expect(one.res.status).toBe(200);
    expect(ids(one.res)).toEqual([lots[0]!.id, lots[1]!.id]);
  });

  it('without the stock projection: the stock items read within the budget, exact or refused', async () => {
    // Its snapshot is larger than this container holds: no projection, the index read instead.
    configureSlimProjection({ maxRows: 1 });
    const fits = await cold(t, '/batches', { warehouseId: w1.id }, STOCK_ITEMS + 2);
    expect(fits.res.status).toBe(200);
    expect(ids(fits.res)).toEqual([lots[0]!.id, lots[1]!.id]);
    expect(fits.scanned).toBeLessThanOrEqual(STOCK_ITEMS);
    const refused = await cold(t, '/batches', { warehouseId: w2.id }, STOCK_ITEMS - 1);
    expect(expectRefused(refused.res)).toMatch(
      /^Query parameter 'warehouseId' .*narrow the list with productId$/,
    );
    expect(refused.scanned).toBeLessThanOrEqual(STOCK_ITEMS);
    const one = await cold(t, '/batches', { warehouseId: w2.id, productId: lotted.id }, 1);
    expect(ids(one.res)).toEqual([lots[2]!.id]);
  });

  it('refuses a warehouse whose lots pass the budget, unless the product narrows it', async () => {
    const few = await newTenant('Warehouse lots');
    const [w, p] = await Promise.all([warehouse(few), product(few, { isBatchTracked: true })]);
    const made = [];
    for (let i = 0; i < 4; i += 1) made.push(await batchOf(few, p.id, `2032-0${i + 1}-01`));
    const res = await adjust(
      few,
      made.map((lot) => ({ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 1 })),
    );
    expect(res.status).toBe(201);
    expect(expectRefused((await cold(few, '/batches', { warehouseId: w.id }, 3)).res)).toMatch(
      /^Query parameter 'warehouseId' /,
    );
    const all = await cold(few, '/batches', { warehouseId: w.id }, 5);
    expect(all.res.status).toBe(200);
    expect(ids(all.res)).toEqual(made.map((lot) => lot.id));
    const narrowed = await cold(few, '/batches', { warehouseId: w.id, productId: p.id }, 1);
    expect(narrowed.res.body).toEqual(all.res.body);
  });

  it("refuses a warehouse whose stock items or lots pass the request's bytes, unless the product narrows it", async () => {
    const heavy = await newTenant('Warehouse lots by bytes');
    const [w, p, q] = await Promise.all([
      warehouse(heavy),
      product(heavy, { isBatchTracked: true }),
      product(heavy),
    ]);
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await batchOf(heavy, p.id, `2033-0${i + 1}-01`));
    const res = await adjust(heavy, [
      ...made.map((lot) => ({ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 1 })),
      { productId: q.id, warehouseId: w.id, quantityChange: 1 },
    ]);
    expect(res.status).toBe(201);
    const bytesOf = async (key: { PK: string; SK: string }) => {
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
      return entryBytes(Item!);
    };
    const byBytes = (bytes: number, query: Record<string, string>) => {
      configureListBudget(100, bytes);
      return coldGet(heavy, '/batches', query, reads);
    };
    const refusal =
      /^Query parameter 'warehouseId' .*more than 100 rows or ~\d+ KB.*narrow the list with productId$/;

    // The two stock items pass a byte: the first is read, the second refused before it is.
    const items = await byBytes(1, { warehouseId: w.id });
    expect(expectRefused(items.res)).toMatch(refusal);
    expect(items.gets).toBe(1);
    // Both stock items fit, the lots do not: one lot read, then refused.
    const stockBytes =
      (await bytesOf(productStockKey(heavy.orgId, p.id))) +
      (await bytesOf(productStockKey(heavy.orgId, q.id)));
    const lotsPast = await byBytes(stockBytes, { warehouseId: w.id });
    expect(expectRefused(lotsPast.res)).toMatch(refusal);
    expect(lotsPast.gets).toBe(2 + 1);
    // Everything within the bytes: exact, in FEFO order.
    let lotBytes = 0;
    for (const lot of made) lotBytes += await bytesOf(batchKey(heavy.orgId, lot.id));
    const fits = await byBytes(stockBytes + lotBytes, { warehouseId: w.id });
    expect(fits.res.status).toBe(200);
    expect(ids(fits.res)).toEqual(made.map((lot) => lot.id));
    // The product narrows it: its stock item names its lots, read whole.
    const narrowed = await byBytes(1, { warehouseId: w.id, productId: p.id });
    expect(narrowed.res.status).toBe(200);
    expect(ids(narrowed.res)).toEqual(made.map((lot) => lot.id));
  });

  it("keeps tenants apart: another organisation's warehouse is 404, its lots and marks never mix", async () => {
    const other = await newTenant('Other cold stock');
    const [w, p] = await Promise.all([warehouse(other), product(other, { isBatchTracked: true })]);
    const lot = await batchOf(other, p.id, '2030-06-01');
    await adjust(other, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 1 }]);
    const mine = await cold(other, '/batches', { warehouseId: w.id }, 2);
    expect(ids(mine.res)).toEqual([lot.id]);
    expect((await cold(other, '/batches', { warehouseId: w1.id })).res.status).toBe(404);
    expect((await cold(t, '/batches', { warehouseId: w.id })).res.status).toBe(404);
    const theirs = await cold(t, '/stock-on-hand', { warehouseId: w1.id, search: 'lotted' });
    expect(theirs.res.body.data.map((r: { product: { id: string } }) => r.product.id)).toEqual([lotted.id]);
    // A small organisation loads whole and is never marked; the job finds nothing of it to do.
    expect(await stateOf(stockCollection(other.orgId))).toBeUndefined();
    expect(await stateOf(batchCollection(other.orgId))).toBeUndefined();
    expect(await refreshOrganisationSnapshots(other.orgId, { limit: 1_000 })).toEqual({
      rows: 0,
      written: 0,
    });
  });
});

/** Every combination of the given query parameters (each either absent or its one value). */
function combinations(options: Record<string, string | number>): Record<string, string | number>[] {
  return Object.entries(options).reduce<Record<string, string | number>[]>(
    (all, [name, value]) => all.flatMap((q) => [q, { ...q, [name]: value }]),
    [{}],
  );
}

describe('every filter combination without a projection', () => {
  const statuses = new Map<number, number>();
  /**
   * Against the answer of a container holding the projection with no budget: exact where the read fits the
   * budget, else the 400; never more than the budget plus one index row (and the stock list's warehouses),
   * nor more items by key than the budget and the page's. The sync ranges are left out (their key range).
   */
  async function check(path: string, query: Record<string, string | number>, budgets: number[], extra = 0) {
    configureSlimProjection({ maxRows: 300_000 });
    const reference = await cold(t, path, query);
    expect(reference.res.status).toBe(200);
    configureSlimProjection({ maxRows: 1 });
    for (const budget of budgets) {
      const bounded = await cold(t, path, query, budget);
      const where = `${path} ${JSON.stringify(query)} within ${budget}`;
      statuses.set(bounded.res.status, (statuses.get(bounded.res.status) ?? 0) + 1);
      if (bounded.res.status === 200) expect(bounded.res.body, where).toEqual(reference.res.body);
      else
        expect([bounded.res.status, bounded.res.body.error.code], where).toEqual([400, 'invalid_parameter']);
      expect(bounded.scanned, where).toBeLessThanOrEqual(budget + 1 + extra);
      expect(bounded.gets, where).toBeLessThanOrEqual(budget + 8);
    }
    return reference;
  }

  it('stock on hand', { timeout: 120_000 }, async () => {
    statuses.clear();
    const queries = combinations({
      search: 'o',
      warehouseId: w1.id,
      includeZero: 'true',
      sortBy: 'updatedAt',
      modifiedSince: '2000-01-01T00:00:00Z',
      page: 2,
    }).filter((q) => !(q.modifiedSince && q.sortBy === 'updatedAt'));
    let answered = 0;
    for (const query of queries) {
      await check('/stock-on-hand', { pageSize: 2, ...query }, [STOCK_ITEMS - 1, STOCK_ITEMS], WAREHOUSES);
      answered += 1;
    }
    expect(answered).toBe(48);
    expect(statuses.get(200)).toBe(48);
    expect(statuses.get(400)).toBe(48);
  });

  it('batches', { timeout: 120_000 }, async () => {
    statuses.clear();
    const queries = combinations({
      search: 'lot',
      productId: lotted.id,
      status: 'ACTIVE',
      expiryAfter: '2031-01-15',
      expiryBefore: '2031-03-15',
      warehouseId: w1.id,
      modifiedSince: '2000-01-01T00:00:00Z',
      page: 2,
    }).filter((q) => (!q.modifiedSince || q.productId || q.status) && !q.expiryAfter === !q.expiryBefore);
    let nonEmpty = 0;
    for (const query of queries) {
      const reference = await check('/batches', { pageSize: 1, ...query }, [2, LOTS]);
      if (reference.res.body.data.length > 0) nonEmpty += 1;
    }
    expect(queries).toHaveLength(112);
    expect(nonEmpty).toBeGreaterThan(10);
    expect(statuses.get(200)).toBeGreaterThan(112);
    expect(statuses.get(400)).toBeGreaterThan(10);
  });
});
