import { beforeAll, describe, expect, it } from 'vitest';
import { createProductionOrderCommand } from '../../functions/areas/production-orders/steps/create.js';
import {
  cancelProductionOrderCommand,
  startProductionOrderCommand,
} from '../../functions/areas/production-orders/steps/transitions.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product, warehouse } from '../support/inventory.js';
import { recipe } from '../support/production.js';

let t: Tenant;
let other: Tenant;
let scanned = 0;

/** Counts the items DynamoDB read for Query calls (ScannedCount): what a list request really costs. */
beforeAll(async () => {
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'QueryCommand') {
        scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'productionListCostCounter' },
  );
  [t, other] = await Promise.all([newTenant('Production list org'), newTenant('Other production list org')]);
});

const list = (query: Record<string, string | number>, tenant: Tenant = t) =>
  call('GET', '/production-orders', { key: tenant.key, query });
const idsOf = (body: { data: { id: string }[] }) => body.data.map((o) => o.id);

describe('GET /production-orders', () => {
  let ids: { a: string; b: string; c: string; d: string };
  let numbers: string[];
  let cake: { id: string; sku: string; name: string };
  let bread: { id: string; sku: string; name: string };

  beforeAll(async () => {
    const [w, c, b, flour] = await Promise.all([
      warehouse(t),
      product(t, { name: `Chocolate cake ${Date.now()}` }),
      product(t),
      product(t),
    ]);
    cake = c;
    bread = b;
    await recipe(t, cake.id, [{ componentProductId: flour.id, quantity: 1 }]);
    await recipe(t, bread.id, [{ componentProductId: flour.id, quantity: 1 }]);
    const make = (productId: string, plannedStart: string) =>
      createProductionOrderCommand({
        orgId: t.orgId,
        productId,
        quantity: 1,
        warehouseId: w.id,
        plannedStart,
      });
    const a = await make(cake.id, '2030-01-10T09:00:00.000Z');
    const b2 = await make(bread.id, '2030-01-11T15:00:00.000Z');
    const c2 = await make(cake.id, '2030-01-12T00:00:00.000Z');
    const d = await make(bread.id, '2030-01-13T00:00:00.000Z');
    await startProductionOrderCommand({ orgId: t.orgId, id: b2.id });
    await cancelProductionOrderCommand({ orgId: t.orgId, id: d.id });
    ids = { a: a.id, b: b2.id, c: c2.id, d: d.id };
    numbers = [a.orderNumber, b2.orderNumber, c2.orderNumber, d.orderNumber];
  });

  it('lists newest first with summaries (no lines) and a total; another organisation sees none', async () => {
    const res = await list({});
    expect(idsOf(res.body)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(res.body.pagination).toEqual({ total: 4, page: 1, pageSize: 50, totalPages: 1 });
    expect(res.body.data[0]).not.toHaveProperty('lines');
    expect(res.body.data[0]).toMatchObject({
      orderNumber: numbers[3],
      status: 'CANCELLED',
      productId: bread.id,
      product: { sku: bread.sku },
      lineCount: 2,
    });
    const paged = await list({ pageSize: 3, page: 2 });
    expect(idsOf(paged.body)).toEqual([ids.a]);
    expect(paged.body.pagination).toMatchObject({ total: 4, totalPages: 2 });
    expect(idsOf((await list({}, other)).body)).toEqual([]);
  });

  it('filters by status: one, a comma list in any case; an unknown status is 400', async () => {
    expect(idsOf((await list({ status: 'planned' })).body)).toEqual([ids.c, ids.a]);
    expect((await list({ status: 'PLANNED' })).body.pagination.total).toBe(2);
    const several = await list({ status: 'In_Progress,CANCELLED' });
    expect(idsOf(several.body)).toEqual([ids.d, ids.b]);
    expect(several.body.pagination.total).toBe(2);
    expect(idsOf((await list({ status: 'COMPLETED' })).body)).toEqual([]);
    const bad = await list({ status: 'PLANNED,DONE' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_parameter');
  });

  it('filters by productId; a product not in the organisation (or no id at all) is 404', async () => {
    const res = await list({ productId: cake.id });
    expect(idsOf(res.body)).toEqual([ids.c, ids.a]);
    expect(res.body.pagination.total).toBe(2);
    expect(idsOf((await list({ productId: bread.id, status: 'cancelled' })).body)).toEqual([ids.d]);
    const stranger = await product(other);
    for (const productId of [stranger.id, 'missing', 'not an id']) {
      const miss = await list({ productId });
      expect(miss.status).toBe(404);
      expect(miss.body.error.code).toBe('not_found');
    }
    // A product of the organisation that was never produced: an empty page.
    const idle = await product(t);
    expect((await list({ productId: idle.id })).body.pagination.total).toBe(0);
  });

  it('dateFrom/dateTo bound plannedStartDate; a date-only dateTo covers its whole day; bad dates are 400', async () => {
    expect(idsOf((await list({ dateFrom: '2030-01-11', dateTo: '2030-01-11' })).body)).toEqual([ids.b]);
    expect(idsOf((await list({ dateFrom: '2030-01-11T16:00:00Z' })).body)).toEqual([ids.d, ids.c]);
    expect(idsOf((await list({ dateTo: '2030-01-10T08:59:59Z' })).body)).toEqual([]);
    expect(idsOf((await list({ dateTo: '2030-01-12', status: 'planned' })).body)).toEqual([ids.c, ids.a]);
    expect((await list({ dateFrom: 'yesterday' })).status).toBe(400);
  });

  it('search matches the order number and the product SKU and name, case-insensitively', async () => {
    expect(idsOf((await list({ search: numbers[1]!.toLowerCase() })).body)).toEqual([ids.b]);
    expect(idsOf((await list({ search: cake.sku.toLowerCase() })).body)).toEqual([ids.c, ids.a]);
    expect(idsOf((await list({ search: 'CHOCOLATE' })).body)).toEqual([ids.c, ids.a]);
    const combined = await list({ search: 'chocolate', productId: cake.id, status: 'PLANNED' });
    expect(idsOf(combined.body)).toEqual([ids.c, ids.a]);
    expect(combined.body.pagination.total).toBe(2);
  });

  it('modifiedSince keeps orders updated at or after the instant', async () => {
    const since = (await list({})).body.data.find((o: { id: string }) => o.id === ids.d).updatedAt as string;
    expect(idsOf((await list({ modifiedSince: since })).body)).toEqual([ids.d]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list({ modifiedSince: future })).body.pagination.total).toBe(0);
    expect((await list({ modifiedSince: 'soon' })).status).toBe(400);
  });
});

describe('GET /production-orders list cost', () => {
  let lt: Tenant;
  let cakeId: string;
  const N = 24;

  beforeAll(async () => {
    lt = await newTenant('Production list cost org');
    const [w, cake, bread, flour] = await Promise.all([warehouse(lt), product(lt), product(lt), product(lt)]);
    cakeId = cake.id;
    await recipe(lt, cake.id, [{ componentProductId: flour.id, quantity: 1 }]);
    await recipe(lt, bread.id, [{ componentProductId: flour.id, quantity: 1 }]);
    for (let i = 0; i < N; i += 1) {
      const order = await createProductionOrderCommand({
        orgId: lt.orgId,
        productId: i % 4 === 0 ? cake.id : bread.id,
        quantity: 1,
        warehouseId: w.id,
      });
      if (i % 3 === 0) await startProductionOrderCommand({ orgId: lt.orgId, id: order.id });
    }
  });

  const measure = async (query: Record<string, string | number>) => {
    scanned = 0;
    const res = await list(query, lt);
    expect(res.status).toBe(200);
    return { res, scanned };
  };

  it('page 1 and sequential pages read about a page; the total comes from the counter', async () => {
    clearListCursors();
    const first = await measure({ pageSize: 5 });
    expect(first.res.body.pagination).toEqual({ total: N, page: 1, pageSize: 5, totalPages: 5 });
    expect(first.scanned).toBeLessThanOrEqual(5);
    const second = await measure({ pageSize: 5, page: 2 });
    expect(second.scanned).toBeLessThanOrEqual(5);
    expect(idsOf(second.res.body)).not.toContain(idsOf(first.res.body)[0]);
  });

  it('one status, several statuses and one product read about a page each', async () => {
    clearListCursors();
    const planned = await measure({ pageSize: 5, status: 'PLANNED' });
    expect(planned.res.body.pagination.total).toBe(N - N / 3);
    expect(planned.scanned).toBeLessThanOrEqual(5);
    const both = await measure({ pageSize: 5, status: 'PLANNED,IN_PROGRESS' });
    expect(both.res.body.pagination.total).toBe(N);
    expect(both.scanned).toBeLessThanOrEqual(10);
    const cakes = await measure({ pageSize: 5, productId: cakeId });
    expect(cakes.res.body.pagination.total).toBe(N / 4);
    expect(cakes.scanned).toBeLessThanOrEqual(5);
  });

  it('a status named twice is read and counted once', async () => {
    clearListCursors();
    const twice = await measure({ pageSize: 5, status: 'PLANNED,IN_PROGRESS,PLANNED' });
    expect(twice.res.body.pagination.total).toBe(N);
    expect(new Set(idsOf(twice.res.body)).size).toBe(5);
    expect(twice.scanned).toBeLessThanOrEqual(10);
  });

  it('modifiedSince reads only the changed orders; search reads the matching range once', async () => {
    const all = (await list({ pageSize: 200 }, lt)).body.data as { updatedAt: string }[];
    const since = all.map((o) => o.updatedAt).sort()[N - 3]!;
    const changed = all.filter((o) => o.updatedAt >= since).length;
    const sync = await measure({ modifiedSince: since });
    expect(sync.res.body.pagination.total).toBe(changed);
    expect(sync.scanned).toBe(changed);
    expect(changed).toBeLessThan(N / 2);
    const searched = await measure({ search: 'MO-0000', pageSize: 5 });
    expect(searched.res.body.pagination.total).toBe(N);
    expect(searched.scanned).toBe(N);
  });
});
