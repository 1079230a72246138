/**
 * `GET /webhooks/{id}/deliveries` bounded per request (issue 29 item 6, session 37): with the list budget
 * set low (5 rows) the list takes its total from the log's hourly counts and reads its page from the hour it
 * starts in (the status index for a status filter), so a log longer than the budget is served, a jump past
 * a busy hour does not read it, and a jump deep into an hour longer than the budget is the 400 naming page.
 * Deliveries past the log's 30 days are neither shown nor counted, deleted by the TTL or not. Counts move
 * once whatever races them. A subscription from before the counts is read within the budget until its
 * uncounted deliveries have left the log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countsStamp, logCutoff } from '../../domain/webhooks/delivery-log.js';
import { newDelivery, type DeliveryState, type DeliveryStatus } from '../../domain/webhooks/delivery.js';
import {
  deliveries,
  deliveryRef,
  putDeliveryIfAbsent,
  saveAttempt,
} from '../../functions/areas/webhooks/store/deliveries.js';
import { listDeliveries } from '../../functions/areas/webhooks/store/delivery-list.js';
import { saveRequeued } from '../../functions/areas/webhooks/store/delivery-retry.js';
import {
  getSubscriptionLog,
  recordSubscriptionSuccess,
  webhookKey,
} from '../../functions/areas/webhooks/store/webhooks.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { GetCommand, PutCommand, UpdateCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { countReads } from '../support/read-counter.js';
import { startReceiver } from '../support/receiver.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';

const reads = countReads('deliveryListCounter');
const BUDGET = 5;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

beforeEach(() => {
  configureListBudget(BUDGET);
  clearListCursors();
});
afterAll(() => configureListBudget(undefined));

async function subscription(t: Tenant): Promise<string> {
  const res = await call('POST', '/webhooks', {
    key: t.key,
    body: { url: 'https://hooks.example.com/in', events: ['*'] },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

let serial = 0;
/** A delivery of an event at `occurredAt`, created then and brought to `status` by one attempt. */
async function logged(
  t: Tenant,
  subscriptionId: string,
  occurredAt: string,
  status: DeliveryStatus,
): Promise<DeliveryState> {
  serial += 1;
  const id = `dlv_b${String(serial).padStart(6, '0')}`;
  const payload = {
    id: `evt_${id}`,
    event: 'ping',
    occurredAt,
    orgId: t.orgId,
    data: { id: subscriptionId },
  };
  const created = newDelivery(payload, subscriptionId, { id, now: occurredAt });
  expect((await putDeliveryIfAbsent(t.orgId, created)).created).toBe(true);
  if (status === 'PENDING') return created;
  const after: DeliveryState = {
    ...created,
    status,
    attempts: 1,
    responseStatus: status === 'DELIVERED' ? 200 : 500,
    lastError: status === 'DELIVERED' ? null : 'HTTP 500',
    deliveredAt: status === 'DELIVERED' ? occurredAt : null,
    nextAttemptAt: null,
  };
  await saveAttempt(deliveryRef(t.orgId, created), created, after);
  return after;
}

const at = (ms: number) => new Date(ms).toISOString();
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);
const newestFirst = (ds: DeliveryState[]) =>
  [...ds].sort((a, b) => (`${a.payload.occurredAt}#${a.id}` < `${b.payload.occurredAt}#${b.id}` ? 1 : -1));

async function list(t: Tenant, id: string, query: Record<string, string | number>) {
  reads.reset();
  return call('GET', `/webhooks/${id}/deliveries`, { key: t.key, query });
}

