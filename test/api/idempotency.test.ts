import { beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointByRouteKey, endpointsOf } from '../../functions/catalogue.js';
import * as productValidators from '../../functions/generated/validators-products.js';
import { createGroupHandler } from '../../functions/platform/http/pipeline.js';
import '../../functions/ports.js';
import { productOperations } from '../../functions/areas/products/operations.js';
import { buildEvent } from '../../infra/local/http-adapter.js';
import { keyFor, newTenant, type Tenant } from '../support/api.js';
import { rotateApiKey } from '../../functions/areas/organisations/back-office/api-keys.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { createHash } from 'node:crypto';

/**
 * The mechanism is exercised on a variant of POST /products declared idempotent (the spec's eight
 * idempotent POSTs arrive with their areas and only need `idempotent: true` in the catalogue).
 */
const createEndpoint = { ...endpointByRouteKey('POST /api/v1/products')!, idempotent: true };
const updateEndpoint = { ...endpointByRouteKey('PUT /api/v1/products/{id}')!, idempotent: true };
let crash: 'before-write' | 'after-commit' | null = null;
const variants = new Map([createEndpoint, updateEndpoint].map((e) => [e.operationId, e]));
const handler = createGroupHandler({
  group: 'products',
  endpoints: endpointsOf('products').map((e) => variants.get(e.operationId) ?? e),
  operations: {
    ...productOperations,
    createProduct: async (input) => {
      const mode = crash;
      crash = null;
      if (mode === 'before-write') throw new Error('simulated crash before the write');
      const output = await productOperations.createProduct!(input);
      if (mode === 'after-commit') throw new Error('simulated crash after the commit');
      return output;
    },
  },
  validators: productValidators,
});

const getEndpointVariant = { ...endpointByRouteKey('GET /api/v1/products/{id}')!, idempotent: false };
let t: Tenant;
beforeAll(async () => {
  t = await newTenant('Idempotency org');
});

async function send(
  endpoint: typeof createEndpoint,
  path: string,
  params: Record<string, string>,
  body: string,
  idempotencyKey?: string,
  key = t.key,
) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const event = buildEvent(
    { method: endpoint.method, path, headers, body: Buffer.from(body) },
    endpoint,
    params,
  );
  const result = await handler(event, {} as never);
  return {
    status: result.statusCode,
    headers: result.headers,
    raw: result.body,
    body: JSON.parse(result.body),
  };
}
const post = (body: string, idempotencyKey?: string, key = t.key) =>
  send(createEndpoint, '/api/v1/products', {}, body, idempotencyKey, key);
const put = (id: string, body: string, idempotencyKey: string) =>
  send(updateEndpoint, `/api/v1/products/${id}`, { id }, body, idempotencyKey);

const product = (sku: string) => JSON.stringify({ sku, name: `Product ${sku}` });
const unique = () => Math.random().toString(36).slice(2, 10);

async function countProducts(sku: string) {
  const res = await handler(
    buildEvent(
      {
        method: 'GET',
        path: '/api/v1/products',
        headers: { authorization: `Bearer ${t.key}` },
        query: new URLSearchParams({ sku }),
      },
      endpointByRouteKey('GET /api/v1/products')!,
      {},
    ),
    {} as never,
  );
  return JSON.parse(res.body).pagination.total as number;
}

