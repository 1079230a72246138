import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { installRecorder } from '../../bench/measure.js';
import { endpointByRouteKey } from '../../functions/catalogue.js';
import { routeKey } from '../../functions/platform/catalogue/endpoint.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { claimIdempotencyKey } from '../../functions/platform/journal/idempotency.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product, warehouse } from '../support/inventory.js';
import { purchaseSetup } from '../support/purchase-orders.js';
import { orderSetup } from '../support/sales.js';

/**
 * Every create declared `claimBesideReads` keeps the spec's idempotency rules with its claim sent beside
 * its first reads: the request of a key still held by another (in flight) is 409 with Retry-After: 5 and
 * sends no transaction, another body is 422, a duplicate of a completed one replays, and concurrent
 * duplicates create one document.
 */
const recorder = installRecorder(db());
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const cases: { path: string; body: (t: Tenant) => Promise<Record<string, unknown>> }[] = [
  {
    path: '/stock-adjustments',
    body: async (t) => {
      const [p, w] = await Promise.all([product(t), warehouse(t)]);
      return { reason: 'FOUND', lines: [{ productId: p.id, warehouseId: w.id, quantityChange: 2 }] };
    },
  },
  {
    path: '/sales-orders',
    body: async (t) => {
      const s = await orderSetup(t, 0);
      return { customerId: s.customer.id, lines: [{ productId: s.product.id, quantity: 1, unitPrice: 1 }] };
    },
  },
  {
    path: '/purchase-orders',
    body: async (t) => {
      const s = await purchaseSetup(t);
      return {
        supplierId: s.supplier.id,
        lines: [{ productId: s.product.id, quantity: 10, unitPrice: 2.5 }],
      };
    },
  },
];

describe.each(cases)('POST $path claims its Idempotency-Key beside its first reads', ({ path, body }) => {
  const endpoint = endpointByRouteKey(`POST /api/v1${path}`)!;
  const post = (t: Tenant, raw: string, key: string) =>
    call('POST', path, { key: t.key, rawBody: raw, headers: { 'Idempotency-Key': key } });
  const documents = async (t: Tenant) =>
    (await call('GET', path, { key: t.key })).body.pagination.total as number;

  it('is declared so', () => {
    expect(endpoint.claimBesideReads).toBe(true);
  });

  it('a key held by a request in flight is 409 with Retry-After: 5, no transaction sent; another body 422', async () => {
    const t = await newTenant(`Held key ${path}`);
    const raw = JSON.stringify(await body(t));
    const key = `held-${path}`;
    const held = await claimIdempotencyKey({
      orgId: t.orgId,
      apiKeyId: t.keyId,
      keyHash: sha256(key),
      fingerprint: { routeKey: routeKey(endpoint), pathParams: '[]', bodyHash: sha256(raw) },
      token: 'the-first-request',
      now: new Date(),
    });
    expect(held.kind).toBe('claimed');
    // Answered when its claim is refused; its operation goes on to its held transaction and stops there.
    const { value: duplicate, calls } = await recorder.record(async () => {
      const answer = await post(t, raw, key);
      await new Promise((r) => setTimeout(r, 300));
      return answer;
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('conflict_in_progress');
    expect(duplicate.headers['retry-after']).toBe('5');
    expect(calls.map((c) => c.command)).not.toContain('TransactWriteItems');
    const other = await post(t, raw.replace(/}$/, ',"notes":"other"}'), key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reuse');
    expect(await documents(t)).toBe(0);

    // The first request died: its claim expires, and the same request runs once, then replays.
    if (held.kind === 'claimed') {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: held.key,
          UpdateExpression: 'SET claimExpiresAt = :past',
          ExpressionAttributeValues: { ':past': 0 },
        }),
      );
    }
    const first = await post(t, raw, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const replay = await post(t, raw, key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.raw).toBe(first.raw);
    expect(await documents(t)).toBe(1);
  });

  it('concurrent duplicates create one document and all answer its response or 409', async () => {
    const t = await newTenant(`Racing keys ${path}`);
    const raw = JSON.stringify(await body(t));
    const results = await Promise.all(Array.from({ length: 6 }, () => post(t, raw, `race-${path}`)));
    const created = results.filter((r) => r.status === 201);
    expect(created.length + results.filter((r) => r.status === 409).length).toBe(6);
    expect(created.filter((r) => r.headers['idempotency-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(created.map((r) => r.raw)).size).toBe(1);
    expect(await documents(t)).toBe(1);
  });
});
