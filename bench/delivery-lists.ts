/**
 * Webhook deliveries bounded (issue 29 item 6, session 37): what GET /webhooks/{id}/deliveries reads at each
 * size of one subscription's log (BENCH_DELIVERY_SIZES, default 10000), spread over the log's 30 days, 1% DEAD
 * and 2% PENDING, with the count items their writes keep: the counted first page, a page from a cursor, a
 * status from the status index, jumps, and the whole log read and counted (before). Then what the delivery
 * path writes per delivery, create and final status, against the put and update it wrote before (sequential,
 * on DynamoDB Local: its milliseconds are not AWS's, its capacity units are).
 * Session 38: what POST /webhooks/{id}/deliveries/{deliveryId}/retry reads to find the log's oldest delivery
 * by its id pointer, an unknown id, and the same without the pointer (the log read newest first until the
 * id turns up, as every retry did before; and within the list budget, as a delivery from before the
 * pointers is searched for now), and the pointer's write capacity per delivery.
 */
import { newDelivery, type DeliveryState } from '../domain/webhooks/delivery.js';
import { countMoves, hourOf, retentionTtl } from '../domain/webhooks/delivery-log.js';
import {
  deliveries,
  deliveryCollection,
  deliveryRef,
  putDeliveryIfAbsent,
  saveAttempt,
} from '../functions/areas/webhooks/store/deliveries.js';
import { countMoveItem } from '../functions/areas/webhooks/store/delivery-counts.js';
import { deliveryPointerItem } from '../functions/areas/webhooks/store/delivery-ids.js';
import { webhookKey } from '../functions/areas/webhooks/store/webhooks.js';
import { db } from '../functions/platform/dynamo/client.js';
import { DeleteCommand, PutCommand, UpdateCommand } from '../functions/platform/dynamo/commands.js';
import { configureListBudget, listScanBudget } from '../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../functions/platform/dynamo/query-window.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { guard, transact } from '../functions/platform/dynamo/transact.js';
import { send, type BenchRequest } from './api.js';
import { summarise, type DbCall, type Recorder } from './measure.js';
import { batchWrite, newBenchTenant, type BenchTenant } from './seed.js';
import { SMOKE } from './smoke.js';

export const DELIVERY_SIZES = (process.env.BENCH_DELIVERY_SIZES ?? (SMOKE ? '100' : '10000'))
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const PAGE_SIZE = 50;
const HOUR = 3600_000;

export interface DeliveryListCase {
  size: number;
  name: string;
  status: number;
  query: Record<string, string | number | boolean>;
  /** Items DynamoDB read: Query ScannedCount plus GetItem keys. */
  rows: number;
  rcu: number;
  /** Estimated bytes read (eventually consistent Query RCU x 8 KB, GetItem RCU x 4 KB), in MB. */
  mb: number;
}

export interface DeliveryWriteCase {
  name: string;
  deliveries: number;
  /** Per delivery: DynamoDB calls, write capacity units and milliseconds (p50, on Local). */
  calls: number;
  wcu: number;
  msP50: number;
}

function costOf(calls: readonly DbCall[]) {
  const queries = calls.filter((c) => c.command === 'Query');
  const gets = calls.filter((c) => c.command === 'GetItem');
  const queryRcu = queries.reduce((s, c) => s + c.capacity, 0);
  const getRcu = gets.reduce((s, c) => s + c.capacity, 0);
  return {
    rows: queries.reduce((s, c) => s + c.scanned, 0) + gets.length,
    rcu: queryRcu + getRcu,
    mb: (queryRcu * 8 + getRcu * 4) / 1024,
  };
}

const statusOf = (i: number): DeliveryState['status'] =>
  i % 100 === 0 ? 'DEAD' : i % 50 === 1 ? 'PENDING' : 'DELIVERED';

