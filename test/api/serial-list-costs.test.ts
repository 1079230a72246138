import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/dynamo/client.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { setSerialStatus } from '../../functions/areas/inventory/steps/serials.js';
import { availableSerials } from '../../functions/areas/inventory/store/serial-numbers.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product, warehouse } from '../support/inventory.js';
import { receiveSerials } from '../support/serials.js';

let t: Tenant;
let productId: string;
let manyId: string;
/** An instant just before 18 of product `manyId`'s units changed (the GSI6 test). */
let damagedFrom: string;
let warehouseId: string;
let scanned = 0;

/** Items DynamoDB read for Query calls (ScannedCount) while this file runs: what a list really costs. */
beforeAll(async () => {
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'QueryCommand') {
        scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'serialListCostCounter' },
  );
  t = await newTenant('Serial list cost org');
  const w = await warehouse(t);
  const [a, b] = await Promise.all([
    product(t, { requiresSerialTracking: true }),
    product(t, { requiresSerialTracking: true }),
  ]);
  productId = b.id;
  manyId = a.id;
  warehouseId = w.id;
  await receiveSerials(
    t,
    a.id,
    w,
    Array.from({ length: 20 }, (_, i) => `A-${i}`),
  );
  await receiveSerials(t, b.id, w, ['B-1', 'B-2', 'B-3']);
});

async function measure(query: Record<string, string | number>) {
  scanned = 0;
  const res = await call('GET', '/serial-numbers', { key: t.key, query });
  expect(res.status).toBe(200);
  return { body: res.body, scanned };
}

// Each test that narrows the list budget gets the configured one back.
afterEach(() => configureListBudget(undefined));

describe('serial list cost', () => {
  it('the default list reads about a page (total from the count); product and serial read their partitions', async () => {
    clearListCursors();
    const page1 = await measure({ pageSize: 5 });
    expect(page1.body.pagination.total).toBe(23);
    expect(page1.scanned).toBeLessThanOrEqual(6);
    const page2 = await measure({ pageSize: 5, page: 2 });
    expect(page2.scanned).toBeLessThanOrEqual(6);
    const byProduct = await measure({ productId });
    expect(byProduct.body.pagination.total).toBe(3);
    expect(byProduct.scanned).toBe(3);
    const bySerial = await measure({ serial: 'a-7' });
    expect(bySerial.body.data.map((s: { serialNumber: string }) => s.serialNumber)).toEqual(['A-7']);
    expect(bySerial.scanned).toBe(1);
  });
});

