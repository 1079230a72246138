import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countsStamp, logCutoff, retentionTtl } from '../../domain/webhooks/delivery-log.js';
import { newDelivery, type DeliveryState } from '../../domain/webhooks/delivery.js';
import { deliveryConfig } from '../../functions/areas/webhooks/config.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import {
  deliveries,
  deliveryRef,
  putDeliveryIfAbsent,
} from '../../functions/areas/webhooks/store/deliveries.js';
import {
  getSubscriptionLog,
  recordSubscriptionSuccess,
  webhookKey,
} from '../../functions/areas/webhooks/store/webhooks.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { GetCommand, PutCommand, UpdateCommand } from '../../functions/platform/dynamo/commands.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { WRITE_ATTEMPTS } from '../../functions/platform/dynamo/optimistic.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { countReads } from '../support/read-counter.js';
import { startReceiver } from '../support/receiver.js';

let t: Tenant;
let other: Tenant;
const saved = process.env.ALLOW_PRIVATE_WEBHOOK_URLS;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_WEBHOOK_URLS = '1';
  [t, other] = await Promise.all([newTenant('Retry org'), newTenant('Other retry org')]);
});
afterAll(() => {
  if (saved === undefined) delete process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
  else process.env.ALLOW_PRIVATE_WEBHOOK_URLS = saved;
});

/**
 * A stand-in for an attempt finishing between the retry's read and its write: while `racing`, each
 * requeue write (its condition on the status and attempts read) is preceded by a real increment of the
 * delivery's attempts, so DynamoDB Local refuses it.
 */
let racing = false;
let requeuesRaced = 0;
const REQUEUE_CONDITION = '#status = :before AND attempts = :attempts';
db().middlewareStack.add(
  (next) => async (args) => {
    const input = args.input as {
      ConditionExpression?: string;
      Key?: Record<string, unknown>;
      TransactItems?: { Update?: { ConditionExpression?: string; Key: Record<string, unknown> } }[];
    };
    const update =
      input.ConditionExpression === REQUEUE_CONDITION
        ? input
        : input.TransactItems?.find((i) => i.Update?.ConditionExpression === REQUEUE_CONDITION)?.Update;
    if (racing && update?.Key) {
      requeuesRaced += 1;
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: update.Key,
          UpdateExpression: 'SET attempts = attempts + :one',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    }
    return next(args);
  },
  { step: 'initialize', name: 'webhook-retry-race' },
);

