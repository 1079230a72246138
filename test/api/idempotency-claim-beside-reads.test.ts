import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { installRecorder } from '../../bench/measure.js';
import { endpoints } from '../../functions/entries/inventory.js';
import * as validators from '../../functions/generated/validators-inventory.js';
import { inventoryOperations } from '../../functions/areas/inventory/operations.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { createGroupHandler } from '../../functions/platform/http/pipeline.js';
import { idempotencyRecordKey } from '../../functions/platform/journal/idempotency.js';
import { buildEvent } from '../../infra/local/http-adapter.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { onHand, product, warehouse } from '../support/inventory.js';

/**
 * POST /stock-adjustments claims its Idempotency-Key beside its first reads (the endpoint declares
 * `claimBesideReads`): the claim's answer still comes first. A duplicate of a request in flight is 409
 * with Retry-After: 5, a completed one replays, another body is 422, and a refused claim writes nothing;
 * the operation's reads and drawn number are all it spends.
 */
let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;
/** Records the DynamoDB calls a request makes (the bench's recorder, on the table's shared client). */
const recorder = installRecorder(db());
beforeAll(async () => {
  t = await newTenant('Claim beside reads org');
  wh = await warehouse(t);
});

const endpoint = endpoints.find((e) => e.operationId === 'createStockAdjustment')!;

/** Holds the next adjustment create before its operation runs (its claim is already sent). */
let hold: { reached: () => void; release: Promise<void> } | null = null;
const handler = createGroupHandler({
  group: 'inventory',
  endpoints,
  operations: {
    ...inventoryOperations,
    createStockAdjustment: async (input) => {
      const held = hold;
      hold = null;
      if (held) {
        held.reached();
        await held.release;
      }
      return inventoryOperations.createStockAdjustment!(input);
    },
  },
  validators,
});

const bodyOf = (productId: string, quantityChange: number) =>
  JSON.stringify({ reason: 'FOUND', lines: [{ productId, warehouseId: wh.id, quantityChange }] });

