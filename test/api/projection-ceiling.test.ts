/**
 * Above the projection's ceiling (issue 29 item 6): a collection larger than a container holds
 * (SLIM_MAX_ROWS, here 1) is read from its indexes, and no such read passes the list budget
 * (LIST_SCAN_MAX_ROWS, here 5 rows): a list that would is refused with 400 invalid_parameter naming the
 * parameter that asked for the unbounded read and the filters that bound it; a list whose range fits
 * answers exactly, reading at most the budget plus one row. The sync recipe keeps its key range.
 */
import { createId } from '@paralleldrive/cuid2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newSalesOrder, type SalesOrderStatus } from '../../domain/sales-orders/order.js';
import { customerAccountKey } from '../../functions/areas/customers/store/account.js';
import { salesOrderCountsKey, salesOrders } from '../../functions/areas/sales-orders/store/sales-orders.js';
import { batchPut } from '../../functions/platform/dynamo/batch-write.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { PutCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import {
  clearSlimProjections,
  configureSlimProjection,
} from '../../functions/platform/dynamo/slim-projection.js';
import { statusCounter } from '../../functions/platform/dynamo/status-counts.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product } from '../support/inventory.js';
import { countReads } from '../support/read-counter.js';
import { customer } from '../support/sales.js';
import { customerFacts } from '../support/customer-facts.js';

const reads = countReads('projectionCeilingCounter');
const BUDGET = 5;
const ORDERS = 12;
/** The budget plus one row, and the ceiling check's read (SLIM_MAX_ROWS 1 plus one row) when it runs. */
const WITHIN = BUDGET + 1 + 2;

let tenant: Tenant;
/** Customer 0 has 3 orders (within the budget), customer 1 the other 9. */
let customers: string[];
let since: string;

const put = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item }));

async function seedOrders(): Promise<void> {
  const productId = createId();
  const items: Record<string, unknown>[] = [];
  const byStatus = new Map<SalesOrderStatus, number>();
  const byCustomer = new Map<string, number>();
  for (let i = 0; i < ORDERS; i += 1) {
    const customerId = customers[i < 3 ? 0 : 1]!;
    const order = newSalesOrder(
      { customerId, lines: [{ productId, quantity: 1, unitPrice: 1 + i }] },
      {
        customer: customerFacts({ id: customerId, code: 'C', name: i < 3 ? 'Needle Foods' : 'Other Foods' }),
        products: new Map([[productId, { sku: 'S', name: 'N', isActive: true, productType: 'STOCKED' }]]),
      },
      {
        id: createId(),
        sequence: i + 1,
        now: new Date(Date.now() - 3_600_000 + i * 1_000).toISOString(),
        newId: createId,
      },
    );
    const status: SalesOrderStatus = i % 4 === 3 ? 'CANCELLED' : 'DRAFT';
    items.push(salesOrders.toItem(tenant.orgId, { ...order, status }));
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    byCustomer.set(customerId, (byCustomer.get(customerId) ?? 0) + 1);
  }
  await batchPut(items);
  await put({
    ...salesOrderCountsKey(tenant.orgId),
    all: ORDERS,
    ...Object.fromEntries([...byStatus].map(([s, n]) => [statusCounter(s), n])),
  });
  for (const [id, n] of byCustomer) await put({ ...customerAccountKey(tenant.orgId, id), orderCount: n });
}

beforeAll(async () => {
  tenant = await newTenant();
  customers = [createId(), createId()];
  await seedOrders();
  since = new Date().toISOString();
  // Products and customers created through the API, more of each than the budget.
  for (let i = 0; i < 7; i += 1) await product(tenant, { name: `Ceiling product ${i}` });
  for (let i = 0; i < 7; i += 1) await customer(tenant, { name: `Ceiling customer ${i}` });
});

beforeEach(() => {
  configureSlimProjection({ maxRows: 1 });
  configureListBudget(BUDGET);
  clearSlimProjections();
  clearListCursors();
});

afterAll(() => {
  configureSlimProjection({ maxRows: 300_000 });
  configureListBudget(undefined);
  clearSlimProjections();
});

async function list(path: string, query: Record<string, string | number>) {
  reads.reset();
  return call('GET', path, { key: tenant.key, query });
}

