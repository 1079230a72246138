/**
 * One read budget per list request, in bytes (issue 29 item 6, session 38): the bounded index reads stop
 * at ~1 MB of what DynamoDB bills (LIST_SCAN_MAX_BYTES) as well as at LIST_SCAN_MAX_ROWS, and the probe of
 * a cold load spends the same budget: the reads after it get what it left, or at least an eighth of the
 * budget (a page). Default budgets (1,000 rows, 1 MB), and orders with a 1.5 KB customer name: ~6.2 KB an
 * order item, ~1.8 KB a slim entry, so 690 orders are fewer rows than the row budget, ~4.3 MB of items and
 * ~1.2 MB of slim entries (more than the probe's ~1 MB).
 */
import { createId } from '@paralleldrive/cuid2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newSalesOrder } from '../../domain/sales-orders/order.js';
import {
  salesOrderCountsKey,
  salesOrderProjection,
  salesOrders,
} from '../../functions/areas/sales-orders/store/sales-orders.js';
import { batchPut } from '../../functions/platform/dynamo/batch-write.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { DeleteCommand, PutCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import {
  ceilingMarkKey,
  clearSlimProjections,
  configureSlimProjection,
  projectionUnavailable,
} from '../../functions/platform/dynamo/slim-projection.js';
import { entryBytes } from '../../functions/platform/dynamo/item-bytes.js';
import { statusCounter } from '../../functions/platform/dynamo/status-counts.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { countReads } from '../support/read-counter.js';
import { customerFacts } from '../support/customer-facts.js';

const reads = countReads('listReadBytesCounter');
const MB = 1_048_576;
const ALLOWANCE = MB / 8;
/** One order item (the last row a Limit may pass the bound by) plus a call's rounding to 4 KB, twice. */
const SLACK = 2 * (7_000 + 4_096);
/** Customer A's range is more than the allowance, B's just under 1 MB, C's the bulk of the collection. */
const ORDERS = { A: 40, B: 150, C: 500 } as const;
const TOTAL = ORDERS.A + ORDERS.B + ORDERS.C;

let tenant: Tenant;
let collection: string;
const customers: Record<keyof typeof ORDERS, string> = { A: createId(), B: createId(), C: createId() };
const sizes = { item: 0, slim: 0 };

/** Orders of one line each for the customers (id -> count), their customer's name `nameLength` long. */
async function seedOrders(
  orgId: string,
  counts: Record<string, number>,
  nameLength: number,
): Promise<Record<string, unknown>[]> {
  const productId = createId();
  const items: Record<string, unknown>[] = [];
  let sequence = 0;
  for (const [customerId, count] of Object.entries(counts)) {
    const party = customerId.slice(0, 1);
    for (let i = 0; i < count; i += 1) {
      sequence += 1;
      const order = newSalesOrder(
        { customerId, lines: [{ productId, quantity: 1, unitPrice: 1 + i }] },
        {
          customer: customerFacts({
            id: customerId,
            code: party,
            name: `Needle ${party} ${'n'.repeat(nameLength)}`,
          }),
          products: new Map([[productId, { sku: 'S', name: 'N', isActive: true, productType: 'STOCKED' }]]),
        },
        {
          id: createId(),
          sequence,
          now: new Date(Date.now() - 3_600_000 + sequence * 1_000).toISOString(),
          newId: createId,
        },
      );
      items.push(salesOrders.toItem(orgId, order));
    }
  }
  await batchPut(items);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...salesOrderCountsKey(orgId), all: items.length, [statusCounter('DRAFT')]: items.length },
    }),
  );
  return items;
}

beforeAll(async () => {
  tenant = await newTenant('List read bytes');
  collection = salesOrderProjection.collection(tenant.orgId);
  const items = await seedOrders(
    tenant.orgId,
    Object.fromEntries(
      Object.entries(ORDERS).map(([party, n]) => [customers[party as keyof typeof ORDERS], n]),
    ),
    1_500,
  );
  const first = items[0]!;
  sizes.item = entryBytes(first);
  sizes.slim = entryBytes({
    PK: first.PK,
    SK: first.SK,
    GSI5PK: first.GSI5PK,
    GSI5SK: first.GSI5SK,
    slim: first.slim,
  });
});

/** The collection as a cold container finds it with no snapshot and no mark: the next list probes. */
async function coldAndUnmarked(): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: ceilingMarkKey(collection) }));
  clearSlimProjections();
  clearListCursors();
}

async function list(query: Record<string, string | number>) {
  clearListCursors();
  reads.reset();
  return call('GET', '/sales-orders', { key: tenant.key, query });
}

beforeEach(async () => {
  configureListBudget(undefined);
  configureSlimProjection({ maxRows: 300_000 });
  await coldAndUnmarked();
});

afterAll(() => {
  configureListBudget(undefined);
  configureSlimProjection({ maxRows: 300_000 });
  clearSlimProjections();
});

it('seeds what the cases assume: fewer rows than the row budget, more bytes than the byte budget', () => {
  expect(sizes.item).toBeGreaterThan(6_000);
  expect(sizes.item).toBeLessThan(6_500);
  expect(ORDERS.A * sizes.item).toBeGreaterThan(ALLOWANCE);
  expect(ORDERS.B * (sizes.item + 150)).toBeLessThan(MB);
  expect(TOTAL * sizes.slim).toBeGreaterThan(1.1 * MB);
  expect(TOTAL).toBeLessThan(1_000);
});

