import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadOf } from '../../domain/webhooks/delivery.js';
import { newEvent, outboxPut } from '../../functions/platform/journal/journal.js';
import { transact } from '../../functions/platform/dynamo/transact.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, product, warehouse } from '../support/inventory.js';
import { customer } from '../support/sales.js';
import { outboxItems } from '../support/outbox.js';

let t: Tenant;
let other: Tenant;
const settled = process.env.EVENTS_SETTLE_SECONDS;

// Events are served once settled; tests read what they just wrote (one test checks the window itself).
const pause = () => new Promise((r) => setTimeout(r, 5));
const events = async (query: Record<string, string | number> = {}, tenant = t) => {
  await pause();
  return call('GET', '/events', { key: tenant.key, query });
};

/** Every page from `since` on, following nextCursor until hasMore is false. */
async function readAll(query: Record<string, string | number>) {
  const pages: any[] = [];
  let res = await events(query);
  pages.push(res.body);
  while (res.body.hasMore) {
    res = await events({ ...query, since: res.body.nextCursor });
    expect(res.status).toBe(200);
    pages.push(res.body);
  }
  return { pages, data: pages.flatMap((p) => p.data), last: pages.at(-1) };
}

beforeAll(async () => {
  process.env.EVENTS_SETTLE_SECONDS = '0';
  [t, other] = await Promise.all([newTenant('Event log org'), newTenant('Other event log org')]);
  // One outbox item per write: a product, a stock adjustment over three products (one item, several
  // events), a customer.
  const products = [await product(t), await product(t), await product(t)];
  const w = await warehouse(t);
  const res = await adjust(
    t,
    products.map((p) => ({ productId: p.id, warehouseId: w.id, quantityChange: 4 })),
  );
  expect(res.status).toBe(201);
  await customer(t);
});
afterAll(() => {
  if (settled === undefined) delete process.env.EVENTS_SETTLE_SECONDS;
  else process.env.EVENTS_SETTLE_SECONDS = settled;
});