/** No retries: one failed attempt makes a delivery DEAD. */
const pass = (orgId: string) => dispatchDue({ orgId, config: { ...deliveryConfig(), retryDelays: [] } });
const subscribe = async (url: string, tenant = t) => {
  const res = await call('POST', '/webhooks', { key: tenant.key, body: { url, events: ['*'] } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const deliveriesOf = async (id: string) =>
  (await call('GET', `/webhooks/${id}/deliveries`, { key: t.key })).body.data as any[];
const retry = (id: string, deliveryId: string, tenant = t) =>
  call('POST', `/webhooks/${id}/deliveries/${deliveryId}/retry`, { key: tenant.key });

/**
 * A subscription to a receiver answering `answer`, a ping to it attempted once by a dispatch pass, then
 * `run` with the subscription and the ping's delivery id; the receiver is closed after it.
 */
async function afterOneAttempt(
  answer: () => number,
  run: (
    hook: string,
    deliveryId: string,
    receiver: Awaited<ReturnType<typeof startReceiver>>,
  ) => Promise<void>,
): Promise<void> {
  const receiver = await startReceiver(answer);
  try {
    const hook = await subscribe(receiver.url);
    const ping = await call('POST', `/webhooks/${hook}/ping`, { key: t.key });
    await pass(t.orgId);
    await run(hook, ping.body.id as string, receiver);
  } finally {
    await receiver.close();
  }
}

describe('POST /webhooks/{id}/deliveries/{deliveryId}/retry', () => {
  it('re-sends a DEAD delivery with the same delivery id; the receiver, back up, acknowledges it', async () => {
    let up = false;
    await afterOneAttempt(
      () => (up ? 200 : 503),
      async (id, pingId, receiver) => {
        const [dead] = await deliveriesOf(id);
        expect(dead).toMatchObject({ id: pingId, status: 'DEAD', attempts: 1, responseStatus: 503 });

        up = true;
        const res = await retry(id, pingId);
        expect(res.status).toBe(202);
        expect(res.body).toMatchObject({
          id: pingId,
          status: 'PENDING',
          attempts: 1,
          payload: dead.payload,
        });
        expect(Date.parse(res.body.nextAttemptAt)).toBeLessThanOrEqual(Date.now());

        expect((await pass(t.orgId)).delivered).toBe(1);
        const [delivered] = await deliveriesOf(id);
        expect(delivered).toMatchObject({
          id: pingId,
          status: 'DELIVERED',
          attempts: 2,
          responseStatus: 200,
        });
        expect(receiver.received.map((r) => r.headers['x-service-delivery-id'])).toEqual([pingId, pingId]);
        expect(receiver.received[1]!.raw).toBe(receiver.received[0]!.raw);

        // A DELIVERED delivery is re-sent as well (an integrator that lost what it received).
        expect((await retry(id, pingId)).status).toBe(202);
        expect((await pass(t.orgId)).delivered).toBe(1);
        expect(receiver.received).toHaveLength(3);
      },
    );
  });

  it('a failed retry of a delivery whose schedule is used up leaves it DEAD again', async () => {
    await afterOneAttempt(
      () => 500,
      async (id, pingId) => {
        expect((await retry(id, pingId)).status).toBe(202);
        expect((await pass(t.orgId)).dead).toBe(1);
        expect((await deliveriesOf(id))[0]).toMatchObject({
          status: 'DEAD',
          attempts: 2,
          nextAttemptAt: null,
        });
      },
    );
  });

  it('two retries at once both answer 202 and the delivery is sent once', async () => {
    await afterOneAttempt(
      () => 200,
      async (id, pingId, receiver) => {
        const results = await Promise.all([retry(id, pingId), retry(id, pingId)]);
        expect(results.map((r) => r.status)).toEqual([202, 202]);
        await pass(t.orgId);
        expect(receiver.received).toHaveLength(2);
      },
    );
  });

  it('409 when an attempt finishes in between every time it re-decides: nothing is requeued', async () => {
    await afterOneAttempt(
      () => 500,
      async (id, pingId) => {
        // Before each requeue write, a real write to the delivery (an attempt recorded) makes its condition fail.
        racing = true;
        const res = await retry(id, pingId).finally(() => {
          racing = false;
        });
        expect(res.status).toBe(409);
        expect(res.body.error).toEqual({
          code: 'conflict',
          message: 'The delivery was being attempted at the same time; retry',
        });
        expect(requeuesRaced).toBe(WRITE_ATTEMPTS);
        const [after] = await deliveriesOf(id);
        expect(after).toMatchObject({ status: 'DEAD', attempts: 1 + WRITE_ATTEMPTS, nextAttemptAt: null });
        // Once nothing races it, the same retry is accepted.
        expect((await retry(id, pingId)).status).toBe(202);
      },
    );
  });

  it("404 for an unknown delivery, another subscription's delivery, or another organisation's", async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const id = await subscribe(receiver.url);
      const second = await subscribe(receiver.url);
      const ping = await call('POST', `/webhooks/${id}/ping`, { key: t.key });
      const unknown = await retry(id, 'dlv_unknown');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Webhook delivery not found' });
      expect((await retry(second, ping.body.id)).status).toBe(404);
      const foreign = await retry(id, ping.body.id, other);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.message).toBe('Webhook subscription not found');
      expect((await retry(id, 'x'.repeat(200))).status).toBe(404);
    } finally {
      await receiver.close();
    }
  });
});

const reads = countReads('retryReadCounter');
const BUDGET = 5;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

let serial = 0;
/** A DELIVERED delivery of an event at `occurredAt` (none is due, so no dispatch pass sends it). */
function delivered(t: Tenant, hook: string, occurredAt: string): DeliveryState {
  serial += 1;
  const id = `dlv_r${String(serial).padStart(6, '0')}`;
  const payload = { id: `evt_${id}`, event: 'ping', occurredAt, orgId: t.orgId, data: { id: hook } };
  const created = newDelivery(payload, hook, { id, now: occurredAt });
  return { ...created, status: 'DELIVERED', attempts: 1, responseStatus: 200, nextAttemptAt: null };
}

/** Written as the delivery path writes it since session 38: with its count and its id pointer. */
async function logged(t: Tenant, hook: string, occurredAt: string): Promise<DeliveryState> {
  const d = delivered(t, hook, occurredAt);
  expect((await putDeliveryIfAbsent(t.orgId, d)).created).toBe(true);
  return d;
}

/** Written as before the id pointers: the delivery alone. */
async function loggedUnpointed(t: Tenant, hook: string, occurredAt: string): Promise<DeliveryState> {
  const d = delivered(t, hook, occurredAt);
  await db().send(new PutCommand({ TableName: tableName(), Item: deliveries.toItem(t.orgId, d) }));
  return d;
}

