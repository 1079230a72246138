/**
 * The first search of a large collection answered within seconds, not after a scheduled job (issue 29
 * item 6, session 37). A cold container that finds a collection larger than its probe marks it (`dueAt`
 * on its projection-state item) and answers a list the bounded index reads cannot 503 with Retry-After:
 * 30; the mark's stream record (read here from DynamoDB Local's stream, in the Lambda's record shape)
 * drives the refresh on mark, which writes that collection's snapshot and no other; a second delivery of
 * the record changes nothing; the search then answers 200. The local runtime's consumer does the same.
 * Above SLIM_MAX_ROWS the 400 stays and names the ceiling. The probe reads ~1 MB of index entries: more than
 * 2,000 small rows load whole, a collection of more than a page is marked.
 * Sizes are lowered: SLIM_PROBE_MAX_ROWS 2, budget 4.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerCollection } from '../../functions/areas/customers/store/customers.js';
import { productCollection } from '../../functions/areas/products/store/products.js';
import { batchPut } from '../../functions/platform/dynamo/batch-write.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { DeleteCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import {
  ceilingMarkKey,
  clearSlimProjections,
  configureSlimProjection,
  projectionUnavailable,
  slimAttributes,
  slimProjection,
} from '../../functions/platform/dynamo/slim-projection.js';
import { snapshotHeadOf } from '../../functions/platform/dynamo/slim-snapshot.js';
import {
  handleSnapshotMarks,
  markedCollection,
} from '../../functions/platform/dynamo/slim-snapshot-on-mark.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { snapshotMarkConsumer, streamConsumers } from '../../infra/local/events-runtime.js';
import { streamPoller, type StreamPoller } from '../../infra/local/stream-poller.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product } from '../support/inventory.js';
import { coldGet, pause, stateOf } from '../support/projection.js';
import { countReads } from '../support/read-counter.js';
import { customer, draftOrder, orderSetup } from '../support/sales.js';

const reads = countReads('snapshotOnMarkCounter');
const PROBE_ROWS = 2;
const BUDGET = 4;
const PRODUCTS = 6;
const CUSTOMERS = 6;
const OVERLAP_MS = 40;

let tenant: Tenant;
let products: string;
let customers: string;
let poller: StreamPoller;

/** A cold container's search. */
const coldSearch = async (path: string, search: string) =>
  (await coldGet(tenant, path, { search }, reads)).res;

/** The stream records of this tenant's projection-state items, polled until `until` holds (or 10 s). */
async function stateRecords(until: (records: DynamoDBRecord[]) => boolean): Promise<DynamoDBRecord[]> {
  const mine: DynamoDBRecord[] = [];
  const partition = ceilingMarkKey(products).PK;
  for (let i = 0; i < 50 && !until(mine); i += 1) {
    const records = await poller.poll();
    mine.push(...records.filter((r) => r.dynamodb?.Keys?.PK?.S === partition));
    if (!until(mine)) await pause(200);
  }
  return mine;
}

const marksOf = (records: DynamoDBRecord[]) => records.map(markedCollection).filter(Boolean);

beforeAll(async () => {
  tenant = await newTenant('Snapshot on mark');
  products = productCollection(tenant.orgId);
  customers = customerCollection(tenant.orgId);
  for (let i = 0; i < PRODUCTS; i += 1) await product(tenant, { name: `Marked ${i}` });
  for (let i = 0; i < CUSTOMERS; i += 1) await customer(tenant, { name: `Marked customer ${i}` });
  await pause(OVERLAP_MS * 2);
  poller = await streamPoller();
});

beforeEach(() => {
  configureSlimProjection({ probeMaxRows: PROBE_ROWS, overlapMs: OVERLAP_MS });
  configureListBudget(BUDGET);
  clearSlimProjections();
});

afterAll(() => {
  poller.close();
  configureSlimProjection({
    probeMaxRows: Number.POSITIVE_INFINITY,
    overlapMs: 5_000,
    maxRows: 300_000,
  });
  configureListBudget(undefined);
  clearSlimProjections();
});