/** `size` deliveries evenly over the last 29 days, written as their create and attempt leave them. */
async function seed(tenant: BenchTenant, hook: string, size: number): Promise<void> {
  const span = 29 * 24 * HOUR;
  const start = Date.now() - span - HOUR;
  const items: Record<string, unknown>[] = [];
  const counts = new Map<string, Record<string, number>>();
  for (let i = 0; i < size; i += 1) {
    const occurredAt = new Date(start + Math.floor((i * span) / size)).toISOString();
    const payload = {
      id: `evt_${i}`,
      event: 'product.updated',
      occurredAt,
      orgId: tenant.orgId,
      data: { id: `p${i}` },
    };
    const created = newDelivery(payload, hook, { id: `dlv_${String(i).padStart(8, '0')}`, now: occurredAt });
    const status = statusOf(i);
    const done = status === 'PENDING';
    // The id pointer its create writes (session 38).
    const ttl = retentionTtl(created.createdAt, occurredAt);
    items.push(deliveryPointerItem(deliveryRef(tenant.orgId, created).key, created.id, ttl).Put!.Item!);
    items.push(
      deliveries.toItem(tenant.orgId, {
        ...created,
        status,
        attempts: done ? 0 : 1,
        responseStatus: done ? null : status === 'DELIVERED' ? 200 : 500,
        deliveredAt: status === 'DELIVERED' ? occurredAt : null,
        nextAttemptAt: done ? occurredAt : null,
      }),
    );
    const hour = hourOf(occurredAt);
    const day = counts.get(hour) ?? {};
    day[status] = (day[status] ?? 0) + 1;
    counts.set(hour, day);
  }
  await batchWrite(items);
  // The count items as the writes' ADDs leave them: one ADD per hour and status here.
  const collection = deliveryCollection(tenant.orgId, hook);
  for (const [hour, byStatus] of counts) {
    const move = countMoveItem(collection, `${hour}:00:00.000Z`, byStatus)!;
    await db().send(new UpdateCommand(move.Update!));
  }
}

async function deliveryWrites(tenant: BenchTenant, hook: string, recorder: Recorder, n: number) {
  const cases: DeliveryWriteCase[] = [];
  const hows = [
    'before: put, then update',
    'session 37: two transactions with the count item',
    'now: two transactions with the count item, the create with the id pointer',
  ] as const;
  for (const how of hows) {
    const samples: { calls: number; wcu: number; ms: number }[] = [];
    for (let i = 0; i < n; i += 1) {
      const at = new Date().toISOString();
      const payload = {
        id: `evt_w${how.length}${i}`,
        event: 'ping',
        occurredAt: at,
        orgId: tenant.orgId,
        data: { id: hook },
      };
      const d = newDelivery(payload, hook, { id: `dlv_w${how.length}_${i}`, now: at });
      const after = {
        ...d,
        status: 'DELIVERED' as const,
        attempts: 1,
        responseStatus: 200,
        deliveredAt: at,
        nextAttemptAt: null,
      };
      const ref = deliveryRef(tenant.orgId, d);
      const run = await recorder.record(async () => {
        if (how.startsWith('now')) {
          await putDeliveryIfAbsent(tenant.orgId, d);
          await saveAttempt(ref, d, after);
          return;
        }
        if (how.startsWith('session 37')) {
          await transact([
            guard(deliveries.createItem(tenant.orgId, d), () => new Error('exists')),
            countMoveItem(ref.key.PK, at, countMoves(undefined, 'PENDING'))!,
          ]);
          await saveAttempt(ref, d, after);
          return;
        }
        await db().send(new PutCommand(deliveries.createItem(tenant.orgId, d).Put!));
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: ref.key,
            UpdateExpression:
              'SET #status = :s, attempts = :a, responseStatus = :r, deliveredAt = :d, nextAttemptAt = :n REMOVE leaseUntil, GSI2PK, GSI2SK',
            ConditionExpression: 'attempts = :before',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':s': 'DELIVERED',
              ':a': 1,
              ':r': 200,
              ':d': at,
              ':n': null,
              ':before': 0,
            },
          }),
        );
      });
      samples.push({
        calls: run.calls.length,
        wcu: run.calls.reduce((s, c) => s + c.capacity, 0),
        ms: run.ms,
      });
    }
    const mean = (f: (s: (typeof samples)[number]) => number) => samples.reduce((s, x) => s + f(x), 0) / n;
    cases.push({
      name: how,
      deliveries: n,
      calls: Number(mean((s) => s.calls).toFixed(1)),
      wcu: Number(mean((s) => s.wcu).toFixed(1)),
      msP50: Number(summarise(samples.map((s) => s.ms)).p50.toFixed(2)),
    });
  }
  return cases;
}

type ProbeRequest = (name: string, request: BenchRequest, status: number) => Promise<void>;

/**
 * The retry of the log's oldest delivery (29 days old) and of an unknown id: by the id pointers; then,
 * the oldest's pointer deleted and the subscription's stamp removed (a delivery from before the pointers),
 * the log read newest first until the id turns up, unbounded (what every retry read before) and within the
 * default budget (what such a retry reads now).
 */
