/**
 * Sales orders in the bench: the list cost at each size (page 1, a status-filtered page, a customer's
 * page, and what the counters cannot answer: search, status with customer, a value sort, a cursor-less
 * jump) over orders seeded with the same items the API writes, and the write endpoints.
 */
import { createId } from '@paralleldrive/cuid2';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { newSalesOrder, type SalesOrderStatus } from '../domain/sales-orders/order.js';
import { db } from '../functions/platform/dynamo/client.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { customerAccountKey } from '../functions/areas/customers/store/account.js';
import {
  salesOrderCountsKey,
  salesOrderProjection,
  salesOrders,
  statusCounter,
} from '../functions/areas/sales-orders/store/sales-orders.js';
import { createWarehouse } from '../functions/areas/inventory/steps/warehouses.js';
import { clearListCursors } from '../functions/platform/dynamo/query-window.js';
import { clearSlimProjections } from '../functions/platform/dynamo/slim-projection.js';
import { send } from './api.js';
import { COLD_LOAD_MAX, measureListCase, type ListCase } from './lists.js';
import type { Recorder } from './measure.js';
import { batchWrite, newBenchTenant, seedProducts, type BenchTenant } from './seed.js';
import { reps as smokeReps } from './smoke.js';
import { snapshotAfterFirstSearch } from './snapshot-after-mark.js';

const PAGE_SIZE = 50;

/** A customer through the API (so its item is exactly what the API writes). */
export async function benchCustomer(tenant: BenchTenant, code: string): Promise<string> {
  const res = await send<{ id: string }>(
    { method: 'POST', path: '/customers', key: tenant.key, body: { code, name: `Customer ${code}` } },
    201,
  );
  return res.id;
}

/** The orders a bench seeds: lines per order, and one in `cancelledEvery` CANCELLED (the rest DRAFT). */
export interface OrderShape {
  lines: number;
  cancelledEvery: number;
}

/** Seeds `count` orders (10 lines each, 1 in 5 CANCELLED, unless `shape` says), spread over the customers. */
export async function seedOrders(
  tenant: BenchTenant,
  count: number,
  customers: string[],
  shape: OrderShape = { lines: 10, cancelledEvery: 5 },
) {
  const base = Date.parse(tenant.seededBefore) - 86_400_000;
  const products = new Map(
    tenant.productIds
      .slice(0, shape.lines)
      .map((id, i) => [
        id,
        { sku: `BENCH-${i}`, name: `Bench product ${i}`, isActive: true, productType: 'STOCKED' as const },
      ]),
  );
  const items: Record<string, unknown>[] = [];
  const statusCounts = new Map<SalesOrderStatus, number>();
  const perCustomer = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    const customerId = customers[i % customers.length]!;
    const order = newSalesOrder(
      {
        customerId,
        lines: [...products.keys()].map((productId) => ({ productId, quantity: 2, unitPrice: 3.5 })),
      },
      {
        customer: {
          id: customerId,
          code: 'C',
          name: `Customer ${i % customers.length}`,
          isActive: true,
          currency: 'NZD',
          discountPct: null,
          taxExempt: false,
          salesRepId: null,
          addresses: [],
        },
        products,
      },
      { id: createId(), sequence: i + 1, now: new Date(base + i * 10).toISOString(), newId: createId },
    );
    const status: SalesOrderStatus =
      i % shape.cancelledEvery === shape.cancelledEvery - 1 ? 'CANCELLED' : 'DRAFT';
    items.push(salesOrders.toItem(tenant.orgId, { ...order, status }));
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
    perCustomer.set(customerId, (perCustomer.get(customerId) ?? 0) + 1);
  }
  await batchWrite(items);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...salesOrderCountsKey(tenant.orgId),
        all: count,
        ...Object.fromEntries([...statusCounts].map(([s, n]) => [statusCounter(s), n])),
      },
    }),
  );
  for (const [customerId, n] of perCustomer) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...customerAccountKey(tenant.orgId, customerId), orderCount: n },
      }),
    );
  }
}