describe('a search of a collection whose snapshot is awaited', () => {
  it('answers 503 with Retry-After: 30 while the snapshot is built, and 200 once the mark drove its refresh', async () => {
    const refused = await coldSearch('/products', 'marked');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body.error).toEqual({
      code: 'service_unavailable',
      message:
        "This list's search index is being built for this organisation's size; retry after Retry-After",
    });
    expect(projectionUnavailable(products)).toBe('snapshot-awaited');
    // A list the bounded index reads can answer still answers 200 (page 1 from the index and the counts;
    // a search matching within the budget's range is not one: a search filters the whole range).
    clearSlimProjections();
    const page1 = await call('GET', '/products', { key: tenant.key, query: { pageSize: 2 } });
    expect(page1.status).toBe(200);
    expect(page1.body.pagination.total).toBe(PRODUCTS);
    // The customers are marked too (so the refresh of one can be seen to leave the other alone).
    expect((await coldSearch('/customers', 'marked')).status).toBe(503);
    expect(await stateOf(customers)).toMatchObject({ dueAt: expect.any(Number) });

    // The mark's stream record: an insert of the state item with dueAt, in the Lambda's record shape.
    const records = await stateRecords((r) => marksOf(r).length >= 2);
    expect(marksOf(records)).toEqual([products, customers]);
    const productMark = records.find((r) => markedCollection(r) === products)!;
    expect(productMark.eventName).toBe('INSERT');

    // The consumer the jobs function runs on it (the filtered event source): that collection only.
    expect(await handleSnapshotMarks([productMark])).toEqual({ batchItemFailures: [] });
    const head = snapshotHeadOf(await stateOf(products));
    expect(head).toMatchObject({ rows: PRODUCTS });
    expect((await stateOf(products))?.dueAt).toBeUndefined();
    expect(snapshotHeadOf(await stateOf(customers))).toBeNull();
    expect(await stateOf(customers)).toMatchObject({ dueAt: expect.any(Number) });

    // The head's move is a change of the marked item, not a mark: nothing for the consumer.
    const moved = await stateRecords((r) => r.some((x) => x.eventName === 'MODIFY'));
    expect(moved.some((r) => r.eventName === 'MODIFY' && r.dynamodb?.Keys?.SK?.S === products)).toBe(true);
    expect(marksOf(moved)).toEqual([]);

    // A second delivery (a stream retry): the snapshot is fresh, nothing is read whole or written.
    await pause(OVERLAP_MS * 2);
    reads.reset();
    expect(await handleSnapshotMarks([productMark])).toEqual({ batchItemFailures: [] });
    expect(snapshotHeadOf(await stateOf(products))!.gen).toBe(head!.gen);
    expect(reads.count.scanned).toBe(0);

    // The client's retry: a cold container loads the snapshot and answers.
    const answered = await coldSearch('/products', 'marked');
    expect(answered.status).toBe(200);
    expect(answered.body.pagination.total).toBe(PRODUCTS);
  });

  it('the local runtime refreshes from its stream poller the same way (npm start)', async () => {
    // Marked by the test above, its record consumed already: mark it again as a new one would be.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: ceilingMarkKey(customers) }));
    await stateRecords((r) => r.some((x) => x.eventName === 'REMOVE'));
    expect((await coldSearch('/customers', 'marked')).status).toBe(503);
    const marks = snapshotMarkConsumer((error) => {
      throw error;
    });
    const consume = streamConsumers(async () => undefined, marks);
    const records = await stateRecords((r) => marksOf(r).length >= 1);
    expect(marksOf(records)).toEqual([customers]);
    await consume(records);
    await marks.settled();
    expect(snapshotHeadOf(await stateOf(customers))).toMatchObject({ rows: CUSTOMERS });
    const answered = await coldSearch('/customers', 'marked');
    expect(answered.status).toBe(200);
    expect(answered.body.pagination.total).toBe(CUSTOMERS);
  });

  it('a document list (sales orders) answers 503 the same way while its snapshot is awaited', async () => {
    const s = await orderSetup(tenant, 0);
    for (let i = 0; i < BUDGET + 2; i += 1) {
      await draftOrder(tenant, [{ productId: s.product.id, quantity: 1 }], {
        customerId: s.customer.id,
        warehouseId: s.warehouse.id,
      });
    }
    clearSlimProjections();
    const res = await call('GET', '/sales-orders', { key: tenant.key, query: { search: 'so-' } });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body.error.code).toBe('service_unavailable');
    // The counted list (page 1, one status) is answered from the index and the counts meanwhile.
    clearSlimProjections();
    const drafts = await call('GET', '/sales-orders', { key: tenant.key, query: { status: 'DRAFT' } });
    expect(drafts.status).toBe(200);
    expect(drafts.body.pagination.total).toBe(BUDGET + 2);
  });

  it('above SLIM_MAX_ROWS the 400 stays, naming the ceiling, and nothing is marked for a refresh', async () => {
    const big = await newTenant('Snapshot on mark, above the ceiling');
    for (let i = 0; i < 6; i += 1) await product(big, { name: `Ceiling ${i}` });
    configureSlimProjection({ probeMaxRows: Number.POSITIVE_INFINITY, maxRows: 3 });
    try {
      clearSlimProjections();
      const res = await call('GET', '/products', { key: big.key, query: { search: 'ceiling' } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_parameter');
      expect(res.body.error.message).toBe(
        `Query parameter 'search' needs more than ${BUDGET} rows or ~1 MB read in one request at this organisation's size (above the projection's ceiling); narrow the list with modifiedSince and sortBy=updatedAt`,
      );
      const state = await stateOf(productCollection(big.orgId));
      expect(state).toMatchObject({ rowsAbove: 3 });
      expect(state?.dueAt).toBeUndefined();
    } finally {
      configureSlimProjection({ maxRows: 300_000 });
    }
  });
});