describe('the byte budget of the bounded reads (above the projection ceiling)', () => {
  beforeEach(() => {
    configureSlimProjection({ maxRows: 1 });
  });

  it('refuses a search over fewer rows than the row budget but more than ~1 MB, after reading ~1 MB', async () => {
    const res = await list({ search: 'needle' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_parameter',
      message:
        "Query parameter 'search' needs more than 1000 rows or ~1 MB read in one request at this organisation's size (above the projection's ceiling); narrow the list with customerId, one status or dateFrom and dateTo",
    });
    // The page's items, then COUNT pages (no items returned: the bytes are their consumed capacity).
    expect(reads.count.scanned).toBeLessThan(TOTAL);
    expect(reads.count.queryBytes).toBeGreaterThan(MB - SLACK);
    expect(reads.count.queryBytes).toBeLessThanOrEqual(MB + SLACK);
    // The row budget alone answers it, reading every order (what the byte budget refuses to do).
    configureListBudget(1_000, Number.POSITIVE_INFINITY);
    const unbounded = await list({ search: 'needle' });
    expect(unbounded.status).toBe(200);
    expect(unbounded.body.pagination.total).toBe(TOTAL);
    expect(reads.count.queryBytes).toBeGreaterThan(4 * MB);
  });

  it('answers a range just under both budgets (150 orders, ~0.9 MB) with its exact total', async () => {
    const res = await list({ search: 'needle', customerId: customers.B, pageSize: 20, page: 3 });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(ORDERS.B);
    expect(res.body.data).toHaveLength(20);
    expect(reads.count.queryBytes).toBeGreaterThan(0.85 * MB);
    expect(reads.count.queryBytes).toBeLessThanOrEqual(MB);
  });

  it('a lowered byte budget refuses what the row budget allows, naming its size', async () => {
    configureListBudget(1_000, 64 * 1024);
    const res = await list({ search: 'needle', customerId: customers.A });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('needs more than 1000 rows or ~64 KB read in one request');
    expect(reads.count.queryBytes).toBeLessThanOrEqual(64 * 1024 + SLACK);
  });
});

describe('one budget shared by the probe of a cold load and the bounded reads', () => {
  it('the first cold search of a collection larger than the probe reads ~1 MB plus the allowance, then 503', async () => {
    const res = await list({ search: 'needle' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(projectionUnavailable(collection)).toBe('snapshot-awaited');
    // Session 37 read the probe (~1 MB) and then up to 1,000 order items (here all 690: ~4.3 MB more).
    expect(reads.count.queryBytes).toBeGreaterThan(MB);
    expect(reads.count.queryBytes).toBeLessThanOrEqual(MB + ALLOWANCE + SLACK);
  });

  it('after the probe the reads get only what it left: a range within the budget but past the allowance is 503 on the probing request, 200 on the next', async () => {
    const query = { search: 'needle', customerId: customers.A };
    const first = await list(query);
    expect(first.status).toBe(503);
    expect(reads.count.queryBytes).toBeLessThanOrEqual(MB + ALLOWANCE + SLACK);
    // The next request finds the collection marked (no probe): the whole budget, and the range fits it.
    clearSlimProjections();
    const next = await list(query);
    expect(next.status).toBe(200);
    expect(next.body.pagination.total).toBe(ORDERS.A);
    expect(reads.count.queryBytes).toBeGreaterThan(ALLOWANCE);
    expect(reads.count.queryBytes).toBeLessThan(MB);
  });

  it('a plain page (maintained count) read after the probe answers within the allowance', async () => {
    // A jump without a cursor consults the projection, so this request probes; its page is 15 items read.
    const res = await list({ pageSize: 5, page: 3 });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(TOTAL);
    expect(res.body.data).toHaveLength(5);
    expect(projectionUnavailable(collection)).toBe('snapshot-awaited');
    expect(reads.count.queryBytes).toBeLessThanOrEqual(MB + ALLOWANCE + SLACK);
    // A page whose skipped rows pass the allowance (40 items, ~250 KB) waits for the snapshot there.
    await coldAndUnmarked();
    const deeper = await list({ pageSize: 20, page: 2 });
    expect(deeper.status).toBe(503);
    expect(reads.count.queryBytes).toBeLessThanOrEqual(MB + ALLOWANCE + SLACK);
  });
});

describe('bytes counted as DynamoDB bills them, not as the items returned', () => {
  // A filter drops most rows read: their sizes are only in the consumed capacity.
  it('refuses a search matching 10 of 450 orders of ~2.5 KB (~1.1 MB read, ~25 KB returned)', async () => {
    const small = await newTenant('List read bytes, bench-sized orders');
    await seedOrders(small.orgId, { [createId()]: 450 }, 300);
    configureSlimProjection({ maxRows: 1 });
    clearSlimProjections();
    reads.reset();
    const res = await call('GET', '/sales-orders', { key: small.key, query: { search: 'so-00001' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('needs more than 1000 rows or ~1 MB read in one request');
    expect(reads.count.scanned).toBeLessThan(450);
    expect(reads.count.queryBytes).toBeLessThanOrEqual(MB + SLACK);
  });
});