export async function measureSalesOrderLists(
  sizes: readonly number[],
  recorder: Recorder,
  log: (line: string) => void,
): Promise<ListCase[]> {
  const cases: ListCase[] = [];
  for (const size of sizes) {
    const started = Date.now();
    const tenant = await newBenchTenant(`Bench orders ${size}`);
    await seedProducts(tenant, 10);
    const customers: string[] = [];
    for (let i = 0; i < 10; i += 1) customers.push(await benchCustomer(tenant, `BC-${i}`));
    await seedOrders(tenant, size, customers);
    log(`  seeded ${size} sales orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const fromSnapshot = await snapshotAfterFirstSearch(tenant, {
      path: '/sales-orders',
      collection: salesOrderProjection.collection(tenant.orgId),
      query: { pageSize: PAGE_SIZE, search: 'so-000777' },
    });
    const reps = smokeReps(size >= 100_000 ? 2 : 5);
    const run = async (name: string, query: ListCase['query']) => {
      cases.push(
        await measureListCase(recorder, { path: '/sales-orders', key: tenant.key, size, name, query, reps }),
      );
      log(`  ${size} orders ${name}: p50 ${cases[cases.length - 1]!.latency.p50.toFixed(1)} ms`);
    };
    await run('page 1', { pageSize: PAGE_SIZE });
    await run('status=CANCELLED, page 1', { pageSize: PAGE_SIZE, status: 'CANCELLED' });
    await run('status=DRAFT,CANCELLED, page 1', { pageSize: PAGE_SIZE, status: 'DRAFT,CANCELLED' });
    await run('customerId, page 1', { pageSize: PAGE_SIZE, customerId: customers[3]! });
    // The cases the maintained counters cannot answer (issue 17): search, dates, value sorts, jumps.
    await run('search, 10% (a customer name), page 1', { pageSize: PAGE_SIZE, search: 'customer 3' });
    await run('search, 1 match (an order number)', { pageSize: PAGE_SIZE, search: 'so-000777' });
    await run('status + customerId, page 1', {
      pageSize: PAGE_SIZE,
      status: 'CANCELLED',
      customerId: customers[4]!,
    });
    await run('sortBy=totalAmount, page 1', { pageSize: PAGE_SIZE, sortBy: 'totalAmount' });
    const deepPage = Math.max(2, Math.floor(size / PAGE_SIZE / 2));
    cases.push(
      await measureListCase(recorder, {
        path: '/sales-orders',
        key: tenant.key,
        size,
        name: `page ${deepPage} (jump, no cursor)`,
        query: { pageSize: PAGE_SIZE, page: deepPage },
        before: async () => clearListCursors(),
        reps,
      }),
    );
    log(`  ${size} orders page ${deepPage}: p50 ${cases[cases.length - 1]!.latency.p50.toFixed(1)} ms`);
    // What the first such request of a fresh container pays: loading the orders' slim rows (from their
    // snapshot; a whole load up to BENCH_COLD_LOAD_MAX rows, as for products: beyond, Local's paging dominates).
    if (!fromSnapshot && size > COLD_LOAD_MAX) continue;
    cases.push(
      await measureListCase(recorder, {
        path: '/sales-orders',
        key: tenant.key,
        size,
        name: `search, cold projection (${fromSnapshot ? 'from its packed snapshot' : `load ${size} slim rows`})`,
        query: { pageSize: PAGE_SIZE, search: 'so-000777' },
        before: async () => clearSlimProjections(),
        reps,
      }),
    );
    log(`  ${size} orders cold search: p50 ${cases[cases.length - 1]!.latency.p50.toFixed(1)} ms`);
  }
  return cases;
}

/** The body of a 10-line order over the tenant's first products. */
export const tenLineOrder = (tenant: BenchTenant, customerId: string, warehouseId?: string) => ({
  customerId,
  ...(warehouseId ? { warehouseId } : {}),
  lines: tenant.productIds
    .slice(0, 10)
    .map((productId) => ({ productId, quantity: 1, unitPrice: 4.25, taxRate: 0.15 })),
});

/** `count` DRAFT 10-line orders in a warehouse holding enough of each product to confirm them all. */
export async function draftOrdersToConfirm(tenant: BenchTenant, customerId: string, count: number) {
  const warehouse = await createWarehouse({ orgId: tenant.orgId, code: 'BENCH-WH', name: 'Bench warehouse' });
  await send(
    {
      method: 'POST',
      path: '/stock-adjustments',
      key: tenant.key,
      body: {
        reason: 'FOUND',
        lines: tenant.productIds.slice(0, 10).map((productId) => ({
          productId,
          warehouseId: warehouse.id,
          quantityChange: count * 2,
        })),
      },
    },
    201,
  );
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const order = await send<{ id: string }>(
      {
        method: 'POST',
        path: '/sales-orders',
        key: tenant.key,
        body: tenLineOrder(tenant, customerId, warehouse.id),
      },
      201,
    );
    ids.push(order.id);
  }
  return ids;
}