describe('GET /webhooks/{id}/deliveries from the log counts', () => {
  let t: Tenant;
  let hook: string;
  /** Newest first: a day ago (3), three days ago (6, a busy hour), ten days ago (3). */
  let shown: DeliveryState[];
  let expired: DeliveryState[];
  const start = Math.floor(Date.now() / HOUR) * HOUR;

  beforeAll(async () => {
    t = await newTenant('Bounded deliveries org');
    hook = await subscription(t);
    const hourOf = (ago: number, statuses: DeliveryStatus[]) =>
      statuses.map((s, i) => ({ occurredAt: at(start - ago + 60_000 * (i + 1)), status: s }));
    const plan = [
      ...hourOf(DAY, ['DELIVERED', 'DEAD', 'DELIVERED']),
      ...hourOf(3 * DAY, ['DELIVERED', 'DELIVERED', 'DEAD', 'PENDING', 'DELIVERED', 'DELIVERED']),
      ...hourOf(10 * DAY, ['PENDING', 'DELIVERED', 'DELIVERED']),
    ];
    shown = [];
    for (const p of plan) shown.push(await logged(t, hook, p.occurredAt, p.status));
    shown = newestFirst(shown);
    // Past the log's 30 days: one a day over, one in the last hour before the cutoff (TTL not yet run).
    const cutoff = Date.parse(logCutoff(new Date()));
    expired = [
      await logged(t, hook, at(start - 31 * DAY), 'DELIVERED'),
      await logged(t, hook, at(cutoff - HOUR + 60_000), 'DEAD'),
    ];
  });

  it('answers every page with the counted total, newest first, reading about a page', async () => {
    const first = await list(t, hook, { pageSize: 4 });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 12, page: 1, pageSize: 4, totalPages: 3 });
    expect(ids(first)).toEqual(shown.slice(0, 4).map((d) => d.id));
    const d = shown[0]!;
    expect(first.body.data[0]).toEqual({
      id: d.id,
      event: 'ping',
      status: d.status,
      attempts: 1,
      responseStatus: d.responseStatus,
      lastError: d.lastError,
      deliveredAt: d.deliveredAt,
      nextAttemptAt: null,
      createdAt: d.createdAt,
      payload: d.payload,
    });
    // The page (4) and the count items: one per day with deliveries from the cutoff's day on.
    expect(reads.count.scanned).toBeLessThanOrEqual(4 + 4);
    // The next pages resume from the cursor the page before left, across hours.
    for (const page of [2, 3]) {
      const next = await list(t, hook, { pageSize: 4, page });
      expect(next.status).toBe(200);
      expect(next.body.pagination.total).toBe(12);
      expect(ids(next)).toEqual(shown.slice((page - 1) * 4, page * 4).map((x) => x.id));
      expect(reads.count.scanned).toBeLessThanOrEqual(4 + 4);
    }
    const past = await list(t, hook, { pageSize: 4, page: 4 });
    expect(past.body).toEqual({ data: [], pagination: { total: 12, page: 4, pageSize: 4, totalPages: 3 } });
  });

  it('jumps to the hour a page starts in: past a busy hour without reading it', async () => {
    const tenDaysAgo = await list(t, hook, { pageSize: 3, page: 4 });
    expect(tenDaysAgo.status).toBe(200);
    expect(ids(tenDaysAgo)).toEqual(shown.slice(9, 12).map((d) => d.id));
    expect(reads.count.scanned).toBeLessThanOrEqual(3 + 4);
    const intoBusyHour = await list(t, hook, { pageSize: 2, page: 3 });
    expect(ids(intoBusyHour)).toEqual(shown.slice(4, 6).map((d) => d.id));
  });

  it('refuses a jump deep into an hour of more deliveries than the budget, naming page', async () => {
    const res = await list(t, hook, { pageSize: 4, page: 3 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_parameter');
    expect(res.body.error.message).toMatch(/^Query parameter 'page' needs more than 5 rows/);
    expect(reads.count.scanned).toBeLessThanOrEqual(BUDGET + 1 + 4);
  });

  it('filters by status from the status index with its own counted total', async () => {
    for (const status of ['DELIVERED', 'DEAD', 'PENDING'] as const) {
      const expected = shown.filter((d) => d.status === status);
      const res = await list(t, hook, { status, pageSize: 4 });
      expect(res.status).toBe(200);
      expect(res.body.pagination.total).toBe(expected.length);
      expect(ids(res)).toEqual(expected.slice(0, 4).map((d) => d.id));
      expect(reads.count.scanned).toBeLessThanOrEqual(4 + 4);
    }
    const delivered = shown.filter((d) => d.status === 'DELIVERED');
    expect(delivered).toHaveLength(8);
    const page = await list(t, hook, { status: 'DELIVERED', pageSize: 2, page: 4 });
    expect(page.body.pagination).toEqual({ total: 8, page: 4, pageSize: 2, totalPages: 4 });
    expect(ids(page)).toEqual(delivered.slice(6, 8).map((d) => d.id));
  });

  it('neither shows nor counts deliveries past the 30 days, though the TTL has not removed them', async () => {
    for (const d of expired) {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: deliveryRef(t.orgId, d).key }),
      );
      expect(Item?.id).toBe(d.id);
    }
    configureListBudget(undefined);
    const all = await list(t, hook, { pageSize: 200 });
    expect(all.body.pagination.total).toBe(12);
    expect(ids(all)).toEqual(shown.map((d) => d.id));
    const dead = await list(t, hook, { status: 'DEAD', pageSize: 200 });
    expect(dead.body.pagination.total).toBe(2);
    // Later, the log leaves out whole hours as they pass its 30 days: the deliveries of ten days ago go.
    const later = new Date(Date.parse(shown[11]!.payload.occurredAt) + 30 * DAY + HOUR);
    const log = await listDeliveries(
      t.orgId,
      hook,
      undefined,
      { offset: 0, limit: 50 },
      { now: later, countedFrom: '' },
    );
    expect(log.total).toBe(9);
    expect(log.items.map((d) => d.id)).toEqual(shown.slice(0, 9).map((d) => d.id));
  });
});