function expectRefused(
  res: Awaited<ReturnType<typeof list>>,
  parameter: string | null,
  narrowWith: string,
): void {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_parameter');
  const message = res.body.error.message as string;
  expect(message).toContain(`more than ${BUDGET} rows`);
  expect(message).toContain(`narrow the list with ${narrowWith}`);
  if (parameter) expect(message.startsWith(`Query parameter '${parameter}' `)).toBe(true);
  else expect(message.startsWith('This list ')).toBe(true);
  // The refusal read at most the budget plus the one row that proves the range longer (plus, the first
  // time, the cap plus one slim rows that find the collection too large to hold).
  expect(reads.count.scanned).toBeLessThanOrEqual(WITHIN);
}

describe('sales orders above the projection ceiling', () => {
  const narrow = 'customerId, one status or dateFrom and dateTo';

  it('refuses a search over more orders than the budget, naming search and what narrows it', async () => {
    expectRefused(await list('/sales-orders', { search: 'foods' }), 'search', narrow);
  });

  it('marks a collection found too large: the next cold container skips its load (one GetItem)', async () => {
    await list('/sales-orders', { search: 'foods' });
    clearSlimProjections();
    const res = await list('/sales-orders', { search: 'foods' });
    expectRefused(res, 'search', narrow);
    expect(reads.count.scanned).toBeLessThanOrEqual(BUDGET + 1);
  });

  it('refuses a value sort and a deep page without a cursor, naming sortBy and page', async () => {
    expectRefused(await list('/sales-orders', { sortBy: 'totalAmount' }), 'sortBy', narrow);
    expectRefused(await list('/sales-orders', { pageSize: 2, page: 4 }), 'page', narrow);
  });

  it('refuses a date range holding more orders than the budget, naming dateFrom', async () => {
    const res = await list('/sales-orders', { dateFrom: '2000-01-01' });
    expectRefused(res, 'dateFrom', narrow);
  });

  it('answers exactly a filter whose range fits the budget (a customer with 3 orders), within it', async () => {
    const res = await list('/sales-orders', { customerId: customers[0]!, search: 'needle' });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(3);
    expect(res.body.data).toHaveLength(3);
    expect(reads.count.scanned).toBeLessThanOrEqual(WITHIN);
    // The same search over the customer with 9 orders passes the budget.
    expectRefused(await list('/sales-orders', { customerId: customers[1]!, search: 'x' }), 'search', narrow);
  });

  it('keeps the counted lists (page 1, a status) at about a page, with exact totals', async () => {
    const page1 = await list('/sales-orders', { pageSize: 4 });
    expect(page1.status).toBe(200);
    expect(page1.body.pagination.total).toBe(ORDERS);
    expect(page1.body.data).toHaveLength(4);
    const cancelled = await list('/sales-orders', { status: 'CANCELLED' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.pagination.total).toBe(3);
  });

  it('serves the same search on the projection below the ceiling', async () => {
    configureSlimProjection({ maxRows: 300_000 });
    const res = await list('/sales-orders', { search: 'foods' });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(ORDERS);
  });
});

describe('products and customers above the projection ceiling', () => {
  const narrow = 'modifiedSince and sortBy=updatedAt';

  it('refuses a product search and a jump without a cursor, naming them', async () => {
    expectRefused(await list('/products', { search: 'ceiling' }), 'search', narrow);
    expectRefused(await list('/products', { pageSize: 2, page: 4 }), 'page', narrow);
  });

  it('keeps the product sync recipe on its key range, whatever the budget', async () => {
    const res = await list('/products', { modifiedSince: since, sortBy: 'updatedAt', sortDir: 'asc' });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(7);
  });

  it('refuses the unfiltered customer list (no maintained total) without naming a parameter', async () => {
    expectRefused(await list('/customers', {}), null, narrow);
    expectRefused(await list('/customers', { search: 'ceiling' }), 'search', narrow);
  });

  it('keeps the customer sync recipe on its key range', async () => {
    const res = await list('/customers', { modifiedSince: since, sortBy: 'updatedAt', sortDir: 'asc' });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(7);
  });
});