async function retries(tenant: BenchTenant, hook: string, size: number, probe: ProbeRequest): Promise<void> {
  const oldest = `dlv_${'0'.repeat(8)}`;
  const retry = (deliveryId: string) => ({
    method: 'POST' as const,
    path: `/webhooks/${hook}/deliveries/${deliveryId}/retry`,
    key: tenant.key,
  });
  await probe('retry the oldest delivery, by its id pointer', retry(oldest), 202);
  await probe('retry an unknown id, by its id pointer', retry('dlv_unknown'), 404);
  await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: { PK: deliveryCollection(tenant.orgId, hook), SK: `#ID#${oldest}` },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: webhookKey(tenant.orgId, hook),
      UpdateExpression: 'REMOVE deliveryIdsFrom',
    }),
  );
  // Before: neither the rows nor (since session 39 the search is a bounded read) the bytes bound it.
  configureListBudget(Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY);
  await probe('retry the oldest delivery, the log read until found (before)', retry(oldest), 202);
  await probe('retry an unknown id, the log read whole (before)', retry('dlv_unknown'), 404);
  configureListBudget(undefined);
  const within = size > listScanBudget() ? 422 : 202;
  await probe('retry the oldest delivery without a pointer, within the budget', retry(oldest), within);
}

export async function measureDeliveryLists(
  sizes: readonly number[],
  recorder: Recorder,
  log: (line: string) => void,
): Promise<{ cases: DeliveryListCase[]; writes: DeliveryWriteCase[] }> {
  const cases: DeliveryListCase[] = [];
  let writes: DeliveryWriteCase[] = [];
  for (const size of sizes) {
    const tenant = await newBenchTenant(`Bench deliveries ${size}`);
    const hook = (
      await send<{ id: string }>(
        {
          method: 'POST',
          path: '/webhooks',
          key: tenant.key,
          body: { url: 'https://hooks.example.com/in', events: ['*'] },
        },
        201,
      )
    ).id;
    const started = Date.now();
    await seed(tenant, hook, size);
    log(`  seeded ${size} deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const path = `/webhooks/${hook}/deliveries`;
    const probeRequest = async (
      name: string,
      request: BenchRequest,
      status: number,
      before?: () => unknown,
    ) => {
      const query = request.query ?? {};
      const runs = [];
      for (let i = 0; i < (SMOKE ? 2 : 4); i += 1) {
        await before?.();
        const run = await recorder.record(() => send(request, status));
        if (i > 0) runs.push(run);
      }
      const costs = runs.map((r) => costOf(r.calls));
      const mean = (f: (c: ReturnType<typeof costOf>) => number) =>
        costs.reduce((s, c) => s + f(c), 0) / costs.length;
      const measured: DeliveryListCase = {
        size,
        name,
        status,
        query,
        rows: Math.round(mean((c) => c.rows)),
        rcu: Number(mean((c) => c.rcu).toFixed(1)),
        mb: Number(mean((c) => c.mb).toFixed(3)),
      };
      cases.push(measured);
      log(`  ${size} deliveries ${name}: ${measured.rows} rows, ${measured.rcu} RCU, ${measured.mb} MB`);
    };
    const probe = (name: string, query: Record<string, string | number>, before?: () => unknown) =>
      probeRequest(name, { method: 'GET', path, key: tenant.key, query }, 200, before);
    const last = Math.max(1, Math.floor((size - 1) / PAGE_SIZE));
    await probe('page 1', { pageSize: PAGE_SIZE });
    await probe('page 2 after page 1 (cursor)', { pageSize: PAGE_SIZE, page: 2 }, () =>
      send({ method: 'GET', path, key: tenant.key, query: { pageSize: PAGE_SIZE } }),
    );
    await probe(`page ${last} (jump, no cursor)`, { pageSize: PAGE_SIZE, page: last }, () =>
      clearListCursors(),
    );
    await probe('status=DEAD page 1 (1%)', { pageSize: PAGE_SIZE, status: 'DEAD' });
    await probe(
      'status=DELIVERED page 10 (jump)',
      { pageSize: PAGE_SIZE, status: 'DELIVERED', page: 10 },
      () => clearListCursors(),
    );
    // Before: the log read and counted whole (what every request did), as a log without counts is read.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(tenant.orgId, hook),
        UpdateExpression: 'REMOVE deliveriesCountedFrom',
      }),
    );
    configureListBudget(Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY);
    await probe('page 1, the whole log read and counted (before)', { pageSize: PAGE_SIZE });
    await probe('status=DEAD page 1, the whole log filtered (before)', {
      pageSize: PAGE_SIZE,
      status: 'DEAD',
    });
    configureListBudget(undefined);
    await retries(tenant, hook, size, probeRequest);
    if (writes.length === 0) writes = await deliveryWrites(tenant, hook, recorder, SMOKE ? 2 : 200);
  }
  for (const w of writes) log(`  per delivery, ${w.name}: ${w.calls} calls, ${w.wcu} WCU, p50 ${w.msP50} ms`);
  return { cases, writes };
}