describe('Idempotency-Key', () => {
  it('without the header the request behaves normally', async () => {
    const sku = unique();
    expect((await post(product(sku))).status).toBe(201);
    expect((await post(product(sku))).status).toBe(409);
  });

  it('replays the stored response byte for byte with its status and Idempotency-Replayed: true', async () => {
    const sku = unique();
    const first = await post(product(sku), `key-${sku}`);
    expect(first.status).toBe(201);
    expect(first.headers['Idempotency-Replayed']).toBeUndefined();
    const again = await post(product(sku), `key-${sku}`);
    expect(again.status).toBe(201);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['Idempotency-Replayed']).toBe('true');
    expect(again.headers['X-Request-Id']).not.toBe(first.headers['X-Request-Id']);
    expect(await countProducts(sku)).toBe(1);
  });

  it('the same key with a different body, or reordered keys, is 422 idempotency_key_reuse', async () => {
    const sku = unique();
    await post(product(sku), `reuse-${sku}`);
    const other = await post(product(`${sku}x`), `reuse-${sku}`);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reuse');
    const reordered = await post(JSON.stringify({ name: `Product ${sku}`, sku }), `reuse-${sku}`);
    expect(reordered.status).toBe(422);
    expect(await countProducts(`${sku}x`)).toBe(0);
  });

  it('the same key on a different endpoint or path id is 422', async () => {
    const [a, b] = [await post(product(unique())), await post(product(unique()))];
    const patch = JSON.stringify({ defaultPrice: 7 });
    const first = await put(a.body.id, patch, `ep-${a.body.id}`);
    expect(first.status).toBe(200);
    const otherPathId = await put(b.body.id, patch, `ep-${a.body.id}`);
    expect(otherPathId.status).toBe(422);
    expect(otherPathId.body.error.code).toBe('idempotency_key_reuse');
    const otherEndpoint = await post(product(unique()), `ep-${a.body.id}`);
    expect(otherEndpoint.status).toBe(422);
    const untouched = await send(getEndpointVariant, `/api/v1/products/${b.body.id}`, { id: b.body.id }, '');
    expect(untouched.body.defaultPrice).toBe(0);
  });

  it('rejects a key longer than 200 characters (400 invalid_parameter) and accepts exactly 200', async () => {
    const long = await post(product(unique()), 'k'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('invalid_parameter');
    expect((await post(product(unique()), 'k'.repeat(200))).status).toBe(201);
  });

  it('N parallel identical requests apply exactly one effect; the rest replay or get 409 with Retry-After: 5', async () => {
    const sku = unique();
    const results = await Promise.all(Array.from({ length: 8 }, () => post(product(sku), `race-${sku}`)));
    const created = results.filter((r) => r.status === 201);
    const inFlight = results.filter((r) => r.status === 409);
    expect(created.length + inFlight.length).toBe(8);
    expect(created.filter((r) => r.headers['Idempotency-Replayed'] !== 'true')).toHaveLength(1);
    for (const r of inFlight) {
      expect(r.body.error.code).toBe('conflict_in_progress');
      expect(r.headers['Retry-After']).toBe('5');
    }
    expect(new Set(created.map((r) => r.raw)).size).toBe(1);
    expect(await countProducts(sku)).toBe(1);
  });

  it('a failed request releases its key: the retry runs', async () => {
    const sku = unique();
    crash = 'before-write';
    const failed = await post(product(sku), `fail-${sku}`);
    expect(failed.status).toBe(500);
    const retry = await post(product(sku), `fail-${sku}`);
    expect(retry.status).toBe(201);
    expect(retry.headers['Idempotency-Replayed']).toBeUndefined();
  });

  it('a crash after the commit cannot make a retry apply the write twice: the retry replays', async () => {
    const sku = unique();
    crash = 'after-commit';
    const crashed = await post(product(sku), `commit-${sku}`);
    expect(crashed.status).toBe(500);
    const retry = await post(product(sku), `commit-${sku}`);
    expect(retry.status).toBe(201);
    expect(retry.headers['Idempotency-Replayed']).toBe('true');
    expect(retry.body.sku).toBe(sku);
    expect(await countProducts(sku)).toBe(1);
  });

  it('a rejected request (4xx) releases its key too', async () => {
    const sku = unique();
    await post(product(sku));
    const conflict = await post(JSON.stringify({ sku, name: `Other ${sku}` }), `conf-${sku}`);
    expect(conflict.status).toBe(409);
    const again = await post(JSON.stringify({ sku, name: `Other ${sku}` }), `conf-${sku}`);
    expect(again.status).toBe(409);
    expect(again.headers['Idempotency-Replayed']).toBeUndefined();
  });

  it('the namespace is per API key: two keys, same header, independent requests', async () => {
    const sku = unique();
    const otherKey = await keyFor(t.orgId, ['write']);
    expect((await post(product(sku), `ns-${sku}`)).status).toBe(201);
    const second = await post(product(`${sku}b`), `ns-${sku}`, otherKey);
    expect(second.status).toBe(201);
    expect(second.headers['Idempotency-Replayed']).toBeUndefined();
  });

  it('a rotated key keeps its namespace', async () => {
    const sku = unique();
    const { createApiKey } = await import('../../functions/areas/organisations/back-office/api-keys.js');
    const created = await createApiKey({ orgId: t.orgId, scopes: ['write'], permissions: 'all' });
    expect((await post(product(sku), `rot-${sku}`, created.key)).status).toBe(201);
    const rotated = await rotateApiKey({ orgId: t.orgId, keyId: created.id });
    const replay = await post(product(sku), `rot-${sku}`, rotated.key);
    expect(replay.headers['Idempotency-Replayed']).toBe('true');
  });

  it('expires after 24 hours: the same key then runs as a new request', async () => {
    const sku = unique();
    const keyHeader = `exp-${sku}`;
    expect((await post(product(sku), keyHeader)).status).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 3600_000 + 5_000);
      const later = await post(product(sku), keyHeader);
      expect(later.status).toBe(409);
      expect(later.body.error.code).toBe('conflict');
      expect(later.headers['Idempotency-Replayed']).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an abandoned in-flight claim expires and the key can be used again', async () => {
    const sku = unique();
    const keyHeader = `stale-${sku}`;
    const { claimIdempotencyKey } = await import('../../functions/platform/journal/idempotency.js');
    const claim = await claimIdempotencyKey({
      orgId: t.orgId,
      apiKeyId: t.keyId,
      keyHash: createHash('sha256').update(keyHeader).digest('hex'),
      fingerprint: {
        routeKey: 'POST /api/v1/products',
        pathParams: '[]',
        bodyHash: createHash('sha256').update(product(sku)).digest('hex'),
      },
      token: 'dead-request',
      now: new Date(),
    });
    expect(claim.kind).toBe('claimed');
    expect((await post(product(sku), keyHeader)).status).toBe(409);
    if (claim.kind === 'claimed') {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: claim.key,
          UpdateExpression: 'SET claimExpiresAt = :past',
          ExpressionAttributeValues: { ':past': 0 },
        }),
      );
    }
    expect((await post(product(sku), keyHeader)).status).toBe(201);
  });

  it('the header is ignored on endpoints not declared idempotent', async () => {
    const { call } = await import('../support/api.js');
    const sku = unique();
    const first = await call('POST', '/products', {
      key: t.key,
      body: { sku, name: sku },
      headers: { 'Idempotency-Key': 'x'.repeat(300) },
    });
    expect(first.status).toBe(201);
  });
});