async function send(body: string, idempotencyKey: string) {
  const event = buildEvent(
    {
      method: 'POST',
      path: '/api/v1/stock-adjustments',
      headers: {
        authorization: `Bearer ${t.key}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: Buffer.from(body),
    },
    endpoint,
    {},
  );
  const result = await handler(event, {} as never);
  return {
    status: result.statusCode,
    headers: result.headers,
    raw: result.body,
    body: JSON.parse(result.body),
  };
}

/** The adjustments that name this product (each test's product is its own). */
async function adjustmentsOf(productId: string): Promise<number> {
  const res = await call('GET', '/stock-adjustments', { key: t.key, query: { pageSize: 200 } });
  const rows = res.body.data as { lines?: { productId: string }[]; id: string }[];
  const full = await Promise.all(rows.map((r) => call('GET', `/stock-adjustments/${r.id}`, { key: t.key })));
  return full.filter((r) => (r.body.lines as { productId: string }[]).some((l) => l.productId === productId))
    .length;
}

async function recordOf(idempotencyKey: string) {
  const hash = createHash('sha256').update(idempotencyKey).digest('hex');
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: idempotencyRecordKey(t.orgId, t.keyId, hash),
      ConsistentRead: true,
    }),
  );
  return Item;
}

async function holdNext() {
  let reached!: () => void;
  let release!: () => void;
  const reachedP = new Promise<void>((resolve) => (reached = resolve));
  hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
  return { reached: reachedP, release };
}

describe('Idempotency-Key claimed beside the first reads (POST /stock-adjustments)', () => {
  it('declares it on the adjustment create', () => {
    expect(endpoint.claimBesideReads).toBe(true);
  });

  it('a duplicate sent while the first is in flight is 409 conflict_in_progress with Retry-After: 5 and writes nothing', async () => {
    const p = await product(t);
    const key = `inflight-${p.id}`;
    const held = await holdNext();
    const first = send(bodyOf(p.id, 4), key);
    await held.reached;
    for (let i = 0; i < 100 && (await recordOf(key))?.state !== 'IN_FLIGHT'; i += 1) {
      await new Promise((r) => setTimeout(r, 10));
    }
    // Answered when its claim is refused; its operation goes on to its held transaction and stops there.
    const { value: duplicate, calls } = await recorder.record(async () => {
      const answer = await send(bodyOf(p.id, 4), key);
      await new Promise((r) => setTimeout(r, 300));
      return answer;
    });
    // It read and drew its number beside its claim, and sent no transaction.
    expect(calls.map((c) => c.command)).toContain('BatchGetItem');
    expect(calls.map((c) => c.command)).not.toContain('TransactWriteItems');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('conflict_in_progress');
    expect(duplicate.headers['Retry-After']).toBe('5');
    expect(duplicate.headers['Idempotency-Replayed']).toBeUndefined();
    // Another body under the key in flight is a reuse, as before the claim moved.
    const other = await send(bodyOf(p.id, 5), key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reuse');
    expect(await onHand(t, p.id)).toBe(0);
    expect(await adjustmentsOf(p.id)).toBe(0);
    expect((await recordOf(key))?.state).toBe('IN_FLIGHT');

    held.release();
    const done = await first;
    expect(done.status).toBe(201);
    expect(done.headers['Idempotency-Replayed']).toBeUndefined();
    const replay = await send(bodyOf(p.id, 4), key);
    expect(replay.status).toBe(201);
    expect(replay.headers['Idempotency-Replayed']).toBe('true');
    expect(replay.raw).toBe(done.raw);
    expect(await onHand(t, p.id)).toBe(4);
    expect(await adjustmentsOf(p.id)).toBe(1);
  });

  it('a replay answers the stored response even when the operation itself would now be refused', async () => {
    const p = await product(t);
    expect((await send(bodyOf(p.id, 3), `seed-${p.id}`)).status).toBe(201);
    const key = `take-${p.id}`;
    const taken = await send(bodyOf(p.id, -3), key);
    expect(taken.status).toBe(201);
    // The stock is 0 now: run again, this body is 422 insufficient stock; its claim answers first.
    const replay = await send(bodyOf(p.id, -3), key);
    expect(replay.status).toBe(201);
    expect(replay.headers['Idempotency-Replayed']).toBe('true');
    expect(replay.raw).toBe(taken.raw);
    const reuse = await send(bodyOf(p.id, -2), key);
    expect(reuse.status).toBe(422);
    expect(reuse.body.error.code).toBe('idempotency_key_reuse');
    expect(await onHand(t, p.id)).toBe(0);
    expect(await adjustmentsOf(p.id)).toBe(2);
  });

  it('a request refused by its operation releases its key once the claim has landed, so the retry runs', async () => {
    const p = await product(t);
    const key = `release-${p.id}`;
    const refused = await send(bodyOf(p.id, -2), key);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).not.toBe('idempotency_key_reuse');
    expect(await recordOf(key)).toBeUndefined();
    expect((await send(bodyOf(p.id, 5), `stock-${p.id}`)).status).toBe(201);
    const retried = await send(bodyOf(p.id, -2), key);
    expect(retried.status).toBe(201);
    expect(retried.headers['Idempotency-Replayed']).toBeUndefined();
    expect(await onHand(t, p.id)).toBe(3);
  });

  it('concurrent duplicates write exactly one adjustment and all answer its response or 409', async () => {
    const p = await product(t);
    const key = `race-${p.id}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => send(bodyOf(p.id, 2), key)));
    const created = results.filter((r) => r.status === 201);
    const inFlight = results.filter((r) => r.status === 409);
    expect(created.length + inFlight.length).toBe(8);
    expect(created.filter((r) => r.headers['Idempotency-Replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(created.map((r) => r.raw)).size).toBe(1);
    for (const r of inFlight) {
      expect(r.body.error.code).toBe('conflict_in_progress');
      expect(r.headers['Retry-After']).toBe('5');
    }
    expect(await onHand(t, p.id)).toBe(2);
    expect(await adjustmentsOf(p.id)).toBe(1);
  });

  it('sends the claim beside the facts read and the transaction only after both', async () => {
    const p = await product(t);
    await send(bodyOf(p.id, 1), `warm-${p.id}`);
    const { value, calls } = await recorder.record(() => send(bodyOf(p.id, 1), `trips-${p.id}`));
    expect(value.status).toBe(201);
    const claim = calls.find((c) => c.command === 'PutItem')!;
    const facts = calls.find((c) => c.command === 'BatchGetItem')!;
    const write = calls.find((c) => c.command === 'TransactWriteItems')!;
    expect(claim.start).toBeLessThan(facts.end);
    expect(facts.start).toBeLessThan(claim.end);
    expect(write.start).toBeGreaterThanOrEqual(Math.max(claim.end, facts.end));
  });
});
