/**
 * What the document lists read on the slim projection (issue 17): `search` and a page reached without a
 * remembered cursor read what changed since the container's last read plus the page, whatever the
 * collection's size; and every list answers exactly as the index reads do (the fallback when the
 * projection is too large to hold).
 */
import { createId } from '@paralleldrive/cuid2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPurchaseOrder, type PurchaseOrderStatus } from '../../domain/purchase-orders/purchase-order.js';
import { newSalesOrder, type SalesOrderStatus } from '../../domain/sales-orders/order.js';
import { customerAccountKey } from '../../functions/areas/customers/store/account.js';
import { setBatchStatus } from '../../functions/areas/inventory/steps/batches.js';
import {
  purchaseOrderCountsKey,
  purchaseOrders,
  supplierOrderCountKey,
} from '../../functions/areas/purchase-orders/store/purchase-orders.js';
import { salesOrderCountsKey, salesOrders } from '../../functions/areas/sales-orders/store/sales-orders.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { batchPut } from '../../functions/platform/dynamo/batch-write.js';
import { PutCommand } from '../../functions/platform/dynamo/commands.js';
import type { Key } from '../../functions/platform/dynamo/keys.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import {
  clearSlimProjections,
  configureSlimProjection,
} from '../../functions/platform/dynamo/slim-projection.js';
import { statusCounter } from '../../functions/platform/dynamo/status-counts.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { countReads } from '../support/read-counter.js';
import { batchOf, product } from '../support/inventory.js';
import { createPurchaseOrder, supplier } from '../support/purchase-orders.js';
import { customer, draftOrder, orderSetup } from '../support/sales.js';
import { customerFacts } from '../support/customer-facts.js';

const reads = countReads('documentListCostCounter');

beforeAll(() => {
  // Only rows stamped since the last read are read again, so a count shows what the refresh read.
  configureSlimProjection({ overlapMs: 0 });
});
afterAll(() => configureSlimProjection({ overlapMs: 5_000 }));

type Query = Record<string, string | number>;

async function measure(tenant: Tenant, path: string, query: Query) {
  reads.reset();
  const res = await call('GET', path, { key: tenant.key, query });
  expect(res.status).toBe(200);
  return {
    ids: res.body.data.map((d: { id: string }) => d.id) as string[],
    total: res.body.pagination.total as number,
    scanned: reads.count.scanned,
    gets: reads.count.gets,
  };
}

/**
 * Each query's answer (ids and total) on the projection, then on the index reads it falls back to when
 * the projection is larger than the container holds.
 */
async function projectedAndIndexed(tenant: Tenant, path: string, queries: Query[]) {
  const answers = async () => {
    const found = [];
    for (const query of queries) {
      clearListCursors();
      const { ids, total } = await measure(tenant, path, query);
      found.push({ query, ids, total });
    }
    return found;
  };
  clearSlimProjections();
  const projected = await answers();
  configureSlimProjection({ maxRows: 1 });
  clearSlimProjections();
  try {
    return { projected, indexed: await answers() };
  } finally {
    configureSlimProjection({ maxRows: 300_000 });
    clearSlimProjections();
  }
}

const put = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item }));

/** Instants a second apart, oldest first, ending an hour ago (before anything the API writes). */
const instant = (i: number) => new Date(Date.now() - 3_600_000 + i * 1_000).toISOString();

interface Seeded {
  /** Ids in creation (orderDate) order. */
  ids: string[];
  parties: string[];
}

/** The documents' varied fields: a party of three (the first named "Needle ..."), status, total, updatedAt. */
const shape = <S extends string>(i: number, statuses: readonly S[]) => ({
  party: i % 3,
  status: statuses[i % statuses.length]!,
  unitPrice: 1 + (i % 5),
  updatedAt: instant(((i * 7) % 40) + 50),
});

const partyName = (n: number) => (n === 0 ? 'Needle Foods' : `Party ${n}`);

/**
 * `count` documents written as the API writes them (`build` gives the item of the i-th, of that party and
 * shape), with the counters their lists read: the organisation's totals and each party's count.
 */
async function seedDocuments<S extends string>(
  tenant: Tenant,
  count: number,
  needles: number,
  kind: {
    statuses: readonly S[];
    build: (i: number, party: { id: string; name: string }, s: ReturnType<typeof shape<S>>) => Document;
    countsKey: (orgId: string) => Key;
    partyCount: (orgId: string, partyId: string, n: number) => Record<string, unknown>;
  },
): Promise<Seeded> {
  const parties = [createId(), createId(), createId()];
  const items: Record<string, unknown>[] = [];
  const ids: string[] = [];
  const byStatus = new Map<string, number>();
  const byParty = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    const s = shape(i, kind.statuses);
    const party = i < needles ? parties[s.party]! : parties[1 + (i % 2)]!;
    const document = kind.build(i, { id: party, name: partyName(parties.indexOf(party)) }, s);
    ids.push(document.id);
    items.push(document.item(tenant.orgId));
    byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
    byParty.set(party, (byParty.get(party) ?? 0) + 1);
  }
  await batchPut(items);
  await put({
    ...kind.countsKey(tenant.orgId),
    all: count,
    ...Object.fromEntries([...byStatus].map(([s, n]) => [statusCounter(s), n])),
  });
  for (const [party, n] of byParty) await put(kind.partyCount(tenant.orgId, party, n));
  return { ids, parties };
}

