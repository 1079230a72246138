/**
 * Issue 29 item 2: no legitimate write is refused because another request raced it. Bursts of creates in
 * one organisation, creates on one product's stock and merge-patches of one product all succeed, and the
 * documents get distinct numbers (unique numbering: gapless here, because no create fails).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, listLedger } from '../../functions/areas/inventory/store/stock.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, onHand, product, warehouse } from '../support/inventory.js';
import { createOrder, customer, draftOrder } from '../support/sales.js';

let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;

beforeAll(async () => {
  t = await newTenant('Concurrency org');
  wh = await warehouse(t);
});

const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(6, '0')}`);

/** The statuses answered, with the race's 409 message where there is one (for a readable failure). */
const outcomes = (results: { status: number; body: { error?: { message?: string } } }[]) =>
  results.map((r) =>
    r.status === 201 || r.status === 200 ? r.status : `${r.status} ${r.body.error?.message}`,
  );

describe('a burst of creates in one organisation', () => {
  it('40 concurrent adjustments over 10 products: every one 201, distinct numbers, every unit booked', async () => {
    const fresh = await newTenant('Adjustment burst org');
    const w = await warehouse(fresh);
    const products = await Promise.all(Array.from({ length: 10 }, () => product(fresh)));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        adjust(fresh, [{ productId: products[i % 10]!.id, warehouseId: w.id, quantityChange: 2 }]),
      ),
    );
    expect(outcomes(results)).toEqual(Array(40).fill(201));
    const numbers = results.map((r) => r.body.adjustmentNumber as string).sort();
    expect(numbers).toEqual(numbered('ADJ', 40));
    const levels = await Promise.all(products.map((p) => onHand(fresh, p.id)));
    expect(levels).toEqual(Array(10).fill(8));
  }, 180_000);

  it('30 concurrent adjustments of one product: every one 201 and the stock holds their sum', async () => {
    const p = await product(t);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: i + 1 }]),
      ),
    );
    expect(outcomes(results)).toEqual(Array(30).fill(201));
    expect(new Set(results.map((r) => r.body.adjustmentNumber)).size).toBe(30);
    expect(await onHand(t, p.id)).toBe((30 * 31) / 2);
  }, 180_000);

  it('40 concurrent sales-order creates for one customer: every one 201, numbers SO-000001..SO-000040', async () => {
    const fresh = await newTenant('Order burst org');
    const [c, p] = await Promise.all([customer(fresh), product(fresh, { defaultPrice: 10 })]);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        createOrder(fresh, { customerId: c.id, lines: [{ productId: p.id, quantity: 1, unitPrice: 10 }] }),
      ),
    );
    expect(outcomes(results)).toEqual(Array(40).fill(201));
    expect(results.map((r) => r.body.orderNumber as string).sort()).toEqual(numbered('SO', 40));
    const list = await call('GET', '/sales-orders', { key: fresh.key, query: { pageSize: 100 } });
    expect(list.body.pagination.total).toBe(40);
  }, 180_000);

  it('a create refused after its number was drawn leaves a gap, never a duplicate; a replay keeps its number', async () => {
    const fresh = await newTenant('Numbering gaps org');
    const w = await warehouse(fresh);
    const p = await product(fresh);
    const first = await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }]);
    const refused = await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: -5 }]);
    expect(refused.status).toBe(422);
    const headers = { 'Idempotency-Key': 'gap-replay-1' };
    const body = { reason: 'FOUND', lines: [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }] };
    const third = await call('POST', '/stock-adjustments', { key: fresh.key, body, headers });
    const replay = await call('POST', '/stock-adjustments', { key: fresh.key, body, headers });
    expect([first.status, third.status, replay.status]).toEqual([201, 201, 201]);
    expect(first.body.adjustmentNumber).toBe('ADJ-000001');
    expect(third.body.adjustmentNumber).toBe('ADJ-000003');
    expect(replay.body).toEqual(third.body);
    expect(await onHand(fresh, p.id)).toBe(2);
  });
});

/** The product's one stock-on-hand row, read by id (its item) and by search (the slim projection). */
async function stockRow(tenant: Tenant, p: { id: string; sku: string }) {
  const byId = await call('GET', '/stock-on-hand', { key: tenant.key, query: { productId: p.id } });
  const bySearch = await call('GET', '/stock-on-hand', { key: tenant.key, query: { search: p.sku } });
  expect(bySearch.body.data).toEqual(byId.body.data);
  const rows = byId.body.data as Record<string, unknown>[];
  expect(rows.length).toBeLessThanOrEqual(1);
  const row = rows[0];
  // Rows with nothing on hand or reserved are left out of the list.
  if (!row) return null;
  return { onHand: row.quantityOnHand, reserved: row.quantityReserved, available: row.quantityAvailable };
}

/** The organisation's ledger movements of the product (one entry per stock-moving document), sorted. */
async function ledgerQuantities(tenant: Tenant, productId: string): Promise<number[]> {
  const entries = (await listLedger(tenant.orgId)).map(ledgerEntries.fromItem);
  return entries
    .flatMap((e) => e.movements.filter((m) => m.productId === productId).map((m) => m.quantity))
    .sort((a, b) => a - b);
}