describe('GET /events', () => {
  it('serves every outbox event, oldest first, in exactly the envelope webhooks carry', async () => {
    const items = await outboxItems(t.orgId);
    expect(items.some((item) => item.events.length >= 3)).toBe(true);
    const stored = items.flatMap((item) => item.events.map(payloadOf));
    expect(stored.length).toBeGreaterThanOrEqual(7);
    const res = await events({ pageSize: 200 });
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(false);
    expect(res.body.nextCursor).toMatch(/^ec1\./);
    expect(res.body.data).toEqual(stored);
    expect(Object.keys(res.body.data[0])).toEqual(['id', 'event', 'occurredAt', 'orgId', 'data']);
    const times = res.body.data.map((e: { occurredAt: string }) => e.occurredAt);
    expect(times).toEqual([...times].sort());
    expect(res.body.data.filter((e: { event: string }) => e.event === 'stock.level_changed')).toHaveLength(3);
  });

  it('pages with the cursor, also inside one write with several events, never repeating or skipping', async () => {
    const all = (await events({ pageSize: 200 })).body.data;
    for (const pageSize of [1, 2, 3]) {
      const { pages, data, last } = await readAll({ pageSize });
      expect(data, `pageSize ${pageSize}`).toEqual(all);
      expect(pages.every((p) => p.data.length <= pageSize)).toBe(true);
      expect(last.hasMore).toBe(false);
    }
  });

  it('resumes from the last cursor once caught up: only what happened since', async () => {
    const caughtUp = await readAll({ pageSize: 50 });
    const p = await product(t);
    const next = await events({ since: caughtUp.last.nextCursor });
    expect(next.body.data.map((e: any) => [e.event, e.data.id])).toEqual([['product.created', p.id]]);
    expect(next.body.hasMore).toBe(false);
    const again = await events({ since: next.body.nextCursor });
    expect(again.body.data).toEqual([]);
  });

  it('filters by type (one or several), per event inside mixed writes', async () => {
    const stock = await events({ type: 'stock.level_changed' });
    expect(stock.body.data).toHaveLength(3);
    const both = await events({ type: 'customer.created,stock.level_changed' });
    expect(both.body.data.map((e: any) => e.event).sort()).toEqual([
      'customer.created',
      'stock.level_changed',
      'stock.level_changed',
      'stock.level_changed',
    ]);
    // The filter and the cursor together: one stock event a page.
    const paged = await readAll({ type: 'stock.level_changed', pageSize: 1 });
    expect(paged.data).toEqual(stock.body.data);
  });

  it('takes since as a date or date-time: events at or after it', async () => {
    const all = (await events({ pageSize: 200 })).body.data;
    const pivot = all.find((e: any) => e.event === 'customer.created')!.occurredAt;
    const later = await events({ since: pivot, pageSize: 200 });
    expect(later.body.data).toEqual(all.filter((e: any) => e.occurredAt >= pivot));
    const future = await events({ since: '2999-01-01' });
    expect(future.body).toEqual({ data: [], nextCursor: expect.any(String), hasMore: false });
    const today = await events({ since: new Date().toISOString().slice(0, 10), pageSize: 200 });
    expect(today.body.data.length).toBeGreaterThan(0);
  });

  it('serves 30 days: older events are not served even while TTL has not removed them', async () => {
    const tenant = await newTenant('Event retention org');
    const day = 24 * 3600 * 1000;
    const old = newEvent(
      tenant.orgId,
      'product.created',
      { id: 'old' },
      new Date(Date.now() - 31 * day).toISOString(),
    );
    const kept = newEvent(
      tenant.orgId,
      'product.created',
      { id: 'kept' },
      new Date(Date.now() - 29 * day).toISOString(),
    );
    await transact([outboxPut([old])]);
    await transact([outboxPut([kept])]);
    for (const since of [undefined, '2000-01-01']) {
      const res = await events(since ? { since } : {}, tenant);
      expect(res.body.data.map((e: any) => e.data.id)).toEqual(['kept']);
    }
    const [item] = (await outboxItems(tenant.orgId)).filter((i) => i.events[0].data.id === 'kept');
    expect(item!.ttl).toBe(Math.floor(Date.parse(kept.occurredAt) / 1000) + 30 * 24 * 3600);
  });

  it('holds back events younger than the settle window, and the cursor never passes them', async () => {
    const tenant = await newTenant('Event settle org');
    await product(tenant);
    process.env.EVENTS_SETTLE_SECONDS = '3600';
    try {
      const res = await events({}, tenant);
      expect(res.body.data).toEqual([]);
      expect(res.body.hasMore).toBe(false);
      process.env.EVENTS_SETTLE_SECONDS = '0';
      const later = await events({ since: res.body.nextCursor }, tenant);
      expect(later.body.data.map((e: any) => e.event)).toEqual(['product.created']);
    } finally {
      process.env.EVENTS_SETTLE_SECONDS = '0';
    }
  });

  it("never shows another organisation's events", async () => {
    const res = await events({}, other);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    // A cursor from another organisation's page is only a position in time: it reads the caller's own log.
    const mine = await events({ pageSize: 1 });
    const theirs = await events({ since: mine.body.nextCursor }, other);
    expect(theirs.body.data).toEqual([]);
  });

  it('400 invalid_parameter for a bad since, type or pageSize', async () => {
    const bad: Record<string, string | number>[] = [
      { since: 'yesterday' },
      { since: 'ec1.!!!' },
      { since: 'ec1.' + Buffer.from('not-a-key|0').toString('base64url') },
      { since: '2024-02-30' },
      { type: 'product.exploded' },
      { type: 'product.created,nope' },
      { pageSize: 0 },
      { pageSize: 'ten' },
    ];
    for (const query of bad) {
      const res = await events(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('invalid_parameter');
    }
  });

  it('clamps pageSize to 200', async () => {
    const res = await events({ pageSize: 5000 });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(200);
  });
});