describe('the probe of a cold load, bounded by bytes', () => {
  /** Slim rows written straight into a collection's GSI5 partition, `pad` characters of text each. */
  async function seedRows(collection: string, count: number, pad: number) {
    const items = Array.from({ length: count }, (_, i) => {
      const slim = { id: `row-${String(i).padStart(5, '0')}`, t: `${i} ${'x'.repeat(pad)}` };
      return { PK: `${collection}#${slim.id}`, SK: 'ROW', ...slimAttributes(collection, slim) };
    });
    await batchPut(items);
  }

  it('loads more than 2,000 small rows whole (within ~1 MB) and marks nothing', async () => {
    configureSlimProjection({ probeMaxRows: Number.POSITIVE_INFINITY });
    const collection = `O#${tenant.orgId}#PROBESMALL`;
    await seedRows(collection, 2_500, 20);
    clearSlimProjections();
    reads.reset();
    const projection = await slimProjection(collection);
    expect([...projection!.rows()]).toHaveLength(2_500);
    expect(reads.count).toMatchObject({ queries: 1, scanned: 2_500 });
    expect(await stateOf(collection)).toBeUndefined();
  });

  it('marks a collection of more than one page (~1 MB) after reading that page only', async () => {
    configureSlimProjection({ probeMaxRows: Number.POSITIVE_INFINITY });
    const collection = `O#${tenant.orgId}#PROBELARGE`;
    // ~1.1 KB a row: 1,100 rows are more than a page.
    await seedRows(collection, 1_100, 1_000);
    clearSlimProjections();
    reads.reset();
    expect(await slimProjection(collection)).toBeNull();
    expect(projectionUnavailable(collection)).toBe('snapshot-awaited');
    // About 1 MB of entries (DynamoDB Local may end a page a little short of the probe's reckoning: then
    // one more short page), never the whole collection.
    expect(reads.count.queries).toBeLessThanOrEqual(2);
    expect(reads.count.scanned).toBeGreaterThan(800);
    expect(reads.count.scanned).toBeLessThan(1_000);
    const state = await stateOf(collection);
    expect(state).toMatchObject({ rowsAtLeast: reads.count.scanned, dueAt: expect.any(Number) });
  });
});