describe("one product's stock under concurrent writers (increments conditioned on the stock rule)", () => {
  it('15 confirms and 15 adjustments at once: every one succeeds, and on hand, reserved and the list row are exact', async () => {
    const fresh = await newTenant('Hot product org');
    const [w, c, p] = await Promise.all([
      warehouse(fresh),
      customer(fresh),
      product(fresh, { defaultPrice: 10 }),
    ]);
    expect((await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: 100 }])).status).toBe(
      201,
    );
    const orders = await Promise.all(
      Array.from({ length: 15 }, () =>
        draftOrder(fresh, [{ productId: p.id, quantity: 3 }], { customerId: c.id, warehouseId: w.id }),
      ),
    );
    const results = await Promise.all([
      ...orders.map((o) => call('POST', `/sales-orders/${o.id}/confirm`, { key: fresh.key })),
      ...Array.from({ length: 15 }, (_, i) =>
        adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: i % 2 === 0 ? 2 : -1 }]),
      ),
    ]);
    expect(outcomes(results)).toEqual([...Array(15).fill(200), ...Array(15).fill(201)]);
    // 100 + 8 x 2 - 7 x 1 on hand; 15 x 3 reserved.
    expect(await stockRow(fresh, p)).toEqual({ onHand: 109, reserved: 45, available: 64 });
    expect(await onHand(fresh, p.id)).toBe(109);
  }, 180_000);

  it('30 confirms of 1 against 20 available: exactly 20 confirm and 10 are 422, never over-reserved', async () => {
    const fresh = await newTenant('Short stock org');
    const [w, c, p] = await Promise.all([
      warehouse(fresh),
      customer(fresh),
      product(fresh, { defaultPrice: 10 }),
    ]);
    expect((await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: 20 }])).status).toBe(
      201,
    );
    const orders = await Promise.all(
      Array.from({ length: 30 }, () =>
        draftOrder(fresh, [{ productId: p.id, quantity: 1 }], { customerId: c.id, warehouseId: w.id }),
      ),
    );
    const results = await Promise.all(
      orders.map((o) => call('POST', `/sales-orders/${o.id}/confirm`, { key: fresh.key })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(10).fill(422)]);
    for (const r of results.filter((x) => x.status === 422)) {
      expect(r.body.error.message).toMatch(/^Insufficient stock for .*: available 0, required 1$/);
    }
    expect(await stockRow(fresh, p)).toEqual({ onHand: 20, reserved: 20, available: 0 });
  }, 180_000);

  it('25 adjustments of -1 against 10 on hand: exactly 10 land, 15 are 422, on hand 0 and the ledger exact', async () => {
    const fresh = await newTenant('Draining stock org');
    const w = await warehouse(fresh);
    const p = await product(fresh);
    expect((await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: 10 }])).status).toBe(
      201,
    );
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: -1 }]),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(15).fill(422)]);
    expect(await stockRow(fresh, p)).toBeNull();
    expect(await onHand(fresh, p.id)).toBe(0);
    expect(await ledgerQuantities(fresh, p.id)).toEqual([...Array<number>(10).fill(-1), 10]);
  }, 180_000);
});