describe('the log counts under concurrent writes', () => {
  it('a delivery written twice at once, or two attempts recorded at once, counts once', async () => {
    const t = await newTenant('Racing deliveries org');
    const hook = await subscription(t);
    const occurredAt = at(Date.now() - HOUR);
    const payload = { id: 'evt_race', event: 'ping', occurredAt, orgId: t.orgId, data: { id: hook } };
    const d = newDelivery(payload, hook, { id: 'dlv_race', now: occurredAt });
    const puts = await Promise.all([putDeliveryIfAbsent(t.orgId, d), putDeliveryIfAbsent(t.orgId, d)]);
    expect(puts.map((p) => p.created).sort()).toEqual([false, true]);
    const done = (status: DeliveryStatus): DeliveryState => ({
      ...d,
      status,
      attempts: 1,
      nextAttemptAt: null,
    });
    const ref = deliveryRef(t.orgId, d);
    const saves = await Promise.allSettled([
      saveAttempt(ref, d, done('DELIVERED')),
      saveAttempt(ref, d, done('DEAD')),
    ]);
    expect(saves.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    const stored = await deliveries.getByKey(ref.key);
    const totals = async () =>
      Object.fromEntries(
        await Promise.all(
          (['PENDING', 'DELIVERED', 'DEAD'] as const).map(async (s) => [
            s,
            (await list(t, hook, { status: s })).body.pagination.total,
          ]),
        ),
      );
    expect(await totals()).toEqual({
      PENDING: 0,
      DELIVERED: stored!.status === 'DELIVERED' ? 1 : 0,
      DEAD: stored!.status === 'DEAD' ? 1 : 0,
    });
    // Two retries at once: one requeues it, the other lost the race and moves nothing.
    const again = { ...stored!, status: 'PENDING' as const, nextAttemptAt: at(Date.now()) };
    const requeues = await Promise.all([
      saveRequeued(ref, stored!, again),
      saveRequeued(ref, stored!, again),
    ]);
    expect(requeues.sort()).toEqual([false, true]);
    expect(await totals()).toEqual({ PENDING: 1, DELIVERED: 0, DEAD: 0 });
    expect((await list(t, hook, {})).body.pagination.total).toBe(1);
  });

  it('deliveries created at once in one hour all count (their count item is retried, not lost)', async () => {
    const t = await newTenant('Busy hour org');
    const hook = await subscription(t);
    const base = Date.now() - 2 * HOUR;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => logged(t, hook, at(base + i), i % 3 === 0 ? 'DEAD' : 'PENDING')),
    );
    expect((await list(t, hook, { pageSize: 3 })).body.pagination.total).toBe(12);
    expect((await list(t, hook, { status: 'DEAD', pageSize: 3 })).body.pagination.total).toBe(4);
  });
});