/** A subscription as stored before the id pointers: no stamp saying from when its deliveries have one. */
async function unstamped(t: Tenant, hook: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: webhookKey(t.orgId, hook),
      UpdateExpression: 'REMOVE deliveryIdsFrom',
    }),
  );
}

const setStamp = (t: Tenant, hook: string, idsFrom: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: webhookKey(t.orgId, hook),
      UpdateExpression: 'SET deliveryIdsFrom = :s',
      ExpressionAttributeValues: { ':s': idsFrom },
    }),
  );

async function retried(id: string, deliveryId: string, tenant: Tenant) {
  reads.reset();
  return retry(id, deliveryId, tenant);
}

describe('the retry finds its delivery by id without reading the log (issue 29 item 6, session 38)', () => {
  let u: Tenant;
  let hook: string;
  /** Oldest first, over 29 days: four times the budget. */
  let log: DeliveryState[];

  beforeAll(async () => {
    u = await newTenant('Pointer retry org');
    hook = await subscribe('https://hooks.example.com/in', u);
    log = [];
    for (let i = 0; i < 4 * BUDGET; i += 1) {
      log.push(await logged(u, hook, at(Date.now() - 29 * DAY + i * 36 * HOUR)));
    }
  });
  beforeEach(() => configureListBudget(BUDGET));
  afterEach(() => configureListBudget(undefined));

  it('retries the oldest delivery of a log longer than the budget by its id pointer: no Query', async () => {
    const oldest = log[0]!;
    const res = await retried(hook, oldest.id, u);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      id: oldest.id,
      status: 'PENDING',
      attempts: 1,
      payload: oldest.payload,
    });
    expect(reads.count).toMatchObject({ queries: 0, scanned: 0 });
    // The delivery as stored is the one requeued.
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: deliveryRef(u.orgId, oldest).key }),
    );
    expect(Item).toMatchObject({ id: oldest.id, status: 'PENDING', nextAttemptAt: res.body.nextAttemptAt });
  });

  it('writes the pointer with the delivery, expiring with it, outside the list', async () => {
    const d = log[3]!;
    const key = deliveryRef(u.orgId, d).key;
    const { Item: pointer } = await db().send(
      new GetCommand({ TableName: tableName(), Key: { PK: key.PK, SK: `#ID#${d.id}` } }),
    );
    const { Item: stored } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
    expect(pointer).toEqual({
      PK: key.PK,
      SK: `#ID#${d.id}`,
      entity: 'WebhookDeliveryId',
      deliverySk: key.SK,
      ttl: retentionTtl(d.createdAt, d.payload.occurredAt),
    });
    expect(stored?.ttl).toBe(pointer?.ttl);
    configureListBudget(undefined);
    const list = await call('GET', `/webhooks/${hook}/deliveries`, { key: u.key, query: { pageSize: 100 } });
    expect(list.body.pagination.total).toBe(4 * BUDGET);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual(log.map((x) => x.id).reverse());
  });

  it("another organisation's or another subscription's delivery id is 404, reading no log", async () => {
    const second = await subscribe('https://hooks.example.com/in', u);
    const onSecond = await retried(second, log[1]!.id, u);
    expect(onSecond.status).toBe(404);
    expect(onSecond.body.error).toEqual({ code: 'not_found', message: 'Webhook delivery not found' });
    expect(reads.count.queries).toBe(0);

    const stranger = await newTenant('Pointer retry stranger');
    const theirs = await subscribe('https://hooks.example.com/in', stranger);
    await logged(stranger, theirs, at(Date.now() - DAY));
    const foreign = await retried(theirs, log[1]!.id, stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Webhook delivery not found');
    expect(reads.count.queries).toBe(0);
    // Our subscription's id under their key is their missing subscription.
    expect((await retried(hook, log[1]!.id, stranger)).body.error.message).toBe(
      'Webhook subscription not found',
    );
  });
});

