import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, product, unique, warehouse } from '../support/inventory.js';
import { customer, draftOrder, orderSetup } from '../support/sales.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('ETag org'), newTenant('Other ETag org')]);
});

const TAG = /^"v(\d+)-[A-Za-z0-9_-]{16}"$/;
const versionOf = (tag: string) => Number(TAG.exec(tag)![1]);

async function supplier() {
  const res = await call('POST', '/suppliers', { key: t.key, body: { code: `S-${unique()}`, name: 'Mill' } });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

/** Each tagged record: how to create one, and a PUT body that changes it. */
const RECORDS = [
  { path: '/products', create: () => product(t), change: () => ({ name: `Renamed ${unique()}` }) },
  { path: '/customers', create: () => customer(t), change: () => ({ name: `Renamed ${unique()}` }) },
  { path: '/suppliers', create: supplier, change: () => ({ name: `Renamed ${unique()}` }) },
] as const;

describe.each(RECORDS)('ETags on $path/{id}', ({ path, create, change }) => {
  it('GET returns a strong ETag; If-None-Match with it is 304 without a body, keeping the headers', async () => {
    const { id } = await create();
    const first = await call('GET', `${path}/${id}`, { key: t.key });
    expect(first.status).toBe(200);
    const tag = first.headers.etag!;
    expect(tag).toMatch(TAG);
    expect(versionOf(tag)).toBe(1);

    const again = await call('GET', `${path}/${id}`, { key: t.key, headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.raw).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['x-request-id']).toBeTruthy();
    expect(again.headers['x-ratelimit-remaining']).toBeDefined();

    // A list holding the tag, the weak form and `*` match too (weak comparison).
    for (const header of [`"v0-xxxx", ${tag}`, `W/${tag}`, '*']) {
      const res = await call('GET', `${path}/${id}`, { key: t.key, headers: { 'if-none-match': header } });
      expect(res.status, header).toBe(304);
    }
    const stale = await call('GET', `${path}/${id}`, {
      key: t.key,
      headers: { 'if-none-match': '"v1-other"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.headers.etag).toBe(tag);
  });

  it('PUT with the current If-Match applies and returns the new ETag; a stale one is 412 and changes nothing', async () => {
    const { id } = await create();
    const tag = (await call('GET', `${path}/${id}`, { key: t.key })).headers.etag!;
    const body = change();
    const put = await call('PUT', `${path}/${id}`, { key: t.key, body, headers: { 'if-match': tag } });
    expect(put.status).toBe(200);
    expect(put.body.name).toBe(body.name);
    const next = put.headers.etag!;
    expect(versionOf(next)).toBe(2);
    expect((await call('GET', `${path}/${id}`, { key: t.key })).headers.etag).toBe(next);

    const stale = await call('PUT', `${path}/${id}`, {
      key: t.key,
      body: change(),
      headers: { 'if-match': tag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('precondition_failed');
    expect((await call('GET', `${path}/${id}`, { key: t.key })).body.name).toBe(body.name);

    // Weak tags and tags this API never issued match nothing; `*` matches any version.
    for (const header of [`W/${next}`, '"whatever"', 'garbage']) {
      const res = await call('PUT', `${path}/${id}`, {
        key: t.key,
        body: change(),
        headers: { 'if-match': header },
      });
      expect(res.status, header).toBe(412);
    }
    const any = await call('PUT', `${path}/${id}`, {
      key: t.key,
      body: change(),
      headers: { 'if-match': '*' },
    });
    expect(any.status).toBe(200);
    // Without If-Match a PUT is unconditional, as the spec has it.
    expect((await call('PUT', `${path}/${id}`, { key: t.key, body: change() })).status).toBe(200);
  });

  it('two PUTs racing with the same If-Match: one applies, the other is 412', async () => {
    const { id } = await create();
    const tag = (await call('GET', `${path}/${id}`, { key: t.key })).headers.etag!;
    const results = await Promise.all(
      [0, 1].map(() =>
        call('PUT', `${path}/${id}`, { key: t.key, body: change(), headers: { 'if-match': tag } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it('is 404 for another organisation, with or without If-Match', async () => {
    const { id } = await create();
    const tag = (await call('GET', `${path}/${id}`, { key: t.key })).headers.etag!;
    expect(
      (await call('GET', `${path}/${id}`, { key: other.key, headers: { 'if-none-match': tag } })).status,
    ).toBe(404);
    expect(
      (await call('PUT', `${path}/${id}`, { key: other.key, body: change(), headers: { 'if-match': tag } }))
        .status,
    ).toBe(404);
  });
});

describe('ETags follow what the representation shows', () => {
  it("a product's tag changes when its stock moves (same version), and If-Match still accepts the old tag", async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const before = (await call('GET', `/products/${p.id}`, { key: t.key })).headers.etag!;
    expect((await adjust(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 5 }])).status).toBe(201);
    const after = await call('GET', `/products/${p.id}`, {
      key: t.key,
      headers: { 'if-none-match': before },
    });
    expect(after.status).toBe(200);
    expect(after.body.totalStockOnHand).toBe(5);
    expect(after.headers.etag).not.toBe(before);
    expect(versionOf(after.headers.etag!)).toBe(versionOf(before));
    // If-Match guards the product's own fields: stock moving is not a lost update of them.
    const put = await call('PUT', `/products/${p.id}`, {
      key: t.key,
      body: { name: `Renamed ${unique()}` },
      headers: { 'if-match': before },
    });
    expect(put.status).toBe(200);
  });

  it('a PUT that changes nothing keeps the version and the tag', async () => {
    const p = await product(t);
    const read = await call('GET', `/products/${p.id}`, { key: t.key });
    const put = await call('PUT', `/products/${p.id}`, {
      key: t.key,
      body: { name: read.body.name },
      headers: { 'if-match': read.headers.etag! },
    });
    expect(put.status).toBe(200);
    expect(put.headers.etag).toBe(read.headers.etag);
  });
});

describe('ETags on GET /sales-orders/{id}', () => {
  it('is tagged by version; a transition gives a new tag; 304 on a match; 404 across organisations', async () => {
    const setup = await orderSetup(t, 10);
    const order = await draftOrder(t, [{ productId: setup.product.id, quantity: 2 }], {
      customerId: setup.customer.id,
      warehouseId: setup.warehouse.id,
    });
    const read = await call('GET', `/sales-orders/${order.id}`, { key: t.key });
    const tag = read.headers.etag!;
    expect(tag).toMatch(TAG);
    const same = await call('GET', `/sales-orders/${order.id}`, {
      key: t.key,
      headers: { 'if-none-match': tag },
    });
    expect(same.status).toBe(304);
    expect((await call('POST', `/sales-orders/${order.id}/confirm`, { key: t.key })).status).toBe(200);
    const moved = await call('GET', `/sales-orders/${order.id}`, {
      key: t.key,
      headers: { 'if-none-match': tag },
    });
    expect(moved.status).toBe(200);
    expect(versionOf(moved.headers.etag!)).toBeGreaterThan(versionOf(tag));
    expect(
      (await call('GET', `/sales-orders/${order.id}`, { key: other.key, headers: { 'if-none-match': tag } }))
        .status,
    ).toBe(404);
  });
});

describe('untagged endpoints', () => {
  it('send no ETag and ignore conditional headers', async () => {
    const list = await call('GET', '/products', { key: t.key, headers: { 'if-none-match': '*' } });
    expect(list.status).toBe(200);
    expect(list.headers.etag).toBeUndefined();
    const created = await call('POST', '/products', {
      key: t.key,
      body: { sku: `P-${unique()}`, name: `P ${unique()}` },
      headers: { 'if-match': '"v9-nothing"' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.etag).toBeUndefined();
  });
});
