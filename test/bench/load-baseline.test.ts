import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { createCategory } from '../../functions/areas/products/steps/categories.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { dispatch } from '../../infra/local/http-adapter.js';
import { baselineListener } from '../../bench/load-baseline.js';
import { newBenchTenant, seedProducts, type BenchTenant } from '../../bench/seed.js';

/**
 * The load curve's baseline (bench/load-baseline.ts) stands for "the same DynamoDB calls without our
 * pipeline": for every route the load mixes send, it makes the calls our handler makes (same operations,
 * indexes, key conditions, filters, limits, consistency, key counts, transaction items and their
 * conditions), all but the rate limiter's counter writes, which are the pipeline's, and answers about the
 * same number of bytes. When a handler's calls change, this fails until the baseline follows.
 */

interface Call {
  command: string;
  input: Record<string, unknown>;
}

interface Stack {
  add: (
    mw: (
      next: (args: { input: object }) => Promise<unknown>,
      context: { commandName?: string },
    ) => (args: { input: object }) => Promise<unknown>,
    options: { step: 'initialize'; name: string },
  ) => void;
}

let calls: Call[] | null = null;
let tenant: BenchTenant;
let warehouseId: string;
let server: Server;
let port: number;

beforeAll(async () => {
  (db().middlewareStack as Stack).add(
    (next, context) => (args) => {
      calls?.push({
        command: (context.commandName ?? '').replace(/Command$/, ''),
        input: structuredClone(args.input) as Record<string, unknown>,
      });
      return next(args);
    },
    { step: 'initialize', name: 'loadBaselineTestRecorder' },
  );
  tenant = await newBenchTenant('Load baseline test');
  await seedProducts(tenant, 60);
  for (let i = 0; i < 3; i += 1)
    await createCategory({ orgId: tenant.orgId, name: `Category ${i}`, sortOrder: i });
  warehouseId = (await createWarehouse({ orgId: tenant.orgId, code: 'LB-WH', name: 'Load WH' })).id;
  server = createServer(baselineListener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
}, 120_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface LoadRequest {
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  body?: unknown;
}

/** Whatever a call's cost and outcome depend on, without the ids and values of one request. */
function shape({ command, input }: Call) {
  const transactItems = (input.TransactItems ?? []) as Record<string, { ConditionExpression?: string }>[];
  const requestItems = Object.values((input.RequestItems ?? {}) as Record<string, { Keys: unknown[] }>);
  return {
    command,
    index: input.IndexName,
    keyCondition: input.KeyConditionExpression,
    filter: input.FilterExpression,
    limit: input.Limit,
    consistent: input.ConsistentRead ?? requestItems[0]?.['ConsistentRead' as 'Keys'],
    keys: requestItems.map((r) => r.Keys.length),
    condition: input.ConditionExpression,
    update: input.UpdateExpression,
    transactItems: transactItems.map((item) => {
      const [kind, body] = Object.entries(item)[0]!;
      return [kind, body.ConditionExpression ?? null];
    }),
  };
}

/**
 * The rate limiter's lease writes and the API key's look-up (read again ahead of its expiry, beside
 * whichever request meets a 4 s old cache): the pipeline's calls, which the baseline leaves out by design.
 */
const isPipeline = (call: Call) => {
  const pk = String((call.input.Key as { PK?: string } | undefined)?.PK);
  return pk.includes('#RATE#') || pk.startsWith('APIKEY#');
};

async function ours(request: LoadRequest, idempotencyKey: string) {
  const url = new URL(`http://localhost/api/v1${request.path}`);
  calls = [];
  const result = await dispatch({
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    headers: {
      authorization: `Bearer ${tenant.key}`,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
    },
    body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
  });
  const made = calls.filter((c) => !isPipeline(c));
  calls = null;
  return { status: result.statusCode, bytes: result.body.length, calls: made };
}

async function baseline(request: LoadRequest, idempotencyKey: string) {
  calls = [];
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${request.path}`, {
    method: request.method,
    headers: {
      'x-org-id': tenant.orgId,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const bytes = (await response.text()).length;
  const made = calls;
  calls = null;
  return { status: response.status, bytes, calls: made };
}

describe('the load baseline makes our handler calls without our pipeline', () => {
  const cases: [string, (i: number) => LoadRequest][] = [
    ['GET /products/{id}', (i) => ({ method: 'GET', path: `/products/${tenant.productIds[i]!}` })],
    ['GET /products?pageSize=50', () => ({ method: 'GET', path: '/products?pageSize=50' })],
    ['GET /categories', () => ({ method: 'GET', path: '/categories' })],
    [
      'PUT /products/{id}',
      (i) => ({ method: 'PUT', path: `/products/${tenant.productIds[i]!}`, body: { description: `d${i}` } }),
    ],
    [
      'POST /stock-adjustments (1 line)',
      (i) => ({
        method: 'POST',
        path: '/stock-adjustments',
        body: {
          reason: 'FOUND',
          lines: [{ productId: tenant.productIds[i]!, warehouseId, quantityChange: 1 }],
        },
      }),
    ],
  ];

  it.each(cases)('%s: the same calls, a body of about the same size', async (_, request) => {
    // The first request of ours loads its group and caches the key; the second is the one compared. Ours
    // writes products 0-9, the baseline 10-19, as in the load run.
    await ours(request(0), crypto.randomUUID());
    const mine = await ours(request(1), crypto.randomUUID());
    await baseline(request(10), crypto.randomUUID());
    const theirs = await baseline(request(11), crypto.randomUUID());
    expect(mine.status).toBeLessThan(300);
    expect(theirs.status).toBe(mine.status);
    expect(mine.calls.length).toBeGreaterThan(0);
    const sorted = (list: Call[]) =>
      list.map(shape).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sorted(theirs.calls)).toEqual(sorted(mine.calls));
    expect(theirs.bytes).toBeGreaterThan(mine.bytes * 0.5);
    expect(theirs.bytes).toBeLessThan(mine.bytes * 2);
  });

  it('refuses a replayed Idempotency-Key as a claim that failed, without writing twice', async () => {
    const request = cases[4]![1](12);
    const key = crypto.randomUUID();
    expect((await baseline(request, key)).status).toBe(201);
    const replay = await baseline(request, key);
    expect(replay.status).toBe(409);
    // The claim, the reads and the number go together, as ours do; nothing is written.
    expect(replay.calls.map((c) => c.command).sort()).toEqual(['BatchGetItem', 'PutItem', 'UpdateItem']);
  });
});
