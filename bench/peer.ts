/**
 * Peer benchmark: the same idempotent create (POST /stock-adjustments, one line) through our pipeline
 * (Idempotency-Key header; the record commits in the adjustment's own transaction) and through the same
 * pipeline without the header, wrapped in Powertools' `makeIdempotent` with its DynamoDB persistence layer
 * (its own table on the same DynamoDB Local, its own client with the same recorder). Each request is
 * measured once as a first request and once as a replay of the same key.
 */
import { createId } from '@paralleldrive/cuid2';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { Context } from 'aws-lambda';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { createWarehouse } from '../functions/areas/inventory/steps/warehouses.js';
import { clientConfig } from '../functions/platform/dynamo/client.js';
import { dispatch } from '../infra/local/http-adapter.js';
import { installRecorder, summarise, type Recorder, type Summary } from './measure.js';
import type { BenchTenant } from './seed.js';
import { reps } from './smoke.js';

/** Unmeasured rounds before the measured ones. */
const WARMUPS = reps(5);

export interface PeerCase {
  name: string;
  latency: Summary;
  callsPerRequest: number;
  capacityPerRequest: number;
}

const POWERTOOLS_TABLE = 'powertools-idempotency-bench';

type Reply = { statusCode: number; body: string };

export interface PeerResult {
  cases: PeerCase[];
  /** ours / Powertools p50 */
  firstP50Ratio: number;
  replayP50Ratio: number;
}

export async function measurePeer(
  tenant: BenchTenant,
  recorder: Recorder,
  iterations: number,
): Promise<PeerResult> {
  const warehouse = await createWarehouse({ orgId: tenant.orgId, code: 'PEER-WH', name: 'Peer warehouse' });
  const body = (i: number) => ({
    reason: 'FOUND',
    lines: [
      {
        productId: tenant.productIds[i % tenant.productIds.length]!,
        warehouseId: warehouse.id,
        quantityChange: 1,
      },
    ],
  });
  const post = (payload: unknown, idempotencyKey?: string): Promise<Reply> =>
    dispatch({
      method: 'POST',
      path: '/api/v1/stock-adjustments',
      query: new URLSearchParams(),
      headers: {
        authorization: `Bearer ${tenant.key}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: Buffer.from(JSON.stringify(payload)),
      sourceIp: '127.0.0.1',
    });

  const client = new DynamoDBClient(clientConfig());
  await client.send(
    new CreateTableCommand({
      TableName: POWERTOOLS_TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    }),
  );
  const peerRecorder = installRecorder(client);

  const config = new IdempotencyConfig({ eventKeyJmesPath: 'idempotencyKey' });
  // Outside Lambda there is no remaining time to read; give it a request timeout's worth.
  config.registerLambdaContext({ getRemainingTimeInMillis: () => 30_000 } as Context);
  const wrapped = makeIdempotent(
    async (request: { idempotencyKey: string; payload: unknown }) => {
      const reply = await post(request.payload);
      return { statusCode: reply.statusCode, body: reply.body };
    },
    {
      persistenceStore: new DynamoDBPersistenceLayer({ tableName: POWERTOOLS_TABLE, awsSdkV3Client: client }),
      config,
    },
  );
  const ours = (i: number, key: string) => post(body(i), key);
  const peer = (i: number, key: string) => wrapped({ idempotencyKey: key, payload: body(i) });

  type Sample = { ms: number; calls: number; capacity: number };
  const samples = new Map<string, Sample[]>();
  const once = async (
    name: string,
    fn: (i: number, key: string) => Promise<Reply>,
    i: number,
    replay: boolean,
  ) => {
    const key = createId();
    if (replay) await fn(i, key);
    const measured = await recorder.record(() => peerRecorder.record(() => fn(i, key)));
    const inner = measured.value;
    if (inner.value.statusCode !== 201) throw new Error(`${name} answered ${inner.value.statusCode}`);
    if (i < WARMUPS) return;
    const calls = [...measured.calls, ...inner.calls];
    const list = samples.get(name) ?? [];
    list.push({ ms: measured.ms, calls: calls.length, capacity: calls.reduce((s, c) => s + c.capacity, 0) });
    samples.set(name, list);
  };
  // Interleaved, alternating which goes first, so both see the same machine noise.
  for (let i = 0; i < iterations + WARMUPS; i += 1) {
    for (const replay of [false, true]) {
      const pair: [string, typeof ours][] = [
        [`ours, ${replay ? 'replay' : 'first request'}`, ours],
        [`Powertools, ${replay ? 'replay' : 'first request'}`, peer],
      ];
      if (i % 2 === 1) pair.reverse();
      for (const [name, fn] of pair) await once(name, fn, i, replay);
    }
  }
  const cases: PeerCase[] = [
    'ours, first request',
    'Powertools, first request',
    'ours, replay',
    'Powertools, replay',
  ].map((name) => {
    const list = samples.get(name)!;
    return {
      name,
      latency: summarise(list.map((s) => s.ms)),
      callsPerRequest: list.reduce((s, x) => s + x.calls, 0) / list.length,
      capacityPerRequest: list.reduce((s, x) => s + x.capacity, 0) / list.length,
    };
  });
  client.destroy();
  const ratio = (a: PeerCase, b: PeerCase) => a.latency.p50 / b.latency.p50;
  return {
    cases,
    firstP50Ratio: ratio(cases[0]!, cases[1]!),
    replayP50Ratio: ratio(cases[2]!, cases[3]!),
  };
}