interface Document {
  id: string;
  item: (orgId: string) => Record<string, unknown>;
}

const productId = createId();
const dates = (i: number) => ({ id: createId(), sequence: i + 1, now: instant(i), newId: createId });

const seedSalesOrders = (tenant: Tenant, count: number, needles = count) =>
  seedDocuments<SalesOrderStatus>(tenant, count, needles, {
    statuses: ['DRAFT', 'CONFIRMED', 'DRAFT', 'CANCELLED'],
    build: (i, party, s) => {
      const order = newSalesOrder(
        { customerId: party.id, lines: [{ productId, quantity: 2, unitPrice: s.unitPrice }] },
        {
          customer: customerFacts({ ...party, code: 'C' }),
          products: new Map([[productId, { sku: 'S', name: 'N', isActive: true, productType: 'STOCKED' }]]),
        },
        dates(i),
      );
      const stored = { ...order, status: s.status, updatedAt: s.updatedAt };
      return { id: order.id, item: (orgId) => salesOrders.toItem(orgId, stored) };
    },
    countsKey: salesOrderCountsKey,
    partyCount: (orgId, partyId, n) => ({ ...customerAccountKey(orgId, partyId), orderCount: n }),
  });

const seedPurchaseOrders = (tenant: Tenant, count: number, needles = count) =>
  seedDocuments<PurchaseOrderStatus>(tenant, count, needles, {
    statuses: ['DRAFT', 'SUBMITTED', 'DRAFT', 'APPROVED'],
    build: (i, party, s) => {
      const order = newPurchaseOrder(
        { supplierId: party.id, lines: [{ productId, quantity: 2, unitPrice: s.unitPrice }] },
        {
          supplier: { ...party, code: 'S', isActive: true, currency: 'NZD' },
          products: new Map([[productId, { sku: 'S', name: 'N', isActive: true }]]),
        },
        dates(i),
      );
      const stored = { ...order, status: s.status, updatedAt: s.updatedAt };
      return { id: order.id, item: (orgId) => purchaseOrders.toItem(orgId, stored) };
    },
    countsKey: purchaseOrderCountsKey,
    partyCount: (orgId, partyId, n) => ({ ...supplierOrderCountKey(orgId, partyId), count: n }),
  });

const KINDS = [
  {
    path: '/sales-orders',
    party: 'customerId',
    statuses: ['DRAFT', 'CONFIRMED', 'CANCELLED'],
    seed: seedSalesOrders,
    /** One more order through the API, of a customer whose name the search finds. */
    write: async (tenant: Tenant) => {
      const s = await orderSetup(tenant, 0);
      const c = await customer(tenant, { name: 'Needle Bakery' });
      await draftOrder(tenant, [{ productId: s.product.id, quantity: 1 }], { customerId: c.id });
    },
  },
  {
    path: '/purchase-orders',
    party: 'supplierId',
    statuses: ['DRAFT', 'SUBMITTED', 'APPROVED'],
    seed: seedPurchaseOrders,
    write: async (tenant: Tenant) => {
      const [s, p] = await Promise.all([supplier(tenant, { name: 'Needle Mills' }), product(tenant)]);
      const res = await createPurchaseOrder(tenant, {
        supplierId: s.id,
        lines: [{ productId: p.id, quantity: 1, unitPrice: 1 }],
      });
      expect(res.status).toBe(201);
    },
  },
] as const;