describe('serial lists over the organisation within the list budget', () => {
  it("a status filter over every serial reads its page and the products' counts, not the organisation", async () => {
    configureListBudget(10);
    clearListCursors();
    // 23 AVAILABLE, more than the budget: the 2 products' count items and the page's 5 entries.
    const fits = await measure({ status: 'AVAILABLE', pageSize: 5 });
    expect(fits.body.pagination.total).toBe(23);
    expect(fits.body.data).toHaveLength(5);
    expect(fits.scanned).toBe(2 + 5);
    // The product's partition answers the same filter exactly.
    const narrowed = await measure({ status: 'AVAILABLE', productId });
    expect(narrowed.body.pagination.total).toBe(3);
  });

  it('a page no cursor reaches is read within the budget; the page in order is not refused', async () => {
    configureListBudget(10);
    clearListCursors();
    const refused = await call('GET', '/serial-numbers', { key: t.key, query: { pageSize: 5, page: 4 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Query parameter 'page' /);
    // Walked in order, each page resumes where the last ended: every page answers.
    clearListCursors();
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const res = await measure({ pageSize: 5, page });
      expect(res.body.pagination.total).toBe(23);
      seen.push(...res.body.data.map((s: { id: string }) => s.id));
    }
    expect(new Set(seen).size).toBe(23);
  });
});

describe('one product read by the page, its total from its counts (session 41)', () => {
  it('reads about the page, whatever the product has; a page no cursor reaches is read within the budget', async () => {
    clearListCursors();
    const first = await measure({ productId: manyId, pageSize: 5 });
    expect(first.body.pagination.total).toBe(20);
    expect(first.scanned).toBeLessThanOrEqual(6);
    const second = await measure({ productId: manyId, pageSize: 5, page: 2 });
    expect(second.body.pagination.total).toBe(20);
    expect(second.scanned).toBeLessThanOrEqual(6);

    configureListBudget(10);
    clearListCursors();
    const refused = await call('GET', '/serial-numbers', {
      key: t.key,
      query: { productId: manyId, pageSize: 5, page: 4 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(
      /^Query parameter 'page' .*more than 10 rows or ~1 MB.*; narrow the list with status or serial$/,
    );
    clearListCursors();
    const walked: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const res = await measure({ productId: manyId, pageSize: 5, page });
      expect(res.body.pagination.total).toBe(20);
      walked.push(...res.body.data.map((s: { id: string }) => s.id));
    }
    expect(new Set(walked).size).toBe(20);
  });
});

describe('one status of a product reads that status alone (GSI6, session 41)', () => {
  it('the list by productId and status, and the pick candidates, read the units in that status only', async () => {
    const listed = await measure({ productId: manyId, pageSize: 100 });
    const ids = listed.body.data.map((s: { id: string }) => s.id as string);
    expect(ids).toHaveLength(20);
    // 18 of the product's 20 units leave AVAILABLE (the two newest stay).
    damagedFrom = new Date().toISOString();
    for (const id of ids.slice(2)) await setSerialStatus({ orgId: t.orgId, id, status: 'DAMAGED' });

    const available = await measure({ productId: manyId, status: 'AVAILABLE' });
    expect(available.body.pagination.total).toBe(2);
    expect(available.scanned).toBe(2);
    const damaged = await measure({ productId: manyId, status: 'DAMAGED', pageSize: 5 });
    expect(damaged.body.pagination.total).toBe(18);
    expect(damaged.scanned).toBeLessThanOrEqual(6);

    // What a pick reads for its candidates: the two AVAILABLE units, not the product's 20.
    scanned = 0;
    const candidates = await availableSerials(t.orgId, manyId, warehouseId, () => false);
    expect(candidates.map((s) => s.id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(scanned).toBe(2);
  });
});

describe('modifiedSince within the list budget (session 41)', () => {
  it('the changed range is read within the budget; past it the 400 names modifiedSince', async () => {
    configureListBudget(30);
    const fits = await measure({ modifiedSince: damagedFrom, pageSize: 5 });
    expect(fits.body.pagination.total).toBe(18);
    expect(fits.body.data).toHaveLength(5);
    expect(fits.scanned).toBe(18);

    configureListBudget(10);
    scanned = 0;
    const refused = await call('GET', '/serial-numbers', {
      key: t.key,
      query: { modifiedSince: damagedFrom },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_parameter');
    expect(refused.body.error.message).toMatch(
      /^Query parameter 'modifiedSince' .*more than 10 rows or ~1 MB.*; narrow the list with a later modifiedSince, productId or serial$/,
    );
    // The budget and one row more, then the oldest change (1 row): some serials are older than the instant.
    expect(scanned).toBe(11 + 1);
  });

  it('a first sync from before every serial changed is the list without modifiedSince, at any size', async () => {
    configureListBudget(10);
    clearListCursors();
    const unfiltered = await measure({ pageSize: 5 });
    clearListCursors();
    // 23 serials changed since 2000, more than the budget: the changed range is refused, its oldest change
    // read (1 row), then the unfiltered page.
    const first = await measure({ modifiedSince: '2000-01-01T00:00:00.000Z', pageSize: 5 });
    expect(first.body).toEqual(unfiltered.body);
    expect(first.body.pagination.total).toBe(23);
    expect(first.scanned).toBeLessThanOrEqual(11 + 1 + 5);
    // The same with a product past the budget: its page alone, its total from its counts.
    const ofProduct = await measure({
      productId: manyId,
      modifiedSince: '2000-01-01T00:00:00.000Z',
      pageSize: 5,
    });
    expect(ofProduct.body.pagination.total).toBe(20);
    expect(ofProduct.body.data).toHaveLength(5);
    expect(ofProduct.body.data.every((s: { product: { id: string } }) => s.product.id === manyId)).toBe(true);
  });

  it("a product's list reads its partition when its count fits the budget, else the changed range", async () => {
    configureListBudget(10);
    // Product b: 3 units, fewer than the budget: its partition, not the organisation's changes.
    const small = await measure({ productId, modifiedSince: '2020-01-01T00:00:00.000Z' });
    expect(small.body.pagination.total).toBe(3);
    expect(small.scanned).toBe(3);
    // Product a: 20 units, more than the budget: the changed range, filtered to it (18 changed, past 10).
    scanned = 0;
    const refused = await call('GET', '/serial-numbers', {
      key: t.key,
      query: { productId: manyId, modifiedSince: damagedFrom },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(
      /^Query parameter 'modifiedSince' .*; narrow the list with a later modifiedSince or status$/,
    );
    expect(scanned).toBe(11 + 1);
    // Within a budget of 30 its 20 units fit: its partition, filtered.
    configureListBudget(30);
    const changed = await measure({ productId: manyId, modifiedSince: damagedFrom, pageSize: 5 });
    expect(changed.body.pagination.total).toBe(18);
    expect(changed.scanned).toBe(20);
    // With a status whose count fits: that status's partition (2 AVAILABLE, unchanged since).
    configureListBudget(10);
    const available = await measure({ productId: manyId, status: 'AVAILABLE', modifiedSince: damagedFrom });
    expect(available.body.pagination.total).toBe(0);
    expect(available.scanned).toBe(2);
  });
});

describe('one status over the organisation reads that status alone (GSI5 keys, session 41)', () => {
  it("reads the page of the status's entries alone, its total from the products' counts, then the records by key", async () => {
    configureListBudget(10);
    clearListCursors();
    // 5 AVAILABLE (2 of product a, 3 of b) among 23: the 2 products' count items, then the status's 5 entries.
    const available = await measure({ status: 'AVAILABLE' });
    expect(available.body.pagination.total).toBe(5);
    expect(available.body.data.map((s: { status: string }) => s.status)).toEqual(Array(5).fill('AVAILABLE'));
    expect(available.scanned).toBe(2 + 5);

    // 18 DAMAGED, more than the budget of 10: each page reads its own 5 entries, the total is counted.
    const page1 = await measure({ status: 'DAMAGED', pageSize: 5 });
    expect(page1.body.pagination).toMatchObject({ total: 18, totalPages: 4 });
    expect(page1.scanned).toBe(2 + 5);
    const page2 = await measure({ status: 'DAMAGED', pageSize: 5, page: 2 });
    expect(page2.scanned).toBe(2 + 5);
    await measure({ status: 'DAMAGED', pageSize: 5, page: 3 });
    const page4 = await measure({ status: 'DAMAGED', pageSize: 5, page: 4 });
    expect(page4.body.data).toHaveLength(3);
    expect(page4.scanned).toBe(2 + 3);
    const seen = [...page1.body.data, ...page2.body.data].map((s: { id: string }) => s.id);
    expect(new Set(seen).size).toBe(10);
    expect(page1.body.data.every((s: { status: string }) => s.status === 'DAMAGED')).toBe(true);
    expect(page2.body.data.every((s: { status: string }) => s.status === 'DAMAGED')).toBe(true);

    // A page no cursor reaches is skipped to within the budget, past it the 400 names page.
    clearListCursors();
    scanned = 0;
    const jumped = await call('GET', '/serial-numbers', {
      key: t.key,
      query: { status: 'DAMAGED', pageSize: 5, page: 3 },
    });
    expect(jumped.status).toBe(400);
    expect(jumped.body.error.message).toMatch(
      /^Query parameter 'page' .*more than 10 rows or ~1 MB.*; narrow the list with productId or serial$/,
    );
    expect(scanned).toBe(2 + 11);
  });

  it('with more serial-tracked products than the budget, counts the status within it, past it names status', async () => {
    // 2 count items over a budget of 1: the status's own entries are read and counted instead.
    configureListBudget(1);
    scanned = 0;
    const refused = await call('GET', '/serial-numbers', { key: t.key, query: { status: 'DAMAGED' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(
      /^Query parameter 'status' .*more than 1 rows? or ~1 MB.*; narrow the list with productId or serial$/,
    );
    // A status whose entries fit the budget is still answered, counted from its entries.
    const sold = await measure({ status: 'SOLD' });
    expect(sold.body.pagination.total).toBe(0);
    expect(sold.body.data).toEqual([]);
  });
});