describe('the delivery path moves the counts', () => {
  it('a ping sent by a dispatch pass moves from PENDING to DELIVERED, or to DEAD after its last attempt', async () => {
    const env = { ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_RETRY_DELAYS_SECONDS: '0' };
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    const up = await startReceiver(() => 200);
    const down = await startReceiver(() => 500);
    try {
      const t = await newTenant('Counted attempts org');
      const totals = async (id: string) =>
        Object.fromEntries(
          await Promise.all(
            ([undefined, 'PENDING', 'DELIVERED', 'DEAD'] as const).map(async (s) => [
              s ?? 'all',
              (await list(t, id, s ? { status: s } : {})).body.pagination.total,
            ]),
          ),
        );
      const hooks: string[] = [];
      for (const receiver of [up, down]) {
        const res = await call('POST', '/webhooks', {
          key: t.key,
          body: { url: receiver.url, events: ['*'] },
        });
        hooks.push(res.body.id as string);
        expect((await call('POST', `/webhooks/${res.body.id}/ping`, { key: t.key })).status).toBe(202);
        expect(await totals(res.body.id)).toEqual({ all: 1, PENDING: 1, DELIVERED: 0, DEAD: 0 });
      }
      expect(await dispatchDue({ orgId: t.orgId })).toMatchObject({ delivered: 1, retrying: 1 });
      expect(await totals(hooks[0]!)).toEqual({ all: 1, PENDING: 0, DELIVERED: 1, DEAD: 0 });
      expect(await totals(hooks[1]!)).toEqual({ all: 1, PENDING: 1, DELIVERED: 0, DEAD: 0 });
      expect(await dispatchDue({ orgId: t.orgId })).toMatchObject({ dead: 1 });
      expect(await totals(hooks[1]!)).toEqual({ all: 1, PENDING: 0, DELIVERED: 0, DEAD: 1 });
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await up.close();
      await down.close();
    }
  });
});

describe('a subscription from before the counts', () => {
  it('is read within the budget until its uncounted deliveries have left the log, then from its counts', async () => {
    const t = await newTenant('Uncounted deliveries org');
    const hook = await subscription(t);
    // As stored before the counts: no stamp, deliveries without count moves or status index entries.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(t.orgId, hook),
        UpdateExpression: 'REMOVE deliveriesCountedFrom',
      }),
    );
    const old: DeliveryState[] = [];
    for (let i = 0; i < 7; i += 1) {
      const occurredAt = at(Date.now() - 5 * DAY + i * 60_000);
      const payload = { id: `evt_old${i}`, event: 'ping', occurredAt, orgId: t.orgId, data: { id: hook } };
      const d = { ...newDelivery(payload, hook, { id: `dlv_old${i}`, now: occurredAt }) };
      const status: DeliveryStatus = i === 2 ? 'DEAD' : 'DELIVERED';
      const item: Record<string, unknown> = deliveries.toItem(t.orgId, { ...d, status, nextAttemptAt: null });
      delete item.GSI1PK;
      delete item.GSI1SK;
      delete item.GSI2PK;
      delete item.GSI2SK;
      await db().send(new PutCommand({ TableName: tableName(), Item: item }));
      old.unshift({ ...d, status });
    }
    expect((await getSubscriptionLog(t.orgId, hook))?.countedFrom).toBeUndefined();

    const refused = await list(t, hook, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_parameter');
    expect(refused.body.error.message).toMatch(
      /^This list needs more than 5 rows or ~1 MB read in one request: /,
    );
    expect(reads.count.scanned).toBeLessThanOrEqual(BUDGET + 1);

    configureListBudget(10);
    const all = await list(t, hook, { pageSize: 3, page: 2 });
    expect(all.body.pagination).toEqual({ total: 7, page: 2, pageSize: 3, totalPages: 3 });
    expect(ids(all)).toEqual(old.slice(3, 6).map((d) => d.id));
    const dead = await list(t, hook, { status: 'DEAD' });
    expect(dead.body.pagination.total).toBe(1);
    expect(ids(dead)).toEqual([old.find((d) => d.status === 'DEAD')!.id]);

    // The first attempt recorded stamps from when the log is counted.
    const attemptAt = at(Date.now());
    await recordSubscriptionSuccess(t.orgId, hook, attemptAt);
    const stamp = countsStamp(attemptAt);
    expect((await getSubscriptionLog(t.orgId, hook))?.countedFrom).toBe(stamp);
    await recordSubscriptionSuccess(t.orgId, hook, at(Date.now() + DAY));
    expect((await getSubscriptionLog(t.orgId, hook))?.countedFrom).toBe(stamp);

    // Once the stamp is past the log's cutoff, the counts answer: the deliveries since are all counted.
    const counted = await logged(t, hook, at(Date.parse(stamp) + HOUR), 'DELIVERED');
    const later = new Date(Date.parse(stamp) + 30 * DAY);
    expect(logCutoff(later) <= counted.payload.occurredAt).toBe(true);
    configureListBudget(BUDGET);
    reads.reset();
    const log = await listDeliveries(
      t.orgId,
      hook,
      undefined,
      { offset: 0, limit: 10 },
      { now: later, countedFrom: stamp },
    );
    expect(log).toEqual({ items: [counted], total: 1 });
    expect(reads.count.scanned).toBeLessThanOrEqual(2);
  });
});