describe('a delivery from before the id pointers', () => {
  beforeEach(() => configureListBudget(BUDGET));
  afterEach(() => configureListBudget(undefined));

  /** A subscription from before the pointers with `n` deliveries without one, a minute apart, 5 days ago. */
  async function oldLog(name: string, n: number) {
    const v = await newTenant(name);
    const hook = await subscribe('https://hooks.example.com/in', v);
    await unstamped(v, hook);
    const old: DeliveryState[] = [];
    for (let i = 0; i < n; i += 1)
      old.push(await loggedUnpointed(v, hook, at(Date.now() - 5 * DAY + i * 60_000)));
    return { v, hook, old };
  }

  it('is found in the log, newest first, within the budget', async () => {
    const { v, hook, old } = await oldLog('Unpointed retry org', 8);
    const res = await retried(hook, old[5]!.id, v);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: old[5]!.id, status: 'PENDING' });
    // One Query of the budget and one row more (DynamoDB evaluates its Limit's rows, a match or not).
    expect(reads.count).toMatchObject({ queries: 1, scanned: BUDGET + 1 });
    // A budget past DynamoDB's 32-bit Limit reads as without one.
    configureListBudget(Number.MAX_SAFE_INTEGER);
    expect((await retried(hook, old[0]!.id, v)).status).toBe(202);
    expect(reads.count).toMatchObject({ queries: 1, scanned: 8 });
  });

  it('deeper than the budget is a 422 that says why, after reading the budget and no more', async () => {
    const { v, hook, old } = await oldLog('Unpointed deep retry org', 8);
    const res = await retried(hook, old[0]!.id, v);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
    expect(res.body.error.message).toBe(
      'This delivery is not among the newest deliveries this subscription has from before its deliveries were indexed by id that one request searches (5 rows or ~1 MB)',
    );
    expect(reads.count.scanned).toBe(BUDGET + 1);
    // A stamped subscription's message says when the case ends.
    const stamp = countsStamp(at(Date.now() - 4 * DAY));
    await setStamp(v, hook, stamp);
    const dated = await retried(hook, old[0]!.id, v);
    expect(dated.status).toBe(422);
    expect(dated.body.error.message).toMatch(
      new RegExp(
        `; they have all left the 30-day log by ${at(Date.parse(stamp) + 30 * DAY).replace(/\./g, '\\.')}$`,
      ),
    );
  });

  it("the search stops at the request's bytes too: a 422 naming both bounds", async () => {
    const { v, hook, old } = await oldLog('Unpointed byte-bound retry org', 8);
    configureListBudget(1_000, 2_048);
    const res = await retried(hook, old[0]!.id, v);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'This delivery is not among the newest deliveries this subscription has from before its deliveries were indexed by id that one request searches (1000 rows or ~2 KB)',
    );
    // One row (a Query is billed 4 KB at least), then the bytes are spent: far from the 1,000 rows.
    expect(reads.count).toMatchObject({ queries: 1, scanned: 1 });
    // The newest is still found within those bytes.
    expect((await retried(hook, old[7]!.id, v)).status).toBe(202);
  });

  it("an unknown id, or another subscription's, is 404 once the part of the log before the pointers is read", async () => {
    const { v, hook, old } = await oldLog('Unpointed missing retry org', 4);
    const unknown = await retried(hook, 'dlv_missing', v);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Webhook delivery not found');
    expect(reads.count.scanned).toBe(4);
    const second = await subscribe('https://hooks.example.com/in', v);
    await unstamped(v, second);
    const elsewhere = await retried(second, old[3]!.id, v);
    expect(elsewhere.status).toBe(404);
    expect(reads.count.scanned).toBe(0);
  });

  it('once stamped, only the log before the stamp is searched, and nothing once the stamp has left the log', async () => {
    const { v, hook, old } = await oldLog('Stamped retry org', 4);
    // Newer deliveries, with pointers, more than the budget: unstamped, they stand in the search's way.
    for (let i = 0; i < 2 * BUDGET; i += 1) await logged(v, hook, at(Date.now() - 3 * DAY + i * HOUR));
    expect((await retried(hook, old[1]!.id, v)).status).toBe(422);

    await recordSubscriptionSuccess(v.orgId, hook, at(Date.now() - 4 * DAY));
    expect((await getSubscriptionLog(v.orgId, hook))?.idsFrom).toBe(countsStamp(at(Date.now() - 4 * DAY)));
    const found = await retried(hook, old[1]!.id, v);
    expect(found.status).toBe(202);
    // The four deliveries before the stamp, not the ten after it.
    expect(reads.count).toMatchObject({ queries: 1, scanned: 4 });

    // A stamp before the log's cutoff: every delivery has its pointer, and a miss is 404 with no Query.
    await setStamp(v, hook, at(Date.parse(logCutoff(new Date())) - DAY));
    const missing = await retried(hook, 'dlv_missing', v);
    expect(missing.status).toBe(404);
    expect(reads.count.queries).toBe(0);
  });

  it('a subscription created since is stamped from its creation; an attempt keeps that stamp', async () => {
    const w = await newTenant('Fresh retry org');
    const hook = await subscribe('https://hooks.example.com/in', w);
    expect((await getSubscriptionLog(w.orgId, hook))?.idsFrom).toBe('');
    await recordSubscriptionSuccess(w.orgId, hook, new Date().toISOString());
    expect((await getSubscriptionLog(w.orgId, hook))?.idsFrom).toBe('');
  });
});