describe.each(KINDS)('$path on the slim projection', (kind) => {
  it('search matching a few and a cursor-less deep page read the page plus what changed, at 30 and 120 documents', async () => {
    const costs: number[][] = [];
    for (const size of [30, 120]) {
      const tenant = await newTenant(`Document list cost ${size}`);
      // The first 9 documents spread over three parties, 3 of them "Needle Foods"; the rest are others'.
      const seeded = await kind.seed(tenant, size, 9);
      await measure(tenant, kind.path, { search: 'needle' }); // a fresh container loads the projection
      const search = await measure(tenant, kind.path, { search: 'needle', pageSize: 50 });
      expect([search.ids, search.total]).toEqual([[6, 3, 0].map((i) => seeded.ids[i]), 3]);
      clearListCursors();
      const deep = await measure(tenant, kind.path, { pageSize: 10, page: 3 });
      expect([deep.ids, deep.total]).toEqual([seeded.ids.slice(size - 30, size - 20).reverse(), size]);
      const byTotal = await measure(tenant, kind.path, { sortBy: 'totalAmount', pageSize: 5 });
      expect(byTotal.total).toBe(size);
      costs.push([search.scanned, search.gets, deep.scanned, deep.gets, byTotal.scanned, byTotal.gets]);

      // A document written since: the next search reads it (the rows written since the last read) only.
      await kind.write(tenant);
      const fresh = await measure(tenant, kind.path, { search: 'needle' });
      expect(fresh.total).toBe(4);
      expect(fresh.gets).toBe(4);
      expect(fresh.scanned).toBeLessThanOrEqual(1);
    }
    // Nothing scanned (nothing changed since the last read), only the page's items read by key.
    expect(costs).toEqual([
      [0, 3, 0, 10, 0, 5],
      [0, 3, 0, 10, 0, 5],
    ]);
  }, 60_000);

  it('answers every list exactly as the index reads do (ids, order and totals)', async () => {
    const tenant = await newTenant('Document list equivalence');
    const seeded = await kind.seed(tenant, 40);
    const [one, two] = seeded.parties;
    const [first, second, third] = kind.statuses;
    const queries: Query[] = [
      {},
      { page: 3, pageSize: 7 },
      { sortDir: 'asc', page: 2, pageSize: 7 },
      { status: first },
      { status: `${first},${third}`, page: 2, pageSize: 5 },
      { [kind.party]: one! },
      { [kind.party]: one!, page: 2, pageSize: 4 },
      { [kind.party]: two!, status: second },
      { search: 'needle' },
      { search: 'needle', status: first, sortDir: 'asc' },
      { search: '-00001' },
      { dateFrom: instant(5), dateTo: instant(25) },
      { dateFrom: instant(30), sortDir: 'asc', [kind.party]: two! },
      { dateTo: instant(3).slice(0, 10) },
      { modifiedSince: instant(70) },
      { modifiedSince: instant(70), sortBy: 'updatedAt', sortDir: 'asc' },
      { modifiedSince: instant(60), sortBy: 'orderNumber' },
      { sortBy: 'totalAmount' },
      { sortBy: 'totalAmount', sortDir: 'asc', page: 2, pageSize: 6 },
      { sortBy: 'orderNumber', sortDir: 'asc', pageSize: 9 },
      { sortBy: 'updatedAt', status: first },
      { sortBy: 'updatedAt', page: 4, pageSize: 5 },
      { sortBy: 'createdAt', [kind.party]: two! },
    ];
    const { projected, indexed } = await projectedAndIndexed(tenant, kind.path, queries);
    expect(projected).toEqual(indexed);
    expect(projected.every((a) => a.total > 0)).toBe(true);
  }, 60_000);
});

describe('GET /batches on the slim projection', () => {
  it('search, status with product and a cursor-less deep page answer exactly as the index reads do', async () => {
    const tenant = await newTenant('Batch list equivalence');
    const products = await Promise.all([0, 1].map(() => product(tenant, { isBatchTracked: true })));
    const lots = [];
    for (let i = 0; i < 14; i += 1) {
      const expiry = i % 4 === 3 ? undefined : `2031-0${1 + (i % 3)}-1${i % 2}`;
      lots.push(await batchOf(tenant, products[i % 2]!.id, expiry));
    }
    const since = new Date().toISOString();
    for (const i of [2, 5, 9]) {
      await setBatchStatus({ orgId: tenant.orgId, id: lots[i]!.id, action: 'quarantine' });
    }
    const queries: Query[] = [
      { page: 3, pageSize: 4 },
      { search: 'lot-' },
      { search: 'LOT', pageSize: 5, page: 2 },
      { search: 'lot', expiryAfter: '2031-02-01' },
      { search: 'lot', expiryBefore: '2031-02-28', status: 'ACTIVE' },
      { search: 'lot', modifiedSince: since },
      { productId: products[0]!.id, status: 'QUARANTINED' },
      { productId: products[1]!.id, status: 'ACTIVE', pageSize: 2, page: 2 },
      { search: lots[7]!.batchNumber.toLowerCase(), productId: products[1]!.id },
    ];
    const { projected, indexed } = await projectedAndIndexed(tenant, '/batches', queries);
    expect(projected).toEqual(indexed);
    expect(projected.every((a) => a.total > 0)).toBe(true);
    // Warm: a search reads no lot rows from an index, only the page's lots (and their products' stock).
    await measure(tenant, '/batches', { search: 'lot-' }); // loads the projection
    const warm = await measure(tenant, '/batches', { search: 'lot-', pageSize: 5 });
    expect([warm.total, warm.scanned, warm.gets]).toEqual([14, 0, 5 + 2]);
  }, 60_000);
});