describe('merge-patches without If-Match on one product', () => {
  const patches: Record<string, unknown>[] = [
    { description: 'Concurrent description' },
    { barcode: '9400000000017' },
    { costPrice: 4.25 },
    { defaultPrice: 9.5 },
    { taxRate: 0.15 },
    { weight: 1.75 },
    { minStockLevel: 5 },
    { maxStockLevel: 50 },
    { reorderQuantity: 12 },
    { notes: 'Concurrent notes' },
    { imageUrl: 'https://example.com/p.png' },
    { requiresInspection: true },
    { allergenReviewed: true },
    { requiresAllergenCheck: true },
    { requiresFinalQC: true },
    { requiresLineClearance: true },
    { expiryRequired: true },
    { shelfLifeDays: 30 },
    { containsAllergens: ['MILK'] },
    { mayContainAllergens: ['SESAME'] },
  ];

  it('20 concurrent PUTs of different fields: every one 200 and every field lands', async () => {
    const p = await product(t);
    const results = await Promise.all(
      patches.map((body) => call('PUT', `/products/${p.id}`, { key: t.key, body })),
    );
    expect(outcomes(results)).toEqual(Array(20).fill(200));
    const got = await call('GET', `/products/${p.id}`, { key: t.key });
    expect(got.body).toMatchObject(Object.assign({}, ...patches));
    // Every write moved the version (a patch of its own fields lands on whatever version it meets, so
    // two answers read back after both landed may show the same one): created at 1, 20 writes later 21.
    expect(got.headers.etag).toMatch(/^"v21-/);
    for (const r of results) expect(r.headers.etag).toMatch(/^"v([2-9]|1\d|2[01])-/);
  }, 180_000);

  it('10 concurrent PUTs of one field and a rename: every one 200, one of the values lands, every write counted', async () => {
    const p = await product(t);
    const notes = Array.from({ length: 10 }, (_, i) => `Racing notes ${i}`);
    const results = await Promise.all([
      ...notes.map((value) => call('PUT', `/products/${p.id}`, { key: t.key, body: { notes: value } })),
      call('PUT', `/products/${p.id}`, { key: t.key, body: { name: `Renamed ${p.sku}` } }),
    ]);
    expect(outcomes(results)).toEqual(Array(11).fill(200));
    const got = await call('GET', `/products/${p.id}`, { key: t.key });
    expect(notes).toContain(got.body.notes);
    expect(got.body.name).toBe(`Renamed ${p.sku}`);
    expect(got.headers.etag).toMatch(/^"v12-/);
    // The list (slim projection) shows the rename: the patches of notes did not overwrite its row.
    const listed = await call('GET', '/products', { key: t.key, query: { search: `Renamed ${p.sku}` } });
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([p.id]);
  }, 180_000);

  it('30 concurrent PUTs, 10 on each of three fields: every one 200 with a value written for its field, the last state consistent', async () => {
    const p = await product(t);
    const fields = {
      notes: (i: number) => `Crowded notes ${i}`,
      costPrice: (i: number) => 1 + i,
      barcode: (i: number) => `95${String(i).padStart(11, '0')}`,
    };
    const sent = Object.entries(fields).flatMap(([field, value]) =>
      Array.from({ length: 10 }, (_, i) => ({ field, value: value(i) })),
    );
    const results = await Promise.all(
      sent.map(({ field, value }) =>
        call('PUT', `/products/${p.id}`, { key: t.key, body: { [field]: value } }),
      ),
    );
    expect(outcomes(results)).toEqual(Array(30).fill(200));
    const written = (field: string) => sent.filter((s) => s.field === field).map((s) => s.value);
    // Each answer is the product as written: its own value, or one a later PUT of the same field wrote.
    results.forEach((r, i) => {
      expect(written(sent[i]!.field)).toContain(r.body[sent[i]!.field]);
      expect(r.headers.etag).toMatch(/^"v([2-9]|[12]\d|3[01])-/);
    });
    const got = await call('GET', `/products/${p.id}`, { key: t.key });
    for (const field of Object.keys(fields)) expect(written(field)).toContain(got.body[field]);
    // Created at 1, every PUT moved the version once.
    expect(got.headers.etag).toMatch(/^"v31-/);
    // The derived values (search text, barcode key, slim row) follow the barcode that landed.
    const byBarcode = await call('GET', '/products', { key: t.key, query: { barcode: got.body.barcode } });
    expect(byBarcode.body.data.map((r: { id: string }) => r.id)).toEqual([p.id]);
    const bySearch = await call('GET', '/products', { key: t.key, query: { search: got.body.barcode } });
    expect(bySearch.body.data.map((r: { id: string }) => r.id)).toEqual([p.id]);
  }, 180_000);

  it('10 concurrent PUTs of the barcode and a rename: the search text holds the new name and the barcode that landed', async () => {
    const p = await product(t);
    const barcodes = Array.from({ length: 10 }, (_, i) => `96${String(i).padStart(11, '0')}`);
    const renamed = `Renamed ${p.sku}`;
    const results = await Promise.all([
      ...barcodes.map((barcode) => call('PUT', `/products/${p.id}`, { key: t.key, body: { barcode } })),
      call('PUT', `/products/${p.id}`, { key: t.key, body: { name: renamed } }),
    ]);
    expect(outcomes(results)).toEqual(Array(11).fill(200));
    const got = await call('GET', `/products/${p.id}`, { key: t.key });
    expect(barcodes).toContain(got.body.barcode);
    expect(got.body.name).toBe(renamed);
    // A barcode patch decided on the old name must not write a search text without the rename.
    for (const search of [renamed, got.body.barcode as string]) {
      const listed = await call('GET', '/products', { key: t.key, query: { search } });
      expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([p.id]);
    }
    const stale = await call('GET', '/products', { key: t.key, query: { search: p.name } });
    expect(stale.body.data.map((r: { id: string }) => r.id)).not.toContain(p.id);
  }, 180_000);

  it("a patch without If-Match answers the record as it landed: its ETag is the next PUT's If-Match", async () => {
    const p = await product(t);
    const first = await call('PUT', `/products/${p.id}`, { key: t.key, body: { weight: 2.5 } });
    expect(first.status).toBe(200);
    expect(first.body.weight).toBe(2.5);
    expect(first.headers.etag).toMatch(/^"v2-/);
    const matched = await call('PUT', `/products/${p.id}`, {
      key: t.key,
      body: { notes: 'After the tag' },
      headers: { 'If-Match': first.headers.etag! },
    });
    expect(matched.status).toBe(200);
    const stale = await call('PUT', `/products/${p.id}`, {
      key: t.key,
      body: { notes: 'Stale' },
      headers: { 'If-Match': first.headers.etag! },
    });
    expect(stale.status).toBe(412);
    expect((await call('GET', `/products/${p.id}`, { key: t.key })).body).toMatchObject({
      weight: 2.5,
      notes: 'After the tag',
    });
  });
});
